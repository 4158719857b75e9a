// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonrevealimages.h
/// The picture of a lesson step that the students' pages show at its reveal.

#include "classroom/classroomrevealimages.h"
#include "export/figure.h"
#include "lesson/lesson.h"

#include <QByteArray>
#include <functional>

namespace ae {

/// Draws the students' picture of a revealed lesson step: the heatmap the window shows for
/// it (the mean, one head, or their alignment lines, as the step's view says), computed from
/// the step's own session with the export figures' code, as PNG. A step that trains shows its
/// session's heatmap too, as the window's main view does: its training curves would need both
/// runs trained (seconds), which a reveal does not wait for. No widgets: `serve` uses it
/// headless.
class LessonRevealImages : public ClassroomRevealImages
{
public:
    /// Draws the steps of the lesson @p lesson gives when asked (null or empty: none).
    explicit LessonRevealImages(std::function<const ResolvedLesson *()> lesson);

    /// The PNG of step @p step of the lesson, or empty bytes when there is no such step.
    QByteArray revealPng(int step) override;

    /// The figure of @p step's picture.
    static Figure revealFigure(const ResolvedLessonStep &step);
    /// Most pixels of a picture: a larger figure is drawn at a lower resolution.
    static constexpr double maxPixels = 2.0e6;

private:
    std::function<const ResolvedLesson *()> m_lesson;
};

} // namespace ae
