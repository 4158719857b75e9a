// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerspec.h
/// The shape of the encoder-decoder transformer of the training lab (spec training.md,
/// section 5): torch.nn.Transformer(d_model, nhead, num_encoder_layers, num_decoder_layers,
/// dim_feedforward, dropout=0, activation="relu", layer_norm_eps=1e-5, batch_first=True,
/// norm_first=False) between token embeddings with sinusoidal positions and a linear layer to
/// the target vocabulary.

#include "attention/attentionconfig.h"

#include <QStringList>

namespace ae {

/// The transformer's shape. The target vocabulary's entry 0 is the start token "<s>".
/// Defaults as issue 29 asks: 2 + 2 layers, d_model 64, 4 heads, dim_feedforward 128.
struct TransformerSpec
{
    QStringList sourceVocab; ///< Vs words
    QStringList targetVocab; ///< Vt words, "<s>" first
    int dModel = 64;
    int heads = 4; ///< divides dModel
    int encoderLayers = 2;
    int decoderLayers = 2;
    int dimFeedforward = 128;
    /// The divisor of every attention's scores (encoder self, decoder self, cross): sqrt(d_k)
    /// as torch, 1 or a number.
    ScaleSpec scale;
    double layerNormEps = 1e-5;

    int sourceVocabSize() const { return static_cast<int>(sourceVocab.size()); }
    int targetVocabSize() const { return static_cast<int>(targetVocab.size()); }
    /// d_k = d_model / heads.
    int headWidth() const { return heads > 0 ? dModel / heads : 0; }
};

} // namespace ae
