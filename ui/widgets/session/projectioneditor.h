// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file projectioneditor.h
/// A window for the explicit projection matrices W_q, W_k, W_v, W_o and their biases.

#include "document/document.h"

#include <QDialog>
#include <array>

class QLabel;
class QTabWidget;
class QTableView;

namespace ae {

class MessageBar;
class ProjectionMatrixModel;

/// Shows the four projection matrices and biases in use and lets the user type new numbers
/// (each one undoable). It is not modal: the heatmaps update while it is open. For identity
/// and random projections it shows the matrices that switching to explicit starts from;
/// editing a number makes the projections explicit.
class ProjectionEditor : public QDialog
{
    Q_OBJECT
public:
    explicit ProjectionEditor(Document *document, QWidget *parent = nullptr);

    /// The model of one part (for tests).
    ProjectionMatrixModel *model(ProjectionPart part) const;
    /// The view of one part (for tests).
    QTableView *view(ProjectionPart part) const;
    QTabWidget *tabs() const { return m_tabs; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void followDocument();

    Document *m_document;
    QTabWidget *m_tabs;
    QLabel *m_modeLabel;
    MessageBar *m_message;
    std::array<ProjectionMatrixModel *, 8> m_models {};
    std::array<QTableView *, 8> m_views {};
    std::array<QLabel *, 4> m_shapeLabels {};
};

} // namespace ae
