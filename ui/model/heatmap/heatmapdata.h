// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapdata.h
/// What one heatmap shows, independent of how it is drawn (screen, SVG, PNG, PDF).

#include "attention/attentionresult.h"
#include "session/session.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <QList>
#include <QPoint>
#include <QStringList>
#include <memory>
#include <vector>

namespace ae {

/// The values, mask and labels of one heatmap. Rows are queries, columns keys.
struct HeatmapData
{
    Eigen::MatrixXd values; ///< rows x columns (attention weights unless said otherwise)
    BoolMatrix visible; ///< empty (all visible) or rows x columns; false marks a masked cell
    QStringList rowLabels; ///< query tokens, one per row
    QStringList columnLabels; ///< key tokens, one per column
    QString title; ///< e.g. "Head 2 of 4" or "Mean of 2 heads"
    double minimum = 0.0; ///< value drawn with the colour map's low end
    double maximum = 1.0; ///< value drawn with the colour map's high end
    bool imported = false; ///< weights read from a file, not computed here
    /// What the values are when they are not softmax weights (e.g. "score" for a step of the
    /// computation before the softmax); empty for weights.
    QString valueName;
    /// Whether a figure frames each row's largest value (its alignment): true for weights and
    /// scores, false for values whose rows have no alignment (a head's output numbers).
    bool markRowMaxima = true;
    /// Whether the values are differences (A − B): cells and colour bar then write a positive
    /// value with its "+" as a negative one has its "−", so the sign never rests on the
    /// colour (blue or red) alone.
    bool signedValues = false;

    /// @name How the values were made (for tooltips); empty when unknown, e.g. imported.
    /// @{
    QString shortTitle; ///< e.g. "Head 2" or "Mean", for a small multiple
    QString rowAxisTitle; ///< e.g. "queries from target Y"
    QString columnAxisTitle; ///< e.g. "keys/values from source X"
    int head = -1; ///< the head shown, or -1 for the mean of all heads
    /// One head: q·k before scaling (rows x columns), else null. Shared between copies of the
    /// view; worked out from the result by AttentionResult::dotProducts().
    std::shared_ptr<const Eigen::MatrixXd> dotProducts;
    double scaleDivisor = 1.0; ///< the divisor of the scores, score() = dotProducts * (1 / it)

    /// One head's score after scaling, q·k * (1 / scaleDivisor), as the softmax was given it
    /// (AttentionResult::scaled()).
    double score(int row, int column) const
    {
        return (*dotProducts)(row, column) * (1.0 / scaleDivisor);
    }
    /// The mean: every head's weights, else empty. Shared, not copied: parts of the result the
    /// values came from, which they keep alive.
    std::vector<std::shared_ptr<const Eigen::MatrixXd>> headWeights;
    /// @}

    int rows() const { return static_cast<int>(values.rows()); }
    int columns() const { return static_cast<int>(values.cols()); }
    /// True unless the mask hides cell (r, c).
    bool isVisible(int r, int c) const { return visible.size() == 0 || visible(r, c); }
    /// True when the mask hides every cell of row @p r (a query that sees no key).
    bool isRowFullyMasked(int r) const;
    /// The columns holding row @p r's largest visible value (the row's "alignment"): every
    /// column tied for the maximum, or none when the row is fully masked or when more than one
    /// visible cell and all of them are tied (a uniform row aligns with nothing).
    QList<int> alignedColumns(int r) const;
    /// alignedColumns() of every row at once, as (column, row) points ordered by row, then
    /// column. One sweep down the columns: far faster than row by row on a large map.
    QList<QPoint> alignedCells() const;
};

/// Builds heatmaps from a computed result.
class HeatmapDataBuilder
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapDataBuilder)
public:
    /// The head-averaged weights (@p head < 0) or head @p head's weights, labelled with the
    /// query and key tokens of @p session (the session the result was computed from).
    static HeatmapData weights(const Session &session, const AttentionResult &result, int head);
    /// As weights(), but without how the values were made (no q·k, scores or per-head
    /// weights) when @p details is false: a light copy for small multiples.
    static HeatmapData weights(
        const Session &session, const AttentionResult &result, int head, bool details);
    /// As weights() with details, sharing @p result's q·k and head weights instead of
    /// copying them.
    static HeatmapData weights(
        const Session &session, const std::shared_ptr<const AttentionResult> &result, int head);
    /// Every view of @p result: the mean first, then head 0, 1, ... (light copies without
    /// how the values were made unless @p details).
    static std::vector<HeatmapData> allViews(
        const Session &session, const AttentionResult &result, bool details);
    /// The light views of allViews() written into @p views, whose matrices are reused when
    /// their shapes match (one edit to the next): no allocation.
    static void allViews(
        const Session &session, const AttentionResult &result, std::vector<HeatmapData> &views);
    /// Gives @p view (made from @p result, light or not) how its values were made, shared
    /// with @p result: one head's q·k, or a mean's head weights (q·k too for a single head).
    static void shareDetails(
        HeatmapData &view, const std::shared_ptr<const AttentionResult> &result);
    /// Gives every one of @p views one colour range, so that one colour means one weight in
    /// all of them: 0 to 1, or with @p stretch ("stretch colours") 0 to the largest weight
    /// the mask leaves visible in any view (when that is above 0).
    static void applyColorRange(std::vector<HeatmapData> &views, bool stretch);
    /// Numbers @p view's rows and columns in place of its tokens, and names its axes without
    /// the sequences they come from: what a lesson's question about the roles leaves on screen.
    static void withoutLabels(HeatmapData &view);
    /// The labels "1" to "@p count" that stand in for tokens while they are hidden.
    static QStringList positionLabels(int count);

private:
    /// Writes the light view @p head of @p result into @p d, reusing its matrices; @p masked
    /// is false when the mask hides no cell (the view then keeps no mask at all).
    static void fill(HeatmapData &d, const Session &session, const AttentionResult &result,
        int head, bool masked);
    /// True when @p result's mask hides at least one cell.
    static bool hidesCells(const AttentionResult &result);
};

} // namespace ae
