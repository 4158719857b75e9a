// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformertranslation.h
/// The transformer's greedy decoding of one sentence, word by word, with what each produced
/// word's position looked at: every decoder layer's cross-attention row over the source (the
/// Training window's Translate box for the transformer).

#include "training/transformer/transformerparameters.h"

#include <Eigen/Core>
#include <QString>
#include <vector>

namespace ae {

/// One word of the transformer's greedy decoding.
struct TransformerDecodedWord
{
    int id = 0; ///< target id (never 0, the start token)
    QString word; ///< its target vocabulary entry
    double probability = 0.0; ///< the model's probability of it (softmax over every word)
    /// One entry per decoder layer, heads x Ls: each head's cross-attention weights over the
    /// source words from the decoder position that produced this word.
    std::vector<Eigen::MatrixXd> crossAttention;
};

/// Decodes @p source greedily as TransformerTrainer::greedyDecode does for one example: the
/// decoder reads [<s>, words so far] and each step appends the most likely next word (never
/// the start token), until @p endId is produced (kept as the last word) or @p maxLength words;
/// @p endId -1: exactly @p maxLength words. Each word carries the cross-attention rows of its
/// position in every decoder layer, from the pass that produced it.
/// @pre params.fits(spec); source ids within the source vocabulary.
/// @return nothing when @p source is empty or @p maxLength < 1.
std::vector<TransformerDecodedWord> transformerTranslate(const TransformerSpec &spec,
    const TransformerParameters &params, const std::vector<int> &source, int endId, int maxLength);

} // namespace ae
