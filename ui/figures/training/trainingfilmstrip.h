// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingfilmstrip.h
/// The training lab's film strip for export: one example's head-mean attention at chosen steps,
/// the two runs as two rows, one colour scale, drawn as a heatmap grid (heatmapfigure.h). For
/// the transformer, one layer of one kind of attention (encoder self, decoder self, cross).

#include "export/figure.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapdata.h"
#include "training/trainingconfig.h"
#include "training/trainingparameters.h"
#include "training/transformerattentionmaps.h"

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

    /// One frame of the transformer: the mean of the heads of layer @p layer (0-based) of
    /// attention @p kind in @p maps (TransformerAttentionMaps::heatmap()), titled as frame().
    /// @pre as TransformerAttentionMaps::heatmap().
    static HeatmapData transformerFrame(const TransformerAttentionMaps &maps,
        TransformerAttentionKind kind, int layer, const QString &runName, int step);

    /// What a transformer strip shows, for make()'s title: "cross-attention (Y, X), layer 2,
    /// mean of 4 heads: SOURCE → TARGET" (@p layer 0-based, or -1 when the runs' rows show
    /// different layers, their frames' titles naming them; the sentence's words).
    static QString transformerExample(TransformerAttentionKind kind, int layer, int heads,
        const QStringList &sourceWords, const QStringList &targetWords);

    /// The strip: @p rows (one per run, each its frames left to right, every frame of one
    /// shape) as a grid with one column per step and one colour range, 0 to 1. The default
    /// title is "Attention as it learns: EXAMPLE".
    static Figure make(const std::vector<std::vector<HeatmapData>> &rows, const QString &example,
        const FigureOptions &options);
};

} // namespace ae
