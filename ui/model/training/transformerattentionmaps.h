// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerattentionmaps.h
/// Every attention map of a transformer for one example, as the Training window's head grid
/// shows them: for each of the three kinds (encoder self, masked decoder self, cross), each
/// layer and each head, the weights of one forward pass.

#include "heatmap/heatmapdata.h"
#include "training/trainingbatch.h"
#include "training/transformer/transformerparameters.h"
#include "training/transformer/transformersession.h"

#include <Eigen/Core>
#include <QStringList>
#include <array>
#include <vector>

namespace ae {

/// The weights of every layer and head of the three kinds for one example (no padding).
struct TransformerAttentionMaps
{
    /// The number of kinds (TransformerAttentionKind's values, in its order).
    static constexpr int kindCount = 3;

    QStringList sourceWords; ///< the example's Ls source words
    /// The example's Lt target words y: the decoder's position i predicts targetWords[i].
    QStringList targetWords;
    /// maps[kind][layer][head]: encoder self Ls x Ls, decoder self Lt x Lt (causal: zero
    /// above the diagonal), cross Lt x Ls; every row sums to 1.
    std::array<std::vector<std::vector<Eigen::MatrixXd>>, kindCount> maps;

    /// True when nothing was computed.
    bool empty() const { return maps[0].empty(); }
    /// The layers of @p kind's side (encoder layers for EncoderSelf, decoder layers otherwise).
    int layers(TransformerAttentionKind kind) const
    {
        return static_cast<int>(maps[size_t(kind)].size());
    }
    /// The heads of every layer (0 when empty).
    int heads() const { return empty() ? 0 : static_cast<int>(maps[0].front().size()); }
    /// One map. @pre 0 <= layer < layers(kind), 0 <= head < heads().
    const Eigen::MatrixXd &map(TransformerAttentionKind kind, int layer, int head) const
    {
        return maps[size_t(kind)][size_t(layer)][size_t(head)];
    }
    /// The words of a map's rows (queries) and columns (keys) for @p kind.
    const QStringList &queryWords(TransformerAttentionKind kind) const
    {
        return kind == TransformerAttentionKind::EncoderSelf ? sourceWords : targetWords;
    }
    const QStringList &keyWords(TransformerAttentionKind kind) const
    {
        return kind == TransformerAttentionKind::Cross ? sourceWords : queryWords(kind);
    }

    /// Map (@p kind, @p layer, @p head) as a heatmap, or with @p head -1 the mean of the
    /// layer's heads (every row still sums to 1): values rows x columns as map(), the query
    /// words as row labels, the key words as column labels; for DecoderSelf the causal mask
    /// (the cells above the diagonal hidden). Titles are the caller's. @pre !empty(),
    /// 0 <= layer < layers(kind), -1 <= head < heads().
    HeatmapData heatmap(TransformerAttentionKind kind, int layer, int head) const;

    /// One forward pass of the model @p spec with @p params on @p source -> @p target.
    /// @pre params.fits(spec); both non-empty with ids within the vocabularies.
    static TransformerAttentionMaps compute(const TransformerSpec &spec,
        const TransformerParameters &params, const std::vector<int> &source,
        const std::vector<int> &target);

    /// Example @p index of @p batch without its padding: its source ids and its target ids.
    /// @pre 0 <= index < batch.size().
    static std::pair<std::vector<int>, std::vector<int>> unpadded(
        const TrainingBatch &batch, int index);
};

} // namespace ae
