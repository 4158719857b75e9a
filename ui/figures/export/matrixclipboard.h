// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file matrixclipboard.h
/// Matrices as text for notes and slides: TSV (spreadsheets), CSV, Markdown tables and LaTeX
/// bmatrix, and copying that text to the clipboard.

#include "export/labelledmatrix.h"

#include <QCoreApplication>
#include <vector>

namespace ae {

/// Formats labelled matrices as text.
class MatrixClipboard
{
    Q_DECLARE_TR_FUNCTIONS(MatrixClipboard)
public:
    /// The text formats.
    enum class Format { Tsv, Csv, Markdown, Latex };

    /// Every format, in menu order.
    static std::vector<Format> formats();
    /// The menu text of @p format, e.g. "Tab-Separated Values (TSV)".
    static QString displayName(Format format);

    /// One matrix as text. TSV and CSV put the row labels in the first column and the column
    /// labels in the first row, with full precision (they read back to the same doubles);
    /// Markdown does the same with four decimals; LaTeX writes a bmatrix with four decimals,
    /// preceded by a comment naming the rows and columns. A masked cell is -inf (−∞, -\infty).
    static QString format(const LabelledMatrix &matrix, Format format);
    /// Several matrices (e.g. each head's scores), each headed by its name, separated by a
    /// blank line. A single matrix is written without its name in TSV and CSV, so that it
    /// pastes into a spreadsheet as one table.
    static QString format(const std::vector<LabelledMatrix> &matrices, Format format);

    /// Puts format(matrices, format) on the system clipboard.
    static void copy(const std::vector<LabelledMatrix> &matrices, Format format);

    /// A row or column label as the TSV, CSV and LaTeX texts write it: on one line (tabs and
    /// line breaks become spaces), control characters visible (Figure::displayText()).
    static QString label(const QString &text);
    /// A CSV field, quoted when it holds a comma, quote, line break or outer space, or starts
    /// with '#' or U+FEFF (which CSV readers take for a comment or a byte order mark).
    static QString csvField(const QString &text);
    /// A Markdown table cell: Markdown's special characters escaped, line breaks as spaces.
    static QString markdownCell(const QString &text);
};

} // namespace ae
