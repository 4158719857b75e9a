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
#include <array>

namespace ae {

/// Running sums over rows of softmaxRowStats().
struct SoftmaxRowSums
{
    double entropy = 0.0; ///< sum of the rows' entropies
    double jacobianNorm = 0.0; ///< sum of the rows' Jacobian norms
    double saturated = 0.0; ///< rows whose largest weight exceeds the threshold
};

/// For each row r of @p scores (@p rows x @p keys, row-major, finite), in order, and each v
/// of 0 and 1, adds the entropy and Jacobian norm of softmaxRowStats(row r, @p keys,
/// @p factors[v]) to @p sums[v], and 1 to sums[v].saturated when its largest weight exceeds
/// @p threshold. Each sum takes the rows one after another, exactly as a loop over
/// softmaxRowStats() would. Two factors at once (the experiment's unscaled and scaled rows)
/// because they share the reading of the scores. @p keys >= 1, factors > 0.
void addSoftmaxRowSums(const double *scores, Eigen::Index rows, int keys,
    const std::array<double, 2> &factors, double threshold, std::array<SoftmaxRowSums, 2> &sums);

} // namespace ae
