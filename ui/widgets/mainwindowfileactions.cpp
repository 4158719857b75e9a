#include "mainwindowfileactions.h"

#include "copyascontroller.h"
#include "document.h"
#include "exportdialog.h"
#include "exportsource.h"
#include "heatmapdata.h"
#include "heatmappanel.h"
#include "importcontroller.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "retranslator.h"
#include "scalingplot.h"
#include "scalingplotdock.h"
#include "sessionfilecontroller.h"

#include <QAction>
#include <QMenu>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// The largest value of @p data that the mask does not hide (0 when none).
double largestVisible(const HeatmapData &data)
{
    double top = 0.0;
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c) {
            if (data.isVisible(r, c))
                top = std::max(top, data.values(r, c));
        }
    }
    return top;
}

} // namespace

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
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    Retranslator::bind(exportAction, [exportAction] {
        exportAction->setText(tr("&Export Figure\u2026"));
        exportAction->setStatusTip(tr("Save the large heatmap, the grid of heads, the alignment "
                                      "lines or the scaling plot as SVG, PNG or PDF."));
    });
    connect(exportAction, &QAction::triggered, this, &MainWindowFileActions::openExportDialog);
    file->insertAction(examples, exportAction);
    file->insertSeparator(examples);

    m_copyAs->fillMenu(window->copyAsMenu());

    connect(m_files, &SessionFileController::message, window,
        [window](const QString &text, bool isError) { window->showNote(text, isError); });
    connect(m_imports, &ImportController::message, window,
        [window](const QString &text, bool isError) { window->showNote(text, isError); });
    connect(m_files, &SessionFileController::opened, window,
        [window] { window->noteBar()->clearMessage(); });
    window->setCloseGuard([files = m_files] { return files->maybeSave(); });

    // Once the window is up: offer what a crashed instance left behind.
    QTimer::singleShot(0, m_files, &SessionFileController::offerRecovery);
}

ExportSource MainWindowFileActions::exportSource() const
{
    ExportSource source;
    Document *document = m_window->document();
    const Session &session = document->resultSession();
    const AttentionResult &result = document->result();
    if (document->hasResult()) {
        source.mean = HeatmapDataBuilder::weights(session, result, -1);
        for (int h = 0; h < int(result.heads.size()); ++h)
            source.heads.push_back(HeatmapDataBuilder::weights(session, result, h));
    }
    // "Stretch colours": the scale ends at the largest weight shown, in every view, as on screen.
    if (m_window->heatmapPanel() && m_window->heatmapPanel()->stretchColours()
        && document->hasResult()) {
        double top = largestVisible(source.mean);
        for (const HeatmapData &d : source.heads)
            top = std::max(top, largestVisible(d));
        if (top > 0.0) {
            source.mean.maximum = top;
            for (HeatmapData &d : source.heads)
                d.maximum = top;
        }
    }
    source.selectedView = m_window->heatmapPanel() ? m_window->heatmapPanel()->selectedView() : -1;
    if (m_window->heatmapPanel())
        source.alignmentThreshold = m_window->heatmapPanel()->alignmentThreshold();
    source.sessionTitle = session.title;
    source.scalingAvailable = true;
    source.scalingConfig = document->session().scaling;
    source.currentDk = result.dK;
    // The curves as the dock shows them, when they belong to the current parameters.
    if (ScalingPlotDock *dock = m_window->scalingDock()) {
        if (dock->shownConfig() && *dock->shownConfig() == source.scalingConfig && dock->plot()) {
            EntropyExperimentResult shown;
            const auto unscaled = dock->plot()->unscaledGraph()->data();
            const auto scaled = dock->plot()->scaledGraph()->data();
            if (unscaled->size() == scaled->size() && unscaled->size() > 0) {
                for (int i = 0; i < unscaled->size(); ++i) {
                    shown.dims.push_back(int(std::lround(unscaled->at(i)->key)));
                    shown.unscaled.push_back(unscaled->at(i)->value);
                    shown.scaled.push_back(scaled->at(i)->value);
                }
                source.scalingResult = shown;
            }
        }
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

} // namespace ae
