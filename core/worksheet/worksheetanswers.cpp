// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetanswers.h"

#include "explain/explain.h"
#include "explain/explaintext.h"
#include "explain/handcheck.h"
#include "session/sessioncompute.h"
#include "worksheet/worksheetsheet.h"

#include <QJsonObject>

namespace ae {

namespace {

QString num(double v)
{
    return formatFixed(v, worksheetAnswerDecimals);
}

/// "a + b + (-c)": the written terms of a sum, negatives in parentheses.
QString sumOf(const std::vector<HandResult> &terms)
{
    QStringList parts;
    for (const HandResult &t : terms) {
        const QString s = t.text();
        parts << (s.startsWith(QLatin1Char('-')) ? QStringLiteral("(") + s + QStringLiteral(")")
                                                 : s);
    }
    return parts.join(QStringLiteral(" + "));
}

/// The hand-worked derivation of @p key's weight in @p q's head and query row.
HandWeightSteps questionSteps(
    const Session &session, const AttentionResult &result, const WorksheetQuestion &q, int key)
{
    const WeightExplanation e = explainWeight(session, result, { q.head, q.query, key });
    return handWeightSteps(e, e.heads.front(), worksheetAnswerDecimals);
}

/// An output question worked by hand: the written weights a_j, the values v_j (as the sheet
/// writes them, one decimal), the written products and their sum.
struct HandOutput
{
    HandWeightSteps weights;
    std::vector<double> values; ///< Lk, exact
    std::vector<HandResult> terms; ///< Lk, a_j v_j from the written a_j and v_j
    HandResult sum;
};

HandOutput handOutput(const StudentWorksheet &sheet, const WorksheetQuestion &q)
{
    HandOutput o;
    // One derivation gives the whole row of weights.
    o.weights = questionSteps(sheet.session, sheet.result, q, 0);
    const int column = q.head * sheet.result.dK + q.dim;
    std::vector<double> written;
    for (size_t j = 0; j < o.weights.rowWeights.size(); ++j) {
        const HandResult &a = o.weights.rowWeights[j];
        const double v = sheet.result.v(Eigen::Index(j), column);
        o.values.push_back(v);
        o.terms.push_back(handResult(a.shown * shownValue(v, 1), a.exact * v, a.decimals));
        written.push_back(o.terms.back().shown);
    }
    o.sum = handSum(written, q.answer, worksheetAnswerDecimals);
    return o;
}

/// The answer of @p q as a student works it by hand, beside the exact answer.
HandResult handAnswer(const StudentWorksheet &sheet, const WorksheetQuestion &q)
{
    switch (q.kind) {
    case WorksheetQuestionKind::Score:
        return questionSteps(sheet.session, sheet.result, q, q.key)
            .score.value_or(handResult(q.answer, q.answer, worksheetAnswerDecimals));
    case WorksheetQuestionKind::Weight:
        return questionSteps(sheet.session, sheet.result, q, q.key).weight;
    case WorksheetQuestionKind::Unscaled: {
        const Session plain = withoutScale(sheet.session);
        return questionSteps(plain, computeSession(plain), q, q.key).weight;
    }
    case WorksheetQuestionKind::Output:
        return handOutput(sheet, q).sum;
    case WorksheetQuestionKind::Argmax:
        break;
    }
    return handResult(q.answer, q.answer, 0);
}

/// Builds the answer blocks of one student in one language.
class AnswerWriter
{
public:
    AnswerWriter(const StudentWorksheet &sheet, WorksheetLanguage language)
        : m_sheet(sheet)
        , m_lang(language)
    {
    }

    WorksheetDocument build()
    {
        const QString number = QStringLiteral("%1").arg(m_sheet.number, 2, 10, QLatin1Char('0'));
        add(WorksheetBlock::Kind::Title,
            worksheetText(p("Answers · student %1", "答案 · 学生 %1").arg(number)));
        add(WorksheetBlock::Kind::Paragraph,
            worksheetText(p("Session file: %1.session.json. Open it in Attention Explorer to check "
                            "every number.",
                "会话文件：%1.session.json。在 Attention Explorer 中打开它，可以核对每个数字。")
                              .arg(worksheetStudentStem(m_sheet.number))));
        m_doc.back().figureStudent = m_sheet.number;
        for (size_t i = 0; i < m_sheet.questions.size(); ++i) {
            add(WorksheetBlock::Kind::Heading,
                worksheetText(p("Question %1", "第 %1 题").arg(i + 1)));
            add(WorksheetBlock::Kind::Paragraph, worksheetQuestionPrompt(m_sheet, i, m_lang));
            addQuestion(m_sheet.questions[i]);
        }
        return std::move(m_doc);
    }

private:
    QString p(const char *en, const char *zh) const { return worksheetPhrase(m_lang, en, zh); }
    WorksheetText t(const char *en, const char *zh) const { return worksheetText(p(en, zh)); }

