// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file mainwindow.h
/// The application window: creates the panels, docks and menus and wires them to one Document.

#include "window/screenfit.h"

#include <QMainWindow>
#include <QPointer>
#include <functional>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;

namespace ae {

class AttentionPanel;
class ClassroomTools;
class CompareDialog;
class Document;
class HeatmapPanel;
class LessonEditor;
class LessonController;
class LiveRegion;
class MessageBar;
class ScalingPlotDock;
class ScreenLayouts;
class TrainingDock;
class MainWindowFileActions;
class MainWindowMenus;
class PresenterLayout;
class SequencePanel;
class WindowPlacement;

/// The window: heatmaps in the centre (with the inline message bars above them), the two
/// sequences on the left, the attention controls on top, the scaling plot on the right (or at
/// the bottom on small screens), menus, and a status line with the shapes.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a session file, or plays a lesson file (*.aelesson.json), reporting problems
    /// inline without losing the current session.
    bool openFile(const QString &fileName);
    /// Opens a built-in example (see ExampleCatalog). When the session has unsaved changes the
    /// example replaces it as one undoable step, so nothing is lost.
    bool openExample(const QString &resourcePath);

    Document *document() const { return m_document; }
    HeatmapPanel *heatmapPanel() const { return m_heatmapPanel; }
    SequencePanel *sequencePanel(bool source) const
    {
        return source ? m_sourcePanel : m_targetPanel;
    }
    AttentionPanel *attentionPanel() const { return m_attentionPanel; }
    ScalingPlotDock *scalingDock() const { return m_scalingDock; }
    TrainingDock *trainingDock() const { return m_trainingDock; }
    LessonEditor *lessonEditor() const { return m_lessonEditor; }
    /// The computation view, the drill-down, The Math and lesson mode.
    ClassroomTools *classroom() const { return m_classroom; }

    /// Lesson files: the Lesson menu, the lesson panel, the clicker's keys, the handout.
    LessonController *lessons() const { return m_lessons; }

    /// Session files, import, export and Copy As (File and Edit menus).
    MainWindowFileActions *fileActions() const { return m_fileActions; }

    /// @name Extension points for the file handling
    /// @{
    /// File menu (objectName "fileMenu"): Examples, a separator, Quit. Insert before
    /// examplesAction() to put actions above the examples.
    QMenu *fileMenu() const { return m_fileMenu; }
    /// The action of the File ▸ Examples submenu.
    QAction *examplesAction() const;
    /// Edit ▸ Copy As (objectName "copyAsMenu"); hidden while it holds no action.
    QMenu *copyAsMenu() const { return m_copyAsMenu; }
    /// Asked before the window closes; returning false keeps it open (e.g. unsaved changes).
    void setCloseGuard(std::function<bool()> guard) { m_closeGuard = std::move(guard); }
    /// @}

    /// Shows a closable note above the heatmaps (an error when @p isError).
    void showNote(const QString &text, bool isError = false);
    /// The message bar with the document's current error (hidden while the session is valid).
    MessageBar *errorBar() const { return m_errorBar; }
    /// The message bar with notes (file problems, example loaded, language change).
    MessageBar *noteBar() const { return m_noteBar; }
    /// The line a screen reader is told lesson steps, answers and errors by.
    LiveRegion *liveRegion() const { return m_liveRegion; }
    /// The status line's shape summary, e.g. "Q 2×4 · K/V 4×4 · d_model 4 · 2 heads · d_k 2".
    QString shapeSummary() const;

    /// Lesson mode: full screen, larger fonts, side docks hidden, the computation view shown and
    /// driven by a clicker; Esc or F11 leaves.
    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    /// The presenter's layout of lesson mode (the controls' toggle, the shared screen).
    PresenterLayout *presenterLayout() const { return m_presenter; }
    /// Keeps the window on its screen; its full-screen mode fills exactly that screen.
    WindowPlacement *placement() const { return m_placement; }
    /// The geometry and dock arrangement kept per class of screen.
    ScreenLayouts *screenLayouts() const { return m_layouts; }

    /// Shows View ▸ Compare… (one window, kept while open).
    void openCompareDialog();
    /// The compare window, while open.
    CompareDialog *compareDialog() const;
    /// Switches the interface to @p language ("system", "en" or "zh_CN") at once and
    /// remembers it.
    void setLanguage(const QString &language);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// Watches the dock areas' tab bars as Qt makes them: Tab passes over one kept out of sight.
    void childEvent(QChildEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    friend class MainWindowMenus;

    void createDocks();
    void createStatusBar();
    /// Puts the docks in their default places for @p screenClass; @p compact puts the side
    /// docks in one column of tabs, for screens too short for the usual arrangement.
    void arrangeDefaultLayout(ScreenClass screenClass, bool compact);
    void applyDefaultDockSizes();
    void restoreSettings();
    void saveSettings();
    void updateTitle();
    void updateError();
    void updateShapes();

    Document *m_document;
    HeatmapPanel *m_heatmapPanel = nullptr;
    MessageBar *m_errorBar = nullptr;
    MessageBar *m_noteBar = nullptr;
    SequencePanel *m_sourcePanel = nullptr;
    SequencePanel *m_targetPanel = nullptr;
    AttentionPanel *m_attentionPanel = nullptr;
    ScalingPlotDock *m_scalingDock = nullptr;
    TrainingDock *m_trainingDock = nullptr;
    LessonEditor *m_lessonEditor = nullptr;
    QLabel *m_shapeLabel = nullptr;
    MainWindowFileActions *m_fileActions = nullptr;
    WindowPlacement *m_placement = nullptr;
    ScreenLayouts *m_layouts = nullptr;
    ClassroomTools *m_classroom = nullptr;
    PresenterLayout *m_presenter = nullptr;
    LessonController *m_lessons = nullptr;
    LiveRegion *m_liveRegion = nullptr;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_examplesMenu = nullptr;
    QMenu *m_editMenu = nullptr;
    QMenu *m_copyAsMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_presentationAction = nullptr;
    QAction *m_leavePresentationAction = nullptr;
    QActionGroup *m_colorMapGroup = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QPointer<CompareDialog> m_compareDialog;

    bool m_presentation = false;
    bool m_defaultDockSizesPending = false;
    std::function<bool()> m_closeGuard;
};

} // namespace ae
