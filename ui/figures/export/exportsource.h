// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file exportsource.h
/// What an export can draw: the heatmaps of one result (computed or imported) and, for a
/// computed session, the scaling experiment. The one path from a result and the export
/// options to a Figure: File ▸ Export… and `attention-explorer export` both go through it.

#include "export/figure.h"
#include "export/figureexporter.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapdata.h"
#include "scaling/entropyexperiment.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ae {

/// The data behind File ▸ Export…, independent of where it came from.
struct ExportSource
{
    Q_DECLARE_TR_FUNCTIONS(ExportSource)
public:
    /// The figures on offer.
    enum class What {
        Heatmap, ///< the view shown large (the mean or one head)
        Grid, ///< the mean and every head
        Scaling, ///< the entropy-vs-d_k plot
        Lines ///< the alignment view of the view shown large (alignmentfigure.h)
    };

    HeatmapData mean; ///< the head-averaged weights
    std::vector<HeatmapData> heads; ///< every head's weights
    int selectedView = -1; ///< the view shown large: -1 the mean, else a head
    QString sessionTitle; ///< used in the grid's default title and the file name
    bool scalingAvailable = false; ///< false for imported weights
    EntropyExperimentConfig scalingConfig;
    std::optional<EntropyExperimentResult> scalingResult; ///< as on screen, when already computed
    int currentDk = 0; ///< marked on the scaling plot
    double alignmentThreshold = 0.05; ///< the alignment view's threshold, as on screen

    /// The source of a computed session: every view of @p result (computed from @p session),
    /// in one colour range, stretched to the largest visible weight when @p stretchColors (as
    /// on screen); the scaling experiment of @p session, not yet computed.
    static ExportSource fromResult(
        const Session &session, const AttentionResult &result, bool stretchColors);

    /// The heatmap of the selected view.
    const HeatmapData &selectedHeatmap() const;
    /// Cells @p what would draw (0 for the scaling plot).
    qint64 cellCount(What what) const;
    /// Why @p what cannot be written as @p format (too many cells for SVG), or an empty string.
    QString refusal(What what, FigureExporter::Format format) const;
    /// The figure of @p what; the scaling plot needs scalingResult.
    Figure figure(What what, const FigureOptions &options) const;
    /// The default title of @p what.
    QString defaultTitle(What what) const;
    /// A file name stem for @p what, e.g. "attention-mean" or "attention-head-2".
    QString suggestedStem(What what) const;
};

} // namespace ae