    void add(WorksheetBlock::Kind kind, const WorksheetText &text)
    {
        WorksheetBlock b;
        b.kind = kind;
        b.text = text;
        m_doc.push_back(std::move(b));
    }
    void formula(const QString &plain, const QString &latex)
    {
        add(WorksheetBlock::Kind::Formula, { plain, latex });
    }
    /// A result worked out by hand, with the exact value beside it where it reads differently.
    WorksheetText hand(const HandResult &r) const
    {
        if (!r.differs())
            return { r.text(), r.text() };
        const QString note = p("exact %1", "精确值 %1").arg(r.exactText());
        return { QStringLiteral("%1 (%2)").arg(r.text(), note),
            QStringLiteral("%1\\ (\\text{%2})").arg(r.text(), note) };
    }
    void answer(const WorksheetText &value)
    {
        add(WorksheetBlock::Kind::Paragraph,
            t("Answer: ", "答案：")
                + WorksheetText { QStringLiteral("**") + value.plain + QStringLiteral("**"),
                    QStringLiteral("\\textbf{") + value.latex + QStringLiteral("}") });
    }
    void table(std::vector<std::vector<WorksheetText>> rows)
    {
        WorksheetBlock b;
        b.kind = WorksheetBlock::Kind::Table;
        b.rows = std::move(rows);
        m_doc.push_back(std::move(b));
    }

    WeightExplanation explain(const Session &session, const AttentionResult &result,
        const WorksheetQuestion &q, int key) const
    {
        ExplainRequest r;
        r.head = q.head;
        r.query = q.query;
        r.key = key;
        return explainWeight(session, result, r);
    }

    /// The hand-worked numbers of @p e's (single) head.
    static HandWeightSteps steps(const WeightExplanation &e)
    {
        return handWeightSteps(e, e.heads.front(), worksheetAnswerDecimals);
    }

    /// The products q_m k_m, their sum and the division by the scale.
    void scoreSteps(const HandWeightSteps &h, const HeadWeightDerivation &d)
    {
        std::vector<std::vector<WorksheetText>> rows { { worksheetText(QStringLiteral("m")),
            worksheetMath(QStringLiteral("q_m"), QStringLiteral("q_m")),
            worksheetMath(QStringLiteral("k_m"), QStringLiteral("k_m")),
            worksheetMath(QStringLiteral("q_m·k_m"), QStringLiteral("q_m k_m")) } };
        for (Eigen::Index m = 0; m < d.q.size(); ++m) {
            rows.push_back({ worksheetText(QString::number(m + 1)), worksheetNumber(d.q(m), 1),
                worksheetNumber(d.k(m), 1), hand(h.products[size_t(m)]) });
        }
        table(std::move(rows));
        const WorksheetText dot = hand(h.dot);
        formula(QStringLiteral("q·k = %1 = %2").arg(sumOf(h.products), dot.plain),
            QStringLiteral("q\\cdot k = %1 = %2").arg(sumOf(h.products), dot.latex));
        if (!h.score)
            return;
        const WorksheetText score = hand(*h.score);
        formula(QStringLiteral("score = q·k / s = %1 / %2 = %3")
                    .arg(h.dot.text(), h.scale.text(), score.plain),
            QStringLiteral("\\text{score} = q\\cdot k / s = %1 / %2 = %3")
                .arg(h.dot.text(), h.scale.text(), score.latex));
    }

    /// The row's scores, exponentials, their sum, and the weights.
    void softmaxSteps(
        const HandWeightSteps &h, const HeadWeightDerivation &d, const QStringList &keys, int key)
    {
        std::vector<std::vector<WorksheetText>> rows { { t("key", "键"), t("token", "词元"),
            t("score", "得分"),
            worksheetMath(
                QStringLiteral("exp(score − max)"), QStringLiteral("e^{\\text{score} - \\max}")),
            t("weight", "注意力权重") } };
        std::vector<HandResult> exps;
        for (Eigen::Index j = 0; j < d.rowScores.size(); ++j) {
            const bool visible = d.rowVisible[static_cast<size_t>(j)];
            const WorksheetText masked = t("masked", "被掩码");
            rows.push_back({ worksheetText(QString::number(j + 1)), worksheetText(keys.value(j)),
                visible ? hand(h.rowScores[size_t(j)]) : masked,
                visible ? hand(h.rowExp[size_t(j)]) : masked, hand(h.rowWeights[size_t(j)]) });
            if (visible)
                exps.push_back(h.rowExp[size_t(j)]);
        }
        table(std::move(rows));
        const QString max = h.rowMax ? h.rowMax->text() : num(0.0);
        const WorksheetText sum = hand(h.rowSum);
        formula(QStringLiteral("max = %1,  Σ exp = %2 = %3").arg(max, sumOf(exps), sum.plain),
            QStringLiteral("\\max = %1,\\quad \\textstyle\\sum e = %2 = %3")
                .arg(max, sumOf(exps), sum.latex));
        const WorksheetText weight = hand(h.rowWeights[size_t(key)]);
        formula(QStringLiteral("weight = %1 / %2 = %3")
                    .arg(h.rowExp[size_t(key)].text(), h.rowSum.text(), weight.plain),
            QStringLiteral("\\text{weight} = %1 / %2 = %3")
                .arg(h.rowExp[size_t(key)].text(), h.rowSum.text(), weight.latex));
    }

