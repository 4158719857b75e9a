// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file presenterlayout.h
/// Lesson mode's layout of the main window: full screen, the heatmap and the current step of the
/// computation sharing the screen, every other dock (the attention controls included) out of
/// the way, the controls one click away.

#include <QByteArray>
#include <QObject>
#include <QRect>

class QToolButton;

namespace ae {

class MainWindow;

/// Switches the main window between its everyday layout and the presenter's, and back.
class PresenterLayout : public QObject
{
    Q_OBJECT
public:
    /// Arranges @p window; @p stateVersion is the version of its saved dock state.
    PresenterLayout(MainWindow *window, int stateVersion);

    /// Enters (or leaves) the presenter layout; leaving restores the docks as they were.
    void setActive(bool on);
    bool isActive() const { return m_active; }

    /// The button above the heatmap (shown only while presenting) that shows or hides the
    /// attention controls.
    QToolButton *controlsToggle() const { return m_toggle; }

    /// The height the computation view gets in a full-screen window @p windowHeight pixels
    /// tall: a little under half, so that a 4×4 step is whole at the lesson's font (which grows
    /// with the screen) beside a heatmap of at least 300 pixels on a 1024×768 projector.
    static int stepHeightFor(int windowHeight);
    /// The least height a played lesson's panel (its caption) gets in a full-screen window
    /// @p windowHeight pixels tall, above the heatmap (more, up to 35 % beside a step and 45 %
    /// without, when its caption and question need it); the step then shares what is left.
    static int lessonPanelHeightFor(int windowHeight);
    /// The width of a played lesson's panel beside the heatmap, in a full-screen window
    /// @p windowWidth pixels wide, while a question is open.
    static int questionWidthFor(int windowWidth);
    /// True when a played lesson's caption goes beside the heatmap even without a question, in
    /// a full-screen window @p windowHeight pixels tall: on a short screen (a 1024×768 or
    /// 1280×800 projector) the caption above, the heatmap and the step would leave the heatmap
    /// a strip.
    static bool captionBesideOn(int windowHeight);
    /// The caption's height above the scaling lab's panel in the right column, @p column
    /// pixels tall: what it @p needs, but the lab keeps a readable share (35 %: its plot's
    /// axes, ticks and legend on a projector) unless the open question's prompt and choices
    /// (@p questionNeeds) take it; the lab never goes below @p labLeast.
    static int captionInColumn(int column, int needs, int questionNeeds, int labLeast);

    /// Gives the lesson's panel (when a lesson is played), the heatmap and the computation view
    /// their shares of the full-screen height; nothing outside the presenter layout.
    void shareTheScreen();

private:
    void retranslate();
    /// Puts a floating training window (a lesson's training step) into @p free, the part of
    /// the screen that neither the caption nor the question covers.
    void placeTraining(const QRect &free);
    bool eventFilter(QObject *watched, QEvent *event) override;

    MainWindow *m_window;
    int m_stateVersion;
    bool m_active = false;
    QByteArray m_stateBefore;
    QToolButton *m_toggle;
};

} // namespace ae
