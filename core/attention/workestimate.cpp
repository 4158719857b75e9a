// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/workestimate.h"

#include "session/sessionlimits.h"

#include <QCoreApplication>
#include <algorithm>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(WorkEstimate)
};

/// Bytes held for each number `compute` prints: the JSON value and its indented text.
constexpr double bytesPerPrintedNumber = 96.0;

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

WorkEstimate computeOutputWork(const Session &s, bool projections, bool qkv)
{
    const double lq = s.querySequence().length();
    const double lk = s.keyValueSequence().length();
    const double dq = s.querySequence().width();
    const double dkv = s.keyValueSequence().width();
    const double d = s.attention.config.dModel;
    const double heads = s.attention.config.heads;
    // d_k, scores and weights per head, the heads' outputs (lq x d_k each), the mean weights,
    // the output and the fully masked rows at their most (every query).
    double printed = 1.0 + 2.0 * heads * lq * lk + lq * d + lq * lk + lq * d + lq;
    if (projections)
        printed += (dq + 2.0 * dkv + d) * d + 4.0 * d;
    if (qkv)
        printed += (lq + 2.0 * lk) * d;
    WorkEstimate w = sessionWork(s);
    w.bytes += bytesPerPrintedNumber * printed;
    return w;
}

std::optional<SessionError> memoryBudgetProblem(
    double bytes, const QString &path, const QString &advice)
{
    if (bytes <= limits::maxMemoryBytes)
        return std::nullopt;
    return SessionError { SessionError::Kind::Invalid, path,
        Msg::tr("needs about %1 GB of memory, more than the budget of %2 GB: %3")
            .arg(bytes / 1e9, 0, 'f', 1)
            .arg(limits::maxMemoryBytes / 1e9, 0, 'f', 1)
            .arg(advice) };
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
