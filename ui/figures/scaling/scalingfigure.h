// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingfigure.h
/// Lays out the scaling plot for export: mean softmax entropy against d_k on a log2 axis,
/// scaled and unscaled curves, the ceiling ln(keys) and the current model's d_k.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "scaling/entropyexperiment.h"

#include <QCoreApplication>

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
};

} // namespace ae
