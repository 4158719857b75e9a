// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformersession.h
/// One attention of a trained transformer, for one example, as an explorer session: the
/// layer's own inputs and its projection weights, so that the computation view walks that
/// trained layer and computeSession() gives exactly the model's weights there.

#include "session/session.h"
#include "training/transformer/transformerparameters.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace ae {

/// The three wirings of attention in the transformer.
enum class TransformerAttentionKind {
    EncoderSelf, ///< (X, X): the encoder's self-attention
    DecoderSelf, ///< (Y, Y), causal: the decoder's masked self-attention
    Cross ///< (Y, X): the decoder's queries on the encoder's output
};

/// @name The command line's words for the kinds: "encoder-self", "decoder-self", "cross".
/// @{
QString attentionKindName(TransformerAttentionKind kind);
std::optional<TransformerAttentionKind> attentionKindFromName(const QString &name);
/// @}

/// The title `train --save-session` gives the session of attention @p kind in layer @p layer
/// of a run of task @p task trained @p steps steps from seed @p seed ("translate-zh-en,
/// transformer layer 1, cross attention, trained 100 steps (seed 3)").
QString transformerSessionTitle(
    const QString &task, int layer, TransformerAttentionKind kind, int steps, std::uint64_t seed);

/// The session of attention @p kind in layer @p layer (of the encoder for EncoderSelf, of the
/// decoder otherwise) for the example @p source -> @p target (no padding), after a forward
/// pass of the model with @p params:
///  - encoder self: source = the source words with the layer's input rows, wiring (X, X);
///    target = the target words with the decoder's input (embeddings plus positions);
///  - decoder self: target = the target words with the layer's input rows, wiring (Y, Y),
///    causal; source = the source words with the encoder's output (the memory);
///  - cross: target = the target words with the layer's query rows (after its self-attention
///    block and norm1); source = the memory; wiring (Y, X).
/// Target rows are labelled by the word the model predicts there (y), as trainedSession()
/// does. The projections are the layer's in_proj and out_proj, transposed to the session's
/// x W + b; d_model, heads and the scale are the model's.
/// @pre params.fits(spec); 0 <= layer < that side's layers; ids within the vocabularies.
Session transformerLayerSession(const TransformerSpec &spec, const TransformerParameters &params,
    const std::vector<int> &source, const std::vector<int> &target, int layer,
    TransformerAttentionKind kind, const QString &title = {});

} // namespace ae
