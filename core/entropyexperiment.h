#pragma once

/// @file entropyexperiment.h
/// The scaling experiment: mean softmax entropy of random scores against d_k, with and without
/// the 1/sqrt(d_k) scale (README, "The math and the session file").

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sessionerror.h"

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

/// Mean row entropies in nats, one entry per dimension of the config.
struct EntropyExperimentResult
{
    std::vector<int> dims;
    std::vector<double> unscaled; ///< softmax(q k^T)
    std::vector<double> scaled; ///< softmax(q k^T / sqrt(d_k))
    bool cancelled = false; ///< true when the callback stopped the run (vectors then partial)
};

/// Returns the first parameter past the documented limits (path relative to the experiment,
/// e.g. "dims[2]" or "queries"; empty for the run as a whole), or nothing.
std::optional<SessionError> validateExperiment(const EntropyExperimentConfig &config);

/// Runs the experiment. @p shouldStop, when given, is polled often (at least once per
/// 64 queries); returning true ends the run early with result.cancelled set.
/// @pre validateExperiment(config) is empty.
EntropyExperimentResult runEntropyExperiment(
    const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop = {});

} // namespace ae
