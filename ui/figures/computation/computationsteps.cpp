// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/computationsteps.h"

#include "attention/projections.h"
#include "session/displayindex.h"

#include <optional>

namespace ae {

namespace {

/// Column labels m+1 for columns [first, first + count) of Q, K or V.
QStringList columnNumbers(int first, int count)
{
    QStringList labels;
    for (int c = 0; c < count; ++c)
        labels.append(displayNumber(first + c));
    return labels;
}

LabelledMatrix labelled(const QString &name, Eigen::MatrixXd values, const QStringList &rows,
    const QStringList &columns, BoolMatrix visible = BoolMatrix())
{
    LabelledMatrix m;
    m.name = name;
    m.values = std::move(values);
    m.visible = std::move(visible);
    m.rowLabels = rows;
    m.columnLabels = columns;
    return m;
}

} // namespace

std::vector<ComputationStep> ComputationSteps::all()
{
    return { ComputationStep::Split, ComputationStep::Scores, ComputationStep::Scaled,
        ComputationStep::Masked, ComputationStep::Softmax, ComputationStep::HeadOutput,
        ComputationStep::Concat, ComputationStep::OutputProjection, ComputationStep::Output };
}

QString ComputationSteps::title(ComputationStep step)
{
    switch (step) {
    case ComputationStep::Split:
        return tr("Split into heads");
    case ComputationStep::Scores:
        return tr("Scores: Q·Kᵀ");
    case ComputationStep::Scaled:
        return tr("Scale: divide by s");
    case ComputationStep::Masked:
        return tr("Mask");
    case ComputationStep::Softmax:
        return tr("Softmax of each row");
    case ComputationStep::HeadOutput:
        return tr("Weight the values");
    case ComputationStep::Concat:
        return tr("Concatenate the heads");
    case ComputationStep::OutputProjection:
        return tr("Output projection W_o");
    case ComputationStep::Output:
        return tr("Output");
    }
    return QString();
}

QString ComputationSteps::formula(ComputationStep step)
{
    switch (step) {
    case ComputationStep::Split:
        return QStringLiteral("Q_h = Q[:, h·d_k … (h+1)·d_k),  K_h,  V_h");
    case ComputationStep::Scores:
        return QStringLiteral("S = Q_h · K_hᵀ");
    case ComputationStep::Scaled:
        return QStringLiteral("S / s");
    case ComputationStep::Masked:
        return QStringLiteral("S / s + M,  M = −∞ %1")
            .arg(tr("where the query may not see the key"));
    case ComputationStep::Softmax:
        return QStringLiteral("A_h = softmax_row(S / s + M)");
    case ComputationStep::HeadOutput:
        return QStringLiteral("O_h = A_h · V_h");
    case ComputationStep::Concat:
        return QStringLiteral("[O_1 … O_H]");
    case ComputationStep::OutputProjection:
        return QStringLiteral("W_o, b_o");
    case ComputationStep::Output:
        return QStringLiteral("%1 = [O_1 … O_H] · W_o + b_o").arg(tr("output"));
    }
    return QString();
}

QString ComputationSteps::fractionHtml(
    const QString &left, const QString &numerator, const QString &denominator, const QString &right)
{
    // Qt's rich text has no inline fractions: a table of two rows, the denominator's cell
    // ruled on top, the text beside it spanning both rows.
    return QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\"><tr>"
                          "<td rowspan=\"2\" valign=\"middle\">%1&nbsp;</td>"
                          "<td align=\"center\">%2</td>"
                          "<td rowspan=\"2\" valign=\"middle\">&nbsp;%4</td></tr>"
                          "<tr><td align=\"center\" style=\"border-top: 1px solid black; "
                          "border-top-width: 1px; border-top-style: solid; "
                          "border-top-color: black\">%3</td></tr></table>")
        .arg(left, numerator, denominator, right);
}

