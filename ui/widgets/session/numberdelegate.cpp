// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/numberdelegate.h"

#include "language/numberformat.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>

namespace ae {

namespace {
const char originalProperty[] = "ae_originalText";
} // namespace

NumberDelegate::NumberDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

QWidget *NumberDelegate::createEditor(
    QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &index) const
{
    auto *editor = new QLineEdit(parent);
    // What the cell held before this editor opened: a bad number on closing puts it back.
    editor->setProperty(originalProperty, index.data(Qt::EditRole));
    editor->setFrame(false);
    editor->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // Live update: every complete number is committed at once; half-typed text ("-", "1e")
    // waits for the next keystroke, and a bad number is reported when the editor closes.
    connect(editor, &QLineEdit::textEdited, this, [this, editor](const QString &text) {
        if (NumberFormat::parse(text))
            emit const_cast<NumberDelegate *>(this)->commitData(editor);
    });
    return editor;
}

bool NumberDelegate::eventFilter(QObject *object, QEvent *event)
{
    auto *editor = qobject_cast<QWidget *>(object);
    if (!editor || event->type() != QEvent::KeyPress)
        return QStyledItemDelegate::eventFilter(object, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() != Qt::Key_Tab && key->key() != Qt::Key_Backtab)
        return QStyledItemDelegate::eventFilter(object, event);
    const bool backwards = key->key() == Qt::Key_Backtab || (key->modifiers() & Qt::ShiftModifier);
    emit commitData(editor);
    if (key->modifiers() & Qt::ControlModifier) {
        // Ctrl+Tab: on to the next cell, still editing, as Tab does in a spreadsheet.
        emit closeEditor(editor, backwards ? EditPreviousItem : EditNextItem);
        return true;
    }
    // Tab: out of the table. The view gets the focus back as the editor closes and passes the
    // same key on to the control after (or before) it.
    QAbstractItemView *view = nullptr;
    for (QWidget *p = editor->parentWidget(); p && !view; p = p->parentWidget())
        view = qobject_cast<QAbstractItemView *>(p);
    emit closeEditor(editor, NoHint);
    if (view && !view->tabKeyNavigation()) {
        QKeyEvent again(QEvent::KeyPress, backwards ? Qt::Key_Backtab : Qt::Key_Tab,
            backwards ? Qt::ShiftModifier : Qt::NoModifier);
        QCoreApplication::sendEvent(view, &again);
    }
    return true;
}

void NumberDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *line = qobject_cast<QLineEdit *>(editor);
    if (!line)
        return;
    const QString modelText = index.data(Qt::EditRole).toString();
    // A live commit comes back as a model change; keep the user's own spelling ("1.50", "1.")
    // and cursor when it already means the model's value.
    const auto typed = NumberFormat::parse(line->text());
    const auto stored = NumberFormat::parse(modelText);
    if (typed && stored && *typed == *stored)
        return;
    line->setText(modelText);
}

void NumberDelegate::setModelData(
    QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    auto *line = qobject_cast<QLineEdit *>(editor);
    if (!line)
        return;
    // Read first: restoring the cell below refreshes the editor.
    const QString text = line->text();
    if (!NumberFormat::parse(text)) {
        // Live typing may have committed a prefix ("1" of "1,5"); restore the cell first, then
        // let the model refuse the text and say why.
        model->setData(index, line->property(originalProperty), Qt::EditRole);
    }
    model->setData(index, text, Qt::EditRole);
}

} // namespace ae
