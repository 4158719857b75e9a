// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/jsonparsediagnosis.h"

#include "io/binarydata.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <algorithm>
#include <vector>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(JsonParseDiagnosis)
};

/// One open container while following the text: an object (with the key being read) or an
/// array (with the index of the element being read).
struct Frame
{
    bool isObject = false;
    bool expectKey = false; ///< in an object, the next string is a key
    QString key;
    int index = 0;
};

/// The decoded text of a JSON string literal (quotes included), or the raw text if it does
/// not decode.
QString decodeStringLiteral(const QByteArray &literal)
{
    const QJsonArray a = QJsonDocument::fromJson("[" + literal + "]").array();
    return a.size() == 1 ? a.at(0).toString() : QString::fromUtf8(literal);
}

/// The JSON path ("a.b[2][0]") of the value that starts at @p offset, found by following the
/// text before it. The parser accepted that text, so it is a valid prefix of a document.
QString pathAtOffset(const QByteArray &json, qsizetype offset)
{
    std::vector<Frame> stack;
    for (qsizetype i = 0; i < offset && i < json.size(); ++i) {
        const char c = json.at(i);
        if (c == '"') {
            qsizetype end = i + 1;
            while (end < json.size() && json.at(end) != '"')
                end += json.at(end) == '\\' ? 2 : 1;
            // A string right after '{' or ',' in an object is a key; a value string changes
            // nothing on the path.
            if (!stack.empty() && stack.back().expectKey) {
                stack.back().key = decodeStringLiteral(json.mid(i, end - i + 1));
                stack.back().expectKey = false;
            }
            i = end;
        } else if (c == '{') {
            stack.push_back(Frame { true, true, QString(), 0 });
        } else if (c == '[') {
            stack.push_back(Frame { false, false, QString(), 0 });
        } else if (c == '}' || c == ']') {
            if (!stack.empty())
                stack.pop_back();
        } else if (c == ',' && !stack.empty()) {
            if (stack.back().isObject)
                stack.back().expectKey = true;
            else
                ++stack.back().index;
        }
    }
    QString path;
    for (const Frame &f : stack) {
        if (f.isObject)
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) + f.key;
        else
            path += QStringLiteral("[%1]").arg(f.index);
    }
    return path;
}

bool isTokenChar(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+'
        || c == '-' || c == '.';
}

/// Whether the number @p token (JSON syntax) is too large for a double, as opposed to too
/// close to zero: the decimal exponent of its first significant digit decides.
bool overflows(const QByteArray &token)
{
    static const QRegularExpression shape(
        QStringLiteral("^-?(\\d+)(?:\\.(\\d+))?(?:[eE]([+-]?\\d+))?$"));
    const QRegularExpressionMatch m = shape.match(QString::fromLatin1(token));
    const QString whole = m.captured(1), fraction = m.captured(2);
    // A long exponent saturates; anything past 1e9 decides the question by itself.
    const QString expText = m.captured(3);
    qint64 exponent = 0;
    for (const QChar ch : expText) {
        if (ch.isDigit())
            exponent = std::min<qint64>(exponent * 10 + ch.digitValue(), 1000000000);
    }
    if (expText.startsWith(QLatin1Char('-')))
        exponent = -exponent;
    const qsizetype lead = whole.indexOf(QRegularExpression(QStringLiteral("[1-9]")));
    if (lead >= 0)
        return exponent + (whole.size() - 1 - lead) > 0;
    const qsizetype fracLead = fraction.indexOf(QRegularExpression(QStringLiteral("[1-9]")));
    return fracLead >= 0 && exponent - (fracLead + 1) > 0;
}

} // namespace

SessionError binaryDataError(qsizetype offset)
{
    return SessionError {
        SessionError::Kind::Invalid, QString(),
        Msg::tr("the file is binary data, not text: it holds a NUL byte at offset %1").arg(offset)
    };
}

SessionError diagnoseJsonParseError(const QByteArray &json, const QJsonParseError &error)
{
    // Binary data and UTF-16 text (a byte-order mark, or ASCII with every other byte zero)
    // fail at their first bytes; the parser's "illegal value" would not tell the user what to do.
    if (const qsizetype nul = binaryDataOffset(json); nul >= 0)
        return binaryDataError(nul);
    if (const Utf16Order order = utf16Order(json); order != Utf16Order::None)
        return SessionError { SessionError::Kind::Invalid, QString(),
            Msg::tr("the file is UTF-16 text (%1); JSON files are read as UTF-8: save it as UTF-8")
                .arg(order == Utf16Order::LittleEndian ? Msg::tr("little-endian")
                                                       : Msg::tr("big-endian")) };
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, json.size());
    const QByteArray head = json.left(offset);
    const int line = static_cast<int>(head.count('\n')) + 1;
    const int column = static_cast<int>(offset - (head.lastIndexOf('\n') + 1)) + 1;
    const QString where = Msg::tr("line %1, column %2").arg(line).arg(column);

    // A lone number, string, true, false or null is valid JSON, just not a session.
    const QByteArray trimmed = json.trimmed();
    if (!trimmed.isEmpty() && !trimmed.startsWith('{') && !trimmed.startsWith('[')) {
        const QJsonArray wrapped = QJsonDocument::fromJson("[" + json + "]").array();
        if (wrapped.size() == 1)
            return SessionError { SessionError::Kind::Invalid, QString(),
                Msg::tr("the top level must be a JSON object, not a single value") };
    }

    if (error.error == QJsonParseError::IllegalNumber) {
        // Qt's offset is at the start of NaN / Infinity and just past a number it could not
        // convert; the token is the run of number characters around it.
        qsizetype start = offset, end = offset;
        while (start > 0 && isTokenChar(json.at(start - 1)))
            --start;
        while (end < json.size() && isTokenChar(json.at(end)))
            ++end;
        const QByteArray token = json.mid(start, end - start);
        static const QRegularExpression number(
            QStringLiteral("^-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?$"));
        static const QRegularExpression special(QStringLiteral("^[+-]?(?:NaN|Infinity|inf|nan)$"));
        const QString shown = QString::fromLatin1(token.left(40))
            + (token.size() > 40 ? QStringLiteral("...") : QString());
        QString message;
        if (special.match(QString::fromLatin1(token)).hasMatch())
            message = Msg::tr("%1 is not a finite number (%2)").arg(shown, where);
        else if (number.match(QString::fromLatin1(token)).hasMatch() && overflows(token))
            message = Msg::tr("%1 is not a finite number: it is too large for a double (%2)")
                          .arg(shown, where);
        else if (number.match(QString::fromLatin1(token)).hasMatch())
            message = Msg::tr("%1 is too close to 0 to be held by a double; write 0 (%2)")
                          .arg(shown, where);
        if (!message.isEmpty())
            return SessionError { SessionError::Kind::Invalid, pathAtOffset(json, start), message };
    }
    return SessionError { SessionError::Kind::Invalid, QString(),
        Msg::tr("not valid JSON at %1: %2").arg(where, error.errorString()) };
}

} // namespace ae
