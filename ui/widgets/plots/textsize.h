// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file textsize.h
/// The one rule for text sizes that are not the application font's own: a size is designed
/// against Qt's default 9-point application font and scaled with the font the desktop sets, so
/// a larger desktop font (or a zoom) enlarges every view's text alike.

#include <QFont>

namespace ae {

/// Point sizes relative to QApplication::font().
class TextSize
{
public:
    /// The application font's point size the design sizes were chosen against.
    static constexpr double designBasePoints = 9.0;

    /// @p designPoints scaled by the application font: designPoints × (its point size / 9).
    /// An application font set in pixels counts as its size at 96 dots per inch.
    static double points(double designPoints);
    /// @p font at points(@p designPoints).
    static QFont sized(QFont font, double designPoints);
};

} // namespace ae
