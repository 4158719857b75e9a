// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingsession.h
/// A trained model and one example as an explorer session, the attention of one example
/// (for the window's heatmaps), and greedy decoding (for its Translate box).

#include "attention/attentionresult.h"
#include "session/session.h"
#include "training/trainingconfig.h"
#include "training/trainingparameters.h"

#include <QString>
#include <vector>

namespace ae {

/// The session of one example (spec training.md, section 1): source tokens and embeddings
/// source_embedding[x] + PE; target embeddings target_embedding[y_in] + PE with each row
/// labelled by the word predicted there, y; standard cross-attention (queries from the target,
/// keys and values from the source); the model's d_model, heads and scale; explicit
/// projections w_q ... b_o. computeSession() on it gives exactly the lab's attention.
/// @param source Ls source ids; @param target Lt target ids y (1 .. Vt-1)
Session trainedSession(const TrainingModelSpec &spec, const TrainingParameters &params,
    const std::vector<int> &source, const std::vector<int> &target, const QString &title = {});

/// The attention of one example (every head's weights, the head mean, ...), computed by the
/// explorer's own computeAttention() on trainedSession(): the window's heatmap of an example.
AttentionResult trainedAttention(const TrainingModelSpec &spec, const TrainingParameters &params,
    const std::vector<int> &source, const std::vector<int> &target);

/// One word of a greedy decoding.
struct DecodedWord
{
    int id = 0; ///< target id (never 0, the start token)
    QString word; ///< its target vocabulary entry
    double probability = 0.0; ///< the model's probability of it
    Eigen::RowVectorXd attention; ///< Ls, the head-mean weights over the source
    Eigen::MatrixXd headAttention; ///< heads x Ls, each head's weights
};

/// Decodes @p source greedily: the decoder input starts as [<s>]; each step takes the argmax
/// over the target words 1 .. Vt-1 at the last position and appends it; @p words words
/// (default: as many as source words). The model has no self-attention, so the word at
/// position i depends on the source and the previous word only.
std::vector<DecodedWord> greedyDecode(const TrainingModelSpec &spec,
    const TrainingParameters &params, const std::vector<int> &source, int words = -1);

} // namespace ae
