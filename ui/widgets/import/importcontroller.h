// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file importcontroller.h
/// File ▸ Import: embeddings from a CSV file into the source or target sequence, and attention
/// weights computed elsewhere, shown in their own window as imported.

#include "attention/attentionconfig.h"

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QWidget;

namespace ae {

class Document;
class ImportedAttentionWindow;

/// Imports files into the document (one undoable edit) or into an imported-weights window.
class ImportController : public QObject
{
    Q_OBJECT
public:
    ImportController(Document *document, QWidget *window, QObject *parent = nullptr);

    /// Inserts the Import submenu into @p menu before @p before (null: at the end).
    void fillMenu(QMenu *menu, QAction *before);

    /// Asks for a CSV file and imports it into the sequence playing @p role.
    bool importEmbeddings(SequenceRole role);
    /// Imports the embeddings of @p fileName into @p role's sequence as one undoable edit.
    /// With a token column the tokens are replaced too; without one, the file must have a row
    /// per token. On failure nothing changes and message() says which row and column.
    bool importEmbeddingsFrom(SequenceRole role, const QString &fileName);

    /// Asks for a JSON file of attention weights and shows them.
    bool importAttention();
    /// Reads @p fileName and opens a window with the weights, or reports why not (null).
    ImportedAttentionWindow *importAttentionFrom(const QString &fileName);

signals:
    /// Something to tell the user inline: a failure (@p isError) or a note.
    void message(const QString &text, bool isError);

private:
    QString askForFile(const QString &title, const QString &filter);

    Document *m_document;
    QPointer<QWidget> m_window;
};

} // namespace ae
