// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapcellaccessible.h
/// One heatmap cell as a screen reader sees it.

#include <QAccessibleInterface>
#include <QAccessibleTableCellInterface>

namespace ae {

class HeatmapAccessible;

/// Cell (row, column) of a heatmap's accessible table. Its name is
/// HeatmapCellInfo::accessibleText(): the query, the key and the weight, or why it has none.
class HeatmapCellAccessible : public QAccessibleInterface, public QAccessibleTableCellInterface
{
public:
    /// Cell (@p row, @p column) of @p table, which owns it.
    HeatmapCellAccessible(HeatmapAccessible *table, int row, int column);

    /// @name QAccessibleInterface
    /// @{
    bool isValid() const override;
    QObject *object() const override;
    QWindow *window() const override;
    QAccessibleInterface *parent() const override;
    QAccessibleInterface *child(int index) const override;
    int childCount() const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;
    QString text(QAccessible::Text t) const override;
    void setText(QAccessible::Text t, const QString &text) override;
    QRect rect() const override;
    QAccessible::Role role() const override;
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;
    /// @}

    /// @name QAccessibleTableCellInterface
    /// @{
    bool isSelected() const override;
    QList<QAccessibleInterface *> columnHeaderCells() const override;
    QList<QAccessibleInterface *> rowHeaderCells() const override;
    int columnIndex() const override;
    int rowIndex() const override;
    int columnExtent() const override;
    int rowExtent() const override;
    QAccessibleInterface *table() const override;
    /// @}

private:
    HeatmapAccessible *m_table;
    int m_row;
    int m_column;
};

} // namespace ae
