// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file figureoptions.h
/// What the user chooses when exporting a figure (the export dialog and the command line).

#include "heatmap/colormap.h"

#include <QSize>
#include <QString>

namespace ae {

/// Options of an exported heatmap, grid of heads or scaling plot.
struct FigureOptions
{
    /// Size in CSS pixels (1/96 inch). A zero width or height is chosen from the content.
    QSize size;
    /// PNG only: dots per inch; the image has size * dpi / 96 pixels.
    int dpi = 96;
    /// Print each cell's value inside it (where it fits).
    bool includeValues = true;
    /// Draw the colour bar with its scale.
    bool includeColorBar = true;
    /// Draw a title above the figure.
    bool includeTitle = true;
    /// The title; empty means the view's own title (e.g. "Mean of 2 heads").
    QString title;
    /// The colour map of heatmap cells.
    ColorMapKind colorMap = ColorMap::defaultKind();

    /// Largest width or height accepted, in CSS pixels.
    static constexpr int maxSide = 20000;
    /// Smallest width or height accepted, in CSS pixels.
    static constexpr int minSide = 64;
    /// Accepted PNG resolutions.
    static constexpr int minDpi = 24;
    static constexpr int maxDpi = 1200;
};

} // namespace ae
