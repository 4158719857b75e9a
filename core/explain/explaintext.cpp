// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/explaintext.h"

#include "session/displayindex.h"

#include "explain/handcheck.h"
#include "session/cjkscript.h"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>

namespace ae {

namespace {

/// The translation context of the derivation's words.
struct ExplainText
{
    Q_DECLARE_TR_FUNCTIONS(ExplainText)
};

/// The pieces of notation that differ between Markdown and LaTeX.
struct Notation
{
    bool latex = false;

    /// A number inside running text or a table cell.
    QString num(double v, int decimals) const
    {
        const QString s = formatFixed(v, decimals);
        return latex ? QStringLiteral("$") + s + QStringLiteral("$") : s;
    }
    /// @p shown followed by r's exact value where it reads differently.
    QString annotated(const QString &shown, const HandResult &r) const
    {
        if (!r.differs())
            return shown;
        const QString note = ExplainText::tr("exact %1").arg(r.exactText());
        return latex ? shown + QStringLiteral("\\ (\\text{") + note + QStringLiteral("})")
                     : shown + QStringLiteral(" (") + note + QLatin1Char(')');
    }
    /// A result worked out by hand, with the exact value beside it where it reads differently.
    QString hand(const HandResult &r) const { return annotated(r.text(), r); }
    /// A bold hand-worked result (the weight), the exact value beside it in normal weight.
    QString boldHand(const HandResult &r) const { return annotated(bold(r.text()), r); }
    /// hand() inside running text or a table cell.
    QString handCell(const HandResult &r) const
    {
        return latex ? QStringLiteral("$") + hand(r) + QStringLiteral("$") : hand(r);
    }
    /// A token as quoted text.
    QString token(const QString &t) const
    {
        if (!latex) {
            // Markdown's special characters would turn a token into formatting.
            QString escaped;
            for (const QChar c : t) {
                if (QStringLiteral("\\`*_[]<>#|").contains(c))
                    escaped += QLatin1Char('\\');
                escaped += c;
            }
            return QStringLiteral("“") + escaped + QStringLiteral("”");
        }
        return QStringLiteral("``") + escapeLatexText(t) + QStringLiteral("''");
    }
    /// A displayed formula line.
    QString formula(const QString &body) const
    {
        return latex ? QStringLiteral("\\[ ") + body + QStringLiteral(" \\]\n\n")
                     : body + QStringLiteral("\n\n");
    }
    QString heading(int level, const QString &text) const
    {
        if (!latex)
            return QString(level, QLatin1Char('#')) + QLatin1Char(' ') + text
                + QStringLiteral("\n\n");
        static const char *const commands[]
            = { "section*", "subsection*", "subsubsection*", "paragraph" };
        return QStringLiteral("\\%1{%2}\n\n")
            .arg(QLatin1String(commands[std::min(std::max(level - 2, 0), 3)]), text);
    }
    QString tableStart(const QStringList &header) const
    {
        if (latex)
            return QStringLiteral("\\begin{tabular}{%1}\n\\hline\n%2 \\\\\n\\hline\n")
                .arg(QString(header.size(), QLatin1Char('r')), header.join(QStringLiteral(" & ")));
        QString sep;
        for (int i = 0; i < header.size(); ++i)
            sep += QStringLiteral("|---:");
        return QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n")
            + sep + QStringLiteral("|\n");
    }
    QString tableRow(const QStringList &cells) const
    {
        return latex
            ? cells.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n")
            : QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    QString tableEnd() const
    {
        return latex ? QStringLiteral("\\hline\n\\end{tabular}\n\n") : QStringLiteral("\n");
    }
    /// Math symbols.
    QString times() const { return latex ? QStringLiteral("\\cdot") : QStringLiteral("·"); }
    QString exp() const { return latex ? QStringLiteral("\\exp") : QStringLiteral("exp"); }
    QString minus() const { return latex ? QStringLiteral("-") : QStringLiteral("−"); }
    QString sqrt(const QString &x) const
    {
        return latex ? QStringLiteral("\\sqrt{%1}").arg(x) : QStringLiteral("√%1").arg(x);
    }
    QString math(const QString &m) const
    {
        return latex ? QStringLiteral("$") + m + QStringLiteral("$") : m;
    }
    QString bold(const QString &m) const
    {
        return latex ? QStringLiteral("\\mathbf{") + m + QStringLiteral("}")
                     : QStringLiteral("**") + m + QStringLiteral("**");
    }
    /// "masked" in a table cell.
    QString masked() const { return ExplainText::tr("masked"); }
    /// The space LaTeX's math mode would swallow before a parenthesis of words.
    QString latexSpace() const { return latex ? QStringLiteral("\\ ") : QString(); }
    QString sub(const QString &base, const QString &index) const
    {
        return latex ? base + QStringLiteral("_{") + index + QStringLiteral("}")
                     : base + QLatin1Char('_') + index;
    }
    QString text(const QString &t) const
    {
        return latex ? QStringLiteral("\\text{") + t + QStringLiteral("}") : t;
    }
};

/// "a + b + c" of the written terms, with negative terms written as "a − b".
QString sumOf(const std::vector<HandResult> &terms, const Notation &n)
{
    QString s;
    for (size_t i = 0; i < terms.size(); ++i) {
        const QString v = formatFixed(std::abs(terms[i].shown), terms[i].decimals);
        const bool negative = terms[i].text().startsWith(QLatin1Char('-'));
        if (i == 0)
            s += negative ? n.minus() + v : v;
        else
            s += (negative ? QStringLiteral(" %1 ").arg(n.minus()) : QStringLiteral(" + ")) + v;
    }
    return s;
}

/// The scale as a formula: "√d_k = √2 = 1.4142", "1", or the custom divisor.
QString scaleText(const WeightExplanation &e, int decimals, const Notation &n)
{
    const QString s = formatFixed(e.scale, decimals);
    switch (e.scaleMode) {
    case ScaleMode::SqrtDk:
        return n.sqrt(n.sub(QStringLiteral("d"), QStringLiteral("k"))) + QStringLiteral(" = ")
            + n.sqrt(QString::number(e.dK)) + QStringLiteral(" = ") + s;
    case ScaleMode::None:
        return QStringLiteral("1");
    case ScaleMode::Custom:
        break;
    }
    return s;
}

/// One head's derivation: dot product, score, softmax row and weight, each result worked out
/// from the written operands (handWeightSteps()).
QString headDerivation(const WeightExplanation &e, const HeadWeightDerivation &d,
    const HandWeightSteps &h, const ExplainTextOptions &o, const Notation &n, int level)
{
    const int p = o.decimals;
    QString out;
    out += n.heading(level, ExplainText::tr("Step 1: the dot product of the query and key rows"));
    out += n.tableStart(
        { n.math(QStringLiteral("m")), n.math(n.sub(QStringLiteral("q"), QStringLiteral("m"))),
            n.math(n.sub(QStringLiteral("k"), QStringLiteral("m"))),
            n.math(n.sub(QStringLiteral("q"), QStringLiteral("m")) + QLatin1Char(' ') + n.times()
                + QLatin1Char(' ') + n.sub(QStringLiteral("k"), QStringLiteral("m"))) });
    for (Eigen::Index m = 0; m < d.products.size(); ++m) {
        out += n.tableRow({ displayNumber(int(m)), n.num(d.q(m), p), n.num(d.k(m), p),
            n.handCell(h.products[size_t(m)]) });
    }
    out += n.tableEnd();
    out += n.formula(
        QStringLiteral("q %1 k = %2 = %3").arg(n.times(), sumOf(h.products, n), n.hand(h.dot)));

    out += n.heading(level, ExplainText::tr("Step 2: divide by the scale"));
    if (!h.score) {
        out += ExplainText::tr(
                   "The mask hides this key from this query: it takes no part in the softmax "
                   "and its weight is 0.")
            + QStringLiteral("\n\n");
    } else {
        out += n.formula(QStringLiteral("%1 = q %2 k / s = %3 / %4 = %5")
                             .arg(n.text(ExplainText::tr("score")), n.times(), h.dot.text(),
                                 h.scale.text(), n.hand(*h.score)));
    }

    out += n.heading(level, ExplainText::tr("Step 3: softmax over the query's row"));
    if (!h.rowMax) {
        out += ExplainText::tr(
                   "The query sees no key at all (a fully masked row): every weight in the row "
                   "is 0.")
            + QStringLiteral("\n\n");
        out += n.formula(n.text(ExplainText::tr("weight")) + QStringLiteral(" = ")
            + n.bold(formatFixed(0.0, p)));
        return out;
    }
    const QString expHeader = n.math(
        (n.exp() + QStringLiteral("(%1 %2 %3)"))
            .arg(n.text(ExplainText::tr("score")), n.minus(), n.text(ExplainText::tr("max"))));
    out += n.tableStart(
        { ExplainText::tr("key"), ExplainText::tr("token"), ExplainText::tr("score"), expHeader });
    std::vector<HandResult> exps;
    for (Eigen::Index j = 0; j < d.rowScores.size(); ++j) {
        const bool visible = d.rowVisible[static_cast<size_t>(j)];
        QString index = displayNumber(int(j));
        if (j == e.key)
            index = n.latex ? QStringLiteral("\\textbf{%1}").arg(index)
                            : QStringLiteral("**%1**").arg(index);
        out += n.tableRow({ index, n.token(e.keyTokens.value(static_cast<int>(j))),
            visible ? n.num(h.rowScores[size_t(j)].shown, p) : n.masked(),
            visible ? n.handCell(h.rowExp[size_t(j)]) : n.masked() });
        if (visible)
            exps.push_back(h.rowExp[size_t(j)]);
    }
    out += n.tableEnd();
    out += n.formula(n.text(ExplainText::tr("max")) + QStringLiteral(" = ") + h.rowMax->text());
    out += n.formula(n.text(ExplainText::tr("sum")) + QStringLiteral(" = ")
        + (exps.size() > 1 ? sumOf(exps, n) + QStringLiteral(" = ") : QString())
        + n.hand(h.rowSum));
    if (!h.score) {
        out += n.formula(n.text(ExplainText::tr("weight")) + QStringLiteral(" = ")
            + n.bold(formatFixed(0.0, p)) + n.latexSpace() + QStringLiteral(" (")
            + n.text(ExplainText::tr("masked")) + QLatin1Char(')'));
    } else {
        out += n.formula(
            (QStringLiteral("%1 = ") + n.exp() + QStringLiteral("(%2 %3 %4) / %5 = %6 / %7 = %8"))
                .arg(n.text(ExplainText::tr("weight")), h.score->text(), n.minus(),
                    h.rowMax->text(), n.text(ExplainText::tr("sum")),
                    h.rowExp[size_t(e.key)].text(), h.rowSum.text(), n.boldHand(h.weight)));
    }
    return out;
}

QString explanationText(const WeightExplanation &e, const ExplainTextOptions &o, const Notation &n)
{
    const int p = o.decimals;
    QString out;
    const QString who = e.isMean() ? ExplainText::tr("the mean of the heads")
                                   : ExplainText::tr("head %1").arg(displayIndex(e.head));
    // One multi-argument arg() so that a token holding "%1" is not substituted again.
    out += n.heading(2,
        ExplainText::tr("The weight of %1 for query %2 %3 and key %4 %5")
            .arg(who, displayNumber(e.query), n.token(e.queryToken), displayNumber(e.key),
                n.token(e.keyToken)));
    // One sentence, so that a translation can use its own punctuation.
    out += ExplainText::tr("%1, scale %2.")
               .arg(n.math(n.sub(QStringLiteral("d"), QStringLiteral("k")) + QStringLiteral(" = ")
                        + QString::number(e.dK)),
                   n.math(QStringLiteral("s = ") + scaleText(e, p, n)))
        + QStringLiteral("\n\n");
    if (!e.isMean()) {
        const HeadWeightDerivation &d = e.heads.front();
        return out + headDerivation(e, d, handWeightSteps(e, d, p), o, n, 3);
    }

    std::vector<HandWeightSteps> steps;
    std::vector<HandResult> weights;
    for (const HeadWeightDerivation &d : e.heads) {
        steps.push_back(handWeightSteps(e, d, p));
        out += n.heading(3, ExplainText::tr("Head %1").arg(displayIndex(d.head)));
        out += headDerivation(e, d, steps.back(), o, n, 4);
        weights.push_back(steps.back().weight);
    }
    out += n.heading(3, ExplainText::tr("The mean of the heads"));
    out += n.formula(QStringLiteral("%1 = (%2) / %3 = %4")
                         .arg(n.text(ExplainText::tr("weight")), sumOf(weights, n))
                         .arg(e.heads.size())
                         .arg(n.boldHand(handMean(steps, e.weight, p))));
    return out;
}

} // namespace

QString escapeLatexText(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            out += QStringLiteral("\\textbackslash{}");
            break;
        // Under pdflatex's default OT1 encoding these three print as ¡, ¿ and an em dash.
        case '<':
            out += QStringLiteral("\\textless{}");
            break;
        case '>':
            out += QStringLiteral("\\textgreater{}");
            break;
        case '|':
            out += QStringLiteral("\\textbar{}");
            break;
        case '~':
            out += QStringLiteral("\\textasciitilde{}");
            break;
        case '^':
            out += QStringLiteral("\\textasciicircum{}");
            break;
        case '&':
        case '%':
        case '$':
        case '#':
        case '_':
        case '{':
        case '}':
            out += QLatin1Char('\\') + c;
            break;
        default:
            out += c;
        }
    }
    return out;
}

