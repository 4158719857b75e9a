// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file exportoptions.h
/// The option parser of the `export` subcommand.

#include "cli/parsedcommand.h"
#include "export/figureoptions.h"
#include "scaling/scalinglabfigure.h"

#include <QStringList>
#include <optional>

namespace ae {

/// What `export --view` asks to draw.
struct ExportView
{
    enum class Kind { Mean, Head, Grid, Scaling };
    Kind kind = Kind::Mean;
    int head = -1;
    bool lines = false; ///< the alignment view of the mean or the head, not its heatmap
    /// Scaling only: one of the lab's panels; without it, the classic entropy plot...
    std::optional<ScalingLabFigure::Panel> panel = std::nullopt;
    bool labGrid = false; ///< ...or every panel in a grid

    /// Parses --view's @p text; on failure returns nothing and sets @p error.
    static std::optional<ExportView> parse(const QString &text, QString *error);
};

/// `export SESSION.json -o OUT [options]`, checked as far as possible without the session
/// (head:N against the session's heads comes after loading it).
struct ExportOptions
{
    QString sessionFile;
    QString outputFile; ///< with a known extension (.svg, .png or .pdf)
    ExportView view;
    FigureOptions figure;
    double threshold = 0.05; ///< lines only: weights below this get no line
    bool stretch = false; ///< the colour scale ends at the largest weight shown
    bool strict = false; ///< refuse a session with an unknown field
};

/// Parses `export`'s arguments: the program name followed by the subcommand's own arguments.
/// A refusal after the session file is known starts with "SESSION.json: ".
ParsedCommand<ExportOptions> parseExportArgs(const QStringList &args);

} // namespace ae
