// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingtrace.h
/// What the training lab's curves show of one run: the core's per-step metrics laid out as one
/// column per quantity, the form a plot takes.

#include "training/trainingmetrics.h"

#include <vector>

namespace ae {

/// One run's recorded steps, in order; every vector has one entry per recorded step.
struct TrainingTrace
{
    std::vector<double> steps; ///< the step numbers (0 = before the first update)
    std::vector<double> loss; ///< the batch's mean loss at that step, before its update
    std::vector<double> accuracy; ///< teacher-forced token accuracy on that batch, 0 to 1
    std::vector<double> gradNormQ; ///< Frobenius norm of the gradient of w_q
    std::vector<double> gradNormK; ///< Frobenius norm of the gradient of w_k
    std::vector<double> maxWeight; ///< mean of each attention row's largest weight

    /// Appends the metrics of one step (steps arrive in increasing order).
    void append(const StepMetrics &metrics);
    /// Forgets every step.
    void clear();

    /// Number of recorded steps.
    int size() const { return static_cast<int>(steps.size()); }
    bool empty() const { return steps.empty(); }
    /// The index of the recorded step nearest to @p step at or below it (0 when before all);
    /// -1 when nothing is recorded.
    int indexAtOrBefore(double step) const;
};

} // namespace ae
