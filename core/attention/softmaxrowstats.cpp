// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/softmaxrowstats.h"

#include "simd/vectorexp.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

SoftmaxRowStats softmaxRowStats(const double *scores, int count, double factor)
{
    // Reused buffers (the weights are needed twice: their sum comes first); Eigen's array
    // expressions vectorise the exponentials and the sums.
    thread_local Eigen::ArrayXd x, e;
    if (x.size() < count) {
        x.resize(count);
        e.resize(count);
    }
    const Eigen::Map<const Eigen::ArrayXd> s(scores, count);
    auto logits = x.head(count);
    auto weights = e.head(count);
    Eigen::Index top = 0;
    const double peak = s.maxCoeff(&top);
    // x_j = factor (s_j - max) <= 0, so the largest e_j is exactly 1. It is left out of the
    // sums below (set to 0) so that rest = Z - 1 is summed directly, not found by subtraction.
    // Clamped below: for scores of both signs near the largest double, s - peak (or factor
    // times it) overflows to -inf, and e = 0 times -inf would make the sums NaN. exp(-1000)
    // is already 0, so the clamp changes no weight and no sum.
    logits = (factor * (s - peak)).max(-1000.0);
    // Eigen's vectorised exp stops at about 5.6e-309 instead of reaching 0; below
    // ln DBL_MIN the weight is taken as 0 so that it adds nothing to the sums.
    // The exponential of a plain array runs vectorised (inside a select it would not); the
    // rare entries below ln DBL_MIN are fixed afterwards.
    weights = logits.exp();
    if (logits.minCoeff() < minExpArgument)
        weights = (logits < minExpArgument).select(0.0, weights);
    weights(top) = 0.0;
    const double rest = weights.sum();
    const double weightedLogits = (weights * logits).sum();
    const double z = 1.0 + rest;
    SoftmaxRowStats out;
    // H = ln Z - sum p_j x_j: two terms >= 0, nothing cancels.
    out.entropy = std::log1p(rest) - weightedLogits / z;
    out.maxWeight = 1.0 / z;
    // ||J||^2 = sum_i (p_i (1 - p_i))^2 + sum_{i != j} p_i^2 p_j^2. With 1 - p_i formed from
    // the other weights and the top weight's cross terms split off, every part is a sum of
    // non-negative terms, so a near one-hot row keeps its small norm to full precision.
    // The sums run over the unnormalised e_j and are scaled by powers of 1/Z afterwards.
    const double pTop = out.maxWeight;
    const double inv2 = pTop * pTop;
    const double topTerm = pTop * (rest * pTop);
    const double others = (weights * (z - weights)).square().sum() * inv2 * inv2;
    const double otherSquares = weights.square().sum() * inv2;
    const double otherFourths = weights.square().square().sum() * inv2 * inv2;
    const double cross = 2.0 * pTop * pTop * otherSquares
        + std::max(0.0, otherSquares * otherSquares - otherFourths);
    out.jacobianNorm = std::sqrt(topTerm * topTerm + others + cross);
    return out;
}

} // namespace ae