    void addQuestion(const WorksheetQuestion &q)
    {
        const Session &s = m_sheet.session;
        const AttentionResult &r = m_sheet.result;
        const QStringList keys = s.keyValueSequence().tokens;
        switch (q.kind) {
        case WorksheetQuestionKind::Score: {
            const WeightExplanation e = explain(s, r, q, q.key);
            answer(worksheetNumber(q.answer, worksheetAnswerDecimals));
            scoreSteps(steps(e), e.heads.front());
            break;
        }
        case WorksheetQuestionKind::Weight: {
            const WeightExplanation e = explain(s, r, q, q.key);
            answer(worksheetNumber(q.answer, worksheetAnswerDecimals));
            add(WorksheetBlock::Kind::Paragraph,
                worksheetInline(p("Every score of the row, each $q·k_j / s$, then the softmax:",
                    "先算出这一行的每个得分（$q·k_j / s$），再做 softmax：")));
            softmaxSteps(steps(e), e.heads.front(), keys, q.key);
            break;
        }
        case WorksheetQuestionKind::Argmax: {
            const int best = static_cast<int>(q.answer);
            const WeightExplanation e = explain(s, r, q, best);
            answer(worksheetKeyRef(s, best, m_lang));
            add(WorksheetBlock::Kind::Paragraph,
                t("The largest weight belongs to the largest score (softmax keeps the order):",
                    "最大的注意力权重对应最大的得分（softmax 不改变大小顺序）："));
            softmaxSteps(steps(e), e.heads.front(), keys, best);
            break;
        }
        case WorksheetQuestionKind::Output:
            outputSteps(q);
            break;
        case WorksheetQuestionKind::Unscaled:
            unscaledSteps(q);
            break;
        }
    }

    void outputSteps(const WorksheetQuestion &q)
    {
        const Session &s = m_sheet.session;
        const AttentionResult &r = m_sheet.result;
        const HandOutput o = handOutput(m_sheet, q);
        answer(worksheetNumber(q.answer, worksheetAnswerDecimals));
        const int column = q.head * r.dK + q.dim;
        add(WorksheetBlock::Kind::Paragraph,
            worksheetInline(
                p("The query's weights $a_j$ (computed as in question 2) times component "
                  "%1 of each value vector (column %2 of $V$):",
                    "该查询的注意力权重 $a_j$（计算方法与第 2 题相同）乘以每个值向量的第 %1 "
                    "个分量（$V$ 的第 %2 "
                    "列）：")
                    .arg(q.dim + 1)
                    .arg(column + 1)));
        std::vector<std::vector<WorksheetText>> rows { { t("key", "键"), t("token", "词元"),
            worksheetMath(QStringLiteral("a_j"), QStringLiteral("a_j")),
            worksheetMath(QStringLiteral("v_j"), QStringLiteral("v_j")),
            worksheetMath(QStringLiteral("a_j·v_j"), QStringLiteral("a_j v_j")) } };
        for (size_t j = 0; j < o.terms.size(); ++j) {
            rows.push_back({ worksheetText(QString::number(j + 1)),
                worksheetText(s.keyValueSequence().tokens.value(int(j))),
                hand(o.weights.rowWeights[j]), worksheetNumber(o.values[j], 1), hand(o.terms[j]) });
        }
        table(std::move(rows));
        const WorksheetText sum = hand(o.sum);
        formula(QStringLiteral("o = %1 = %2").arg(sumOf(o.terms), sum.plain),
            QStringLiteral("o = %1 = %2").arg(sumOf(o.terms), sum.latex));
    }

