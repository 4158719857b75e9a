// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classrecord.h
/// The class record: every answer the room acknowledged, kept in a CSV file.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ae {

/// The class record file. Each answer adds a row (time, nickname, step, question, choice,
/// correct) and the whole file is written again atomically (AtomicFileWriter) before the
/// answer is acknowledged, so a killed program loses no acknowledged answer. Without a file
/// name the rows are only kept in memory.
class ClassRecord
{
    Q_DECLARE_TR_FUNCTIONS(ClassRecord)
public:
    /// Sets the file the record is written to (empty: none) and writes the rows so far.
    bool setFileName(const QString &fileName, QString *error);
    /// The file the record is written to.
    QString fileName() const { return m_fileName; }
    /// Adds a row of @p fields and writes the file. On failure the row is not kept and
    /// @p error says why.
    bool append(const QStringList &fields, QString *error);
    /// Adds every row of @p rows with one write of the file: all are kept, or on failure none.
    bool append(const QList<QStringList> &rows, QString *error);
    /// The whole record as CSV bytes (header first).
    QByteArray csv() const;
    /// The number of rows.
    int rowCount() const { return m_rows; }
    /// How many times the file was written (atomically, whole) since this record was made.
    int writeCount() const { return m_writes; }

private:
    bool write(const QByteArray &bytes, QString *error);
    QString m_fileName;
    QByteArray m_body;
    int m_rows = 0;
    int m_writes = 0;
};

} // namespace ae
