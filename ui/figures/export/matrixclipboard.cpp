// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/matrixclipboard.h"

#include "export/figure.h"
#include "language/numberformat.h"

#include <QClipboard>
#include <QGuiApplication>
#include <cmath>

namespace ae {

namespace {

QString fourDecimals(double v)
{
    if (std::abs(v) < 0.00005)
        v = 0.0; // never "-0.0000"
    return QString::number(v, 'f', 4);
}

QString cellText(const LabelledMatrix &m, int r, int c, MatrixClipboard::Format format)
{
    if (!m.isVisible(r, c)) {
        switch (format) {
        case MatrixClipboard::Format::Tsv:
        case MatrixClipboard::Format::Csv:
            return QStringLiteral("-inf");
        case MatrixClipboard::Format::Markdown:
            return QStringLiteral("\u2212\u221e");
        case MatrixClipboard::Format::Latex:
            return QStringLiteral("-\\infty");
        }
    }
    const double v = m.values(r, c);
    if (format == MatrixClipboard::Format::Tsv || format == MatrixClipboard::Format::Csv)
        return NumberFormat::exact(v);
    return fourDecimals(v);
}

QString delimited(const LabelledMatrix &m, MatrixClipboard::Format format)
{
    const bool csv = format == MatrixClipboard::Format::Csv;
    const QString separator = csv ? QStringLiteral(",") : QStringLiteral("\t");
    auto field = [csv](const QString &text) {
        return csv ? MatrixClipboard::csvField(MatrixClipboard::label(text))
                   : MatrixClipboard::label(text);
    };
    const bool rowHeaders = !m.rowLabels.isEmpty();
    QStringList lines;
    if (!m.columnLabels.isEmpty()) {
        QStringList header;
        if (rowHeaders)
            header << QString();
        for (const QString &label : m.columnLabels)
            header << field(label);
        lines << header.join(separator);
    }
    for (int r = 0; r < m.values.rows(); ++r) {
        QStringList row;
        if (rowHeaders)
            row << field(m.rowLabels.value(r));
        for (int c = 0; c < m.values.cols(); ++c)
            row << cellText(m, r, c, format);
        lines << row.join(separator);
    }
    // CRLF for CSV (RFC 4180), LF for TSV.
    return lines.join(csv ? QStringLiteral("\r\n") : QStringLiteral("\n"))
        + (csv ? QStringLiteral("\r\n") : QStringLiteral("\n"));
}

QString markdown(const LabelledMatrix &m)
{
    const bool rowHeaders = !m.rowLabels.isEmpty();
    QStringList header, rule;
    if (rowHeaders) {
        header << QString();
        rule << QStringLiteral("---");
    }
    for (int c = 0; c < m.values.cols(); ++c) {
        header << (m.columnLabels.isEmpty()
                ? QString::number(c + 1)
                : MatrixClipboard::markdownCell(m.columnLabels.value(c)));
        rule << QStringLiteral("---:");
    }
    QStringList lines;
    lines << QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    lines << QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    for (int r = 0; r < m.values.rows(); ++r) {
        QStringList row;
        if (rowHeaders)
            row << MatrixClipboard::markdownCell(m.rowLabels.value(r));
        for (int c = 0; c < m.values.cols(); ++c)
            row << cellText(m, r, c, MatrixClipboard::Format::Markdown);
        lines << QStringLiteral("| ") + row.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString latex(const LabelledMatrix &m)
{
    QStringList lines;
    // The headers cannot go inside a bmatrix; a comment keeps them with the numbers.
    QString comment = QStringLiteral("% ") + MatrixClipboard::label(m.name);
    if (!m.rowLabels.isEmpty()) {
        QStringList rows;
        for (const QString &label : m.rowLabels)
            rows << MatrixClipboard::label(label);
        comment += (m.name.isEmpty() ? QString() : QStringLiteral("; "))
            + MatrixClipboard::tr("rows: %1").arg(rows.join(QStringLiteral(", ")));
    }
    if (!m.columnLabels.isEmpty()) {
        QStringList columns;
        for (const QString &label : m.columnLabels)
            columns << MatrixClipboard::label(label);
        comment += QStringLiteral("; ")
            + MatrixClipboard::tr("columns: %1").arg(columns.join(QStringLiteral(", ")));
    }
    lines << comment;
    lines << QStringLiteral("\\begin{bmatrix}");
    for (int r = 0; r < m.values.rows(); ++r) {
        QStringList row;
        for (int c = 0; c < m.values.cols(); ++c)
            row << cellText(m, r, c, MatrixClipboard::Format::Latex);
        lines << row.join(QStringLiteral(" & "))
                + (r + 1 < m.values.rows() ? QStringLiteral(" \\\\") : QString());
    }
    lines << QStringLiteral("\\end{bmatrix}");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

std::vector<MatrixClipboard::Format> MatrixClipboard::formats()
{
    return { Format::Tsv, Format::Csv, Format::Markdown, Format::Latex };
}

QString MatrixClipboard::displayName(Format format)
{
    switch (format) {
    case Format::Tsv:
        return tr("Tab-Separated Values (TSV, for spreadsheets)");
    case Format::Csv:
        return tr("Comma-Separated Values (CSV)");
    case Format::Markdown:
        return tr("Markdown Table");
    case Format::Latex:
        return tr("LaTeX Matrix (bmatrix)");
    }
    return {};
}

QString MatrixClipboard::label(const QString &text)
{
    QString t = text;
    t.replace(QLatin1Char('\t'), QLatin1Char(' '))
        .replace(QLatin1Char('\r'), QLatin1Char(' '))
        .replace(QLatin1Char('\n'), QLatin1Char(' '));
    return Figure::displayText(t);
}

QString MatrixClipboard::csvField(const QString &text)
{
    // A leading '#' would read as a comment line and a leading U+FEFF as a byte order mark
    // when the field starts a line.
    const bool quote = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"'))
        || text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r'))
        || (!text.isEmpty()
            && (text.front().isSpace() || text.back().isSpace() || text.front() == u'#'
                || text.front() == QChar(0xFEFF)));
    if (!quote)
        return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString MatrixClipboard::markdownCell(const QString &text)
{
    // What a table cell would otherwise read as markup (emphasis, code, links, HTML, pipes).
    static const QString special = QStringLiteral("\\`*_[]<>|~");
    QString out;
    for (const QChar c : MatrixClipboard::label(text)) {
        if (special.contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QString MatrixClipboard::format(const LabelledMatrix &matrix, Format format)
{
    switch (format) {
    case Format::Tsv:
    case Format::Csv:
        return delimited(matrix, format);
    case Format::Markdown:
        return markdown(matrix);
    case Format::Latex:
        return latex(matrix);
    }
    return {};
}

QString MatrixClipboard::format(const std::vector<LabelledMatrix> &matrices, Format format)
{
    if (matrices.size() == 1 && format != Format::Markdown)
        return MatrixClipboard::format(matrices.front(), format);
    QStringList blocks;
    for (const LabelledMatrix &m : matrices) {
        switch (format) {
        case Format::Tsv:
            blocks << MatrixClipboard::label(m.name) + QLatin1Char('\n') + delimited(m, format);
            break;
        case Format::Csv:
            blocks << csvField(MatrixClipboard::label(m.name)) + QStringLiteral("\r\n")
                    + delimited(m, format);
            break;
        case Format::Markdown:
            blocks << QStringLiteral("**") + markdownCell(m.name) + QStringLiteral("**\n\n")
                    + markdown(m);
            break;
        case Format::Latex:
            blocks << latex(m);
            break;
        }
    }
    return blocks.join(format == Format::Csv ? QStringLiteral("\r\n") : QStringLiteral("\n"));
}

void MatrixClipboard::copy(const std::vector<LabelledMatrix> &matrices, Format format)
{
    if (QClipboard *clipboard = QGuiApplication::clipboard())
        clipboard->setText(MatrixClipboard::format(matrices, format));
}

} // namespace ae