QString ComputationSteps::formulaHtml(ComputationStep step)
{
    const QString scores = QStringLiteral("Q<sub>h</sub>&nbsp;K<sub>h</sub><sup>T</sup>");
    const QString scale = QStringLiteral("s = √d<sub>k</sub>");
    switch (step) {
    case ComputationStep::Split:
        return QStringLiteral("<p>Q<sub>h</sub> = Q[:, h·d<sub>k</sub> … (h+1)·d<sub>k</sub>), "
                              "&nbsp; K<sub>h</sub>, &nbsp; V<sub>h</sub></p>");
    case ComputationStep::Scores:
        return QStringLiteral("<p>S = %1</p>").arg(scores);
    case ComputationStep::Scaled:
        return fractionHtml(QString(), QStringLiteral("S"), QStringLiteral("s"),
            QStringLiteral(", &nbsp; %1").arg(scale));
    case ComputationStep::Masked:
        return fractionHtml(QString(), QStringLiteral("S"), QStringLiteral("s"),
            QStringLiteral("+ M, &nbsp; M = −∞ %1")
                .arg(tr("where the query may not see the key").toHtmlEscaped()));
    case ComputationStep::Softmax:
        return fractionHtml(QStringLiteral("A<sub>h</sub> = softmax<sub>row</sub>("),
            QStringLiteral("S"), QStringLiteral("s"), QStringLiteral("+ M)"));
    case ComputationStep::HeadOutput:
        return QStringLiteral("<p>O<sub>h</sub> = A<sub>h</sub>&nbsp;V<sub>h</sub></p>");
    case ComputationStep::Concat:
        return QStringLiteral("<p>[O<sub>1</sub> … O<sub>H</sub>]</p>");
    case ComputationStep::OutputProjection:
        return QStringLiteral("<p>W<sub>o</sub>, &nbsp; b<sub>o</sub></p>");
    case ComputationStep::Output:
        return QStringLiteral(
            "<p>%1 = [O<sub>1</sub> … O<sub>H</sub>]&nbsp;W<sub>o</sub> + b<sub>o</sub></p>")
            .arg(tr("output").toHtmlEscaped());
    }
    return QString();
}

QString ComputationSteps::explanation(ComputationStep step)
{
    switch (step) {
    case ComputationStep::Split:
        return tr("Each head takes its own d_k columns of Q, K and V.");
    case ComputationStep::Scores:
        return tr("Every query row is multiplied with every key row: one dot product per "
                  "(query, key) pair.");
    case ComputationStep::Scaled:
        return tr("Dividing by s (usually √d_k) keeps the scores from growing with d_k, so the "
                  "softmax does not saturate.");
    case ComputationStep::Masked:
        return tr("Keys a query may not see (causal mask, padding) get −∞ and so weight 0.");
    case ComputationStep::Softmax:
        return tr("exp(score − row max) for each key, divided by the row's sum: every row adds "
                  "up to 1.");
    case ComputationStep::HeadOutput:
        return tr("Each query's output is the weighted sum of the value rows.");
    case ComputationStep::Concat:
        return tr("The heads' outputs are put side by side, d_k columns each.");
    case ComputationStep::OutputProjection:
        return tr("The output projection mixes the heads' columns.");
    case ComputationStep::Output:
        return tr("One row of d_model numbers per query: the result of the attention layer.");
    }
    return QString();
}

bool ComputationSteps::hasWeightCells(ComputationStep step)
{
    return step == ComputationStep::Scores || step == ComputationStep::Scaled
        || step == ComputationStep::Masked || step == ComputationStep::Softmax;
}

