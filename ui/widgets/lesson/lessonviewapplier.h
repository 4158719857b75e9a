// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonviewapplier.h
/// Puts what a lesson step shows (LessonView) on the window: the large heatmap (the mean, a
/// head or the alignment lines), the computation view's step, the scaling lab's panel and the
/// highlighted cells. The temperature needs nothing here: the step's session carries it.

#include "lesson/lesson.h"

namespace ae {

class MainWindow;

/// Applies a lesson step's view to the main window.
class LessonViewApplier
{
public:
    /// Shows @p view in @p window. While a question that depends on them is open, the scaling
    /// lab's panel is hidden (@p withholdScaling) and the training runs are neither shown nor
    /// started (@p withholdTraining); the reveal applies the view again without them.
    static void apply(MainWindow *window, const LessonView &view, bool withholdScaling = false,
        bool withholdTraining = false);
    /// The computation view's step (ComputationSteps::all() index) for a lesson's step name
    /// (lessonComputationSteps()), or -1 for an empty or unknown name.
    static int computationStepIndex(const QString &name);
};

} // namespace ae
