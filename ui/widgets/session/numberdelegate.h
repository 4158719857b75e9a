// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file numberdelegate.h
/// Editing numbers in a table: the model updates as the user types (each keystroke that forms
/// a number recomputes), and the editor keeps exactly what was typed. Tab and Shift+Tab leave
/// the table, Ctrl+Tab and Ctrl+Shift+Tab go on to the next or previous cell.

#include <QStyledItemDelegate>

namespace ae {

/// A line-edit delegate for number cells. The model's EditRole gives the exact text; setData
/// receives the typed text (a QString) and decides whether it is a number.
///
/// A table is one stop in the tab order: Tab (Shift+Tab) in an editor keeps what was typed,
/// closes the editor and moves the focus on to the control after (before) the table, so the
/// keyboard is never trapped in it; Ctrl+Tab (Ctrl+Shift+Tab) keeps it and edits the next
/// (previous) cell, as Tab does in a spreadsheet.
class NumberDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit NumberDelegate(QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
        const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(
        QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

protected:
    /// Tab and Shift+Tab leave the table; Ctrl+Tab and Ctrl+Shift+Tab move between cells.
    bool eventFilter(QObject *object, QEvent *event) override;
};

} // namespace ae
