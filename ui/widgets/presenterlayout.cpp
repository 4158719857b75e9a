// SPDX-License-Identifier: GPL-3.0-or-later
#include "presenterlayout.h"

#include "attentionpanel.h"
#include "classroomtools.h"
#include "computationdock.h"
#include "heatmappanel.h"
#include "lessoncontroller.h"
#include "lessonpanel.h"
#include "lessonmode.h"
#include "mainwindow.h"
#include "scalingplotdock.h"
#include "screenlayouts.h"
#include "trainingdock.h"
#include "sequencepanel.h"
#include "windowplacement.h"

#include <QAction>
#include <QEvent>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>
#include <QToolButton>

namespace ae {

PresenterLayout::PresenterLayout(MainWindow *window, int stateVersion)
    : QObject(window)
    , m_window(window)
    , m_stateVersion(stateVersion)
    , m_toggle(new QToolButton)
{
    m_toggle->setObjectName(QStringLiteral("presenterControlsToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_toggle->hide();
    window->heatmapPanel()->addHeaderWidget(m_toggle);
    AttentionPanel *controls = window->attentionPanel();
    connect(m_toggle, &QToolButton::toggled, controls, [controls](bool on) {
        controls->setVisible(on);
        if (on)
            controls->raise();
    });
    // Closing the controls by their own title bar or the View menu unticks the button.
    connect(controls->toggleViewAction(), &QAction::toggled, m_toggle, [this](bool on) {
        if (m_active && m_toggle->isChecked() != on) {
            const QSignalBlocker blocker(m_toggle);
            m_toggle->setChecked(on);
        }
    });
    window->installEventFilter(this);
    retranslate();
}

int PresenterLayout::stepHeightFor(int windowHeight)
{
    return windowHeight * 43 / 100;
}

void PresenterLayout::setActive(bool on)
{
    if (on == m_active)
        return;
    m_active = on;
    MainWindow *w = m_window;
    // Fonts first, so that the restored layout is measured with the everyday sizes.
    w->heatmapPanel()->setPresentationMode(on);
    w->scalingDock()->setPresentationMode(on);
    w->attentionPanel()->setPresentationMode(on);
    if (on) {
        m_stateBefore = w->saveState(m_stateVersion);
        w->screenLayouts()->setPaused(true);
        // The heatmap and the current step share the screen; the controls wait behind the
        // button above the heatmap (and in the View menu).
        for (QWidget *dock : std::initializer_list<QWidget *> { w->sequencePanel(true),
                 w->sequencePanel(false), w->scalingDock(), w->attentionPanel() })
            dock->hide();
        {
            const QSignalBlocker blocker(m_toggle);
            m_toggle->setChecked(false);
        }
        m_toggle->show();
        w->placement()->showFullScreen();
        w->statusBar()->showMessage(
            tr("Lesson mode: Page Up / Page Down step through the computation; Esc or F11 "
               "leaves."),
            8000);
    } else {
        m_toggle->hide();
        w->restoreState(m_stateBefore, m_stateVersion);
        w->placement()->showNormal();
        w->statusBar()->clearMessage();
        // Once the everyday fonts have settled the docks' minimum sizes, restore their sizes
        // again: the first restore could not shrink a dock below its presentation size.
        QTimer::singleShot(0, this, [this, state = m_stateBefore] {
            if (m_active)
                return;
            m_window->restoreState(state, m_stateVersion);
            // The screen may have changed class while presenting.
            m_window->screenLayouts()->setPaused(false);
        });
    }
    w->classroom()->lessonMode()->setActive(on);
    if (on)
        QTimer::singleShot(0, this, &PresenterLayout::shareTheScreen);
}

int PresenterLayout::lessonPanelHeightFor(int windowHeight)
{
    return windowHeight * 18 / 100;
}

void PresenterLayout::shareTheScreen()
{
    if (!m_active)
        return;
    ComputationDock *steps = m_window->classroom()->computation();
    LessonPanel *lesson = m_window->lessons()->panel();
    if (lesson->isVisible() && !lesson->isFloating()) {
        // The whole caption (and question) above, within a share of the height; the heatmap
        // and the step, when the step is shown, take the rest.
        const int height = m_window->height();
        const int most = height * (steps->isVisible() ? 35 : 45) / 100;
        const int caption = std::clamp(lesson->neededHeight(), lessonPanelHeightFor(height), most);
        if (steps->isVisible())
            m_window->resizeDocks(
                { lesson, steps }, { caption, stepHeightFor(height - caption) }, Qt::Vertical);
        else
            m_window->resizeDocks({ lesson }, { caption }, Qt::Vertical);
        // A training step's window floats below the caption, clear of the question.
        TrainingDock *training = m_window->trainingDock();
        if (training->isVisible() && training->isFloating()) {
            const QRect room = m_window->geometry();
            const int top = lesson->mapToGlobal(QPoint(0, 0)).y() + caption;
            if (top < room.bottom() - 200)
                training->setGeometry(room.left(), top, room.width(), room.bottom() - top);
        }
        return;
    }
    m_window->resizeDocks({ steps }, { stepHeightFor(m_window->height()) }, Qt::Vertical);
}

void PresenterLayout::retranslate()
{
    m_toggle->setText(tr("Settings"));
    m_toggle->setToolTip(tr("Show or hide the attention settings (wiring, d_model, heads, "
                            "scale, mask, projections) above the heatmap"));
}

bool PresenterLayout::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange) {
        retranslate();
        // Longer words may have widened the window past its screen: fit it again, and give
        // the step its share of the height again.
        if (m_active)
            QTimer::singleShot(0, this, [this] {
                m_window->placement()->fitIntoScreen();
                shareTheScreen();
            });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ae
