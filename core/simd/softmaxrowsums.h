// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file softmaxrowsums.h
/// The scaling experiment's per-row softmax statistics summed over a block of rows: four rows
/// at a time in the lanes of an AVX2 register when activeExpKernel() is the AVX2 kernel (the
/// vector kernels share that switch), row by row through softmaxRowStats() otherwise. Both
/// give the same bits: the vector kernel repeats, lane by lane, the very operations the
/// portable build's softmaxRowStats() performs (Eigen's SSE2 exponential and its order of
/// summation), so the experiment's figures do not depend on the processor.

#include <Eigen/Core>

namespace ae {

/// Running sums over rows of softmaxRowStats().
struct SoftmaxRowSums
{
    double entropy = 0.0; ///< sum of the rows' entropies
    double jacobianNorm = 0.0; ///< sum of the rows' Jacobian norms
    double saturated = 0.0; ///< rows whose largest weight exceeds the threshold
};

/// For each row r of @p scores (@p rows x @p keys, row-major, finite), in order, adds the
/// entropy and Jacobian norm of softmaxRowStats(row r, @p keys, @p factor) to @p sums, and 1
/// to sums.saturated when its largest weight exceeds @p threshold. Each sum takes the rows one
/// after another, exactly as a loop over softmaxRowStats() would. @p keys >= 1, @p factor > 0.
void addSoftmaxRowSums(const double *scores, Eigen::Index rows, int keys, double factor,
    double threshold, SoftmaxRowSums &sums);

} // namespace ae
