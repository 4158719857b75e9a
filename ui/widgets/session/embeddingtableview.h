// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file embeddingtableview.h
/// The table view of embedding vectors: in-place editing, copy and paste of blocks.

#include <QTableView>

namespace ae {

class EmbeddingTableModel;

/// A QTableView for an EmbeddingTableModel: Ctrl+C copies the selection as tab-separated
/// exact numbers, Ctrl+V pastes spreadsheet or CSV text at the current cell, and a context
/// menu offers both. Tab and Shift+Tab leave the table (it is one stop in the tab order);
/// the arrow keys, Ctrl+Tab and Ctrl+Shift+Tab move between its cells.
class EmbeddingTableView : public QTableView
{
    Q_OBJECT
public:
    explicit EmbeddingTableView(QWidget *parent = nullptr);

    /// Copies the selected cells to the clipboard.
    void copySelection();
    /// Pastes the clipboard's text with its top-left at the current cell (or the selection's
    /// top-left).
    void pasteClipboard();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint) override;

private:
    EmbeddingTableModel *tableModel() const;
};

} // namespace ae