QString formatFixed(double value, int decimals)
{
    QString s = QString::number(value, 'f', decimals);
    // "-0.0000" reads like a sign error on a handout.
    if (s.startsWith(QLatin1Char('-'))
        && s.count(QLatin1Char('0')) == s.size() - 1 - (decimals > 0 ? 1 : 0))
        s.remove(0, 1);
    return s;
}

QString explanationToMarkdown(
    const WeightExplanation &explanation, const ExplainTextOptions &options)
{
    return explanationText(explanation, options, Notation { false });
}

QString explanationToLatex(const WeightExplanation &explanation, const ExplainTextOptions &options)
{
    QString header = QStringLiteral("% ") + ExplainText::tr("Needs \\usepackage{amsmath}.")
        + QLatin1Char('\n');
    if (needsCjkSupport(explanation.queryToken + explanation.keyTokens.join(QString()))) {
        header += QStringLiteral("% ")
            + ExplainText::tr("The tokens hold Chinese, Japanese or Korean characters: compile "
                              "with xelatex and \\usepackage{xeCJK} (or use the ctex classes).")
            + QLatin1Char('\n');
    }
    return header + explanationText(explanation, options, Notation { true });
}

bool needsCjkSupport(const QString &text)
{
    for (const char32_t c : text.toUcs4()) {
        if (isCjkScript(c))
            return true;
    }
    return false;
}

} // namespace ae
