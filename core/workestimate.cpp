// SPDX-License-Identifier: GPL-3.0-or-later
#include "workestimate.h"

#include <algorithm>

namespace ae {

namespace {

/// Operations per score for a softmax with its entropy: an exp, a log and a few additions.
constexpr double softmaxOperationsPerScore = 40.0;

} // namespace

WorkEstimate sessionWork(const Session &s)
{
    const double lq = s.querySequence().length();
    const double lk = s.keyValueSequence().length();
    const double dq = s.querySequence().width();
    const double dkv = s.keyValueSequence().width();
    const double d = s.attention.config.dModel;
    const double heads = s.attention.config.heads;
    WorkEstimate w;
    // x W for Q, K and V, the output projection, then Q K^T and weights V across all heads.
    const double multiplyAdds = (lq * dq + 2.0 * lk * dkv + lq * d) * d + 2.0 * lq * lk * d;
    w.operations = 2.0 * multiplyAdds;
    // Scores and weights per head and their mean; Q, concat, the head outputs and the output;
    // K and V.
    w.bytes = 8.0 * (2.0 * heads * lq * lk + lq * lk + 4.0 * lq * d + 2.0 * lk * d);
    return w;
}

WorkEstimate experimentWork(const EntropyExperimentConfig &config)
{
    const double queries = config.queries, keys = config.keys, repeats = config.repeats;
    WorkEstimate w;
    if (config.dims.empty())
        return w;
    // The products q k^T over the largest d_k's columns (a smaller d_k's scores are a prefix
    // sum of them), then for each d_k two softmaxes with their statistics.
    const int largest = *std::max_element(config.dims.begin(), config.dims.end());
    w.operations = repeats * queries * keys
        * (2.0 * largest + 2.0 * softmaxOperationsPerScore * double(config.dims.size()));
    // The queries stream in blocks: what a run holds at once.
    w.bytes = experimentMemoryBytes(config);
    return w;
}

} // namespace ae
