// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoncontroller.h
/// Lesson files in the window: the Lesson menu (Open Lesson…, the built-in lessons, start,
/// leave, the presenter view), File ▸ Export Handout…, the lesson panel, the clicker's keys,
/// the black screen and, with two screens, the lesson on the projector and the presenter view
/// on the laptop.

#include "window/screenlayouts.h"

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;

namespace ae {

class ClassAnswersController;
class LessonBlankScreen;
class LessonKeyFilter;
class LessonPanel;
class LessonPlayer;
class LessonPresenterView;
class MainWindow;
struct ResolvedLesson;

/// Plays lessons in the main window.
class LessonController : public QObject
{
    Q_OBJECT
public:
    /// Adds the Lesson menu before Help, Export Handout… to the File menu and the lesson panel
    /// (hidden until a lesson is opened) to @p window.
    explicit LessonController(MainWindow *window);
    ~LessonController() override;

    /// True when @p fileName names a lesson file (by its suffix, .aelesson.json).
    static bool isLessonFile(const QString &fileName);

    /// Reads the lesson file @p fileName and plays it from its first step. A refused file is
    /// reported in the window's message bar, naming the field; nothing else changes.
    bool openLessonFile(const QString &fileName);
    /// Plays the built-in lesson @p name (LessonCatalog) from its first step.
    bool openBuiltin(const QString &name);
    /// Plays @p lesson from step @p step (after the "save changes?" question when the
    /// session has unsaved changes); false when the user cancelled.
    bool play(const ResolvedLesson &lesson, int step = 0);
    /// F5: plays the loaded lesson from the step it left (its first when never played).
    bool resume();
    /// Shows the lesson panel in front: its tab raised over the docks it shares the area with
    /// (or, floating, its window over the others). Does nothing without a lesson.
    void bringPanelToFront();
    /// Hides the lesson panel, as the next start has it, and gives the window back the
    /// arrangement it had before the panel came (the steps' panels hidden or shown, the caption's
    /// height): the window saves its layout so on closing mid-lesson.
    void putPanelAway();
    /// The lesson panel's height in the everyday window: what its caption and question
    /// @p needed, within a share of the window's @p windowHeight.
    static int everydayPanelHeight(int needed, int windowHeight);
    /// In the everyday window, gives the docked lesson panel everydayPanelHeight().
    void fitPanel();
    /// Esc: stops playing; the session and the panel stay.
    void leave();
    /// Blanks the lesson's screen until a key or a click.
    void blankScreen();
    void unblankScreen();
    /// Shows the presenter view: on the other screen when there are two, else as a window.
    void showPresenterView();
    /// Asks for a file and writes the loaded lesson's handout (PDF or Markdown).
    void exportHandout();
    /// Writes the loaded lesson's handout to @p fileName; reports the outcome in the window.
    bool exportHandoutTo(const QString &fileName);

    /// Applies the played step's view (its computation step or none, its heatmap, its panel),
    /// keeping back what its open question depends on; lesson mode, entered mid-lesson, calls
    /// it so that the step's choice wins over the mode's own.
    void applyView();

    LessonPlayer *player() const { return m_player; }
    LessonPanel *panel() const { return m_panel; }
    LessonKeyFilter *keys() const { return m_keys; }
    /// Lesson ▸ Class Answers… and its server.
    ClassAnswersController *classAnswers() const { return m_classAnswers; }
    /// The presenter view, once shown.
    LessonPresenterView *presenterView() const;
    LessonBlankScreen *blankScreenWidget() const { return m_blank; }
    QMenu *menu() const { return m_menu; }
    QMenu *builtinMenu() const { return m_builtinMenu; }
    QAction *exportHandoutAction() const { return m_exportAction; }

private:
    void createMenu();
    /// Names the built-in lessons by their titles in the interface language (at the start and
    /// after every switch of language).
    void fillBuiltinMenu();
    void updateActions();
    /// Before a lesson shows its panel: keeps the window's arrangement for putPanelAway().
    void rememberLayout();
    /// With two screens: the window full screen on the projector (the screen that is not the
    /// primary one) and the presenter view on the primary one.
    void arrangeScreens();

    MainWindow *m_window;
    LessonPlayer *m_player;
    LessonPanel *m_panel;
    LessonKeyFilter *m_keys;
    ClassAnswersController *m_classAnswers;
    LessonBlankScreen *m_blank = nullptr;
    QPointer<LessonPresenterView> m_presenter;
    QMenu *m_menu = nullptr;
    QMenu *m_builtinMenu = nullptr;
    QAction *m_startAction = nullptr;
    QAction *m_leaveAction = nullptr;
    QAction *m_presenterAction = nullptr;
    QAction *m_exportAction = nullptr;
    /// The lesson switched the window to lesson mode (two screens), and leaves it again.
    bool m_enteredPresentation = false;
    /// The window's dock arrangement before the panel came (empty: not known).
    ScreenLayouts::Arrangement m_layoutBefore;
    /// The step's view waits for the step's result to be applied once more.
    bool m_viewPending = false;
};

} // namespace ae
