// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonresolvedjson.h
/// A resolved lesson as JSON, as `lesson NAME --check` prints it (README, "Lesson files").

#include "lesson/lesson.h"

#include <QJsonObject>

namespace ae {

/// The spelling of @p kind in lesson files ("argmax", "weight", "direction", "choice").
QString lessonQuestionKindName(LessonQuestionKind kind);
/// The spelling of @p measure ("entropy", "max_weight", "output").
QString lessonMeasureName(LessonMeasure measure);
/// The spelling of @p direction ("rises", "falls", "unchanged").
QString lessonDirectionName(LessonDirection direction);

/// {"title": {"en", "zh"}, "steps": [{"session": the whole session, "view": {...},
/// "caption": {...}, "notes": {...}, "question": {"kind", "head": h or "mean", "query",
/// "key", "answer", ...}}]} with indices from 0. The answer is a key index (argmax), a weight
/// (weight; also "value" for argmax), "rises" / "falls" / "unchanged" with "before" and
/// "after" (direction), or the option's index (choice). With @p claimResults (one list per
/// step, lessonclaimevaluator.h), each step's "claims" carry "left_value", "right_value",
/// "bound", "holds" (and "problem"), and a caption with {{id}} marks its "shown" text.
QJsonObject resolvedLessonToJson(const ResolvedLesson &lesson,
    const std::vector<std::vector<LessonClaimResult>> *claimResults = nullptr);

} // namespace ae
