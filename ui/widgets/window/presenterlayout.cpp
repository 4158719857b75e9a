// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/presenterlayout.h"

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "heatmap/heatmappanel.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/sequencepanel.h"
#include "training/trainingdock.h"
#include "window/lessonmode.h"
#include "window/mainwindow.h"
#include "window/screenlayouts.h"
#include "window/windowplacement.h"

#include <QAction>
#include <QEvent>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <algorithm>

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
        // A lesson step's scaling panel appears in the right column, with the caption: in the
        // left one, beside the heatmap and the caption, it would make the window wider than a
        // projector's screen, and the window system would take it out of full screen.
        if (!w->scalingDock()->isFloating())
            w->addDockWidget(Qt::RightDockWidgetArea, w->scalingDock());
        {
            const QSignalBlocker blocker(m_toggle);
            m_toggle->setChecked(false);
        }
        m_toggle->show();
        // A played lesson's caption and question lead, whichever tab was in front before.
        if (w->lessons()->player()->isPlaying())
            w->lessons()->bringPanelToFront();
        w->placement()->showFullScreen();
        w->statusBar()->showMessage(w->lessons()->player()->isPlaying()
                ? tr("Lesson mode: Page Down or Space for the lesson's next step, Page Up for "
                     "the one before; Esc or F11 leaves.")
                : tr("Lesson mode: Page Up / Page Down step through the computation; Esc or "
                     "F11 leaves."),
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
            // The layout saved on entering is that of the step as it was then: a question
            // revealed while presenting shows, here too, the panel that answers it.
            LessonController *lessons = m_window->lessons();
            if (lessons->player()->isPlaying()) {
                lessons->applyView();
                lessons->bringPanelToFront();
            }
        });
    }
    w->classroom()->lessonMode()->setActive(on);
    // Lesson mode shows the computation; a played step shows it only when it names a step.
    if (on && w->lessons()->player()->isPlaying())
        w->lessons()->applyView();
    if (on)
        QTimer::singleShot(0, this, &PresenterLayout::shareTheScreen);
}

int PresenterLayout::questionWidthFor(int windowWidth)
{
    return windowWidth * 36 / 100;
}

bool PresenterLayout::captionBesideOn(int windowHeight)
{
    return windowHeight < 900;
}

int PresenterLayout::captionInColumn(int column, int needs, int questionNeeds, int labLeast)
{
    const int labShare = std::max(labLeast, column * 35 / 100);
    return std::min({ needs, std::max(column - labShare, questionNeeds), column - labLeast });
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
        // An open question (its prompt, its choices, the guess and Reveal) goes beside the
        // heatmap: above it, it would leave the heatmap a strip. Only where the heatmap (and a
        // lab's panel in the left column) leave it the width its rows need.
        ScalingPlotDock *lab = m_window->scalingDock();
        const bool labLeft = lab->isVisible() && !lab->isFloating()
            && m_window->dockWidgetArea(lab) == Qt::LeftDockWidgetArea;
        const int room = m_window->width() - m_window->centralWidget()->minimumSizeHint().width()
            - (labLeft ? lab->width() : 0);
        // A training step's window needs the width of the screen: its caption stays on top
        // and the window goes below it.
        const TrainingDock *training = m_window->trainingDock();
        const bool trains = training->isVisible() && training->isFloating();
        const bool asking = !lesson->questionBox()->isHidden();
        const bool beside = (asking || captionBesideOn(m_window->height()))
            && room >= lesson->neededWidth() && !trains;
        const Qt::DockWidgetArea area = beside ? Qt::RightDockWidgetArea : Qt::TopDockWidgetArea;
        if (m_window->dockWidgetArea(lesson) != area) {
            m_window->addDockWidget(area, lesson);
            lesson->show();
        }
        // The caption above the lab's panel in their column (split once: splitting again
        // would share the column evenly).
        const bool labBelow = area == Qt::RightDockWidgetArea && lab->isVisible()
            && !lab->isFloating() && m_window->dockWidgetArea(lab) == Qt::RightDockWidgetArea;
        if (labBelow && (lab->x() != lesson->x() || lab->y() <= lesson->y()))
            m_window->splitDockWidget(lesson, lab, Qt::Vertical);
        if (beside) {
            // Wide enough for its rows (a language's longer words), never wider than half.
            const int width = std::min(m_window->width() / 2,
                std::max(questionWidthFor(m_window->width()), lesson->neededWidth()));
            m_window->resizeDocks({ lesson }, { width }, Qt::Horizontal);
            // Then, at that width, the caption's height above the lab's panel (all the lab's
            // least height leaves).
            if (labBelow) {
                const int column = lesson->height() + lab->height();
                // Once revealed, the panel that answers the question has half the column (a
                // plot with its legend and axes): the answer's box says the right choice, the
                // rest of the caption may scroll.
                const bool answered
                    = m_window->lessons()->player()->phase() == LessonPlayer::Phase::Revealed;
                const int labLeast = lab->minimumSizeHint().height();
                const int caption = captionInColumn(column, lesson->neededHeight(),
                    answered ? 0 : lesson->questionNeededHeight(),
                    answered ? std::max(labLeast, column / 2) : labLeast);
                m_window->resizeDocks({ lesson, lab }, { caption, column - caption }, Qt::Vertical);
            }
            if (steps->isVisible())
                m_window->resizeDocks(
                    { steps }, { stepHeightFor(m_window->height()) }, Qt::Vertical);
            return;
        }
        // The whole caption above, within a share of the height; the heatmap and the step,
        // when the step is shown, take the rest.
        const int height = m_window->height();
        const int most = height * (steps->isVisible() ? 35 : 45) / 100;
        int caption = std::clamp(lesson->neededHeight(), lessonPanelHeightFor(height), most);
        if (trains) {
            // The training window below needs its least height on screen: the caption gives
            // way, but never below the open question's prompt and choices.
            const int column
                = m_window->geometry().bottom() + 1 - lesson->mapToGlobal(QPoint(0, 0)).y();
            const int frame = training->frameGeometry().height() - training->height();
            const int least = training->minimumSizeHint().height() + frame;
            caption = captionInColumn(column, std::max(caption, lesson->questionNeededHeight()),
                lesson->questionNeededHeight(), least);
            caption = std::max(caption, lessonPanelHeightFor(height) / 2);
        }
        if (steps->isVisible())
            m_window->resizeDocks(
                { lesson, steps }, { caption, stepHeightFor(height - caption) }, Qt::Vertical);
        else
            m_window->resizeDocks({ lesson }, { caption }, Qt::Vertical);
        // A training step's window floats below the caption, clear of the question.
        const QRect screen = m_window->geometry();
        const int top = lesson->mapToGlobal(QPoint(0, 0)).y() + caption;
        placeTraining(QRect(screen.left(), top, screen.width(), screen.bottom() + 1 - top));
        return;
    }
    m_window->resizeDocks({ steps }, { stepHeightFor(m_window->height()) }, Qt::Vertical);
}

void PresenterLayout::placeTraining(const QRect &free)
{
    TrainingDock *training = m_window->trainingDock();
    // Too small a space helps nobody: the window then stays where it is.
    if (!training->isVisible() || !training->isFloating() || free.width() < 300
        || free.height() < 200)
        return;
    // The window's frame lies within the free part too.
    const QRect frame = training->frameGeometry();
    const QRect inner = training->geometry();
    training->setGeometry(free.adjusted(inner.left() - frame.left(), inner.top() - frame.top(),
        inner.right() - frame.right(), inner.bottom() - frame.bottom()));
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