std::vector<LabelledMatrix> ComputationSteps::matrices(
    const Session &session, const AttentionResult &result, int head, ComputationStep step)
{
    const QStringList &queries = session.querySequence().tokens;
    const QStringList &keys = session.keyValueSequence().tokens;
    const int dK = result.dK;
    const int dModel = static_cast<int>(result.q.cols());
    const HeadResult &h = result.heads[static_cast<size_t>(head)];
    const QStringList headColumns = columnNumbers(head * dK, dK);
    const QString n = displayNumber(head);
    switch (step) {
    case ComputationStep::Split:
        return { labelled(QStringLiteral("Q_") + n, result.q.middleCols(head * dK, dK), queries,
                     headColumns),
            labelled(
                QStringLiteral("K_") + n, result.k.middleCols(head * dK, dK), keys, headColumns),
            labelled(
                QStringLiteral("V_") + n, result.v.middleCols(head * dK, dK), keys, headColumns) };
    case ComputationStep::Scores:
        return { labelled(
            QStringLiteral("S = Q_%1 K_%1ᵀ").arg(n), result.dotProducts(head), queries, keys) };
    case ComputationStep::Scaled:
        return { labelled(QStringLiteral("S / %1").arg(result.scale, 0, 'g', 6),
            result.scores(head), queries, keys) };
    case ComputationStep::Masked:
        return { labelled(
            QStringLiteral("S / s + M"), result.scores(head), queries, keys, result.visible) };
    case ComputationStep::Softmax:
        return { labelled(QStringLiteral("A_") + n, h.weights, queries, keys) };
    case ComputationStep::HeadOutput:
        return { labelled(QStringLiteral("O_") + n, h.output, queries, headColumns) };
    case ComputationStep::Concat:
        return { labelled(QStringLiteral("[O_1 … O_%1]").arg(result.heads.size()), result.concat,
            queries, columnNumbers(0, dModel)) };
    case ComputationStep::OutputProjection: {
        const SequenceData &q = session.querySequence();
        const SequenceData &kv = session.keyValueSequence();
        MadeProjections made;
        const Projections &p = concreteProjections(session.attention.projections, q.width(),
            kv.width(), session.attention.config.dModel, made);
        const bool identity = p.mode == ProjectionMode::Identity;
        Eigen::MatrixXd wo = identity ? Eigen::MatrixXd::Identity(dModel, dModel) : p.wo;
        Eigen::MatrixXd bo = identity || p.bo.size() == 0 ? Eigen::MatrixXd::Zero(1, dModel)
                                                          : Eigen::MatrixXd(p.bo);
        return { labelled(QStringLiteral("W_o"), std::move(wo), columnNumbers(0, dModel),
                     columnNumbers(0, dModel)),
            labelled(
                QStringLiteral("b_o"), std::move(bo), QStringList(), columnNumbers(0, dModel)) };
    }
    case ComputationStep::Output:
        return { labelled(tr("output"), result.output, queries, columnNumbers(0, dModel)) };
    }
    return {};
}

std::optional<HeatmapData> ComputationSteps::heatmapState(
    const Session &session, const AttentionResult &result, int head, ComputationStep step)
{
    if (step != ComputationStep::Scores && step != ComputationStep::Scaled
        && step != ComputationStep::Masked)
        return std::nullopt;
    HeatmapData d = HeatmapDataBuilder::weights(session, result, head, false);
    const bool unscaled = step == ComputationStep::Scores;
    d.values = unscaled ? result.dotProducts(head) : result.scores(head);
    if (step != ComputationStep::Masked)
        d.visible = BoolMatrix();
    d.valueName = unscaled ? tr("q·k before scaling") : tr("score before the softmax");
    d.title = unscaled ? tr("Head %1: S = Q·Kᵀ, before scaling").arg(head + 1)
                       : tr("Head %1: scores S / s, before the softmax").arg(head + 1);
    // The colours span the shown scores; scores are not probabilities.
    bool any = false;
    for (Eigen::Index r = 0; r < d.values.rows(); ++r) {
        for (Eigen::Index c = 0; c < d.values.cols(); ++c) {
            if (!d.isVisible(static_cast<int>(r), static_cast<int>(c)))
                continue;
            const double v = d.values(r, c);
            d.minimum = any ? std::min(d.minimum, v) : v;
            d.maximum = any ? std::max(d.maximum, v) : v;
            any = true;
        }
    }
    if (!any || d.maximum <= d.minimum)
        d.maximum = d.minimum + 1.0;
    return d;
}

} // namespace ae
