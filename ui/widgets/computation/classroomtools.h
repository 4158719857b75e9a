// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomtools.h
/// The teaching tools of the window: the computation view, the drill-down of one weight,
/// Help ▸ The Math and lesson mode, wired to the heatmaps.

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;

namespace ae {

class ComputationDock;
class Document;
class DrillDownDialog;
class HeatmapPanel;
class LessonMode;
class MathGuideDialog;

/// Creates the teaching tools and keeps the heatmap, the computation view and the drill-down
/// showing the same head, step and cell.
class ClassroomTools : public QObject
{
    Q_OBJECT
public:
    /// Adds the computation dock to @p window (bottom area, hidden until asked for), its
    /// toggle and the lesson actions to @p viewMenu, and The Math to @p helpMenu.
    ClassroomTools(QMainWindow *window, Document *document, HeatmapPanel *heatmaps, QMenu *viewMenu,
        QMenu *helpMenu);

    ComputationDock *computation() const { return m_computation; }
    DrillDownDialog *drillDown() const { return m_drillDown; }
    MathGuideDialog *mathGuide() const { return m_mathGuide; }
    LessonMode *lessonMode() const { return m_lesson; }

    /// Explains cell (@p row, @p column) of @p view (-1 = the mean) with the heatmap's decimals.
    void explainCell(int view, int row, int column);

private:
    /// Puts The Math beside the window, off the computation view.
    void placeMathGuide();
    /// Shows the computation step's state in the large heatmap.
    void syncHeatmap();
    void retranslate();
    bool eventFilter(QObject *watched, QEvent *event) override;

    QMainWindow *m_window;
    HeatmapPanel *m_heatmaps;
    ComputationDock *m_computation;
    DrillDownDialog *m_drillDown;
    MathGuideDialog *m_mathGuide;
    LessonMode *m_lesson;
    QAction *m_mathAction;
};

} // namespace ae
