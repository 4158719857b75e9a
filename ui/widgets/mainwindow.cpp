#include "mainwindow.h"

#include "attentionpanel.h"
#include "colormap.h"
#include "document.h"
#include "examplecatalog.h"
#include "heatmappanel.h"
#include "mainwindowfileactions.h"
#include "messagebar.h"
#include "scalingplotdock.h"
#include "sequencepanel.h"
#include "sessionerrortext.h"
#include "sessionfilecontroller.h"
#include "sessionjson.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace ae {

namespace {

/// Bumped when the docks change so that an old saved layout is not applied to new docks.
constexpr int stateVersion = 1;

const char geometryKey[] = "mainWindow/geometry";
const char stateKey[] = "mainWindow/state";
const char colorMapKey[] = "ui/colorMap";
const char languageKey[] = "ui/language";

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
    createMenus();
    createStatusBar();
    arrangeDefaultLayout();
    connect(m_heatmapPanel, &HeatmapPanel::colorMapChanged, this, [this](ColorMapKind kind) {
        for (QAction *action : m_colorMapGroup->actions())
            action->setChecked(action->data().toString() == ColorMap::key(kind));
        QSettings().setValue(settingsKey(colorMapKey), ColorMap::key(kind));
    });
    restoreSettings();
    m_fileActions = new MainWindowFileActions(this);

    connect(m_document, &Document::sessionChanged, this, &MainWindow::updateShapes);
    connect(m_document, &Document::sessionChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::errorChanged, this, &MainWindow::updateError);
    connect(m_document, &Document::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::modifiedChanged, this, &QWidget::setWindowModified);

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
    if (m_scalingDock->objectName().isEmpty())
        m_scalingDock->setObjectName(QStringLiteral("scalingDock"));
}

