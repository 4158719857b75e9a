// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetdocument.h"

#include "explain/explaintext.h"

#include <QRegularExpression>

namespace ae {

namespace {

QString markdownRow(const std::vector<WorksheetText> &row)
{
    QString line = QStringLiteral("|");
    for (const WorksheetText &cell : row)
        line += QLatin1Char(' ') + cell.plain + QStringLiteral(" |");
    return line + QLatin1Char('\n');
}

QString latexTable(const std::vector<std::vector<WorksheetText>> &rows)
{
    if (rows.empty())
        return {};
    const auto columns = rows.front().size();
    QString out = QStringLiteral("\\begin{center}\n\\begin{tabular}{|")
        + QStringLiteral("c|").repeated(static_cast<qsizetype>(columns))
        + QStringLiteral("}\n\\hline\n");
    for (size_t r = 0; r < rows.size(); ++r) {
        QStringList cells;
        for (const WorksheetText &cell : rows[r])
            cells << cell.latex;
        out += cells.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n");
        if (r == 0 || r + 1 == rows.size())
            out += QStringLiteral("\\hline\n");
    }
    return out + QStringLiteral("\\end{tabular}\n\\end{center}\n\n");
}

} // namespace

WorksheetText worksheetText(const QString &text)
{
    return { text, escapeLatexText(text) };
}

WorksheetText worksheetMath(const QString &plain, const QString &latex)
{
    return { plain, QLatin1Char('$') + latex + QLatin1Char('$') };
}

WorksheetText worksheetInline(const QString &text)
{
    static const QRegularExpression root(QStringLiteral("√(\\d+|d_k)"));
    WorksheetText out;
    const QStringList parts = text.split(QLatin1Char('$'));
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i % 2 == 0) {
            out += worksheetText(parts[i]);
            continue;
        }
        QString latex = parts[i];
        latex.replace(root, QStringLiteral("\\sqrt{\\1}"));
        latex.replace(QStringLiteral("d_model"), QStringLiteral("d_{\\text{model}}"));
        latex.replace(QStringLiteral("≤"), QStringLiteral("\\le "));
        latex.replace(QStringLiteral("·"), QStringLiteral("\\cdot "));
        latex.replace(QStringLiteral("Σ"), QStringLiteral("\\sum"));
        latex.replace(QStringLiteral("−"), QStringLiteral("-"));
        out += worksheetMath(parts[i], latex);
    }
    return out;
}

WorksheetText worksheetNumber(double value, int decimals)
{
    const QString s = formatFixed(value, decimals);
    return worksheetMath(s, s);
}

QString worksheetPhrase(WorksheetLanguage language, const char *english, const char *chinese)
{
    return QString::fromUtf8(language == WorksheetLanguage::Chinese ? chinese : english);
}

QString worksheetToMarkdown(const WorksheetDocument &document)
{
    QString out;
    for (const WorksheetBlock &b : document) {
        switch (b.kind) {
        case WorksheetBlock::Kind::Title:
            out += QStringLiteral("# ") + b.text.plain + QStringLiteral("\n\n");
            break;
        case WorksheetBlock::Kind::Heading:
            out += QStringLiteral("## ") + b.text.plain + QStringLiteral("\n\n");
            break;
        case WorksheetBlock::Kind::Paragraph:
            out += b.text.plain + QStringLiteral("\n\n");
            break;
        case WorksheetBlock::Kind::Formula:
            // Indented four spaces: a code block keeps the formula's spacing as written.
            out += QStringLiteral("    ") + b.text.plain + QStringLiteral("\n\n");
            break;
        case WorksheetBlock::Kind::Table:
            if (b.rows.empty())
                break;
            out += markdownRow(b.rows.front());
            out += QStringLiteral("|")
                + QStringLiteral("---|").repeated(static_cast<qsizetype>(b.rows.front().size()))
                + QLatin1Char('\n');
            for (size_t r = 1; r < b.rows.size(); ++r)
                out += markdownRow(b.rows[r]);
            out += QLatin1Char('\n');
            break;
        case WorksheetBlock::Kind::AnswerSpace:
            out += b.text.plain + QStringLiteral(" ____________________\n\n");
            break;
        case WorksheetBlock::Kind::PageBreak:
            out += QStringLiteral("<div style=\"page-break-after: always;\"></div>\n\n");
            break;
        }
    }
    return out;
}

QString worksheetToLatex(const WorksheetDocument &document, WorksheetLanguage language)
{
    QString out = language == WorksheetLanguage::Chinese
        ? QStringLiteral(
            "%% Compile with xelatex (ctex).\n\\documentclass[a4paper,11pt]{ctexart}\n")
        : QStringLiteral("\\documentclass[a4paper,11pt]{article}\n\\usepackage[utf8]{inputenc}\n");
    out += QStringLiteral("\\usepackage{amsmath}\n\\usepackage[margin=2cm]{geometry}\n"
                          "\\setlength{\\parindent}{0pt}\n\\begin{document}\n\n");
    for (const WorksheetBlock &b : document) {
        switch (b.kind) {
        case WorksheetBlock::Kind::Title:
            out += QStringLiteral("\\section*{") + b.text.latex + QStringLiteral("}\n\n");
            break;
        case WorksheetBlock::Kind::Heading:
            out += QStringLiteral("\\subsection*{") + b.text.latex + QStringLiteral("}\n\n");
            break;
        case WorksheetBlock::Kind::Paragraph:
            out += b.text.latex + QStringLiteral("\n\n");
            break;
        case WorksheetBlock::Kind::Formula:
            out += QStringLiteral("\\[ ") + b.text.latex + QStringLiteral(" \\]\n\n");
            break;
        case WorksheetBlock::Kind::Table:
            out += latexTable(b.rows);
            break;
        case WorksheetBlock::Kind::AnswerSpace:
            out += b.text.latex + QStringLiteral(" \\rule{8cm}{0.4pt}\n\n\\vspace{1.5cm}\n\n");
            break;
        case WorksheetBlock::Kind::PageBreak:
            out += QStringLiteral("\\newpage\n\n");
            break;
        }
    }
    return out + QStringLiteral("\\end{document}\n");
}

} // namespace ae
