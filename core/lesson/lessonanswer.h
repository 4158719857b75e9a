// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonanswer.h
/// A lesson question's answer, computed from the attention of its step (never typed).

#include "attention/attentionresult.h"
#include "lesson/lesson.h"

namespace ae {

/// The value of @p measure for query row @p query of @p head (LessonView::meanOfHeads: the
/// head average; the output is the final output row, whatever the head) in @p result.
/// @pre the indices are within the result's shapes
double lessonMeasure(
    const AttentionResult &result, LessonMeasure measure, int head, int query, int dim);

/// The answer to @p question on @p result, the step's attention; @p previous is the previous
/// step's attention, needed by a direction question only. Argmax takes the first of equal
/// largest weights; a direction is Unchanged when the two values differ by at most 1e-12
/// relative to the larger magnitude (at least 1).
/// @pre the question's indices are within the results' shapes; previous is set for Direction
LessonAnswer computeLessonAnswer(
    const LessonQuestion &question, const AttentionResult &result, const AttentionResult *previous);

} // namespace ae
