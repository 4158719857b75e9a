// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file computationdock.h
/// The computation view: for the chosen head, every step of the forward pass as labelled
/// matrices, stepped with buttons, arrow keys or a presenter's clicker (Page Up / Page Down).

#include "computation/computationsteps.h"
#include "heatmap/heatmapdata.h"

#include <QDockWidget>
#include <QGridLayout>
#include <QList>
#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QBoxLayout;
class QStackedWidget;

namespace ae {

class Document;
class MatrixTableWidget;
class QueryRowView;

/// Shows one step at a time with its formula; the other steps are listed for orientation.
class ComputationDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ComputationDock(Document *document, QWidget *parent = nullptr);

    /// The head shown (0-based).
    int head() const { return m_head; }
    /// Shows head @p head (clamped to the result's heads).
    void setHead(int head);
    /// The current step, 0 .. ComputationSteps::count() - 1.
    int step() const { return m_step; }
    ComputationStep currentStep() const;
    /// Goes to step @p step (clamped); its numbers are shown at once.
    void setStep(int step);
    /// Goes to the softmax step, where the heatmap shows the weights (a session was opened).
    void startFromWeights();
    /// One step on; in reveal mode, first shows the hidden numbers of the current step.
    void stepForward();
    /// One step back (numbers shown).
    void stepBack();
    /// Decimals of every number shown (0 .. 10).
    int decimals() const { return m_decimals; }
    void setDecimals(int decimals);
    /// "Reveal": a new step appears with its shapes and labels but without numbers until the
    /// next click.
    void setRevealMode(bool on);
    bool isRevealMode() const { return m_reveal; }
    /// True while the current step's numbers are shown.
    bool numbersShown() const { return m_revealed; }
    /// Larger fonts for a classroom (1 = everyday).
    void setZoom(double factor);
    /// "One query's row, whole" instead of the steps: each key's q·k, score and weight beside
    /// V and the output row, for the query chosen in it (QueryRowView).
    void setRowMode(bool on);
    bool isRowMode() const;
    QueryRowView *rowView() const { return m_rowView; }

    /// What the heatmap should show now: the scores before the softmax, or nothing (the
    /// weights as usual). See ComputationSteps::heatmapState().
    std::optional<HeatmapData> heatmapState() const;

    /// @name Inspection (tests)
    /// @{
    QList<MatrixTableWidget *> matrixWidgets() const { return m_tables; }
    QString formulaText() const;
    QListWidget *stepList() const { return m_stepList; }
    QSpinBox *decimalsBox() const { return m_decimalsBox; }
    QComboBox *headBox() const { return m_headBox; }
    /// @}

signals:
    /// The step, the head or the shown numbers changed (the heatmap's state may have).
    void stepChanged(int step);
    /// The matrices now show a new result of the document (same head and step).
    void resultShown();
    /// The head changed by the chooser.
    void headChanged(int head);
    /// A cell (query @p query, key @p key) of the head's scores or weights was chosen.
    void cellChosen(int head, int query, int key);
    /// The number of decimals changed.
    void decimalsChanged(int decimals);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Puts the settings and the stepping buttons on one line when the dock is wide enough for
    /// both, else the stepping buttons on a second line.
    void arrangeControls();
    /// Rebuilds the step's matrices from the document's result.
    void refresh();
    /// Fills the tables with the current step's matrices (refresh() skips this while hidden).
    void refreshTables();
    /// Rebuilds the head chooser after the head count changed.
    void updateHeads();
    /// Highlights the current step in the list and writes its formula.
    void updateStepText();
    void retranslate();
    /// Handles the stepping keys; true when @p key was one of them.
    bool handleKey(int key);

    Document *m_document;
    int m_head = 0;
    int m_step = 0;
    int m_decimals = 4;
    bool m_reveal = false;
    bool m_revealed = true;
    /// True when the tables missed a refresh while the view was hidden.
    bool m_tablesStale = false;
    double m_zoom = 1.0;
    QWidget *m_controlsHost = nullptr;
    QGridLayout *m_controls = nullptr;
    QWidget *m_settingsGroup = nullptr;
    QWidget *m_navigationGroup = nullptr;
    bool m_controlsOnOneLine = true;

    QComboBox *m_headBox;
    QLabel *m_headLabel;
    QLabel *m_decimalsLabel;
    QSpinBox *m_decimalsBox;
    QPushButton *m_backButton;
    QPushButton *m_forwardButton;
    QLabel *m_positionLabel;
    QListWidget *m_stepList;
    QLabel *m_formulaLabel;
    QLabel *m_explanationLabel;
    QScrollArea *m_matrixArea;
    QBoxLayout *m_matrixLayout;
    QList<MatrixTableWidget *> m_tables;
    QPushButton *m_rowButton;
    QStackedWidget *m_pages;
    QueryRowView *m_rowView;
};

} // namespace ae
