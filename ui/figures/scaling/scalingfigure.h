// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingfigure.h
/// Lays out the scaling plot for export: mean softmax entropy against d_k on a log2 axis,
/// scaled and unscaled curves, the ceiling ln(keys) and the current model's d_k.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "scaling/entropyexperiment.h"

#include <QCoreApplication>
#include <QList>
#include <QPolygonF>
#include <QRectF>

namespace ae {

/// The entropy-vs-d_k plot as primitives (the same look as the scaling dock).
class ScalingFigure
{
    Q_DECLARE_TR_FUNCTIONS(ScalingFigure)
public:
    /// The plot of @p result, an experiment run with @p config. @p currentDk > 0 draws a
    /// marker at the current model's head width. options.includeValues labels each point
    /// with its entropy; includeColorBar is ignored.
    static Figure make(const EntropyExperimentResult &result, const EntropyExperimentConfig &config,
        int currentDk, const FigureOptions &options);

    /// The default title.
    static QString defaultTitle();
    /// The colour of the scaled curve.
    static QColor scaledColor();
    /// The colour of the unscaled curve.
    static QColor unscaledColor();

    /// Where the current d_k's label goes: its box and how many pixels of the curves pass
    /// through it (0: none).
    struct LabelPlace
    {
        QRectF box;
        int crossedPixels = 0;
    };
    /// The place of a label of @p size beside the marker at @p markerX (to its right, or to
    /// its left with @p leftOfMarker) in @p plot: near its top, else near its bottom, else
    /// the highest place between where the @p curves (polylines in the same pixels as
    /// @p plot) do not pass, so that the label hides no point and no line of the data; where
    /// every place is crossed, the least crossed.
    static LabelPlace dkLabelPlace(const QRectF &plot, double markerX, bool leftOfMarker,
        const QSizeF &size, const QList<QPolygonF> &curves);
    /// The current d_k's label: "this model: d_k = …", or the shorter "d_k = …" (@p brief)
    /// where the longer one would cross a curve.
    static QString dkLabelText(int currentDk, bool brief);
};

} // namespace ae
