// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetanswers.h
/// The answer key: every answer with its derivation, built from explainWeight() and the
/// session's computed result (never typed in).

#include "worksheet/worksheet.h"
#include "worksheet/worksheetdocument.h"

#include <QJsonArray>

namespace ae {

/// Decimals of the answers and derivations (the sheets ask for the same).
inline constexpr int worksheetAnswerDecimals = 4;

/// The answers of @p sheet with their derivations. The block after the title (naming the
/// session file) carries figureStudent = sheet.number, where the PDF draws a small heatmap.
WorksheetDocument worksheetAnswers(const StudentWorksheet &sheet, WorksheetLanguage language);

/// Every student's answers, one page each.
WorksheetDocument worksheetAnswerKey(
    const std::vector<StudentWorksheet> &sheets, WorksheetLanguage language);

/// The content of answers.json: one object per student with "student", "session" and
/// "questions" ({"kind", "head", "query", "key" | "dim", "answer", "tolerance"}; indices from
/// 0; the "without the scale" question is a "weight" with "scale": "none"). "tolerance" is how
/// far an answer may be from "answer" and still be right when worked by hand with 4 decimals
/// (handTolerance(); 0 for argmax).
QJsonArray worksheetAnswersJson(const std::vector<StudentWorksheet> &sheets);

} // namespace ae
