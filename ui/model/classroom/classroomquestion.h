// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomquestion.h
/// The question the students' pages show for one lesson step.

#include "lesson/lesson.h"

#include <QJsonObject>
#include <QVector>
#include <optional>

namespace ae {

/// One step's question as the class answers it: a prompt, the choices as buttons and the
/// choice that is right (or none). Every text is plain text, never Markdown.
struct ClassroomQuestion
{
    int step = -1; ///< the lesson step, from 0
    LessonText prompt;
    QVector<LessonText> choices;
    int correct = -1; ///< the right choice, or -1 when the question has none

    /// The question as the page reads it: step, prompt and choices in both languages; the
    /// right choice only when @p revealed.
    QJsonObject toJson(bool revealed) const;

    /// The question of lesson step @p step as the class answers it, or nothing when the step
    /// asks none or its question cannot be answered by a button: a choice question's options;
    /// an argmax question's keys (at most kMaxChoices); a direction question's rises, falls and
    /// stays; a weight question's five bands 0–0.2 … 0.8–1. The right choice is the step's
    /// computed answer. The prompt and a choice question's options are the lesson's Markdown
    /// as plain text (LessonPlainText); keys are the tokens as they are.
    static std::optional<ClassroomQuestion> fromLessonStep(
        const ResolvedLessonStep &lessonStep, int step);
};

} // namespace ae
