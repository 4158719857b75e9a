// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file softmaxrowstats.h
/// One pass over a row of scores: the softmax's entropy, the size of its Jacobian and its
/// largest weight, without storing the weights.

namespace ae {

/// What the scaling experiment measures of one softmax row p = softmax(factor * scores).
struct SoftmaxRowStats
{
    double entropy = 0.0; ///< -sum p ln p, in nats
    /// ||diag(p) - p p^T||_F = sqrt(sum p^2 - 2 sum p^3 + (sum p^2)^2), computed without the
    /// cancellation of that form when one weight is near 1.
    double jacobianNorm = 0.0;
    double maxWeight = 0.0; ///< the largest p
};

/// The statistics of softmax(@p factor * @p scores[0 .. count)). @p count >= 1, finite
/// scores, @p factor > 0.
SoftmaxRowStats softmaxRowStats(const double *scores, int count, double factor);

} // namespace ae
