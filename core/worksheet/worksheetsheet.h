// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetsheet.h
/// The student's sheet: the setup, the tokens and vectors, and the questions, without any
/// answer. Numbers on the sheet have at most one decimal.

#include "worksheet/worksheet.h"
#include "worksheet/worksheetdocument.h"

namespace ae {

/// The sheet of @p sheet, in @p language.
WorksheetDocument worksheetSheet(const StudentWorksheet &sheet, WorksheetLanguage language);

/// The text of question @p index of @p sheet (numbers of heads, tokens and components from 1),
/// as the sheet and the answers both print it.
WorksheetText worksheetQuestionPrompt(
    const StudentWorksheet &sheet, size_t index, WorksheetLanguage language);

/// "query 2 “love”" / "查询 2“love”": a query token by number (from 1) and text.
WorksheetText worksheetQueryRef(const Session &session, int query, WorksheetLanguage language);
/// "key 1 “我”" / "键 1“我”".
WorksheetText worksheetKeyRef(const Session &session, int key, WorksheetLanguage language);

/// The scale as written on the sheet, e.g. "√2" (or "√4 = 2"), never as a decimal; inline
/// math for worksheetInline().
QString worksheetScaleText(int dK);

} // namespace ae
