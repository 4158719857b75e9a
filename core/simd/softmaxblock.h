// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file softmaxblock.h
/// The attention softmax of a block of rows in three sweeps over its columns, with the copies
/// the attention result keeps made on the way: no pass of their own over memory. The kernel
/// is chosen at run time like expInto()'s (AVX2 with FMA, or the portable one); the AVX2 one
/// runs eight lanes wide when wideKernelsActive() (AVX-512), with the same bits.

#include <Eigen/Core>

namespace ae {

/// One block of rows for softmaxBlock(). Every matrix is column-major with its own column
/// stride (a block of a larger matrix); rows x cols each unless said.
struct SoftmaxBlock
{
    Eigen::Index rows = 0;
    Eigen::Index cols = 0;
    /// The logits before division; the weights of a row are softmax(logits / divisor).
    const double *logits = nullptr;
    Eigen::Index logitsStride = 0;
    /// True where a query sees a key; nullptr when every entry is visible.
    const bool *visible = nullptr;
    Eigen::Index visibleStride = 0;
    /// Positive: the scale of the scores.
    double divisor = 1.0;
    /// Out: the weights; hidden entries and rows with no visible entry are 0. May be the
    /// logits themselves (the softmax then works in place).
    double *weights = nullptr;
    Eigen::Index weightsStride = 0;
    /// Out: the Shannon entropy (nats) of each weight row, @p rows entries.
    double *entropy = nullptr;
    /// Optional out: a copy of the logits, written in the first sweep.
    double *logitsCopy = nullptr;
    Eigen::Index logitsCopyStride = 0;
    /// Optional out: a copy of the weights.
    double *weightsCopy = nullptr;
    Eigen::Index weightsCopyStride = 0;
    /// Optional: mean = meanFactor * weights when meanStarts, else mean += meanFactor * weights
    /// (the average of the heads, head by head).
    double *mean = nullptr;
    Eigen::Index meanStride = 0;
    double meanFactor = 1.0;
    bool meanStarts = true;
    /// Write logitsCopy and weightsCopy past the caches (non-temporal stores): for copies
    /// larger than the caches that nothing reads soon, it halves their memory traffic.
    bool streamCopies = false;
};

/// Softmax of each row of @p block's logits / divisor over its visible entries, with the row
/// entropies (ln S - sum_j p_j (x_j - m), one logarithm a row) and the optional copies and
/// mean. On the AVX2 kernel every row gets the same arithmetic wherever it lies in the block
/// and whatever the block's height, so blocks cut at other rows give the same bits (the
/// portable kernel's exponential may round a block's last odd row differently).
/// @return false when a logit is infinite or NaN (a row sum or entropy came out non-finite):
/// then only logitsCopy is complete, the other outputs are unspecified, and the caller takes
/// a careful per-row path (softmaxRowsWithEntropy() does).
bool softmaxBlock(const SoftmaxBlock &block);

} // namespace ae
