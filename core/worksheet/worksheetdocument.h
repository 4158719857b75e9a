// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetdocument.h
/// A worksheet page as a list of blocks (headings, paragraphs, formulas, tables), written once
/// and rendered as Markdown, LaTeX or (in the figures library) PDF, so that all formats say
/// the same thing.

#include "worksheet/worksheet.h"

#include <QString>
#include <vector>

namespace ae {

/// A piece of text in two spellings: plain Unicode (Markdown, PDF) and LaTeX.
struct WorksheetText
{
    QString plain;
    QString latex; ///< ready for a LaTeX document body (inline math already in $...$)

    WorksheetText &operator+=(const WorksheetText &o)
    {
        plain += o.plain;
        latex += o.latex;
        return *this;
    }
    friend WorksheetText operator+(WorksheetText a, const WorksheetText &b) { return a += b; }
};

/// Text that reads the same in both spellings; LaTeX's special characters are escaped.
WorksheetText worksheetText(const QString &text);
/// Inline math: @p plain as Unicode, @p latex as LaTeX math (wrapped in $...$ here).
WorksheetText worksheetMath(const QString &plain, const QString &latex);
/// Text with inline math between dollar signs, e.g. "keys $j ≤ i$": the plain spelling drops
/// the dollars; the LaTeX one escapes the text and spells the math's √N, √d_k, ≤, ·, Σ, − and
/// d_model as LaTeX.
WorksheetText worksheetInline(const QString &text);
/// A number with exactly @p decimals decimals, as inline math.
WorksheetText worksheetNumber(double value, int decimals);

/// English or Chinese: the phrase for @p language (both given as UTF-8).
QString worksheetPhrase(WorksheetLanguage language, const char *english, const char *chinese);

/// One block of a page.
struct WorksheetBlock
{
    enum class Kind {
        Title, ///< the page's title
        Heading, ///< a section heading
        Paragraph, ///< running text
        Formula, ///< a displayed formula (latex holds math without delimiters)
        Table, ///< rows, the first one the header
        AnswerSpace, ///< room for the student's answer
        PageBreak ///< a new page (between students in answers.md)
    };
    Kind kind = Kind::Paragraph;
    WorksheetText text;
    std::vector<std::vector<WorksheetText>> rows; ///< Table only; the first row is the header
    int figureStudent = -1; ///< PDF: the student whose heatmap follows this block (-1 none)
};

/// A page (or several, with page breaks), in reading order.
using WorksheetDocument = std::vector<WorksheetBlock>;

/// The document as Markdown (UTF-8 text, one blank line between blocks).
QString worksheetToMarkdown(const WorksheetDocument &document);

/// The document as a complete LaTeX file: article (English) or ctexart (Chinese), amsmath.
QString worksheetToLatex(const WorksheetDocument &document, WorksheetLanguage language);

} // namespace ae
