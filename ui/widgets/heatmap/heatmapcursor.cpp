// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapcursor.h"

#include <QPainter>
#include <algorithm>

namespace ae {

std::optional<QPoint> HeatmapCursor::moved(
    QPoint cell, int key, Qt::KeyboardModifiers modifiers, int rows, int columns)
{
    if (rows <= 0 || columns <= 0)
        return std::nullopt;
    const bool control = modifiers.testFlag(Qt::ControlModifier);
    int row = std::max(0, cell.y());
    int column = std::max(0, cell.x());
    switch (key) {
    case Qt::Key_Left:
        --column;
        break;
    case Qt::Key_Right:
        ++column;
        break;
    case Qt::Key_Up:
        --row;
        break;
    case Qt::Key_Down:
        ++row;
        break;
    case Qt::Key_Home:
        column = 0;
        row = control ? 0 : row;
        break;
    case Qt::Key_End:
        column = columns - 1;
        row = control ? rows - 1 : row;
        break;
    case Qt::Key_PageUp:
        row = 0;
        break;
    case Qt::Key_PageDown:
        row = rows - 1;
        break;
    default:
        return std::nullopt;
    }
    return QPoint(std::clamp(column, 0, columns - 1), std::clamp(row, 0, rows - 1));
}

void HeatmapCursor::drawRing(QPainter &painter, const QRectF &cell)
{
    // A tiny cell (a long sequence) gets a ring larger than itself.
    const double grow = std::max(0.0, (10.0 - std::min(cell.width(), cell.height())) / 2.0);
    const QRectF ring = cell.adjusted(-grow - 1.5, -grow - 1.5, grow + 1.5, grow + 1.5);
    painter.save();
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(Qt::black, 3, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter.drawRect(ring);
    painter.setPen(QPen(Qt::white, 1.5, Qt::DashLine, Qt::SquareCap, Qt::MiterJoin));
    painter.drawRect(ring.adjusted(2.25, 2.25, -2.25, -2.25));
    painter.restore();
}

} // namespace ae