void MainWindow::createMenus()
{
    // File: the examples and Quit; the file handling inserts its actions above the examples.
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_examplesMenu = m_fileMenu->addMenu(tr("&Examples"));
    m_examplesMenu->setObjectName(QStringLiteral("examplesMenu"));
    for (const ExampleCatalog::Entry &entry : ExampleCatalog::entries()) {
        QAction *action = m_examplesMenu->addAction(entry.name);
        action->setStatusTip(entry.description);
        action->setToolTip(entry.description);
        action->setData(entry.path);
        connect(
            action, &QAction::triggered, this, [this, path = entry.path] { openExample(path); });
    }
    m_fileMenu->addSeparator();
    QAction *quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    // Edit: undo and redo of every document edit; Copy As is filled by the figure export.
    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->setObjectName(QStringLiteral("editMenu"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts(
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    m_editMenu->addAction(undo);
    m_editMenu->addAction(redo);
    m_editMenu->addSeparator();
    m_copyAsMenu = m_editMenu->addMenu(tr("Copy &As"));
    m_copyAsMenu->setObjectName(QStringLiteral("copyAsMenu"));
    m_copyAsMenu->menuAction()->setVisible(false);
    m_copyAsMenu->installEventFilter(this);

    // View: colour map, panels, presentation mode, language.
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    QMenu *colorMaps = m_viewMenu->addMenu(tr("&Colour Map"));
    colorMaps->setObjectName(QStringLiteral("colorMapMenu"));
    m_colorMapGroup = new QActionGroup(this);
    m_colorMapGroup->setExclusive(true);
    for (ColorMapKind kind : ColorMap::all()) {
        QAction *action = colorMaps->addAction(ColorMap::displayName(kind));
        action->setCheckable(true);
        action->setData(ColorMap::key(kind));
        action->setChecked(kind == m_heatmapPanel->colorMap());
        m_colorMapGroup->addAction(action);
        connect(
            action, &QAction::triggered, this, [this, kind] { m_heatmapPanel->setColorMap(kind); });
    }
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : std::initializer_list<QDockWidget *> {
             m_sourcePanel, m_targetPanel, m_attentionPanel, m_scalingDock })
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_presentationAction = m_viewMenu->addAction(tr("&Presentation Mode"));
    m_presentationAction->setObjectName(QStringLiteral("presentationAction"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentationAction->setStatusTip(tr("Full screen with large heatmaps for a classroom; Esc "
                                          "leaves."));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    m_leavePresentationAction = new QAction(tr("Leave Presentation Mode"), this);
    m_leavePresentationAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leavePresentationAction->setEnabled(false);
    connect(m_leavePresentationAction, &QAction::triggered, this,
        [this] { setPresentationMode(false); });
    addAction(m_leavePresentationAction);

    m_viewMenu->addSeparator();
    QMenu *languages = m_viewMenu->addMenu(tr("&Language"));
    languages->setObjectName(QStringLiteral("languageMenu"));
    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    const QString current
        = QSettings().value(settingsKey(languageKey), QStringLiteral("system")).toString();
    // Language names are written in their own language so that anyone can find theirs.
    const std::pair<QString, QString> choices[]
        = { { QStringLiteral("system"), tr("System Language") },
              { QStringLiteral("en"), QStringLiteral("English") },
              { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
    for (const auto &[code, name] : choices) {
        QAction *action = languages->addAction(name);
        action->setCheckable(true);
        action->setData(code);
        action->setChecked(code == current);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code = code] { setLanguage(code); });
    }

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    QAction *about = m_helpMenu->addAction(tr("&About Attention Explorer"), this, [this] {
        QMessageBox::about(this, tr("About Attention Explorer"),
            tr("<h3>Attention Explorer %1</h3>"
               "<p>See how multi-head attention and cross-attention weigh tokens: type a "
               "source and a target sequence, choose where Q and K/V come from, the number "
               "of heads, the scale and the masks, and watch every head's weights.</p>"
               "<p>The numbers follow PyTorch's <code>nn.MultiheadAttention</code> with "
               "row vectors: Q = X·W<sub>q</sub> + b<sub>q</sub>, softmax(Q·K<sup>T</sup> / "
               "s + mask)·V.</p>")
                .arg(QStringLiteral(AE_VERSION_STRING)));
    });
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = m_helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::createStatusBar()
{
    m_shapeLabel = new QLabel(this);
    m_shapeLabel->setObjectName(QStringLiteral("shapeLabel"));
    m_shapeLabel->setToolTip(tr("Shapes of the current settings: queries × d_model, keys and "
                                "values × d_model, and each head's width d_k."));
    statusBar()->addPermanentWidget(m_shapeLabel);
}

void MainWindow::arrangeDefaultLayout()
{
    // The attention controls span the top; the sequences fill the left below them.
    setCorner(Qt::TopLeftCorner, Qt::TopDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::TopDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    addDockWidget(Qt::TopDockWidgetArea, m_attentionPanel);
    addDockWidget(Qt::LeftDockWidgetArea, m_sourcePanel);
    splitDockWidget(m_sourcePanel, m_targetPanel, Qt::Vertical);

    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
    const bool wide = available.width() >= 1400;
    if (wide) {
        addDockWidget(Qt::RightDockWidgetArea, m_scalingDock);
    } else {
        // On a small screen the heatmaps need the whole height: the scaling plot shares the
        // left column with the target sequence, as a tab.
        addDockWidget(Qt::LeftDockWidgetArea, m_scalingDock);
        tabifyDockWidget(m_targetPanel, m_scalingDock);
        m_targetPanel->raise();
    }
    resize(std::min(1600, available.width()), std::min(1000, available.height()));
    m_defaultDockSizesPending = true;
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
    QSettings settings;
    const QByteArray geometry = settings.value(settingsKey(geometryKey)).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = settings.value(settingsKey(stateKey)).toByteArray();
    if (!state.isEmpty() && restoreState(state, stateVersion))
        m_defaultDockSizesPending = false;
    if (const auto kind = ColorMap::fromKey(settings.value(settingsKey(colorMapKey)).toString()))
        m_heatmapPanel->setColorMap(*kind);
}

void MainWindow::saveSettings()
{
    QSettings settings;
    settings.setValue(settingsKey(geometryKey), saveGeometry());
    settings.setValue(settingsKey(stateKey), saveState(stateVersion));
    settings.setValue(settingsKey(colorMapKey), ColorMap::key(m_heatmapPanel->colorMap()));
}

QAction *MainWindow::examplesAction() const
{
    return m_examplesMenu->menuAction();
}

bool MainWindow::openFile(const QString &fileName)
{
    // One path for the command line, Open…, Open Recent and dropped files.
    return m_fileActions->files()->openFile(fileName);
}

bool MainWindow::openExample(const QString &resourcePath)
{
    const SessionLoadResult loaded = ExampleCatalog::load(resourcePath);
    if (!loaded.ok()) {
        showNote(tr("The example could not be read: %1").arg(loaded.error->toString()), true);
        return false;
    }
    QString name = loaded.session.title;
    for (const ExampleCatalog::Entry &entry : ExampleCatalog::entries()) {
        if (entry.path == resourcePath)
            name = entry.name;
    }
    if (!m_document->isModified()) {
        m_document->resetSession(loaded.session, QString());
        m_noteBar->clearMessage();
        return true;
    }
    m_document->applyEdit(tr("Open the example “%1”").arg(name), loaded.session);
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
    // Fonts first, so that the restored layout is measured with the everyday sizes.
    m_heatmapPanel->setPresentationMode(on);
    m_scalingDock->setPresentationMode(on);
    m_attentionPanel->setPresentationMode(on);
    if (on) {
        m_stateBeforePresentation = saveState(stateVersion);
        m_wasMaximized = isMaximized();
        // The sequence and scaling docks make room for the heatmaps (View shows them again if
        // wanted); the attention controls stay, so the class can watch them change.
        for (QDockWidget *dock :
            std::initializer_list<QDockWidget *> { m_sourcePanel, m_targetPanel, m_scalingDock })
            dock->hide();
        showFullScreen();
        statusBar()->showMessage(tr("Presentation mode: press Esc or F11 to leave."), 8000);
    } else {
        restoreState(m_stateBeforePresentation, stateVersion);
        if (m_wasMaximized)
            showMaximized();
        else
            showNormal();
        statusBar()->clearMessage();
        // Once the everyday fonts have settled the docks' minimum sizes, restore their sizes
        // again: the first restore could not shrink a dock below its presentation size.
        QTimer::singleShot(0, this, [this, state = m_stateBeforePresentation] {
            if (!m_presentation)
                restoreState(state, stateVersion);
        });
    }
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
    // Remember the everyday layout, not the presentation one.
    setPresentationMode(false);
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
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::updateTitle()
{
    QString name;
    if (!m_document->fileName().isEmpty())
        name = QFileInfo(m_document->fileName()).fileName();
    else if (!m_document->session().title.isEmpty())
        name = m_document->session().title;
    else
        name = tr("Untitled");
    setWindowTitle(tr("%1[*] — Attention Explorer").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateError()
{
    const auto &error = m_document->error();
    if (!error) {
        m_errorBar->clearMessage();
        return;
    }
    QString text = SessionErrorText::describe(*error, m_document->session());
    if (m_document->hasResult())
        text += QLatin1Char(' ')
            + tr("The heatmaps show the last valid settings, dimmed, until "
                 "this is fixed.");
    m_errorBar->showMessage(MessageBar::Kind::Error, text);
}

void MainWindow::updateShapes()
{
    m_shapeLabel->setText(shapeSummary());
}

void MainWindow::setLanguage(const QString &language)
{
    QSettings settings;
    if (settings.value(settingsKey(languageKey), QStringLiteral("system")).toString() == language)
        return;
    settings.setValue(settingsKey(languageKey), language);
    showNote(tr("The language changes the next time Attention Explorer starts."));
}

} // namespace ae
