// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalinglabfigure.h
/// The scaling lab's figures for export: mean entropy, score spread, softmax gradient and
/// saturated share against d_k (log2 axis, scaled and unscaled, with their guides and the
/// model's d_k), the score histogram at one d_k, and all of them as a grid.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "scaling/entropyexperiment.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ae {

/// Lays out the scaling lab's panels as Figure primitives.
class ScalingLabFigure
{
    Q_DECLARE_TR_FUNCTIONS(ScalingLabFigure)
public:
    /// One figure of the lab.
    enum class Panel { Entropy, Spread, Gradient, Saturation, Histogram };

    /// Every panel, in the order of the grid and of the dock's tabs.
    static const std::vector<Panel> &panels();
    /// The panel's name after "scaling:" in an export view ("entropy", "spread", ...).
    static QString viewName(Panel panel);
    /// The panel a view name (without "scaling:") stands for, or nothing.
    static std::optional<Panel> panelFromName(const QString &name);
    /// The panel's title ("Score spread", ...).
    static QString title(Panel panel);
    /// The quantity on the panel's y axis.
    static QString yAxisTitle(Panel panel);
    /// What the panel shows, in one sentence (tooltips, README).
    static QString explanation(Panel panel);

    /// The values a d_k panel plots, aligned with result.dims (Histogram: empty).
    static const std::vector<double> &series(
        const EntropyExperimentResult &result, Panel panel, bool scaled);
    /// The entry of result.dims whose histogram to show for the model's @p dk: the nearest
    /// on the log2 axis (the larger on a tie); the largest d_k when @p dk <= 0; -1 when
    /// there is none.
    static int histogramIndex(const EntropyExperimentResult &result, int dk);

    /// One panel of @p result (run with @p config) as a figure; @p currentDk > 0 marks the
    /// model's d_k (and picks the histogram's d_k). options.includeValues labels the points.
    static Figure make(Panel panel, const EntropyExperimentResult &result,
        const EntropyExperimentConfig &config, int currentDk, const FigureOptions &options);
    /// Every panel in a grid of three columns under one title and one legend.
    static Figure makeGrid(const EntropyExperimentResult &result,
        const EntropyExperimentConfig &config, int currentDk, const FigureOptions &options);
};

} // namespace ae
