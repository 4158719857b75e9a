// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"

#include "compare/comparedialog.h"
#include "computation/classroomtools.h"
#include "document/document.h"
#include "document/examplecatalog.h"
#include "document/sessionerrortext.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmappanel.h"
#include "language/languagemanager.h"
#include "language/retranslator.h"
#include "lesson/lessonannouncer.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessoneditor.h"
#include "lesson/lessonpanel.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/sequencepanel.h"
#include "session/sessionjson.h"
#include "session/sessionvalidator.h"
#include "training/trainingdock.h"
#include "window/lessonmode.h"
#include "window/liveregion.h"
#include "window/mainwindowfileactions.h"
#include "window/mainwindowmenus.h"
#include "window/messagebar.h"
#include "window/presenterlayout.h"
#include "window/screenlayouts.h"
#include "window/sessionfilecontroller.h"
#include "window/windowplacement.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace ae {

namespace {

/// Bumped when the docks change so that an old saved layout is not applied to new docks.
constexpr int stateVersion = 1;

const char colorMapKey[] = "ui/colorMap";

QString settingsKey(const char *key)
{
    return QString::fromLatin1(key);
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_document(new Document(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Attention Explorer"));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    auto *centre = new QWidget(this);
    m_errorBar = new MessageBar(centre);
    m_errorBar->setObjectName(QStringLiteral("errorBar"));
    m_noteBar = new MessageBar(centre);
    m_noteBar->setObjectName(QStringLiteral("noteBar"));
    m_heatmapPanel = new HeatmapPanel(m_document, centre);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(4, 4, 4, 0);
    centreLayout->setSpacing(4);
    centreLayout->addWidget(m_errorBar);
    centreLayout->addWidget(m_noteBar);
    centreLayout->addWidget(m_heatmapPanel, 1);
    setCentralWidget(centre);

    createDocks();
    MainWindowMenus::create(this);
    createStatusBar();
    m_placement = new WindowPlacement(this);
    m_layouts = new ScreenLayouts(this, m_placement, QStringLiteral("mainWindow"), stateVersion,
        [this](
            ScreenClass screenClass, bool compact) { arrangeDefaultLayout(screenClass, compact); });
    connect(m_layouts, &ScreenLayouts::defaultArrangementApplied, this, [this] {
        // Dock sizes only take once the window has its real size: when it is shown, or, after
        // a move to another class of screen, once it has been fitted to that screen.
        m_defaultDockSizesPending = true;
        if (isVisible()) {
            QTimer::singleShot(0, this, [this] {
                if (m_defaultDockSizesPending) {
                    m_defaultDockSizesPending = false;
                    applyDefaultDockSizes();
                }
            });
        }
    });
    connect(m_heatmapPanel, &HeatmapPanel::colorMapChanged, this, [this](ColorMapKind kind) {
        for (QAction *action : m_colorMapGroup->actions())
            action->setChecked(action->data().toString() == ColorMap::key(kind));
        QSettings().setValue(settingsKey(colorMapKey), ColorMap::key(kind));
    });
    restoreSettings();
    m_fileActions = new MainWindowFileActions(this);
    m_presenter = new PresenterLayout(this, stateVersion);
    m_lessons = new LessonController(this);
    // "Play from This Step" plays the lesson being written, as written.
    connect(m_lessonEditor, &LessonEditor::playRequested, m_lessons,
        [this](const ResolvedLesson &lesson, int step) { m_lessons->play(lesson, step); });

    // A screen reader is told each lesson step, question and answer, and every error or
    // warning the message bars put up.
    m_liveRegion = new LiveRegion(this);
    m_liveRegion->lower();
    auto *announcer = new LessonAnnouncer(m_lessons->player(), this);
    connect(announcer, &LessonAnnouncer::announcement, m_liveRegion, &LiveRegion::announce);
    for (MessageBar *bar : { m_errorBar, m_noteBar }) {
        connect(bar, &MessageBar::messageShown, m_liveRegion,
            [this](MessageBar::Kind kind, const QString &text) {
                if (kind != MessageBar::Kind::Information)
                    m_liveRegion->announce(text);
            });
    }

    connect(m_document, &Document::sessionChanged, this, &MainWindow::updateShapes);
    connect(m_document, &Document::sessionChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::errorChanged, this, &MainWindow::updateError);
    connect(m_document, &Document::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::modifiedChanged, this, &QWidget::setWindowModified);
    // A note tells of something just done (opened, exported, refused); the next edit or undo
    // makes it old news, and "one Undo away" would no longer be true.
    connect(
        m_document->undoStack(), &QUndoStack::indexChanged, m_noteBar, &MessageBar::clearMessage);

    // Qt moves a dock behind another one's tab out of sight but keeps it "visible": Tab would
    // walk through its fields and Alt + a letter would reach them, unseen. Its contents are
    // disabled while its tab is not the one shown (Qt tells a tab's change as a visibility
    // change); disabled rather than hidden, so that the dock area keeps its size.
    for (QDockWidget *dock : findChildren<QDockWidget *>()) {
        connect(dock, &QDockWidget::visibilityChanged, dock, [dock](bool visible) {
            if (QWidget *contents = dock->widget())
                contents->setEnabled(visible);
        });
    }

    updateTitle();
    updateError();
    updateShapes();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    m_sourcePanel = new SequencePanel(m_document, SequenceRole::Source, this);
    m_targetPanel = new SequencePanel(m_document, SequenceRole::Target, this);
    m_attentionPanel = new AttentionPanel(m_document, this);
    m_scalingDock = new ScalingPlotDock(m_document, this);
    m_trainingDock = new TrainingDock(m_document, this);
    // The lab needs the room of a window of its own: it floats, hidden until View > Training.
    addDockWidget(Qt::BottomDockWidgetArea, m_trainingDock);
    m_trainingDock->setFloating(true);
    m_trainingDock->hide();
    m_lessonEditor = new LessonEditor(this);
    addDockWidget(Qt::RightDockWidgetArea, m_lessonEditor);
    m_lessonEditor->setFloating(true);
    m_lessonEditor->hide();
}

CompareDialog *MainWindow::compareDialog() const
{
    return m_compareDialog;
}

void MainWindow::openCompareDialog()
{
    if (!m_compareDialog) {
        m_compareDialog = new CompareDialog(m_document, this);
        m_compareDialog->setAttribute(Qt::WA_DeleteOnClose);
        // The panels grow with the lesson's zoom, as the heatmap does.
        LessonMode *lesson = m_classroom->lessonMode();
        m_compareDialog->setZoom(lesson->contentZoom());
        connect(lesson, &LessonMode::contentZoomChanged, m_compareDialog.data(),
            &CompareDialog::setZoom);
    }
    m_compareDialog->show();
    m_compareDialog->raise();
    m_compareDialog->activateWindow();
}

void MainWindow::createStatusBar()
{
    m_shapeLabel = new QLabel(this);
    m_shapeLabel->setObjectName(QStringLiteral("shapeLabel"));
    Retranslator::bind(m_shapeLabel, [label = m_shapeLabel] {
        label->setToolTip(tr("Shapes of the current settings: queries × d_model, keys and "
                             "values × d_model, and each head's width d_k."));
    });
    statusBar()->addPermanentWidget(m_shapeLabel);
}

void MainWindow::arrangeDefaultLayout(ScreenClass screenClass, bool compact)
{
    // The attention controls span the top; the sequences fill the left below them.
    setCorner(Qt::TopLeftCorner, Qt::TopDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::TopDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    for (QDockWidget *dock : std::initializer_list<QDockWidget *> {
             m_attentionPanel, m_sourcePanel, m_targetPanel, m_scalingDock }) {
        dock->setFloating(false);
        dock->show();
    }
    addDockWidget(Qt::TopDockWidgetArea, m_attentionPanel);
    // The lesson's caption stays a tab over the settings (shown or not, as it was).
    if (m_lessons) {
        QDockWidget *lesson = m_lessons->panel();
        const bool shown = !lesson->isHidden();
        lesson->setFloating(false);
        addDockWidget(Qt::TopDockWidgetArea, lesson);
        tabifyDockWidget(m_attentionPanel, lesson);
        lesson->setVisible(shown);
        if (shown)
            lesson->raise();
    }
    addDockWidget(Qt::LeftDockWidgetArea, m_sourcePanel);
    if (compact) {
        // A short screen: the two sequences share the left column as tabs.
        addDockWidget(Qt::LeftDockWidgetArea, m_targetPanel);
        tabifyDockWidget(m_sourcePanel, m_targetPanel);
    } else {
        splitDockWidget(m_sourcePanel, m_targetPanel, Qt::Vertical);
    }

    if (screenClass == ScreenClass::Wide) {
        addDockWidget(Qt::RightDockWidgetArea, m_scalingDock);
    } else {
        // On a small screen the heatmaps need the whole height: the scaling plot shares the
        // left column with the target sequence, as a tab.
        addDockWidget(Qt::LeftDockWidgetArea, m_scalingDock);
        tabifyDockWidget(m_targetPanel, m_scalingDock);
        m_targetPanel->raise();
    }

    // Large text on a small screen (200 % on 1600×1000 is 800×500): even the compact
    // arrangement may be taller than the screen. Then the settings join the left column's
    // tabs (where they stack their groups) and the heatmap's options take two lines.
    m_heatmapPanel->setHeaderWrapped(false);
    QScreen *screen = m_placement->screen();
    if (!compact || !screen)
        return;
    layout()->invalidate();
    const int least = minimumSizeHint().expandedTo(minimumSize()).height();
    if (least <= screen->availableGeometry().height())
        return;
    m_heatmapPanel->setHeaderWrapped(true);
    addDockWidget(Qt::LeftDockWidgetArea, m_attentionPanel);
    tabifyDockWidget(m_sourcePanel, m_attentionPanel);
    if (m_lessons) {
        QDockWidget *lesson = m_lessons->panel();
        const bool shown = !lesson->isHidden();
        addDockWidget(Qt::LeftDockWidgetArea, lesson);
        tabifyDockWidget(m_attentionPanel, lesson);
        lesson->setVisible(shown);
    }
    m_attentionPanel->raise();
}

void MainWindow::applyDefaultDockSizes()
{
    // Dock sizes only take once the window has its real size, i.e. when it is first shown.
    const bool wide = dockWidgetArea(m_scalingDock) == Qt::RightDockWidgetArea;
    const int left = std::clamp(width() / 4, 300, 400);
    resizeDocks({ m_sourcePanel }, { left }, Qt::Horizontal);
    resizeDocks({ m_sourcePanel, m_targetPanel }, { height(), height() }, Qt::Vertical);
    if (wide)
        resizeDocks({ m_scalingDock }, { std::clamp(width() / 4, 320, 440) }, Qt::Horizontal);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_defaultDockSizesPending) {
        m_defaultDockSizesPending = false;
        applyDefaultDockSizes();
    }
}

void MainWindow::restoreSettings()
{
    // Geometry and docks as saved for the screen the window opens on, else its default.
    m_layouts->restore();
    QSettings settings;
    if (const auto kind = ColorMap::fromKey(settings.value(settingsKey(colorMapKey)).toString()))
        m_heatmapPanel->setColorMap(*kind);
}

void MainWindow::saveSettings()
{
    m_layouts->save();
    QSettings settings;
    settings.setValue(settingsKey(colorMapKey), ColorMap::key(m_heatmapPanel->colorMap()));
}

QAction *MainWindow::examplesAction() const
{
    return m_examplesMenu->menuAction();
}

bool MainWindow::openFile(const QString &fileName)
{
    // One path for the command line, Open…, Open Recent and dropped files.
    if (LessonController::isLessonFile(fileName))
        return m_lessons->openLessonFile(fileName);
    return m_fileActions->files()->openFile(fileName);
}

bool MainWindow::openExample(const QString &resourcePath)
{
    const SessionLoadResult loaded = ExampleCatalog::load(resourcePath);
    if (!loaded.ok()) {
        showNote(tr("The example could not be read: %1").arg(loaded.error->toString()), true);
        return false;
    }
    const QString title = loaded.session.title;
    const QString name = ExampleCatalog::name(resourcePath, title);
    if (!m_document->isModified()) {
        m_document->resetSession(loaded.session, QString());
        m_noteBar->clearMessage();
        return true;
    }
    m_document->openAsEdit(
        [resourcePath, title] {
            return tr("Open the example “%1”").arg(ExampleCatalog::name(resourcePath, title));
        },
        loaded.session);
    showNote(
        tr("Opened the example “%1”. Your previous session is one Undo (Ctrl+Z) away.").arg(name));
    return true;
}

void MainWindow::showNote(const QString &text, bool isError)
{
    m_noteBar->showMessage(
        isError ? MessageBar::Kind::Error : MessageBar::Kind::Information, text, true);
}

QString MainWindow::shapeSummary() const
{
    const Session &s = m_document->session();
    const int dModel = s.attention.config.dModel;
    const int heads = s.attention.config.heads;
    const QString headsText = heads == 1 ? tr("1 head") : tr("%1 heads").arg(heads);
    const int headDim = headWidth(dModel, heads);
    const QString dK = headDim > 0 ? QString::number(headDim) : QStringLiteral("—");
    return tr("Q %1×%2 · K/V %3×%4 · d_model %5 · %6 · d_k %7")
        .arg(s.querySequence().length())
        .arg(dModel)
        .arg(s.keyValueSequence().length())
        .arg(dModel)
        .arg(dModel)
        .arg(headsText, dK);
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    m_trainingDock->setPresentationMode(on);
    m_presenter->setActive(on);
    m_leavePresentationAction->setEnabled(on);
    const QSignalBlocker blocker(m_presentationAction);
    m_presentationAction->setChecked(on);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_closeGuard && !m_closeGuard()) {
        event->ignore();
        return;
    }
    // Remember the everyday layout, not the presentation one, and as the next start has it:
    // without a lesson's panel.
    setPresentationMode(false);
    m_lessons->putPanelAway();
    saveSettings();
    event->accept();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_copyAsMenu
        && (event->type() == QEvent::ActionAdded || event->type() == QEvent::ActionRemoved)) {
        // Shown only once something fills it; an empty submenu would look broken. The count is
        // read after the event is handled.
        QMetaObject::invokeMethod(
            this,
            [this] { m_copyAsMenu->menuAction()->setVisible(!m_copyAsMenu->actions().isEmpty()); },
            Qt::QueuedConnection);
    }
    if (event->type() == QEvent::FocusIn && qobject_cast<QTabBar *>(watched)) {
        // Qt keeps the tab bar of a dock area that needs none (one dock left in it) out of
        // sight rather than hidden, and Tab would stop on it unseen: the focus passes on.
        auto *bar = static_cast<QTabBar *>(watched);
        if (!rect().intersects(bar->geometry()) || bar->visibleRegion().isEmpty()) {
            const auto reason = static_cast<QFocusEvent *>(event)->reason();
            if (reason == Qt::TabFocusReason || reason == Qt::BacktabFocusReason) {
                const bool forward = reason == Qt::TabFocusReason;
                QMetaObject::invokeMethod(
                    this, [this, forward] { focusNextPrevChild(forward); }, Qt::QueuedConnection);
            }
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::childEvent(QChildEvent *event)
{
    // The dock areas' tab bars, made by Qt as docks are tabbed together.
    if (event->type() == QEvent::ChildPolished) {
        if (auto *bar = qobject_cast<QTabBar *>(event->child()))
            bar->installEventFilter(this);
    }
    QMainWindow::childEvent(event);
}

void MainWindow::updateTitle()
{
    QString name;
    if (!m_document->fileName().isEmpty())
        name = QFileInfo(m_document->fileName()).fileName();
    else if (!m_document->session().title.isEmpty())
        name = ExampleCatalog::displayTitle(m_document->session().title);
    else
        name = tr("Untitled");
    setWindowTitle(tr("%1[*] — Attention Explorer").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateError()
{
    if (!m_document->error()) {
        m_errorBar->clearMessage();
        return;
    }
    // Checked again rather than read from the document, so that the core's part of the
    // message is in the language of the moment too.
    const auto error = validateSession(m_document->session()).value_or(*m_document->error());
    QString text = SessionErrorText::describe(error, m_document->session());
    if (m_document->hasResult())
        text = SessionErrorText::joinSentences(
            text, tr("The heatmaps show the last valid settings, dimmed, until this is fixed."));
    m_errorBar->showMessage(MessageBar::Kind::Error, text);
}

void MainWindow::updateShapes()
{
    m_shapeLabel->setText(shapeSummary());
}

void MainWindow::setLanguage(const QString &language)
{
    LanguageManager::saveChoice(language);
    for (QAction *action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == language);
    if (language == LanguageManager::currentChoice())
        return;
    // A note tells of something done before, in the language left behind.
    m_noteBar->clearMessage();
    // Every widget hears QEvent::LanguageChange and renames itself at once.
    if (!LanguageManager::apply(language))
        showNote(tr("There is no translation for this language yet; the interface stays in "
                    "English."));
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        updateTitle();
        updateError();
        updateShapes();
    }
    QMainWindow::changeEvent(event);
}

} // namespace ae
