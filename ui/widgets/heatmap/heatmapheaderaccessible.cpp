// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapheaderaccessible.h"

#include "heatmap/heatmapaccessible.h"
#include "heatmap/heatmapplot.h"

namespace ae {

HeatmapHeaderAccessible::HeatmapHeaderAccessible(
    HeatmapAccessible *table, bool rowHeader, int index)
    : m_table(table)
    , m_rowHeader(rowHeader)
    , m_index(index)
{
}

bool HeatmapHeaderAccessible::isValid() const
{
    return m_table->isValid()
        && m_index < (m_rowHeader ? m_table->rowCount() : m_table->columnCount());
}

QObject *HeatmapHeaderAccessible::object() const
{
    return nullptr;
}

QWindow *HeatmapHeaderAccessible::window() const
{
    return m_table->window();
}

QAccessibleInterface *HeatmapHeaderAccessible::parent() const
{
    return m_table;
}

QAccessibleInterface *HeatmapHeaderAccessible::child(int index) const
{
    Q_UNUSED(index);
    return nullptr;
}

int HeatmapHeaderAccessible::childCount() const
{
    return 0;
}

int HeatmapHeaderAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    Q_UNUSED(child);
    return -1;
}

QAccessibleInterface *HeatmapHeaderAccessible::childAt(int x, int y) const
{
    Q_UNUSED(x);
    Q_UNUSED(y);
    return nullptr;
}

QString HeatmapHeaderAccessible::text(QAccessible::Text t) const
{
    if (!isValid() || t != QAccessible::Name)
        return QString();
    return m_rowHeader ? m_table->rowDescription(m_index) : m_table->columnDescription(m_index);
}

void HeatmapHeaderAccessible::setText(QAccessible::Text t, const QString &text)
{
    Q_UNUSED(t);
    Q_UNUSED(text);
}

QRect HeatmapHeaderAccessible::rect() const
{
    if (!isValid())
        return QRect();
    // The strip beside the row (left of the cells) or under the column (below them), where
    // its token is written.
    const HeatmapPlot *plot = m_table->plot();
    const QRect cells = plot->axisRect()->rect();
    QRect local;
    if (m_rowHeader) {
        const QRect cell = plot->cellRect(m_index, 0).toAlignedRect();
        local = QRect(QPoint(0, cell.top()), QPoint(cells.left() - 1, cell.bottom()));
    } else {
        const QRect cell = plot->cellRect(0, m_index).toAlignedRect();
        local
            = QRect(QPoint(cell.left(), cells.bottom() + 1), QPoint(cell.right(), plot->height()));
    }
    return QRect(plot->mapToGlobal(local.topLeft()), local.size());
}

QAccessible::Role HeatmapHeaderAccessible::role() const
{
    return m_rowHeader ? QAccessible::RowHeader : QAccessible::ColumnHeader;
}

QAccessible::State HeatmapHeaderAccessible::state() const
{
    QAccessible::State s;
    s.invalid = !isValid();
    s.readOnly = true;
    return s;
}

} // namespace ae
