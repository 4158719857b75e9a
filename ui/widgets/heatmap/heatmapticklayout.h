// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapticklayout.h
/// How a heatmap's token labels fit along its axes: which labels are drawn and how the column
/// labels are set when they are wider than their cells.

class QFont;
class QRect;

#include <QString>

namespace ae {

struct HeatmapData;

/// The layout of a heatmap's tick labels for one size of its axis rectangle.
struct HeatmapTickLayout
{
    int rowStep = 1; ///< label every rowStep-th row
    int columnStep = 1; ///< label every columnStep-th column
    bool rotateColumns = false; ///< column labels turned on their side
    bool stackColumns = false; ///< short CJK column labels drawn upright, one character a line
    QString rowTitle; ///< the row axis's title as drawn: whole, in two lines, or cut short

    /// Pixels kept between the ink of two row labels drawn one above the other.
    static constexpr double rowLabelGap = 1.0;

    /// @p title as it fits along an axis @p length px long in @p font: whole when it fits,
    /// else broken into two lines (at the space nearest its middle, or in the middle of a
    /// title without spaces), else each line cut short with an ellipsis; whole when
    /// @p length is 0 (before the first layout).
    static QString fitTitle(const QString &title, int length, const QFont &font);

    /// The height of the ink of @p data's tallest row label (cut to @p maxLabelChars
    /// characters) in @p font: rows are labelled as densely as these heights allow
    /// (rowLabelGap apart), not the font's whole line height; the line height when no row has
    /// a label.
    static double rowLabelHeight(const HeatmapData &data, const QFont &font, int maxLabelChars);

    /// The layout for the labels of @p data (a non-empty matrix; labels cut to @p maxLabelChars
    /// characters) in @p area drawn with @p font; an empty @p area (before the first layout)
    /// fits every label; the row title fitted along the area's height (fitTitle()).
    static HeatmapTickLayout fit(
        const HeatmapData &data, const QRect &area, const QFont &font, int maxLabelChars);
};

} // namespace ae
