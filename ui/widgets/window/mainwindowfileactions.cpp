// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindowfileactions.h"

#include "document/autosavemanager.h"
#include "document/document.h"
#include "document/terminationsignals.h"
#include "export/copyascontroller.h"
#include "export/exportdialog.h"
#include "export/exportsource.h"
#include "export/worksheetdialog.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmappanel.h"
#include "import/importcontroller.h"
#include "language/retranslator.h"
#include "scaling/scalingplot.h"
#include "scaling/scalingplotdock.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"
#include "window/sessionfilecontroller.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QMenu>
#include <QTimer>

namespace ae {

MainWindowFileActions::MainWindowFileActions(MainWindow *window, const QString &autosaveDirectory)
    : QObject(window)
    , m_window(window)
    , m_files(new SessionFileController(window->document(), window, autosaveDirectory, this))
    , m_imports(new ImportController(window->document(), window, this))
    , m_copyAs(new CopyAsController(
          window->document(),
          [window] { return window->heatmapPanel() ? window->heatmapPanel()->selectedView() : -1; },
          this))
{
    QMenu *file = window->fileMenu();
    QAction *examples = window->examplesAction();
    m_files->fillMenu(file, examples);
    m_imports->fillMenu(file, examples);
    auto *exportAction = new QAction(file);
    exportAction->setObjectName(QStringLiteral("exportAction"));
    // Ctrl+Shift+E as well: in a text field Qt keeps Ctrl+E for "to the line's end" (its X11
    // binding), and the figure must be reachable from anywhere.
    exportAction->setShortcuts(
        { QKeySequence(Qt::CTRL | Qt::Key_E), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E) });
    Retranslator::bind(exportAction, [exportAction] {
        exportAction->setText(tr("&Export Figure\u2026"));
        exportAction->setStatusTip(tr("Save the large heatmap, the grid of heads, the alignment "
                                      "lines or the scaling plot as SVG, PNG or PDF."));
    });
    connect(exportAction, &QAction::triggered, this, &MainWindowFileActions::openExportDialog);
    file->insertAction(examples, exportAction);
    auto *worksheetAction = new QAction(file);
    worksheetAction->setObjectName(QStringLiteral("worksheetAction"));
    Retranslator::bind(worksheetAction, [worksheetAction] {
        worksheetAction->setText(tr("Make &Worksheets\u2026"));
        worksheetAction->setStatusTip(tr("Write a different small exercise for every student of "
                                         "a class, with the answers."));
    });
    connect(
        worksheetAction, &QAction::triggered, this, &MainWindowFileActions::openWorksheetDialog);
    file->insertAction(examples, worksheetAction);
    file->insertSeparator(examples);

    m_copyAs->fillMenu(window->copyAsMenu());

    connect(m_files, &SessionFileController::message, window,
        [window](const QString &text, bool isError) { window->showNote(text, isError); });
    connect(m_imports, &ImportController::message, window,
        [window](const QString &text, bool isError) { window->showNote(text, isError); });
    connect(m_files, &SessionFileController::opened, window,
        [window] { window->noteBar()->clearMessage(); });
    window->setCloseGuard([files = m_files] { return files->maybeSave(); });

    auto *termination = new TerminationSignals(this);
    connect(termination, &TerminationSignals::terminationRequested, this,
        &MainWindowFileActions::endForSystem);

    // Once the window is up: offer what a crashed instance left behind.
    QTimer::singleShot(0, m_files, &SessionFileController::offerRecovery);
}

void MainWindowFileActions::endForSystem()
{
    if (!AutosaveManager::keepAllForNextStart())
        qWarning("Attention Explorer: the unsaved work could not be kept: %s",
            qUtf8Printable(m_files->autosave()->error()));
    m_window->setCloseGuard({});
    m_window->close();
    QCoreApplication::quit();
}

ExportSource MainWindowFileActions::exportSource() const
{
    Document *document = m_window->document();
    HeatmapPanel *panel = m_window->heatmapPanel();
    ExportSource source = ExportSource::fromResult(
        document->resultSession(), document->result(), panel && panel->stretchColors());
    source.selectedView = panel ? panel->selectedView() : -1;
    if (panel)
        source.alignmentThreshold = panel->alignmentThreshold();
    // The experiment of the session being edited, with the dock's result when it is that one's.
    source.scalingConfig = document->session().scaling;
    if (ScalingPlotDock *dock = m_window->scalingDock()) {
        if (dock->shownConfig() && *dock->shownConfig() == source.scalingConfig)
            source.scalingResult = dock->shownResult();
    }
    return source;
}

ExportDialog *MainWindowFileActions::openExportDialog()
{
    if (!m_window->document()->hasResult()) {
        m_window->showNote(
            tr("There is nothing to export yet: the session has no valid result."), true);
        return nullptr;
    }
    auto *dialog = new ExportDialog(exportSource(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    FigureOptions options = dialog->options();
    if (m_window->heatmapPanel())
        options.colorMap = m_window->heatmapPanel()->colorMap();
    dialog->setOptions(options);
    // The figure on screen is the one offered first.
    if (m_window->heatmapPanel()
        && m_window->heatmapPanel()->display() == HeatmapPanel::Display::Lines)
        dialog->setWhat(ExportSource::What::Lines);
    connect(dialog, &ExportDialog::exported, m_window, [this](const QString &fileName) {
        m_window->showNote(tr("Exported the figure to %1.").arg(fileName));
    });
    dialog->open();
    return dialog;
}

WorksheetDialog *MainWindowFileActions::openWorksheetDialog()
{
    auto *dialog = new WorksheetDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &WorksheetDialog::written, m_window,
        [this](const QString &folder, int students, int count) {
            m_window->showNote(
                tr("Wrote worksheets for %n student(s) (%1 files) to %2.", nullptr, students)
                    .arg(count)
                    .arg(QDir::toNativeSeparators(folder)));
        });
    dialog->open();
    return dialog;
}

} // namespace ae
