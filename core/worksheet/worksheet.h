// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheet.h
/// Worksheets: a small, different attention exercise for every student of a class, with
/// questions whose answers the core computes (never typed in). Text output lives in
/// worksheettext.h; this file holds the sessions, the questions and the answers.

#include "attention/attentionresult.h"
#include "session/session.h"
#include "session/sessionerror.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace ae {

/// The language the sheets and answers are written in.
enum class WorksheetLanguage { English, Chinese };

/// Which sequences give the queries and the keys/values (session-format §1).
enum class WorksheetWiring {
    Cross, ///< queries from the target Y, keys and values from the source X
    Self, ///< everything from the source X (encoder self-attention)
    Reverse, ///< queries from the source X, keys and values from the target Y
    Decoder ///< everything from the target Y (decoder self-attention)
};

/// The documented ranges of the worksheet options; the command line and the dialog use these.
namespace worksheetlimits {
constexpr int minStudents = 1;
constexpr int maxStudents = 99; ///< students are numbered with two digits
constexpr int minTokens = 2;
constexpr int maxTokens = 4; ///< more would not be done by hand in about 20 minutes
constexpr int minDModel = 2;
constexpr int maxDModel = 8;
constexpr int maxHeads = 2;
} // namespace worksheetlimits

/// Everything that decides a class's worksheets. The same config gives the same bytes.
struct WorksheetConfig
{
    int students = 30; ///< 1 .. maxStudents
    std::uint64_t seed = 0;
    WorksheetLanguage language = WorksheetLanguage::English;
    int tokens = 3; ///< tokens per sequence, minTokens .. maxTokens
    int dModel = 2; ///< minDModel .. maxDModel; also the embedding width (identity projections)
    int heads = 1; ///< 1 or 2, must divide dModel
    WorksheetWiring wiring = WorksheetWiring::Cross;
    bool causal = false;
};

/// What a question asks.
enum class WorksheetQuestionKind {
    Score, ///< q·k / s of one (query, key) pair in one head
    Weight, ///< the attention weight of one cell in one head
    Argmax, ///< the key a query attends to most in one head (answer: the key's index)
    Output, ///< one component (dim) of a head's output row for one query
    Unscaled ///< the Weight question's cell again with s = 1: what changes without the scale
};

/// One question and its answer. Indices count from 0 (the sheets print them from 1).
struct WorksheetQuestion
{
    WorksheetQuestionKind kind = WorksheetQuestionKind::Score;
    int head = 0;
    int query = 0;
    int key = -1; ///< -1 for Argmax and Output
    int dim = -1; ///< the output component for Output, else -1
    double answer = 0.0; ///< the value (for Argmax the key index)
    /// For Unscaled: the same cell's weight with the session's scale, to compare with.
    double scaledWeight = 0.0;
};

/// One student's exercise.
struct StudentWorksheet
{
    int number = 1; ///< from 1
    Session session; ///< a valid session (identity projections)
    AttentionResult result; ///< computeSession(session)
    std::vector<WorksheetQuestion> questions;
};

/// Checks the options. @return the refusal, with the option's name as path ("students",
/// "tokens", "d-model", "heads") and what is allowed, or nothing.
std::optional<SessionError> checkWorksheetConfig(const WorksheetConfig &config);

/// The command-line name of @p wiring ("cross", "self", "reverse", "decoder").
QString worksheetWiringName(WorksheetWiring wiring);
/// The wiring named @p name, or nothing.
std::optional<WorksheetWiring> worksheetWiringFromName(const QString &name);

/// "student-07": the file name stem of student @p number.
QString worksheetStudentStem(int number);

/// Makes every student's worksheet. No two students share embeddings; every question has a
/// well-defined answer (the argmax question's row has a single largest weight).
/// @pre checkWorksheetConfig(config) found nothing.
std::vector<StudentWorksheet> makeWorksheets(const WorksheetConfig &config);

/// @p session with the scale set to none (s = 1): the "without the scale" variant.
Session withoutScale(const Session &session);

} // namespace ae
