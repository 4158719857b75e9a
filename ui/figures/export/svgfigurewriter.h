// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file svgfigurewriter.h
/// Writes a Figure as a true vector SVG: heatmap cells as <rect>s (a run of equal colour in a
/// row as one), every token, value and title as <text>, gradients for colour bars, and no
/// raster image anywhere.
///
/// The cells of one heatmap are a group <g class="cells"> whose transform maps cell units to
/// pixels: inside it, x and y are the column and row, width and height count cells. Short
/// classes mark what repeats per cell: "m" a masked cell, "h" its hatch line, "v" a value.

#include "export/figure.h"

#include <QCoreApplication>
#include <QString>

namespace ae {

/// Figure to SVG 1.1, written with QXmlStreamWriter.
class SvgFigureWriter
{
    Q_DECLARE_TR_FUNCTIONS(SvgFigureWriter)
public:
    /// Most heatmap cells one SVG holds: 262 144, a 512 x 512 map, or the mean and 3 heads of
    /// a 256 x 256 map. Cells are written compactly (one cell grid scaled to whole-number
    /// coordinates, runs of equal colour merged): such a file is 3 to 15 MB and librsvg draws
    /// it in 1 to 4 seconds (figures in the README). Larger figures are refused with a
    /// suggestion to export PNG instead.
    static constexpr qint64 maxCells = 512 * 512;
    /// Most heatmap cells that get a hover tooltip each (a <title> with tokens and value);
    /// larger maps leave them out, which keeps their files small.
    static constexpr qint64 maxTooltipCells = 40000;

    /// The size rule: why a figure of @p cells heatmap cells cannot be SVG (more than
    /// maxCells), or an empty string.
    static QString cellLimitProblem(qint64 cells);
    /// Why @p figure cannot be written as SVG (too many cells), or an empty string.
    static QString refusal(const Figure &figure);

    /// The SVG document. Never fails; callers check refusal() first.
    static QByteArray toSvg(const Figure &figure);

    /// Writes @p figure to @p fileName atomically (the old file stays intact on failure).
    /// On failure returns false and sets @p error to a message naming the file.
    static bool write(const Figure &figure, const QString &fileName, QString *error);

    /// @p text with every character XML 1.0 forbids replaced (U+FFFD), so that any token,
    /// however hostile, gives a well-formed document.
    static QString xmlSafe(const QString &text);
};

} // namespace ae
