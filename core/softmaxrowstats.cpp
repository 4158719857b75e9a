#include "softmaxrowstats.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ae {

SoftmaxRowStats softmaxRowStats(const double *scores, int count, double factor)
{
    // The weights are needed twice (their sum first), so they live in a small reusable buffer.
    thread_local std::vector<double> e;
    if (static_cast<int>(e.size()) < count)
        e.resize(static_cast<size_t>(count));
    int top = 0;
    for (int j = 1; j < count; ++j) {
        if (scores[j] > scores[top])
            top = j;
    }
    const double peak = scores[top];
    // e_j = exp(x_j) with x_j = factor (s_j - max) <= 0, so the largest is exactly 1 and
    // rest = Z - 1 is summed directly rather than found by a subtraction.
    double rest = 0.0, weightedLogits = 0.0;
    for (int j = 0; j < count; ++j) {
        if (j == top) {
            e[j] = 1.0;
            continue;
        }
        const double x = factor * (scores[j] - peak);
        e[j] = std::exp(x);
        rest += e[j];
        weightedLogits += e[j] * x;
    }
    const double z = 1.0 + rest;
    SoftmaxRowStats out;
    // H = ln Z - sum p_j x_j: two terms >= 0, nothing cancels.
    out.entropy = std::log1p(rest) - weightedLogits / z;
    out.maxWeight = 1.0 / z;
    // ||J||^2 = sum_i (p_i (1 - p_i))^2 + sum_{i != j} p_i^2 p_j^2. With 1 - p_i formed from
    // the other weights and the top weight's cross terms split off, every part is a sum of
    // non-negative terms, so a near one-hot row keeps its small norm to full precision.
    double diagonal = 0.0, otherSquares = 0.0, otherFourths = 0.0;
    for (int j = 0; j < count; ++j) {
        const double p = e[j] / z;
        const double oneMinusP = (j == top ? rest : z - e[j]) / z;
        diagonal += (p * oneMinusP) * (p * oneMinusP);
        if (j != top) {
            otherSquares += p * p;
            otherFourths += p * p * p * p;
        }
    }
    const double pTop = out.maxWeight;
    const double cross = 2.0 * pTop * pTop * otherSquares
        + std::max(0.0, otherSquares * otherSquares - otherFourths);
    out.jacobianNorm = std::sqrt(diagonal + cross);
    return out;
}

} // namespace ae
