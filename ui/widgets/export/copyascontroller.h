// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file copyascontroller.h
/// Edit ▸ Copy As: one submenu per matrix (the shown weights, scores, Q, K, V, the output),
/// each offering TSV, CSV, Markdown and LaTeX.

#include "export/labelledmatrix.h"
#include "export/matrixclipboard.h"

#include <QObject>
#include <functional>
#include <vector>

class QMenu;

namespace ae {

class Document;

/// Fills a Copy As menu and copies the chosen matrix of the document's latest result.
class CopyAsController : public QObject
{
    Q_OBJECT
public:
    /// The matrices that can be copied.
    enum class MatrixKind { Weights, Scores, Query, Key, Value, Output };

    /// @p selectedView returns the view shown large (-1 = the mean of the heads, else a head).
    CopyAsController(
        Document *document, std::function<int()> selectedView, QObject *parent = nullptr);

    /// Adds the submenus to @p menu (Edit ▸ Copy As).
    void fillMenu(QMenu *menu);

    /// The matrices of @p kind for the shown view of the document's latest valid result
    /// (several for the scores of the mean: one per head); empty before any result.
    std::vector<LabelledMatrix> matrices(MatrixKind kind) const;
    /// Copies matrices(@p kind) as @p format; false when there is nothing to copy.
    bool copy(MatrixKind kind, MatrixClipboard::Format format) const;

    /// The submenu text of @p kind for the shown view, e.g. "Weights (Mean of 2 Heads)".
    QString menuText(MatrixKind kind) const;

private:
    void updateMenu();

    Document *m_document;
    std::function<int()> m_selectedView;
    QMenu *m_menu = nullptr;
};

} // namespace ae
