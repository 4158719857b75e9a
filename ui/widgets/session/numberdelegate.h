// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file numberdelegate.h
/// Editing numbers in a table: the model updates as the user types (each keystroke that forms
/// a number recomputes), and the editor keeps exactly what was typed.

#include <QStyledItemDelegate>

namespace ae {

/// A line-edit delegate for number cells. The model's EditRole gives the exact text; setData
/// receives the typed text (a QString) and decides whether it is a number.
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
};

} // namespace ae
