// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingmetrics.h
/// What one training step measures (spec training.md, section 4). The window plots these;
/// none is ever NaN or infinite (a step whose loss is not finite is reported as divergence
/// instead, see Trainer::divergedAt()).

namespace ae {

/// The metrics of one step, measured on that step's batch before its update.
struct StepMetrics
{
    int step = 0; ///< counts from 0
    double loss = 0.0; ///< mean cross-entropy over the batch and the target positions
    double accuracy = 0.0; ///< share of target positions whose argmax logit is the target
    /// Share of queries whose largest head-mean weight is on the source position the task
    /// copies from (0 when the batch has no alignment).
    double alignmentAccuracy = 0.0;
    double maxWeight = 0.0; ///< mean over heads and rows of each weight row's largest weight
    double entropy = 0.0; ///< mean over heads and rows of each weight row's entropy, nats
    double gradNormQ = 0.0; ///< Frobenius norm of the gradient of w_q
    double gradNormK = 0.0; ///< Frobenius norm of the gradient of w_k
};

/// Loss and accuracy of a model on held-out examples.
struct EvaluationMetrics
{
    double loss = 0.0;
    double accuracy = 0.0;
};

} // namespace ae
