// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapaccessible.h"

#include "heatmap/heatmapcellaccessible.h"
#include "heatmap/heatmapheaderaccessible.h"
#include "heatmap/heatmapplot.h"

#include <utility>

namespace ae {

namespace {

/// The accessible interface of @p object when it is a HeatmapPlot, else null (Qt asks the
/// next factory or its own).
QAccessibleInterface *createHeatmapAccessible(const QString &className, QObject *object)
{
    Q_UNUSED(className);
    if (auto *plot = qobject_cast<HeatmapPlot *>(object))
        return new HeatmapAccessible(plot);
    return nullptr;
}

} // namespace

HeatmapAccessible::HeatmapAccessible(HeatmapPlot *plot)
    : QAccessibleWidget(plot, QAccessible::Table)
{
}

HeatmapAccessible::~HeatmapAccessible()
{
    clearCache();
}

void HeatmapAccessible::install(HeatmapPlot *plot)
{
    static const bool installed = (QAccessible::installFactory(&createHeatmapAccessible), true);
    Q_UNUSED(installed);
    if (!QAccessible::isActive())
        return;
    QAccessibleInterface *made = QAccessible::queryAccessibleInterface(plot);
    if (made && !made->tableInterface())
        QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(made));
}

void HeatmapAccessible::announceCell(HeatmapPlot *plot, int row, int column)
{
    // Sent whether or not a reader listens (Qt drops it then): it only follows a key press.
    QAccessibleInterface *table = QAccessible::queryAccessibleInterface(plot);
    QAccessibleInterface *cell
        = table && table->tableInterface() ? table->tableInterface()->cellAt(row, column) : nullptr;
    if (!cell)
        return;
    QAccessibleEvent selection(cell, QAccessible::Selection);
    QAccessible::updateAccessibility(&selection);
    if (plot->hasFocus()) {
        QAccessibleEvent focus(cell, QAccessible::Focus);
        QAccessible::updateAccessibility(&focus);
    }
}

void HeatmapAccessible::shapeChanged(HeatmapPlot *plot)
{
    if (!QAccessible::isActive())
        return;
    QAccessibleTableModelChangeEvent reset(plot, QAccessibleTableModelChangeEvent::ModelReset);
    QAccessible::updateAccessibility(&reset);
}

HeatmapPlot *HeatmapAccessible::plot() const
{
    return static_cast<HeatmapPlot *>(widget());
}

void *HeatmapAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableInterface)
        return static_cast<QAccessibleTableInterface *>(this);
    return QAccessibleWidget::interface_cast(type);
}

QAccessible::Role HeatmapAccessible::role() const
{
    return QAccessible::Table;
}

QString HeatmapAccessible::text(QAccessible::Text t) const
{
    const QString own = QAccessibleWidget::text(t);
    if (!own.isEmpty())
        return own;
    if (t == QAccessible::Name) {
        const QString title = plot()->data().title;
        return title.isEmpty() ? tr("Attention heatmap") : title;
    }
    if (t == QAccessible::Description)
        return tr("Rows are queries, columns are keys; each cell holds a weight.");
    return own;
}

int HeatmapAccessible::childCount() const
{
    const int rows = rowCount();
    const int columns = columnCount();
    return rows > 0 && columns > 0 ? columns + rows * (columns + 1) : 0;
}

int HeatmapAccessible::childIndex(int row, int column) const
{
    const int columns = columnCount();
    if (row < -1 || row >= rowCount() || column < -1 || column >= columns
        || (row < 0 && column < 0))
        return -1;
    if (row < 0)
        return column;
    return columns + row * (columns + 1) + (column + 1);
}

QAccessibleInterface *HeatmapAccessible::child(int index) const
{
    const int columns = columnCount();
    if (index < 0 || index >= childCount())
        return nullptr;
    if (index < columns)
        return cached(-1, index);
    const int rest = index - columns;
    return cached(rest / (columns + 1), rest % (columns + 1) - 1);
}

int HeatmapAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    if (!child)
        return -1;
    if (const auto *cell = dynamic_cast<const HeatmapCellAccessible *>(child))
        return cell->parent() == this ? childIndex(cell->rowIndex(), cell->columnIndex()) : -1;
    if (const auto *header = dynamic_cast<const HeatmapHeaderAccessible *>(child)) {
        if (header->parent() != this)
            return -1;
        return header->isRowHeader() ? childIndex(header->index(), -1)
                                     : childIndex(-1, header->index());
    }
    return -1;
}

