// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapticklayout.h
/// How a heatmap's token labels fit along its axes: which labels are drawn and how the column
/// labels are set when they are wider than their cells.

class QFont;
class QRect;

namespace ae {

struct HeatmapData;

/// The layout of a heatmap's tick labels for one size of its axis rectangle.
struct HeatmapTickLayout
{
    int rowStep = 1; ///< label every rowStep-th row
    int columnStep = 1; ///< label every columnStep-th column
    bool rotateColumns = false; ///< column labels turned on their side
    bool stackColumns = false; ///< short CJK column labels drawn upright, one character a line

    /// The layout for the labels of @p data (a non-empty matrix; labels cut to @p maxLabelChars
    /// characters) in @p area drawn with @p font; an empty @p area (before the first layout)
    /// fits every label.
    static HeatmapTickLayout fit(
        const HeatmapData &data, const QRect &area, const QFont &font, int maxLabelChars);
};

} // namespace ae
