// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapaccessible.h
/// A heatmap as a screen reader sees it: a table whose row and column headers are the query
/// and key tokens and whose cells read their weights.

#include <QAccessibleTableInterface>
#include <QAccessibleWidget>
#include <QCoreApplication>
#include <QHash>
#include <QPair>

namespace ae {

class HeatmapPlot;

/// The accessible table of one HeatmapPlot. Its children are the column headers, then row by
/// row the row's header and its cells; the cells' and headers' interfaces are made when first
/// asked for and kept until the table's shape changes or the plot goes.
class HeatmapAccessible : public QAccessibleWidget, public QAccessibleTableInterface
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapAccessible)
public:
    explicit HeatmapAccessible(HeatmapPlot *plot);
    ~HeatmapAccessible() override;

    /// Registers the factory that gives every HeatmapPlot this interface (the first time),
    /// and drops a plain widget's interface made for @p plot while it was being built.
    static void install(HeatmapPlot *plot);
    /// Tells assistive technology that cell (@p row, @p column) of @p plot is selected, and
    /// focused when the plot has the focus (the keyboard cursor moved there).
    static void announceCell(HeatmapPlot *plot, int row, int column);
    /// Tells assistive technology that @p plot's rows or columns changed.
    static void shapeChanged(HeatmapPlot *plot);

    /// The plot described.
    HeatmapPlot *plot() const;
    /// The interface of row @p row's header (its query token).
    QAccessibleInterface *rowHeader(int row) const;
    /// The interface of column @p column's header (its key token).
    QAccessibleInterface *columnHeader(int column) const;
    /// The index among the children of cell (@p row, @p column), of a row header when
    /// @p column is -1, of a column header when @p row is -1.
    int childIndex(int row, int column) const;

    /// @name QAccessibleInterface
    /// @{
    void *interface_cast(QAccessible::InterfaceType type) override;
    QAccessible::Role role() const override;
    QString text(QAccessible::Text t) const override;
    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;
    QAccessibleInterface *focusChild() const override;
    /// @}

    /// @name QAccessibleTableInterface
    /// @{
    QAccessibleInterface *caption() const override;
    QAccessibleInterface *summary() const override;
    QAccessibleInterface *cellAt(int row, int column) const override;
    int selectedCellCount() const override;
    QList<QAccessibleInterface *> selectedCells() const override;
    QString columnDescription(int column) const override;
    QString rowDescription(int row) const override;
    int selectedColumnCount() const override;
    int selectedRowCount() const override;
    int columnCount() const override;
    int rowCount() const override;
    QList<int> selectedColumns() const override;
    QList<int> selectedRows() const override;
    bool isColumnSelected(int column) const override;
    bool isRowSelected(int row) const override;
    bool selectRow(int row) override;
    bool selectColumn(int column) override;
    bool unselectRow(int row) override;
    bool unselectColumn(int column) override;
    void modelChange(QAccessibleTableModelChangeEvent *event) override;
    /// @}

private:
    /// The cached interface of cell or header (@p row, @p column) (-1 for a header's other
    /// coordinate), made and registered on first use; null out of range.
    QAccessibleInterface *cached(int row, int column) const;
    /// Forgets (and deletes) every cell and header interface.
    void clearCache();

    /// Registered interfaces by (row, column), headers with -1.
    mutable QHash<QPair<int, int>, QAccessible::Id> m_children;
};

} // namespace ae
