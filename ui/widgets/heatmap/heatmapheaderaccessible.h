// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapheaderaccessible.h
/// A heatmap's row or column header as a screen reader sees it: the query or key token.

#include <QAccessibleInterface>

namespace ae {

class HeatmapAccessible;

/// The header of one row (a query token) or one column (a key token) of a heatmap's
/// accessible table.
class HeatmapHeaderAccessible : public QAccessibleInterface
{
public:
    /// The header of row @p index of @p table (@p rowHeader) or of its column @p index.
    HeatmapHeaderAccessible(HeatmapAccessible *table, bool rowHeader, int index);

    /// True for a row's header, false for a column's.
    bool isRowHeader() const { return m_rowHeader; }
    /// The row or column headed (0-based).
    int index() const { return m_index; }

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
    /// @}

private:
    HeatmapAccessible *m_table;
    bool m_rowHeader;
    int m_index;
};

} // namespace ae
