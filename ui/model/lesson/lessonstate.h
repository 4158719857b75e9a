// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonstate.h
/// A lesson being written, as one undo snapshot: the title and the steps, each step shared
/// between the snapshots it did not change (a caption edit copies one step, never the others).

#include "lesson/lesson.h"

#include <memory>
#include <vector>

namespace ae {

/// One snapshot of a lesson being written.
struct LessonState
{
    LessonText title;
    std::vector<std::shared_ptr<const ResolvedLessonStep>> steps;
};

} // namespace ae
