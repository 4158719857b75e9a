// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapcellaccessible.h"

#include "heatmap/heatmapaccessible.h"
#include "heatmap/heatmapcellinfo.h"
#include "heatmap/heatmapplot.h"

#include <QWidget>

namespace ae {

HeatmapCellAccessible::HeatmapCellAccessible(HeatmapAccessible *table, int row, int column)
    : m_table(table)
    , m_row(row)
    , m_column(column)
{
}

bool HeatmapCellAccessible::isValid() const
{
    return m_table->isValid() && m_row < m_table->rowCount() && m_column < m_table->columnCount();
}

QObject *HeatmapCellAccessible::object() const
{
    return nullptr;
}

QWindow *HeatmapCellAccessible::window() const
{
    return m_table->window();
}

QAccessibleInterface *HeatmapCellAccessible::parent() const
{
    return m_table;
}

QAccessibleInterface *HeatmapCellAccessible::child(int index) const
{
    Q_UNUSED(index);
    return nullptr;
}

int HeatmapCellAccessible::childCount() const
{
    return 0;
}

int HeatmapCellAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    Q_UNUSED(child);
    return -1;
}

QAccessibleInterface *HeatmapCellAccessible::childAt(int x, int y) const
{
    Q_UNUSED(x);
    Q_UNUSED(y);
    return nullptr;
}

QString HeatmapCellAccessible::text(QAccessible::Text t) const
{
    if (!isValid() || t != QAccessible::Name)
        return QString();
    const HeatmapPlot *plot = m_table->plot();
    return HeatmapCellInfo::accessibleText(plot->data(), m_row, m_column, plot->weightsHidden());
}

void HeatmapCellAccessible::setText(QAccessible::Text t, const QString &text)
{
    Q_UNUSED(t);
    Q_UNUSED(text);
}

QRect HeatmapCellAccessible::rect() const
{
    if (!isValid())
        return QRect();
    const HeatmapPlot *plot = m_table->plot();
    const QRect local = plot->cellRect(m_row, m_column).toAlignedRect();
    return QRect(plot->mapToGlobal(local.topLeft()), local.size());
}

QAccessible::Role HeatmapCellAccessible::role() const
{
    return QAccessible::Cell;
}

QAccessible::State HeatmapCellAccessible::state() const
{
    QAccessible::State s;
    if (!isValid()) {
        s.invalid = true;
        return s;
    }
    const HeatmapPlot *plot = m_table->plot();
    s.focusable = plot->focusPolicy() != Qt::NoFocus;
    s.selectable = s.focusable;
    s.selected = isSelected();
    s.focused = s.selected && plot->hasFocus();
    s.readOnly = true;
    s.invisible = !plot->isVisible();
    return s;
}

void *HeatmapCellAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableCellInterface)
        return static_cast<QAccessibleTableCellInterface *>(this);
    return nullptr;
}

bool HeatmapCellAccessible::isSelected() const
{
    return m_table->plot()->cursorCell() == QPoint(m_column, m_row);
}

QList<QAccessibleInterface *> HeatmapCellAccessible::columnHeaderCells() const
{
    QList<QAccessibleInterface *> headers;
    if (QAccessibleInterface *header = m_table->columnHeader(m_column))
        headers.append(header);
    return headers;
}

QList<QAccessibleInterface *> HeatmapCellAccessible::rowHeaderCells() const
{
    QList<QAccessibleInterface *> headers;
    if (QAccessibleInterface *header = m_table->rowHeader(m_row))
        headers.append(header);
    return headers;
}

int HeatmapCellAccessible::columnIndex() const
{
    return m_column;
}

int HeatmapCellAccessible::rowIndex() const
{
    return m_row;
}

int HeatmapCellAccessible::columnExtent() const
{
    return 1;
}

int HeatmapCellAccessible::rowExtent() const
{
    return 1;
}

QAccessibleInterface *HeatmapCellAccessible::table() const
{
    return m_table;
}

} // namespace ae
