// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingfilmstrip.h
/// The training lab's film strip for export: one example's head-mean attention at chosen steps,
/// the two runs as two rows, one colour scale, drawn as a heatmap grid (heatmapfigure.h).

#include "export/figure.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapdata.h"
#include "training/trainingconfig.h"
#include "training/trainingparameters.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ae {

/// Lays out the film strip and reads its list of steps.
class TrainingFilmStrip
{
    Q_DECLARE_TR_FUNCTIONS(TrainingFilmStrip)
public:
    /// Most steps a strip shows.
    static constexpr int maxFrames = 12;

    /// The steps offered at first: "0, 50, 100, 300, 600".
    static QString defaultSteps();
    /// Reads a list of steps separated by commas or spaces ("0, 50, 100"): whole numbers from 0
    /// to @p lastStep, at least one, at most maxFrames; sorted, repeats dropped. On a bad entry
    /// returns nothing and sets @p error to a message naming it.
    static std::optional<std::vector<int>> parseSteps(
        const QString &text, int lastStep, QString *error);

    /// One frame: the head-mean attention of the example (@p source, @p target ids) under
    /// @p params, titled "@p runName · step @p step", computed by the explorer's own attention
    /// code (trainedAttention()).
    static HeatmapData frame(const TrainingModelSpec &spec, const TrainingParameters &params,
        const std::vector<int> &source, const std::vector<int> &target, const QString &runName,
        int step);

    /// The strip: @p rows (one per run, each its frames left to right, every frame of one
    /// shape) as a grid with one column per step and one colour range, 0 to 1. The default
    /// title is "Attention as it learns: EXAMPLE".
    static Figure make(const std::vector<std::vector<HeatmapData>> &rows, const QString &example,
        const FigureOptions &options);
};

} // namespace ae
