// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classrecordcsv.h
/// The class record as CSV: fields a spreadsheet reads as text, never as a formula.

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ae::classroom {

/// Writing the class record's CSV (RFC 4180: CRLF line ends, fields quoted when needed).
class ClassRecordCsv
{
public:
    /// One field. A field that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets
    /// a leading apostrophe, so a spreadsheet shows it as text instead of running it as a
    /// formula (CSV injection). The field is then quoted when it holds a comma, a double quote
    /// or a line break, each double quote doubled.
    static QString field(const QString &text);
    /// True when @p text would be read as a formula by a spreadsheet.
    static bool looksLikeFormula(const QString &text);
    /// One record: the fields joined by commas, ended by CRLF, in UTF-8.
    static QByteArray row(const QStringList &fields);
    /// The header row: time, nickname, step, question, choice, correct.
    static QByteArray header();
};

} // namespace ae::classroom
