// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file colormap.h
/// The heatmap colour maps: the articles' blue and two perceptual, colour-blind-safe maps.
/// Pure functions of a position in [0, 1]; shared by the screen, the exported figures and the
/// command line.

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <optional>

namespace ae {

/// The colour maps a heatmap can use.
enum class ColorMapKind {
    Blues, ///< white to deep blue, as matplotlib's "Blues" (ColorBrewer), used by the articles
    Viridis, ///< matplotlib's perceptually uniform viridis (dark purple to yellow)
    Cividis, ///< matplotlib's cividis, designed for colour-vision deficiency (dark blue to yellow)
    /// Diverging blue-white-red (ColorBrewer RdBu, reversed) for difference maps centred on 0;
    /// not offered for weights, so not in all().
    Difference
};

/// Lookup and naming of the colour maps.
class ColorMap
{
    Q_DECLARE_TR_FUNCTIONS(ColorMap)
public:
    /// The colour of @p kind at position @p t, clamped to [0, 1] (NaN counts as 0).
    static QColor at(ColorMapKind kind, double t);
    /// Black or white, whichever reads better on @p background (WCAG contrast ratio).
    static QColor textColorOn(const QColor &background);
    /// A colour that stands out against every colour of @p kind, for markers drawn on a map.
    static QColor accent(ColorMapKind kind);
    /// The stable key of @p kind: "blues", "viridis" or "cividis" (QSettings, command line).
    static QString key(ColorMapKind kind);
    /// The kind whose key() is @p key (case-insensitive, surrounding spaces ignored), or nothing.
    static std::optional<ColorMapKind> fromKey(const QString &key);
    /// The translated name shown to users, with what the map is for ("Blues (as in the
    /// articles)"): menus, dialogs with room, tooltips.
    static QString displayName(ColorMapKind kind);
    /// The map's own short name ("Blues", "Viridis"), for a control that must stay narrow.
    static QString shortName(ColorMapKind kind);
    /// The map a new window, an export and the command line start with: cividis, whose
    /// adjacent levels stay apart for protanopes, deuteranopes and tritanopes alike
    /// (tests/figures/heatmap/tst_colorvision.cpp); the articles' Blues does not.
    static ColorMapKind defaultKind() { return ColorMapKind::Cividis; }
    /// Every kind, the default first.
    static QList<ColorMapKind> all();
    /// The control points of @p kind, evenly spaced from 0 to 1 (at least two).
    static QList<QColor> controlPoints(ColorMapKind kind);
    /// WCAG relative luminance of @p color, in [0, 1].
    static double relativeLuminance(const QColor &color);
};

} // namespace ae
