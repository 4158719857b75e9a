// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetwriter.h
/// Writes a class's worksheets to a folder: sessions, sheets, answers and answers.json. The
/// command line and File ▸ Make Worksheets… both call this, so they write the same files.

#include "worksheet/worksheet.h"

#include <QCoreApplication>
#include <QStringList>
#include <optional>

namespace ae {

/// The format of the sheets (the answers are always written as Markdown too).
enum class WorksheetFormat { Markdown, Latex, Pdf };

/// Writing worksheet files.
class WorksheetWriter
{
    Q_DECLARE_TR_FUNCTIONS(WorksheetWriter)
public:
    /// The command-line name of @p format ("markdown", "latex", "pdf").
    static QString formatName(WorksheetFormat format);
    /// The format named @p name, or nothing.
    static std::optional<WorksheetFormat> formatFromName(const QString &name);

    /// Writes, into @p dir (made when missing): per student NN, student-NN.session.json,
    /// student-NN.md / .tex / .pdf, student-NN.answers.md; and answers.md, answers.json
    /// (plus answers.tex or answers.pdf for those formats). Every file is written atomically.
    /// @pre checkWorksheetConfig(config) found nothing.
    /// @return false on the first file that cannot be written; @p error names it and says why.
    static bool write(const std::vector<StudentWorksheet> &sheets, const WorksheetConfig &config,
        WorksheetFormat format, const QString &dir, QString *error, QStringList *written = nullptr);
};

} // namespace ae
