// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonjson.h
/// Reading lesson files (README, "Lesson files"). A lesson file comes from other people: it is
/// refused, with the JSON path of the first fault, unless every field is well formed, every
/// size is within lessonlimits.h (checked before anything of that size is allocated), every
/// step's session is valid and every caption passes LessonCaption::problem().

#include "lesson/lesson.h"
#include "session/sessionerror.h"

#include <QByteArray>
#include <functional>
#include <optional>

namespace ae {

/// The JSON text of the built-in example session called @p name (e.g. "decoder-causal"), or
/// nothing when there is no such example. The window and the command line read the compiled-in
/// resources; the tests give their own.
using LessonExampleSource = std::function<std::optional<QByteArray>(const QString &name)>;

/// The outcome of reading a lesson: the resolved lesson, or why it was refused.
struct LessonLoadResult
{
    ResolvedLesson lesson; ///< valid only when error is empty
    std::optional<SessionError> error;

    bool ok() const { return !error.has_value(); }
};

/// The format name every lesson file carries.
inline constexpr char lessonFormatName[] = "attention-explorer-lesson";
/// The only lesson format version this program reads.
inline constexpr int lessonFormatVersion = 1;
/// The file name suffix of lesson files.
inline constexpr char lessonFileSuffix[] = ".aelesson.json";

/// The session fields a step's "edits" may set, as dotted paths into the session file.
const QStringList &lessonEditablePaths();

/// How strictly lessonFromJson() reads.
enum class LessonStrictness {
    File, ///< a lesson file: every rule of the format
    /// a lesson still being written (an autosave): the title and captions may be empty and
    /// there may be no steps yet; every other rule holds
    Draft
};

/// Parses, validates and resolves lesson JSON: every step's whole session (inline, a built-in
/// example from @p examples, or the previous step's with named edits), its view, caption,
/// notes and question with the answer computed from the session.
LessonLoadResult lessonFromJson(const QByteArray &json, const LessonExampleSource &examples,
    LessonStrictness strictness = LessonStrictness::File);

/// Why @p question is refused as the question of a step at @p path (e.g. "steps[2].question")
/// whose session is @p session, after a step with @p previous (null for the first step), by
/// the very checks a lesson file's question passes; nothing when it is accepted.
std::optional<SessionError> lessonQuestionProblem(const LessonQuestion &question,
    const QString &path, const Session &session, const Session *previous);

/// Reads a lesson file. A missing or unreadable file gives an Io error; a file larger than
/// limits::maxLessonFileBytes is refused before it is read.
LessonLoadResult loadLessonFile(const QString &fileName, const LessonExampleSource &examples);

} // namespace ae
