// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file workestimate.h
/// How much arithmetic and memory a computation takes, estimated before running it, so that
/// callers can decide to run it off the GUI thread or refuse it. One counting rule for all:
/// floating-point operations (a multiply-add counts two) and bytes of doubles held at once.

#include "scaling/entropyexperiment.h"
#include "session/session.h"
#include "session/sessionerror.h"

#include <optional>

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

/// `attention-explorer compute` on @p session: sessionWork()'s result, and the JSON it prints
/// (with the projections and Q, K and V when asked for). Each printed number is held as a JSON
/// value (16 bytes) and as indented text of up to 40 bytes with room for the text to grow:
/// 96 bytes a number (92 measured for 512 x 512 tokens and 64 heads).
WorkEstimate computeOutputWork(const Session &session, bool projections, bool qkv);

/// The refusal of a computation that would hold @p bytes at once, more than the memory budget
/// limits::maxMemoryBytes: "needs about 3.6 GB of memory, more than the budget of 1.0 GB:
/// ADVICE" at @p path; nothing within the budget.
std::optional<SessionError> memoryBudgetProblem(
    double bytes, const QString &path, const QString &advice);

/// runEntropyExperiment() on @p config: per repeat the products q k^T up to the largest d_k,
/// and per d_k two softmaxes with their statistics. Memory is experimentMemoryBytes(): the
/// keys, one block of queries and its scores.
WorkEstimate experimentWork(const EntropyExperimentConfig &config);

} // namespace ae
