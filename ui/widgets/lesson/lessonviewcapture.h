// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonviewcapture.h
/// What the window shows, read into a lesson step's view.

#include "computation/computationsteps.h"
#include "lesson/lesson.h"

namespace ae {

class MainWindow;

/// Reads the window's view for "Record Step".
class LessonViewCapture
{
public:
    /// The window's view now: the large heatmap (mean, a head, or the lines of either), the
    /// computation view's step (empty when it is closed), the scaling lab's panel (empty when
    /// the lab is closed) and the temperature (the custom divisor as a multiple of √d_k, when
    /// the session has one within the slider's range) and the cells the large heatmap outlines
    /// (a played step's highlights).
    static LessonView capture(const MainWindow &window);

    /// The lesson file's name of a computation step; the split of Q, K and V is "q".
    static QString stepName(ComputationStep step);
};

} // namespace ae
