// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file entropyexperiment.h
/// The scaling experiment: softmax statistics of random scores against d_k, with and without
/// the 1/sqrt(d_k) scale. For each d_k it reports the mean row entropy, the spread of the
/// scores, the size of the softmax's Jacobian, the share of saturated rows and a histogram of
/// the scores, for the unscaled scores q k^T and the scaled ones q k^T / sqrt(d_k) of the
/// same draws (README, "The math and the session file").

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "session/sessionerror.h"

namespace ae {

/// Parameters of one run.
struct EntropyExperimentConfig
{
    std::vector<int> dims { 8, 32, 128, 512 }; ///< the d_k values, each >= 1
    int queries = 2048; ///< rows of q per draw
    int keys = 10; ///< rows of k per draw (the entropy ceiling is ln(keys))
    int repeats = 1; ///< independent draws averaged per d_k
    std::uint64_t seed = 0; ///< the same seed gives the same numbers on every run

    bool operator==(const EntropyExperimentConfig &o) const
    {
        return dims == o.dims && queries == o.queries && keys == o.keys && repeats == o.repeats
            && seed == o.seed;
    }
    bool operator!=(const EntropyExperimentConfig &o) const { return !(*this == o); }
};

/// Shares of one d_k's scores in equal bins over [lo, hi] = [-4 sqrt(d_k), 4 sqrt(d_k)]
/// (four standard deviations of the unscaled scores), averaged over repeats. The scaled
/// scores use the same bins, so both can be drawn on one axis.
struct ScoreHistogram
{
    /// Number of bins of every histogram.
    static constexpr int binCount = 64;
    double lo = 0.0; ///< left edge of the first bin
    double hi = 0.0; ///< right edge of the last bin
    std::vector<double> unscaled; ///< binCount shares of the unscaled scores
    std::vector<double> scaled; ///< binCount shares of the scaled scores
    /// Width of one bin.
    double binWidth() const { return (hi - lo) / binCount; }
};

/// The experiment's figures, one entry per dimension of the config, in its order.
struct EntropyExperimentResult
{
    std::vector<int> dims;
    std::vector<double> unscaled; ///< mean row entropy (nats) of softmax(q k^T)
    std::vector<double> scaled; ///< mean row entropy (nats) of softmax(q k^T / sqrt(d_k))
    /// Population standard deviation of all queries x keys scores of one repeat, averaged
    /// over repeats.
    std::vector<double> unscaledScoreStd, scaledScoreStd;
    /// Mean over rows and repeats of the softmax Jacobian's Frobenius norm
    /// ||diag(p) - p p^T||_F.
    std::vector<double> unscaledGradNorm, scaledGradNorm;
    /// Share of rows whose largest weight exceeds saturationThreshold, averaged over repeats.
    std::vector<double> unscaledSaturated, scaledSaturated;
    std::vector<ScoreHistogram> histograms; ///< the scores of each d_k
    bool cancelled = false; ///< true when the callback stopped the run (every vector empty)
};

/// A row counts as saturated when its largest weight exceeds this.
constexpr double saturationThreshold = 0.99;

/// Queries drawn and scored together: the run holds one block of queries at a time, never
/// the whole queries x keys matrix.
constexpr int experimentBlockQueries = 256;

/// Bytes a run of @p config holds at its peak (keys, one block of queries and its scores,
/// the generators and the histograms); validateExperiment() bounds it.
double experimentMemoryBytes(const EntropyExperimentConfig &config);

/// Returns the first parameter past the documented limits (path relative to the experiment,
/// e.g. "dims[2]" or "queries"; empty for the run as a whole, which includes the random draws
/// and the memory a run holds), or nothing.
std::optional<SessionError> validateExperiment(const EntropyExperimentConfig &config);

/// Runs the experiment. @p shouldStop, when given, is polled before each block of queries,
/// each d_k of a block and each slice of 256 columns of a product; returning true ends the
/// run early with result.cancelled set.
/// q and k hold N(0, 1) entries; one key draw per repeat; column j of q (and of k) in repeat
/// r comes from its own stream, so a d_k uses the first d_k columns whatever else is in the
/// list, and adding a dimension does not change the others' numbers.
/// @pre validateExperiment(config) is empty.
EntropyExperimentResult runEntropyExperiment(
    const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop = {});

} // namespace ae
