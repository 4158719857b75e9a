// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapcursor.h
/// The keyboard cursor of a heatmap: where each key moves it and how its ring is drawn.

#include <QPoint>
#include <QRectF>
#include <optional>

class QPainter;

namespace ae {

/// The rules of a heatmap's keyboard cursor, apart from the widget that keeps it.
class HeatmapCursor
{
public:
    /// Where @p key with @p modifiers moves the cursor from @p cell (x = column, y = row; a
    /// negative coordinate counts as 0) in a map of @p rows x @p columns: arrows by one cell,
    /// Home and End to the row's ends (with Ctrl to the map's first and last cell), Page Up
    /// and Page Down to the column's ends, always inside the map. Empty for any other key or
    /// an empty map.
    static std::optional<QPoint> moved(
        QPoint cell, int key, Qt::KeyboardModifiers modifiers, int rows, int columns);
    /// Draws the focus ring around @p cell (widget pixels): dark outside, light inside, so it
    /// shows on the palest and the darkest colour, and never smaller than a few pixels.
    static void drawRing(QPainter &painter, const QRectF &cell);
};

} // namespace ae
