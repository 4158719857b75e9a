// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/embeddingtableview.h"

#include "session/embeddingtablemodel.h"
#include "session/numberdelegate.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <algorithm>

namespace ae {

EmbeddingTableView::EmbeddingTableView(QWidget *parent)
    : QTableView(parent)
{
    setItemDelegate(new NumberDelegate(this));
    setSelectionMode(QAbstractItemView::ContiguousSelection);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
        | QAbstractItemView::AnyKeyPressed);
    setAlternatingRowColors(true);
    // The table is one stop in the tab order: Tab and Shift+Tab go on to the next control,
    // the arrow keys and Ctrl+Tab / Ctrl+Shift+Tab move between cells.
    setTabKeyNavigation(false);
    setWordWrap(false);
    horizontalHeader()->setDefaultSectionSize(
        fontMetrics().horizontalAdvance(QStringLiteral("-0.0000")) + 12);
    horizontalHeader()->setMinimumSectionSize(
        fontMetrics().horizontalAdvance(QStringLiteral("000")) + 8);
    // One line of text per row: a fixed height. Sizing rows to their contents made the view
    // lay out the text of every cell whenever one value changed.
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(
        std::max(verticalHeader()->defaultSectionSize(), fontMetrics().height() + 8));
    verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
}

void EmbeddingTableView::copySelection()
{
    if (auto *model = tableModel()) {
        const QString text = model->copyText(selectionModel()->selectedIndexes());
        if (!text.isEmpty())
            QApplication::clipboard()->setText(text);
    }
}

void EmbeddingTableView::pasteClipboard()
{
    auto *model = tableModel();
    if (!model)
        return;
    QModelIndex target = currentIndex();
    const QModelIndexList selected = selectionModel()->selectedIndexes();
    for (const QModelIndex &index : selected) {
        if (!target.isValid() || index.row() < target.row()
            || (index.row() == target.row() && index.column() < target.column()))
            target = index;
    }
    model->paste(target, QApplication::clipboard()->text());
}

void EmbeddingTableView::keyPressEvent(QKeyEvent *event)
{
    const bool tab = event->key() == Qt::Key_Tab || event->key() == Qt::Key_Backtab;
    if (tab && (event->modifiers() & Qt::ControlModifier)) {
        const bool backwards
            = event->key() == Qt::Key_Backtab || (event->modifiers() & Qt::ShiftModifier);
        const QModelIndex next
            = moveCursor(backwards ? MovePrevious : MoveNext, event->modifiers());
        if (next.isValid())
            setCurrentIndex(next);
        event->accept();
        return;
    }
    if (state() != QAbstractItemView::EditingState) {
        if (event->matches(QKeySequence::Copy)) {
            copySelection();
            event->accept();
            return;
        }
        if (event->matches(QKeySequence::Paste)) {
            pasteClipboard();
            event->accept();
            return;
        }
    }
    QTableView::keyPressEvent(event);
}

void EmbeddingTableView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QAction *copy = menu.addAction(tr("&Copy"), this, &EmbeddingTableView::copySelection);
    copy->setShortcut(QKeySequence::Copy);
    copy->setEnabled(selectionModel() && selectionModel()->hasSelection());
    QAction *paste = menu.addAction(tr("&Paste"), this, &EmbeddingTableView::pasteClipboard);
    paste->setShortcut(QKeySequence::Paste);
    paste->setEnabled(!QApplication::clipboard()->text().isEmpty());
    menu.exec(event->globalPos());
}

void EmbeddingTableView::closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint)
{
    QTableView::closeEditor(editor, hint);
    // Leaving the cell ends its typing run: the next edit is a separate undo step.
    if (auto *model = tableModel())
        model->finishEditRun();
}

EmbeddingTableModel *EmbeddingTableView::tableModel() const
{
    return qobject_cast<EmbeddingTableModel *>(model());
}

} // namespace ae