QAccessibleInterface *HeatmapAccessible::childAt(int x, int y) const
{
    const QPoint cell = plot()->cellAt(plot()->mapFromGlobal(QPoint(x, y)));
    return cell.x() >= 0 ? cellAt(cell.y(), cell.x()) : nullptr;
}

QAccessibleInterface *HeatmapAccessible::focusChild() const
{
    const QPoint cursor = plot()->cursorCell();
    if (!plot()->hasFocus() || cursor.x() < 0)
        return nullptr;
    return cellAt(cursor.y(), cursor.x());
}

QAccessibleInterface *HeatmapAccessible::cached(int row, int column) const
{
    if (childIndex(row, column) < 0)
        return nullptr;
    const QPair<int, int> key(row, column);
    const auto found = m_children.constFind(key);
    if (found != m_children.constEnd())
        return QAccessible::accessibleInterface(found.value());
    auto *self = const_cast<HeatmapAccessible *>(this);
    QAccessibleInterface *made = nullptr;
    if (row >= 0 && column >= 0)
        made = new HeatmapCellAccessible(self, row, column);
    else
        made = new HeatmapHeaderAccessible(self, row >= 0, row >= 0 ? row : column);
    m_children.insert(key, QAccessible::registerAccessibleInterface(made));
    return made;
}

void HeatmapAccessible::clearCache()
{
    const QHash<QPair<int, int>, QAccessible::Id> children = std::exchange(m_children, {});
    for (QAccessible::Id id : children)
        QAccessible::deleteAccessibleInterface(id);
}

QAccessibleInterface *HeatmapAccessible::rowHeader(int row) const
{
    return cached(row, -1);
}

QAccessibleInterface *HeatmapAccessible::columnHeader(int column) const
{
    return cached(-1, column);
}

QAccessibleInterface *HeatmapAccessible::caption() const
{
    return nullptr;
}

QAccessibleInterface *HeatmapAccessible::summary() const
{
    return nullptr;
}

QAccessibleInterface *HeatmapAccessible::cellAt(int row, int column) const
{
    return row >= 0 && column >= 0 ? cached(row, column) : nullptr;
}

int HeatmapAccessible::selectedCellCount() const
{
    return plot()->cursorCell().x() >= 0 ? 1 : 0;
}

QList<QAccessibleInterface *> HeatmapAccessible::selectedCells() const
{
    const QPoint cursor = plot()->cursorCell();
    QList<QAccessibleInterface *> cells;
    if (QAccessibleInterface *cell = cellAt(cursor.y(), cursor.x()))
        cells.append(cell);
    return cells;
}

QString HeatmapAccessible::columnDescription(int column) const
{
    const QStringList &labels = plot()->data().columnLabels;
    return column >= 0 && column < labels.size() ? labels[column] : QString();
}

QString HeatmapAccessible::rowDescription(int row) const
{
    const QStringList &labels = plot()->data().rowLabels;
    return row >= 0 && row < labels.size() ? labels[row] : QString();
}

int HeatmapAccessible::selectedColumnCount() const
{
    return 0;
}

int HeatmapAccessible::selectedRowCount() const
{
    return 0;
}

int HeatmapAccessible::columnCount() const
{
    return plot()->data().columns();
}

int HeatmapAccessible::rowCount() const
{
    return plot()->data().rows();
}

QList<int> HeatmapAccessible::selectedColumns() const
{
    return {};
}

QList<int> HeatmapAccessible::selectedRows() const
{
    return {};
}

bool HeatmapAccessible::isColumnSelected(int column) const
{
    Q_UNUSED(column);
    return false;
}

bool HeatmapAccessible::isRowSelected(int row) const
{
    Q_UNUSED(row);
    return false;
}

bool HeatmapAccessible::selectRow(int row)
{
    Q_UNUSED(row);
    return false;
}

bool HeatmapAccessible::selectColumn(int column)
{
    Q_UNUSED(column);
    return false;
}

bool HeatmapAccessible::unselectRow(int row)
{
    Q_UNUSED(row);
    return false;
}

bool HeatmapAccessible::unselectColumn(int column)
{
    Q_UNUSED(column);
    return false;
}

void HeatmapAccessible::modelChange(QAccessibleTableModelChangeEvent *event)
{
    Q_UNUSED(event);
    clearCache();
}

} // namespace ae
