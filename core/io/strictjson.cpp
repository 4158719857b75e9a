// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/strictjson.h"

#include "io/jsonparsediagnosis.h"
#include "io/textfield.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <vector>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(StrictJson)
};

/// One open container while following the text.
struct Frame
{
    bool isObject = false;
    bool expectKey = false; ///< in an object, the next string is a key
    QString key; ///< in an object, the key of the value being read
    int index = 0; ///< in an array, the index of the element being read
    QHash<QString, qsizetype> keys; ///< in an object, where each key seen so far starts
};

/// The decoded text of the JSON string literal @p literal (quotes included).
QString decode(QByteArrayView literal)
{
    const QByteArrayView inner = literal.sliced(1, literal.size() - 2);
    if (!inner.contains('\\'))
        return QString::fromUtf8(inner);
    const QJsonArray a
        = QJsonDocument::fromJson(QByteArray("[") + literal.toByteArray() + ']').array();
    return a.size() == 1 ? a.at(0).toString() : QString::fromUtf8(inner);
}

/// The path ("a.b[2]") of the value being read when @p stack is open.
QString pathOf(const std::vector<Frame> &stack)
{
    QString path;
    for (const Frame &f : stack) {
        if (f.isObject)
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) + f.key;
        else
            path += QStringLiteral("[%1]").arg(f.index);
    }
    return path;
}

/// "line L, column C" of byte @p offset of @p json.
QString position(const QByteArray &json, qsizetype offset)
{
    const QByteArrayView head(json.constData(), offset);
    const qsizetype line = head.count('\n') + 1;
    const qsizetype lastBreak = QByteArrayView(json).first(offset).lastIndexOf('\n');
    return Msg::tr("line %1, column %2").arg(line).arg(offset - lastBreak);
}

SessionError refusal(const QString &path, const QString &message)
{
    return SessionError { SessionError::Kind::Invalid, path, message };
}

} // namespace

StrictJsonResult parseJsonStrictly(const QByteArray &json)
{
    StrictJsonResult result;
    QJsonParseError parseError;
    result.document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        result.error = diagnoseJsonParseError(json, parseError);
    else
        result.error = strictJsonProblem(json);
    if (result.error)
        result.document = QJsonDocument();
    return result;
}

StrictJsonObjectResult parseJsonObjectStrictly(const QByteArray &json, qsizetype maxBytes)
{
    StrictJsonObjectResult result;
    if (json.size() > maxBytes) {
        result.error = refusal(QString(),
            Msg::tr("%1 bytes, more than the limit of %2 bytes").arg(json.size()).arg(maxBytes));
        return result;
    }
    StrictJsonResult parsed = parseJsonStrictly(json);
    if (parsed.error)
        result.error = std::move(parsed.error);
    else if (!parsed.document.isObject())
        result.error = refusal(QString(), Msg::tr("the top level must be a JSON object"));
    else
        result.object = parsed.document.object();
    return result;
}

std::optional<SessionError> strictJsonProblem(const QByteArray &json)
{
    std::vector<Frame> stack;
    const qsizetype size = json.size();
    for (qsizetype i = 0; i < size; ++i) {
        const char c = json.at(i);
        if (c == '"') {
            qsizetype end = i + 1;
            while (end < size && json.at(end) != '"')
                end += json.at(end) == '\\' ? 2 : 1;
            const QString text = decode(QByteArrayView(json).sliced(i, end - i + 1));
            if (!stack.empty() && stack.back().expectKey) {
                Frame &object = stack.back();
                object.expectKey = false;
                if (const auto problem = textFieldProblem(text, TextLines::Single)) {
                    object.key.clear();
                    return refusal(pathOf(stack), Msg::tr("a key: %1").arg(*problem));
                }
                object.key = text;
                const auto first = object.keys.constFind(text);
                if (first != object.keys.constEnd())
                    return refusal(pathOf(stack),
                        Msg::tr("the key \"%1\" appears twice in one object, at %2 and at %3; "
                                "give each key once")
                            .arg(text.left(64), position(json, *first), position(json, i)));
                object.keys.insert(text, i);
            } else if (const auto problem = textFieldProblem(text, TextLines::Multi)) {
                return refusal(pathOf(stack), *problem);
            }
            i = end;
        } else if (c == '{') {
            stack.push_back(Frame { true, true, QString(), 0, {} });
        } else if (c == '[') {
            stack.push_back(Frame { false, false, QString(), 0, {} });
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
    return std::nullopt;
}

} // namespace ae
