// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file figurestyle.h
/// The look every exported figure shares: margins, font sizes (in figure pixels) and colours.

#include <QColor>
#include <QFontMetricsF>

namespace ae::figurestyle {

constexpr double outerMargin = 14.0; ///< blank border around the figure
constexpr double titlePx = 17.0; ///< figure title
constexpr double axisTitlePx = 12.0; ///< axis and colour-bar titles, notes
constexpr double tickPx = 11.0; ///< tick labels
inline const QColor textColor(0x20, 0x20, 0x20); ///< titles, labels
inline const QColor mutedTextColor(0x55, 0x55, 0x55); ///< axis titles, notes
inline const QColor frameColor(0x8c, 0x8c, 0x8c); ///< plot frames
inline const QColor gridColor(0xe4, 0xe4, 0xe4); ///< plot grid lines
inline const QColor guideColor(0x55, 0x55, 0x55); ///< theoretical guides (ln(keys), sqrt(d_k), 1)
/// How far a d_k axis reaches beyond the outermost d_k, as a factor (as on screen).
constexpr double dkAxisMargin = 1.6;

/// The offset from a line's vertical centre to its baseline, so text drawn at
/// centre + baselineOffset() sits centred on that line.
inline double baselineOffset(const QFontMetricsF &fm)
{
    return (fm.ascent() - fm.descent()) / 2.0;
}

} // namespace ae::figurestyle
