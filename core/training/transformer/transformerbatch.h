// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerbatch.h
/// A batch of transformer training examples: token ids and optional padding, one example
/// per row.

#include "attention/attentionresult.h"
#include "training/trainingbatch.h"

#include <vector>

namespace ae {

/// B examples of source length Ls and target length Lt. Padding follows torch's
/// key_padding_mask (true = padding); shorter examples are padded at their end.
struct TransformerBatch
{
    IdMatrix source; ///< B x Ls source ids, 0 .. Vs-1 (any valid id where padded)
    IdMatrix target; ///< B x Lt target ids y, 1 .. Vt-1 (any valid id where padded)
    /// B x Ls, true where a source position is padding: hidden as a key from the encoder's
    /// self-attention and from every cross-attention (src_key_padding_mask and
    /// memory_key_padding_mask). Empty: nothing padded.
    BoolMatrix sourcePadding;
    /// B x Lt, true where a target position is padding: that position is left out of the
    /// loss (its mean runs over the other positions) and hidden as a key from the decoder's
    /// self-attention (tgt_key_padding_mask; with the causal mask no real position sees it
    /// anyway). Empty: nothing padded.
    BoolMatrix targetPadding;

    /// One example, nothing padded: a 1 x source.size() source and a 1 x target.size()
    /// target holding the ids given.
    static TransformerBatch single(const std::vector<int> &source, const std::vector<int> &target);

    int size() const { return static_cast<int>(source.rows()); }
    int sourceLength() const { return static_cast<int>(source.cols()); }
    int targetLength() const { return static_cast<int>(target.cols()); }
};

} // namespace ae
