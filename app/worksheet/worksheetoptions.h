// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetoptions.h
/// The option parser of the `worksheet` subcommand.

#include "cli/parsedcommand.h"
#include "worksheet/worksheet.h"
#include "worksheet/worksheetwriter.h"

#include <QStringList>

namespace ae {

/// `worksheet -o DIR [options]`, fully checked (checkWorksheetConfig() found nothing).
struct WorksheetOptions
{
    QString outputDir;
    WorksheetConfig config;
    WorksheetFormat format = WorksheetFormat::Markdown;
};

/// Parses `worksheet`'s arguments: the program name followed by the subcommand's own
/// arguments. Every refusal line starts with "worksheet: ".
ParsedCommand<WorksheetOptions> parseWorksheetArgs(const QStringList &args);

} // namespace ae
