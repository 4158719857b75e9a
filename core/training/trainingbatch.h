// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingbatch.h
/// A batch of training examples: token ids, one example per row.

#include "attention/attentionresult.h"

#include <Eigen/Core>

namespace ae {

/// Row-major integer matrix, one example per row.
using IdMatrix = Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// B examples of source length Ls and target length Lt.
struct TrainingBatch
{
    IdMatrix source; ///< B x Ls source ids, 0 .. Vs-1
    IdMatrix target; ///< B x Lt target ids y, 1 .. Vt-1 (never the start token 0)
    /// B x Lt: the source position target position i copies from (the task's alignment), or
    /// -1 where the task has none (reference files); used by alignment_accuracy.
    IdMatrix alignment;
    /// B x Ls and B x Lt, true where a position is padding (the corpus tasks' shorter
    /// sentences, padded at their end; TransformerBatch's meaning); empty when nothing is
    /// padded, as for every task of the one-layer model.
    BoolMatrix sourcePadding, targetPadding;

    int size() const { return static_cast<int>(source.rows()); }
    int sourceLength() const { return static_cast<int>(source.cols()); }
    int targetLength() const { return static_cast<int>(target.cols()); }
};

} // namespace ae
