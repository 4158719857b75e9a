// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonwriter.h
/// Writing lesson files (README, "Lesson files"): every step with its whole session inline, so
/// that lessonFromJson() on what is written gives back an equal ResolvedLesson. Questions are
/// written as the file states them; the computed answers are never written (the loader computes
/// them again).

#include "lesson/lesson.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>

namespace ae {

/// {"en": ..., "zh": ...} with the empty languages left out.
QJsonObject lessonTextToJson(const LessonText &text);
/// A head index, or "mean" for LessonView::meanOfHeads.
QJsonValue lessonHeadToJson(int head);
/// The view as a step's "view" object.
QJsonObject lessonViewToJson(const LessonView &view);
/// The question as a step's "question" object: the fields its kind takes, the marked option of
/// a choice as "correct": true, no answer.
QJsonObject lessonQuestionToJson(const LessonQuestion &question);
/// One step as the file states it: "session" (inline), "view", "caption", "notes" when there
/// are any, "question" when there is one.
QJsonObject lessonStepToJson(const ResolvedLessonStep &step);
/// The whole lesson file: format, version, title and steps.
QJsonObject lessonToJson(const ResolvedLesson &lesson);
/// lessonToJson() as indented UTF-8 text.
QByteArray lessonToJsonBytes(const ResolvedLesson &lesson);

} // namespace ae