    void unscaledSteps(const WorksheetQuestion &q)
    {
        const Session plain = withoutScale(m_sheet.session);
        const AttentionResult plainResult = computeSession(plain);
        const WeightExplanation plainExplanation = explain(plain, plainResult, q, q.key);
        const HeadWeightDerivation &d = plainExplanation.heads.front();
        const HeadWeightDerivation scaled
            = explain(m_sheet.session, m_sheet.result, q, q.key).heads.front();
        answer(worksheetNumber(q.answer, worksheetAnswerDecimals));
        add(WorksheetBlock::Kind::Paragraph,
            worksheetInline(p("With $s = 1$ the scores are the dot products themselves:",
                "$s = 1$ 时，得分就是点积本身：")));
        softmaxSteps(steps(plainExplanation), d, m_sheet.session.keyValueSequence().tokens, q.key);

        const int dK = m_sheet.result.dK;
        if (dK == 1) {
            add(WorksheetBlock::Kind::Paragraph,
                worksheetInline(
                    p("Here $d_k = 1$, so $s = √1 = 1$: the scale changes nothing, and the "
                      "weight stays %1.",
                        "这里 $d_k = 1$，$s = √1 = 1$：缩放不改变任何数值，注意力权重仍是 %1。")
                        .arg(num(q.answer))));
            return;
        }
        double maxScaled = 0.0, maxPlain = 0.0;
        for (Eigen::Index j = 0; j < d.rowExp.size(); ++j) {
            maxScaled = std::max(maxScaled, scaled.rowExp(j) / scaled.rowSum);
            maxPlain = std::max(maxPlain, d.rowExp(j) / d.rowSum);
        }
        QString text = p("With the scale the weight was %1; without it, it is %2. The scores are "
                         "multiplied by $√%3$, ",
            "有缩放时注意力权重是 %1，去掉缩放后是 %2。每个得分都乘以了 $√%3$，")
                           .arg(num(q.scaledWeight), num(q.answer))
                           .arg(dK);
        text += maxPlain > maxScaled
            ? p("so the row is sharper: its largest weight grows from %1 to %2.",
                "所以这一行更集中：最大的注意力权重从 %1 增大到 %2。")
                  .arg(num(maxScaled), num(maxPlain))
            : p("but all its scores are equal, so the weights stay the same.",
                "但这一行的得分都相等，所以注意力权重不变。");
        add(WorksheetBlock::Kind::Paragraph, worksheetInline(text));
    }

    const StudentWorksheet &m_sheet;
    WorksheetLanguage m_lang;
    WorksheetDocument m_doc;
};

} // namespace

WorksheetDocument worksheetAnswers(const StudentWorksheet &sheet, WorksheetLanguage language)
{
    return AnswerWriter(sheet, language).build();
}

WorksheetDocument worksheetAnswerKey(
    const std::vector<StudentWorksheet> &sheets, WorksheetLanguage language)
{
    WorksheetDocument doc;
    for (const StudentWorksheet &sheet : sheets) {
        if (!doc.empty()) {
            WorksheetBlock pageBreak;
            pageBreak.kind = WorksheetBlock::Kind::PageBreak;
            doc.push_back(pageBreak);
        }
        const WorksheetDocument page = worksheetAnswers(sheet, language);
        doc.insert(doc.end(), page.begin(), page.end());
    }
    return doc;
}

QJsonArray worksheetAnswersJson(const std::vector<StudentWorksheet> &sheets)
{
    QJsonArray out;
    for (const StudentWorksheet &sheet : sheets) {
        QJsonArray questions;
        for (const WorksheetQuestion &q : sheet.questions) {
            QJsonObject o;
            switch (q.kind) {
            case WorksheetQuestionKind::Score:
                o.insert(QStringLiteral("kind"), QStringLiteral("score"));
                break;
            case WorksheetQuestionKind::Weight:
            case WorksheetQuestionKind::Unscaled:
                o.insert(QStringLiteral("kind"), QStringLiteral("weight"));
                break;
            case WorksheetQuestionKind::Argmax:
                o.insert(QStringLiteral("kind"), QStringLiteral("argmax"));
                break;
            case WorksheetQuestionKind::Output:
                o.insert(QStringLiteral("kind"), QStringLiteral("output"));
                break;
            }
            o.insert(QStringLiteral("head"), q.head);
            o.insert(QStringLiteral("query"), q.query);
            if (q.key >= 0)
                o.insert(QStringLiteral("key"), q.key);
            if (q.dim >= 0)
                o.insert(QStringLiteral("dim"), q.dim);
            if (q.kind == WorksheetQuestionKind::Unscaled)
                o.insert(QStringLiteral("scale"), QStringLiteral("none"));
            if (q.kind == WorksheetQuestionKind::Argmax) {
                o.insert(QStringLiteral("answer"), static_cast<int>(q.answer));
                o.insert(QStringLiteral("tolerance"), 0);
            } else {
                o.insert(QStringLiteral("answer"), q.answer);
                o.insert(QStringLiteral("tolerance"), handTolerance(handAnswer(sheet, q)));
            }
            questions.append(o);
        }
        out.append(QJsonObject { { QStringLiteral("student"), sheet.number },
            { QStringLiteral("session"),
                worksheetStudentStem(sheet.number) + QStringLiteral(".session.json") },
            { QStringLiteral("questions"), questions } });
    }
    return out;
}

} // namespace ae
