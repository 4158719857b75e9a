// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerjson.h
/// The transformer's reference replay (spec training.md, section 5): the file's inputs, the
/// run and its JSON, in the names and shapes of the file's "expected".

#include "session/sessionerror.h"
#include "training/trainingconfig.h"
#include "training/transformer/transformerbatch.h"
#include "training/transformer/transformerparameters.h"

#include <Eigen/Core>
#include <QByteArray>
#include <QJsonObject>
#include <optional>
#include <vector>

namespace ae {

/// The inputs of a transformer reference file.
struct TransformerReplayInput
{
    TransformerSpec spec;
    OptimizerConfig optimizer;
    TransformerParameters init;
    /// One step each. A batch may carry "source_padding" and "target_padding" (B x L arrays
    /// of booleans, true = padding), an extension of the spec's format for padded cases.
    std::vector<TransformerBatch> batches;
};

/// Per layer, per head: one example's attention weights (Lq x Lk).
using LayerHeadWeights = std::vector<std::vector<Eigen::MatrixXd>>;

/// What a transformer replay computes, named as the reference file's "expected".
struct TransformerReplayOutput
{
    std::vector<double> losses;
    TransformerParameters gradientsStep0;
    LayerHeadWeights encoderSelf; ///< [layer][head], Ls x Ls, of example 0 at step 0
    LayerHeadWeights decoderSelf; ///< [layer][head], Lt x Lt
    LayerHeadWeights cross; ///< [layer][head], Lt x Ls
    TransformerParameters final;
    std::optional<int> divergedAt;
};

/// True when @p json is a reference file whose "model" names the "transformer" architecture
/// (the file is otherwise not checked here; parseTransformerReplay() does that).
bool isTransformerReplay(const QByteArray &json);

/// Reads a transformer reference file's inputs ("expected" is ignored); a malformed file
/// gives a SessionError naming the JSON path
/// ("init.encoder.layers.0.norm1.weight: 3 numbers, expected 8").
std::optional<TransformerReplayInput> parseTransformerReplay(
    const QByteArray &json, SessionError *error);

/// Runs the batches of @p input in order, one step each, from its init.
TransformerReplayOutput runTransformerReplay(const TransformerReplayInput &input);

/// {"losses", "gradients_step0", "attention_step0_item0": {"encoder_self", "decoder_self",
/// "cross"}, "final"} (plus "diverged_at_step" when the run diverged).
QJsonObject transformerReplayOutputJson(const TransformerReplayOutput &output);

} // namespace ae
