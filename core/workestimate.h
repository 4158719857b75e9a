// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file workestimate.h
/// How much arithmetic and memory a computation takes, estimated before running it, so that
/// callers can decide to run it off the GUI thread or refuse it. One counting rule for all:
/// floating-point operations (a multiply-add counts two) and bytes of doubles held at once.

#include "entropyexperiment.h"
#include "session.h"

namespace ae {

/// The estimated cost of one computation.
struct WorkEstimate
{
    double operations = 0.0; ///< floating-point operations; exp and log count 20 each
    double bytes = 0.0; ///< the largest amount of memory held at once, in bytes
};

/// computeSession() on @p session: the projections, Q K^T and the weighted values of every
/// head, and the output projection. Memory is the result (scores and weights per head, Q, K,
/// V, concat and output).
/// @pre the session's sizes are within the limits (validateSession() passed).
WorkEstimate sessionWork(const Session &session);

/// runEntropyExperiment() on @p config: per repeat the products q k^T up to the largest d_k,
/// and per d_k two softmaxes with their statistics. Memory is experimentMemoryBytes(): the
/// keys, one block of queries and its scores.
WorkEstimate experimentWork(const EntropyExperimentConfig &config);

} // namespace ae
