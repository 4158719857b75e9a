// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonlimits.h
/// Documented limits of lesson files. A lesson past any of these is refused with the JSON path
/// of the field before anything of the requested size is allocated.

#include <cstdint>

namespace ae::limits {

/// Largest lesson file read, in bytes (checked before the file is read).
constexpr std::int64_t maxLessonFileBytes = 32 * 1024 * 1024;
/// Most steps in one lesson.
constexpr int maxLessonSteps = 256;
/// Longest caption, presenter note, question prompt or choice option, per language, in UTF-16
/// code units.
constexpr int maxLessonTextLength = 16384;
/// Most named edits in one step.
constexpr int maxLessonEdits = 32;
/// Most options of a multiple-choice question.
constexpr int maxLessonChoices = 8;
/// Most highlighted cells in one step's view.
constexpr int maxLessonHighlights = 256;
/// Most numbers the resolved sessions of one lesson hold together (embeddings and projection
/// matrices, counting the projections a question's computation materializes): every step
/// holds a session of its own, so this bounds the memory of a whole lesson.
constexpr std::int64_t maxLessonNumbers = std::int64_t(8) * 1024 * 1024;
/// Most questions in one lesson (each one computes its step's attention).
constexpr int maxLessonQuestions = 64;
/// Most claims in one step.
constexpr int maxLessonClaimsPerStep = 32;
/// The temperature factor's range (the divisor as a multiple of sqrt(d_k)), the same as the
/// temperature slider's.
constexpr double minLessonTemperature = 0.1;
constexpr double maxLessonTemperature = 10.0;
/// A step's "view.training" is seconds of training, not the train command's hours: its
/// d_model and steps stay within these (each run of the two takes about 3 s at the limits on
/// one core), and a lesson opens the Training window in at most maxLessonTrainings steps. A
/// step whose claims name its runs trains them when the claims are evaluated, within the same
/// limits.
constexpr int maxLessonTrainModelDim = 128;
constexpr int maxLessonTrainSteps = 2000;
constexpr int maxLessonTrainings = 4;

} // namespace ae::limits
