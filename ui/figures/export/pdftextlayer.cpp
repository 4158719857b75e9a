// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/pdftextlayer.h"

#include <QRegularExpression>
#include <QString>
#include <vector>

namespace ae {

namespace {

/// One replacement of the bytes [start, end) of the file.
struct Edit
{
    qsizetype start;
    qsizetype end;
    QByteArray bytes;
};

/// The ideograph a radical stands for (its NFKC form), or @p code itself.
uint ideographOf(uint code)
{
    const bool radical = (code >= 0x2e80 && code <= 0x2eff) || (code >= 0x2f00 && code <= 0x2fdf);
    if (!radical)
        return code;
    const QString normal
        = QString(QChar(static_cast<char16_t>(code))).normalized(QString::NormalizationForm_KC);
    return normal.size() == 1 ? normal.at(0).unicode() : code;
}

QByteArray hex4(uint code)
{
    return QByteArray::number(code, 16).toUpper().rightJustified(4, '0');
}

/// @p cmap (the text of a ToUnicode stream) with every destination code that is a radical
/// replaced by its ideograph. Ranges "<a> <b> <c>" whose codes change are written out one by
/// one as "<a> <b> [<c> <c+1> ...]".
QByteArray fixedCmap(const QByteArray &cmap, bool *changed)
{
    static const QRegularExpression range(
        QStringLiteral("<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]{4})> <([0-9A-Fa-f]{4})>"));
    static const QRegularExpression array(
        QStringLiteral("<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]{4})> \\[([^\\]]*)\\]"));
    static const QRegularExpression code(QStringLiteral("<([0-9A-Fa-f]{4})>"));
    const QString text = QString::fromLatin1(cmap);
    QString out;
    qsizetype at = 0;
    // Only the bfrange section maps glyphs to text; the code space range is left alone.
    const qsizetype begin = text.indexOf(QLatin1String("beginbfrange"));
    if (begin < 0)
        return cmap;
    out += text.left(begin);
    at = begin;
    QRegularExpressionMatchIterator it
        = QRegularExpression(QStringLiteral("%1|%2").arg(range.pattern(), array.pattern()))
              .globalMatch(text, begin);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(at, m.capturedStart() - at);
        at = m.capturedEnd();
        const QString whole = m.captured();
        const QRegularExpressionMatch asRange = range.match(whole);
        if (asRange.hasMatch() && asRange.capturedLength() == whole.size()) {
            const uint first = asRange.captured(1).toUInt(nullptr, 16);
            const uint last = asRange.captured(2).toUInt(nullptr, 16);
            const uint to = asRange.captured(3).toUInt(nullptr, 16);
            bool any = false;
            for (uint g = first; g <= last; ++g)
                any = any || ideographOf(to + (g - first)) != to + (g - first);
            if (!any) {
                out += whole;
                continue;
            }
            *changed = true;
            QByteArray codes;
            for (uint g = first; g <= last; ++g)
                codes += '<' + hex4(ideographOf(to + (g - first))) + "> ";
            out += QStringLiteral("<%1> <%2> [%3]")
                       .arg(asRange.captured(1), asRange.captured(2), QString::fromLatin1(codes));
            continue;
        }
        // An array: every code on its own.
        QString fixed = whole;
        const QRegularExpressionMatch asArray = array.match(whole);
        const qsizetype listStart = asArray.capturedStart(3);
        QString list = asArray.captured(3);
        QString newList;
        qsizetype listAt = 0;
        for (auto c = code.globalMatch(list); c.hasNext();) {
            const QRegularExpressionMatch cm = c.next();
            newList += list.mid(listAt, cm.capturedStart() - listAt);
            listAt = cm.capturedEnd();
            const uint value = cm.captured(1).toUInt(nullptr, 16);
            const uint ideograph = ideographOf(value);
            if (ideograph != value)
                *changed = true;
            newList += QLatin1Char('<') + QString::fromLatin1(hex4(ideograph)) + QLatin1Char('>');
        }
        newList += list.mid(listAt);
        fixed.replace(listStart, list.size(), newList);
        out += fixed;
    }
    out += text.mid(at);
    return out.toLatin1();
}

} // namespace

bool PdfTextLayer::restoreIdeographs(QByteArray &pdf)
{
    // Qt writes each ToUnicode map as an uncompressed stream: "<< /Length N >>\nstream\n".
    static const QByteArray streamStart = "stream\n";
    static const QRegularExpression lengthBefore(QStringLiteral("/Length (\\d+) *>>\\s*$"));
    std::vector<Edit> edits;
    for (qsizetype at = pdf.indexOf("/CIDInit"); at >= 0; at = pdf.indexOf("/CIDInit", at + 1)) {
        const qsizetype body = at;
        if (body < streamStart.size()
            || pdf.mid(body - streamStart.size(), streamStart.size()) != streamStart)
            continue;
        const qsizetype dictEnd = body - streamStart.size();
        const qsizetype dictStart = pdf.lastIndexOf("<<", dictEnd);
        if (dictStart < 0)
            continue;
        const QString dict = QString::fromLatin1(pdf.mid(dictStart, dictEnd - dictStart));
        const QRegularExpressionMatch length = lengthBefore.match(dict);
        if (!length.hasMatch())
            continue;
        const qsizetype size = length.captured(1).toLongLong();
        if (body + size > pdf.size())
            continue;
        bool changed = false;
        const QByteArray fixed = fixedCmap(pdf.mid(body, size), &changed);
        if (!changed)
            continue;
        const qsizetype numberStart = dictStart + length.capturedStart(1);
        edits.push_back({ numberStart, numberStart + length.capturedLength(1),
            QByteArray::number(fixed.size()) });
        edits.push_back({ body, body + size, fixed });
    }
    if (edits.empty())
        return false;

    // The objects after an edit move: the offsets in the cross-reference table and after
    // "startxref" follow them.
    const auto moved = [&edits](qsizetype offset) {
        qsizetype shift = 0;
        for (const Edit &e : edits) {
            if (e.end <= offset)
                shift += e.bytes.size() - (e.end - e.start);
        }
        return offset + shift;
    };
    const qsizetype xref = pdf.lastIndexOf("\nxref\n");
    const qsizetype startxref = pdf.lastIndexOf("startxref\n");
    if (xref < 0 || startxref < xref)
        return false;
    QByteArray out;
    out.reserve(pdf.size() + 1024);
    qsizetype at = 0;
    for (const Edit &e : edits) {
        out += pdf.mid(at, e.start - at);
        out += e.bytes;
        at = e.end;
    }
    out += pdf.mid(at, xref + 1 - at);
    // The table: "xref", "0 N", then N lines "OOOOOOOOOO GGGGG n " of fixed width.
    QList<QByteArray> lines = pdf.mid(xref + 1, startxref - xref - 1).split('\n');
    static const QRegularExpression entry(QStringLiteral("^(\\d{10}) (\\d{5}) n"));
    for (QByteArray &line : lines) {
        const QRegularExpressionMatch m = entry.match(QString::fromLatin1(line));
        if (m.hasMatch())
            line.replace(0, 10,
                QByteArray::number(moved(m.captured(1).toLongLong())).rightJustified(10, '0'));
    }
    out += lines.join('\n');
    out += "startxref\n" + QByteArray::number(moved(xref + 1)) + '\n';
    const qsizetype tail = pdf.indexOf('\n', startxref + 10);
    out += pdf.mid(tail + 1);
    pdf = out;
    return true;
}

} // namespace ae
