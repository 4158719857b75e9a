// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file matrixplotadapter.h
/// The one place where matrices and vectors become QCustomPlot data: colour map cells,
/// gradients from ColorMap, token tick labels, curves, and the plot fonts.

#include "export/figure.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"

#include <QFont>
#include <QSharedPointer>
#include <QStringList>
#include <qcustomplot.h>
#include <vector>

namespace ae {

/// Converts the application's data to QCustomPlot objects.
class MatrixPlotAdapter
{
public:
    /// The colour a masked cell is filled with (under its hatching).
    static QColor maskedCellColor();
    /// @p kind as a QCustomPlot gradient; NaN (a masked cell) is drawn in maskedCellColor().
    static QCPColorGradient gradient(ColorMapKind kind);

    /// Puts @p data into @p map: one cell per value, column c centred on x = c and row r on
    /// y = r, masked cells NaN; the data range becomes [data.minimum, data.maximum].
    static void setHeatmap(QCPColorMap *map, const HeatmapData &data);
    /// The value @p map holds for (row, column): NaN for a masked cell.
    static double cellValue(const QCPColorMap *map, int row, int column);

    /// A ticker labelling positions 0, step, 2*step, ... with @p labels, each shortened to
    /// @p maxChars characters (an ellipsis marks the cut).
    static QSharedPointer<QCPAxisTickerText> labelTicker(
        const QStringList &labels, int step = 1, int maxChars = 16);
    /// A ticker with one tick at each of @p dims (for the log2 d_k axis).
    static QSharedPointer<QCPAxisTickerText> dimsTicker(const std::vector<int> &dims);
    /// Sets @p graph to the points (dims[i], values[i]) (lengths must match; extras ignored).
    static void setCurve(
        QCPGraph *graph, const std::vector<int> &dims, const std::vector<double> &values);
    /// Sets @p graph to the points (xs[i], ys[i]) (lengths must match; extras ignored).
    static void setCurve(
        QCPGraph *graph, const std::vector<double> &xs, const std::vector<double> &ys);
    /// Sets @p bars to one bar per entry of @p heights: bar b spans [lo + b w, lo + (b + 1) w].
    static void setBars(QCPBars *bars, double lo, double w, const std::vector<double> &heights);

    /// The font families used in plots: the application font, then families covering Latin,
    /// Chinese and Japanese (Noto Sans CJK), so tokens in any of them render.
    static QStringList fontFamilies();
    /// A plot font of design size @p pointSize (TextSize::points) with the family list above.
    static QFont plotFont(double pointSize, bool bold = false);
    /// @p text cut to @p maxChars characters with a trailing ellipsis when longer.
    static QString elided(const QString &text, int maxChars);
    /// The most characters of a token shown in an axis or a table header (Figure's rule).
    static constexpr int maxLabelChars = Figure::maxTokenChars;

    /// Keeps @p plot's paint buffers at the device pixel ratio of the screen it is on, so that
    /// its text and lines are drawn at the screen's resolution (150 %, 200 %) rather than
    /// scaled up; also after the window moves to a screen of another scale. Axis labels are
    /// cached as pixmaps only at whole ratios, where they land on whole pixels. Returns true
    /// when something changed and the plot needs a replot.
    static bool matchScreenPixels(QCustomPlot *plot);
};

} // namespace ae
