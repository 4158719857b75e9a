// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file alignmentfigure.h
/// The alignment view as a figure: query tokens in a column on the left, key tokens in a column
/// on the right, and a line for every (query, key) pair whose weight reaches a threshold, its
/// width and opacity growing with the weight. The screen widget and every export draw this.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapdata.h"

#include <QCoreApplication>
#include <vector>

namespace ae {

/// What the alignment view shows besides the weights.
struct AlignmentOptions
{
    /// Pairs whose weight is below this are not drawn (a weight of 0 never is).
    double threshold = 0.05;
    /// When >= 0, only this query's lines are drawn (a token the pointer rests on).
    int focusQuery = -1;
    /// When >= 0 (and focusQuery < 0), only this key's lines are drawn.
    int focusKey = -1;
};

/// Lays out the alignment figure.
class AlignmentFigure
{
    Q_DECLARE_TR_FUNCTIONS(AlignmentFigure)
public:
    /// Where the two token columns sit in a figure of a given size.
    struct Layout
    {
        QSizeF size; ///< the whole figure
        double header = 0.0; ///< height of the title block
        double fontPx = 13.0; ///< token font size
        std::vector<QRectF> queryRects; ///< one per query: its text's box
        std::vector<QRectF> keyRects; ///< one per key: its text's box
        QStringList queryText; ///< elided display text of each query
        QStringList keyText; ///< elided display text of each key

        /// The query whose box contains @p point, or -1.
        int queryAt(const QPointF &point) const;
        /// The key whose box contains @p point, or -1.
        int keyAt(const QPointF &point) const;
    };

    /// The layout of @p data's tokens; options.size of zero chooses a size from the content.
    static Layout layout(const HeatmapData &data, const FigureOptions &options);

    /// The figure of @p data: title, the two token columns (roles "query-token", "key-token",
    /// masked keys also "masked"), one "link" line per drawn pair and a short legend.
    static Figure make(
        const HeatmapData &data, const FigureOptions &options, const AlignmentOptions &alignment);

    /// True when the pair (r, c) is drawn: visible, weight > 0 and weight >= @p threshold.
    static bool isDrawn(const HeatmapData &data, int r, int c, double threshold);
    /// The number of pairs drawn at @p threshold (before any focus).
    static qint64 lineCount(const HeatmapData &data, double threshold);
    /// The stroke width of a line of relative weight @p relativeWeight (the weight divided by
    /// the largest visible weight of the view).
    static double lineWidth(double relativeWeight);
    /// The opacity (0..1) of a line of relative weight @p relativeWeight.
    static double lineOpacity(double relativeWeight);
    /// The default title: "Alignment: " and the view's title.
    static QString defaultTitle(const HeatmapData &data);
    /// Most lines an SVG may hold (one per pair above the threshold).
    static constexpr qint64 maxLines = 40000;
};

} // namespace ae
