// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessoncontroller.h"

#include "classroom/classanswerscontroller.h"
#include "classroom/classanswersview.h"
#include "computation/classroomtools.h"
#include "document/document.h"
#include "document/recentfolders.h"
#include "language/languagemanager.h"
#include "language/retranslator.h"
#include "lesson/lessonblankscreen.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonkeyfilter.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "lesson/lessonpresenterview.h"
#include "lesson/lessonviewapplier.h"
#include "session/attentionpanel.h"
#include "window/lessonmode.h"
#include "window/mainwindow.h"
#include "window/mainwindowfileactions.h"
#include "window/presenterlayout.h"
#include "window/sessionfilecontroller.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHash>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QTimer>
#include <QWindow>

#include <algorithm>

namespace ae {

namespace {

/// The built-in lessons' titles, read once per run (a few milliseconds for all of them).
const QHash<QString, LessonText> &builtinTitles()
{
    static const QHash<QString, LessonText> titles = [] {
        QHash<QString, LessonText> t;
        for (const QString &name : LessonCatalog::builtinNames()) {
            const LessonLoadResult loaded = LessonCatalog::load(name);
            t.insert(name, loaded.ok() ? loaded.lesson.title : LessonText { name, name });
        }
        return t;
    }();
    return titles;
}

} // namespace

void LessonController::applyView()
{
    LessonViewApplier::apply(m_window, m_player->currentStep().view,
        m_player->withholdsScalingPanel(), m_player->withholdsTraining());
}

LessonController::LessonController(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_player(new LessonPlayer(window->document(), this))
    , m_panel(new LessonPanel(m_player, window))
    , m_keys(new LessonKeyFilter(this))
    , m_classAnswers(new ClassAnswersController(m_player, window, this))
{
    m_panel->setClassAnswersView(m_classAnswers->view());
    // The question File ▸ Open asks before the lesson replaces unsaved work.
    m_player->setReplaceGuard([this] { return m_window->fileActions()->files()->maybeSave(); });
    // A tab over the attention settings, across the top: the window grows no wider (a 1024-pixel
    // projector has no room for another column), the left column keeps the scaling lab's panel
    // a step may show, and the settings are one click away for an edit mid-lesson.
    // The window restored its saved arrangement before the lesson's panel existed: the panel
    // takes the place kept for it there (as a new tab, the settings' area would make room
    // for a tab bar at every start).
    if (!window->restoreDockWidget(m_panel)) {
        window->addDockWidget(Qt::TopDockWidgetArea, m_panel);
        window->tabifyDockWidget(window->attentionPanel(), m_panel);
    }
    m_panel->hide();
    qApp->installEventFilter(m_keys);

    connect(m_keys, &LessonKeyFilter::nextRequested, m_player, &LessonPlayer::next);
    connect(m_keys, &LessonKeyFilter::backRequested, m_player, &LessonPlayer::back);
    connect(m_keys, &LessonKeyFilter::blankRequested, this, &LessonController::blankScreen);
    connect(m_keys, &LessonKeyFilter::unblankRequested, this, &LessonController::unblankScreen);
    connect(m_keys, &LessonKeyFilter::startRequested, this, &LessonController::resume);
    connect(m_keys, &LessonKeyFilter::leaveRequested, this, &LessonController::leave);

    // The reveal shows what its question kept back: the scaling panel, the training runs.
    connect(m_player, &LessonPlayer::phaseChanged, this, [this] {
        if (!m_player->hasQuestion())
            return;
        const LessonQuestion &q = *m_player->currentStep().question;
        if (q.dependsOnScalingPanel || q.dependsOnTraining)
            applyView();
    });
    connect(m_player, &LessonPlayer::stepChanged, this, [this] {
        applyView();
        m_viewPending = true;
        // Each step brings the lesson's tab back over the settings, whatever was raised since.
        if (m_player->isPlaying())
            bringPanelToFront();
    });
    // The step's result is computed in the background: a head the previous session lacked can
    // only be shown once it has arrived.
    connect(m_window->document(), &Document::resultChanged, this, [this] {
        if (!m_viewPending || !m_player->hasLesson())
            return;
        m_viewPending = false;
        applyView();
    });
    // Each step and each question resizes the caption to what it holds: full screen by the
    // presenter layout's rule, in the everyday window within a share of its height.
    const auto shareTheScreen = [this] {
        if (m_window->isPresentationMode())
            QTimer::singleShot(0, m_window->presenterLayout(), &PresenterLayout::shareTheScreen);
        else
            QTimer::singleShot(0, this, &LessonController::fitPanel);
    };
    connect(m_player, &LessonPlayer::stepChanged, this, shareTheScreen);
    connect(m_player, &LessonPlayer::phaseChanged, this, shareTheScreen);
    // Claims computed in the background replace their "…" with numbers: whatever changes the
    // caption's height, the panel takes the new one.
    connect(m_panel, &LessonPanel::neededHeightChanged, this, shareTheScreen);
    connect(m_player, &LessonPlayer::playingChanged, this, [this](bool playing) {
        m_keys->setActive(playing);
        m_window->classroom()->lessonMode()->setSteppingKeysYielded(playing);
        updateActions();
    });
    connect(m_player, &LessonPlayer::lessonChanged, this, [this] {
        m_keys->setStartable(m_player->hasLesson());
        updateActions();
    });
    // The caption grows with lesson mode's zoom, as the heatmap and the computation do.
    LessonMode *mode = m_window->classroom()->lessonMode();
    m_panel->setZoom(mode->contentZoom());
    connect(mode, &LessonMode::contentZoomChanged, m_panel, &LessonPanel::setZoom);
    createMenu();
    updateActions();
}

LessonController::~LessonController()
{
    qApp->removeEventFilter(m_keys);
}

LessonPresenterView *LessonController::presenterView() const
{
    return m_presenter;
}

bool LessonController::isLessonFile(const QString &fileName)
{
    return fileName.endsWith(QLatin1String(lessonFileSuffix), Qt::CaseInsensitive);
}

void LessonController::createMenu()
{
    m_menu = new QMenu(m_window);
    m_menu->setObjectName(QStringLiteral("lessonMenu"));
    QMenuBar *bar = m_window->menuBar();
    auto *help = m_window->findChild<QMenu *>(QStringLiteral("helpMenu"));
    bar->insertMenu(help ? help->menuAction() : nullptr, m_menu);

    QAction *open = m_menu->addAction(QString(), this, [this] {
        const QString fileName = QFileDialog::getOpenFileName(m_window, tr("Open Lesson"),
            RecentFolders::folder(RecentFolders::lesson),
            tr("Lessons (*%1)").arg(QLatin1String(lessonFileSuffix)));
        RecentFolders::remember(RecentFolders::lesson, fileName);
        if (!fileName.isEmpty())
            openLessonFile(fileName);
    });
    open->setObjectName(QStringLiteral("openLessonAction"));
    m_builtinMenu = m_menu->addMenu(QString());
    m_builtinMenu->setObjectName(QStringLiteral("builtinLessonsMenu"));
    for (const QString &name : LessonCatalog::builtinNames()) {
        QAction *action = m_builtinMenu->addAction(name);
        action->setData(name);
        connect(action, &QAction::triggered, this, [this, name] { openBuiltin(name); });
    }
    m_menu->addSeparator();
    m_startAction = m_menu->addAction(QString(), this, [this] { m_player->start(true); });
    m_startAction->setObjectName(QStringLiteral("startLessonAction"));
    m_leaveAction = m_menu->addAction(QString(), this, &LessonController::leave);
    m_leaveAction->setObjectName(QStringLiteral("leaveLessonAction"));
    m_presenterAction = m_menu->addAction(QString(), this, &LessonController::showPresenterView);
    m_presenterAction->setObjectName(QStringLiteral("presenterViewAction"));
    m_menu->addSeparator();
    m_menu->addAction(m_classAnswers->action());

    m_exportAction = new QAction(this);
    m_exportAction->setObjectName(QStringLiteral("exportHandoutAction"));
    connect(m_exportAction, &QAction::triggered, this, &LessonController::exportHandout);
    m_window->fileMenu()->insertAction(m_window->examplesAction(), m_exportAction);
    m_window->fileMenu()->insertSeparator(m_window->examplesAction());

    Retranslator::bind(m_menu, [this] {
        m_menu->setTitle(tr("Le&sson"));
        m_menu->actions().constFirst()->setText(tr("&Open Lesson\u2026"));
        m_builtinMenu->setTitle(tr("&Built-in Lessons"));
        m_startAction->setText(tr("&Start from the Beginning"));
        m_startAction->setStatusTip(tr("Plays the lesson from its first step; F5 resumes it "
                                       "where it was left."));
        m_leaveAction->setText(tr("&Leave the Lesson (Esc)"));
        m_presenterAction->setText(tr("&Presenter View"));
        m_presenterAction->setStatusTip(
            tr("This step's notes, the next step and the time, for the teacher's eyes."));
        m_exportAction->setText(tr("Export &Handout\u2026"));
        m_exportAction->setStatusTip(tr("Writes the lesson's captions, figures and questions "
                                        "as a PDF or Markdown handout, answers at the end."));
        fillBuiltinMenu();
    });
}

void LessonController::fillBuiltinMenu()
{
    const bool chinese = LanguageManager::isChinese();
    const QHash<QString, LessonText> &titles = builtinTitles();
    for (QAction *action : m_builtinMenu->actions())
        action->setText(titles.value(action->data().toString()).in(chinese));
}

void LessonController::updateActions()
{
    const bool loaded = m_player->hasLesson();
    m_startAction->setEnabled(loaded);
    m_leaveAction->setEnabled(m_player->isPlaying());
    m_presenterAction->setEnabled(loaded);
    m_exportAction->setEnabled(loaded);
}

bool LessonController::openLessonFile(const QString &fileName)
{
    const LessonLoadResult loaded = loadLessonFile(fileName, &LessonCatalog::builtinExample);
    if (!loaded.ok()) {
        m_window->showNote(tr("Could not open the lesson “%1”: %2. The current session is "
                              "unchanged.")
                               .arg(QFileInfo(fileName).fileName(), loaded.error->toString()),
            true);
        return false;
    }
    m_classAnswers->setLessonSource(fileName, QString());
    return play(loaded.lesson);
}

bool LessonController::openBuiltin(const QString &name)
{
    const LessonLoadResult loaded = LessonCatalog::load(name);
    if (!loaded.ok()) {
        m_window->showNote(
            tr("Could not open the lesson “%1”: %2.").arg(name, loaded.error->toString()), true);
        return false;
    }
    m_classAnswers->setLessonSource(QString(), name);
    return play(loaded.lesson);
}

bool LessonController::play(const ResolvedLesson &lesson, int step)
{
    rememberLayout();
    if (!m_player->play(lesson))
        return false;
    if (step > 0)
        m_player->goToStep(step);
    bringPanelToFront();
    // Room for the caption and the question, the heatmap keeping the rest.
    fitPanel();
    // Full screen, the caption, the heatmap and the step share the height by one rule.
    if (m_window->isPresentationMode())
        m_window->presenterLayout()->shareTheScreen();
    if (QGuiApplication::screens().size() > 1)
        arrangeScreens();
    return true;
}

bool LessonController::resume()
{
    rememberLayout();
    if (!m_player->start())
        return false;
    bringPanelToFront();
    if (QGuiApplication::screens().size() > 1)
        arrangeScreens();
    return true;
}

void LessonController::bringPanelToFront()
{
    if (!m_player->hasLesson())
        return;
    m_panel->show();
    // Its tab over the attention settings, or its own window over the others.
    m_panel->raise();
}

void LessonController::rememberLayout()
{
    // The steps arrange the window (the caption's height, their panels): once the panel goes
    // for good, the arrangement from before the lesson comes back.
    if (m_panel->isHidden() && !m_window->isPresentationMode())
        m_layoutBefore = m_window->screenLayouts()->current();
}

void LessonController::putPanelAway()
{
    if (m_panel->isHidden())
        return;
    m_panel->hide();
    m_window->screenLayouts()->putBack(m_layoutBefore);
}

int LessonController::everydayPanelHeight(int needed, int windowHeight)
{
    return std::clamp(needed, std::min(180, windowHeight / 4), windowHeight * 45 / 100);
}

void LessonController::fitPanel()
{
    if (m_window->isPresentationMode() || !m_panel->isVisible() || m_panel->isFloating())
        return;
    m_window->resizeDocks({ m_panel },
        { everydayPanelHeight(m_panel->neededHeight(), m_window->height()) }, Qt::Vertical);
}

void LessonController::leave()
{
    unblankScreen();
    m_player->stop();
    if (m_enteredPresentation) {
        m_enteredPresentation = false;
        m_window->setPresentationMode(false);
    }
    if (m_presenter && QGuiApplication::screens().size() > 1)
        m_presenter->hide();
}

void LessonController::blankScreen()
{
    if (!m_blank) {
        m_blank = new LessonBlankScreen(m_window);
        connect(m_blank, &LessonBlankScreen::clicked, this, &LessonController::unblankScreen);
    }
    m_keys->setBlanked(true);
    m_blank->blank(m_window->screen());
}

void LessonController::unblankScreen()
{
    m_keys->setBlanked(false);
    if (m_blank && m_blank->isVisible()) {
        m_blank->hide();
        m_window->activateWindow();
    }
}

void LessonController::showPresenterView()
{
    if (!m_presenter) {
        m_presenter = new LessonPresenterView(m_player, m_window);
        m_presenter->setAttribute(Qt::WA_DeleteOnClose);
    }
    const QList<QScreen *> screens = QGuiApplication::screens();
    if (screens.size() > 1) {
        // On the laptop: the primary screen, while the lesson fills the other.
        const QRect room = QGuiApplication::primaryScreen()->availableGeometry();
        m_presenter->setGeometry(room.adjusted(
            room.width() / 10, room.height() / 10, -room.width() / 10, -room.height() / 10));
    }
    m_presenter->show();
    m_presenter->raise();
}

void LessonController::arrangeScreens()
{
    QScreen *primary = QGuiApplication::primaryScreen();
    QScreen *projector = nullptr;
    for (QScreen *screen : QGuiApplication::screens()) {
        if (screen != primary) {
            projector = screen;
            break;
        }
    }
    if (!projector)
        return;
    if (m_window->screen() != projector) {
        if (m_window->isPresentationMode())
            m_window->setPresentationMode(false);
        const QRect room = projector->availableGeometry();
        m_window->move(room.topLeft());
        if (m_window->windowHandle())
            m_window->windowHandle()->setScreen(projector);
    }
    if (!m_window->isPresentationMode()) {
        m_window->setPresentationMode(true);
        m_enteredPresentation = true;
    }
    showPresenterView();
    // The lesson's keys work from either window; the lesson keeps the focus.
    m_window->activateWindow();
}

void LessonController::exportHandout()
{
    if (!m_player->hasLesson())
        return;
    const QString pdf = tr("PDF (*.pdf)");
    const QString markdown = tr("Markdown with SVG figures (*.md)");
    QString filter = pdf;
    const QString fileName = QFileDialog::getSaveFileName(m_window, tr("Export Handout"),
        RecentFolders::folder(RecentFolders::handout), pdf + QStringLiteral(";;") + markdown,
        &filter);
    if (fileName.isEmpty())
        return;
    RecentFolders::remember(RecentFolders::handout, fileName);
    QString name = fileName;
    // A name typed without an extension gets the chosen format's.
    if (QFileInfo(name).suffix().isEmpty())
        name += filter == markdown ? QStringLiteral(".md") : QStringLiteral(".pdf");
    exportHandoutTo(name);
}

bool LessonController::exportHandoutTo(const QString &fileName)
{
    QString error;
    if (!LessonHandout::write(m_player->lesson(), fileName, LanguageManager::isChinese(), &error)) {
        m_window->showNote(error, true);
        return false;
    }
    m_window->showNote(tr("Wrote the handout to %1.").arg(QDir::toNativeSeparators(fileName)));
    return true;
}

} // namespace ae
