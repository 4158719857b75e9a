// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonrunstore.h
/// The training runs lessons' claims and figures are computed from, kept for the program's
/// life: a lesson played again, in the other language, or written as a handout shows its
/// numbers without training the same run twice. A run is deterministic (its seed is part of
/// its settings), so a kept run is the run that would be trained again.

#include "training/trainingconfig.h"
#include "training/trainingmetrics.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace ae {

/// One run trained to its end.
struct LessonRun
{
    std::vector<StepMetrics> history; ///< one entry a step, in step order
    double heldOutAccuracy = 0.0; ///< on the task's held-out examples, after the last step
    std::optional<int> divergedAt; ///< the step where the loss stopped being finite
};

/// The program's store of lesson runs.
class LessonRunStore
{
public:
    /// How many runs are kept; the oldest goes first.
    static constexpr int capacity = 32;

    /// The run of @p config, trained here (calling @p onStep, when set, after every step) the
    /// first time it is asked for and kept; callers asking meanwhile wait for it.
    /// @return null when @p cancel was set before the run finished (nothing is kept then).
    static std::shared_ptr<const LessonRun> trained(const RunConfig &config,
        const std::atomic<bool> *cancel = nullptr, const std::function<void()> &onStep = {});

    /// How many runs are kept now.
    static int size();
};

} // namespace ae
