// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file embeddingcsvreader.h
/// Reading embedding vectors from a CSV (or TSV, or space-separated) file: one row per token,
/// optionally with the token in the first column and a header row.

#include <Eigen/Core>
#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ae {

/// What a CSV file held, or why it was refused.
struct EmbeddingCsv
{
    QStringList tokens; ///< from the first column; empty when the file has no token column
    Eigen::MatrixXd values; ///< one row per data row
    bool hadHeader = false; ///< the first row was a header and was skipped
    QString error; ///< empty on success; else names the row and column ("row 3, column 2: ...")

    bool ok() const { return error.isEmpty(); }
};

/// Parses embedding tables. Fields are separated by tabs, commas, semicolons or spaces (the
/// first row decides); numbers use a decimal point. A first column that is not numeric holds
/// tokens; a first row whose number columns are not numeric is a header. Blank lines and lines
/// starting with '#' are skipped. Rows and columns in messages count from 1, as a spreadsheet
/// does, and rows are lines of the file.
class EmbeddingCsvReader
{
    Q_DECLARE_TR_FUNCTIONS(EmbeddingCsvReader)
public:
    /// Largest file read, in bytes (512 tokens x 1024 numbers of 24 characters fit).
    static constexpr qint64 maxFileBytes = 16 * 1024 * 1024;

    /// Parses @p bytes (UTF-8; a byte order mark at the start of a line is ignored).
    static EmbeddingCsv parse(const QByteArray &bytes);
    /// Reads and parses @p fileName; a missing, unreadable or too large file gives an error.
    static EmbeddingCsv read(const QString &fileName);
};

} // namespace ae
