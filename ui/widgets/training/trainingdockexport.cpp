// SPDX-License-Identifier: GPL-3.0-or-later
// TrainingDock's figures: the curves and the film strip, built and exported (the dock's
// layout and runs live in trainingdock.cpp).
#include "training/trainingdock.h"

#include "document/recentfolders.h"
#include "export/figureexporter.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurvesfigure.h"
#include "training/trainingfilmstrip.h"
#include "training/trainingrunner.h"
#include "training/transformerheadgrid.h"

#include <QComboBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTabBar>

namespace ae {

QString TrainingDock::settingsText() const
{
    if (m_runner->state() == TrainingRunner::State::Empty)
        return QString();
    return TrainingCurvesFigure::settingsText(m_runner->configs()[0]);
}

Figure TrainingDock::curvesFigure() const
{
    const std::array<QString, 2> names = runNames();
    const bool have = m_runner->state() != TrainingRunner::State::Empty;
    std::array<TrainingFigureRun, 2> runs;
    for (int run = 0; run < 2; ++run)
        runs[size_t(run)]
            = TrainingFigureRun { names[size_t(run)], have ? &m_runner->metrics(run) : nullptr };
    return TrainingCurvesFigure::make(runs, settingsText(), FigureOptions());
}

std::optional<Figure> TrainingDock::filmStripFigure(const QString &steps, QString *error) const
{
    if (m_runner->state() == TrainingRunner::State::Empty
        || (!m_runner->isTransformer() && m_attention->exampleIndex() < 0)) {
        if (error)
            *error = tr("There is no run to export yet.");
        return std::nullopt;
    }
    const int last = std::max(m_runner->stepsDone(0), m_runner->stepsDone(1));
    const auto wanted = TrainingFilmStrip::parseSteps(steps, last, error);
    if (!wanted)
        return std::nullopt;
    // Only the steps the scrubber can show: a frame never shows another step than was asked.
    for (const int step : *wanted) {
        const int kept = m_runner->commonSnapshotStep(step);
        if (kept != step) {
            if (error)
                *error = tr("Film strip steps: step %1 was not kept; the runs keep every %2th "
                            "step (the nearest before it is %3).")
                             .arg(step)
                             .arg(m_runner->snapshotEvery())
                             .arg(kept);
            return std::nullopt;
        }
    }
    const std::array<QString, 2> names = runNames();
    if (m_runner->isTransformer())
        return transformerFilmStrip(*wanted);
    const std::vector<int> source = m_attention->exampleSource();
    const std::vector<int> target = m_attention->exampleTarget();
    std::vector<std::vector<HeatmapData>> rows(2);
    for (int run = 0; run < 2; ++run) {
        for (const int step : *wanted) {
            const auto params = m_runner->parametersAt(run, step);
            if (!params)
                continue;
            // A run that stopped early shows its last step (the title says which).
            rows[size_t(run)].push_back(TrainingFilmStrip::frame(m_runner->modelSpec(run), *params,
                source, target, names[size_t(run)], m_runner->snapshotStepAt(run, step)));
        }
    }
    return TrainingFilmStrip::make(
        rows, m_attention->examplePicker()->currentText(), FigureOptions());
}

Figure TrainingDock::transformerFilmStrip(const std::vector<int> &steps) const
{
    const std::array<QString, 2> names = runNames();
    // The kind shown in the head grid, at the layer chosen beside each run's Open button.
    const TransformerAttentionKind kind = m_headGrid->kind();
    const std::array<int, 2> layers { std::max(0, m_headGrid->layerBox(0)->currentIndex()),
        std::max(0, m_headGrid->layerBox(1)->currentIndex()) };
    const bool oneLayer = layers[0] == layers[1];
    std::vector<std::vector<HeatmapData>> rows(2);
    TransformerAttentionMaps last;
    for (int run = 0; run < 2; ++run) {
        const int layer = layers[size_t(run)];
        for (const int step : steps) {
            TransformerAttentionMaps maps = m_runner->transformerMapsAt(run, step);
            if (maps.empty() || layer >= maps.layers(kind))
                continue;
            // Rows of different layers say which, beside the run's name.
            const QString name = oneLayer
                ? names[size_t(run)]
                : tr("%1 · layer %2").arg(names[size_t(run)]).arg(layer + 1);
            rows[size_t(run)].push_back(TrainingFilmStrip::transformerFrame(
                maps, kind, layer, name, m_runner->snapshotStepAt(run, step)));
            last = std::move(maps);
        }
    }
    const QString example = last.empty()
        ? QString()
        : TrainingFilmStrip::transformerExample(
            kind, oneLayer ? layers[0] : -1, last.heads(), last.sourceWords, last.targetWords);
    return TrainingFilmStrip::make(rows, example, FigureOptions());
}

bool TrainingDock::exportFigure(const Figure &figure, const QString &fileName, QString *error)
{
    const FigureExporter::Outcome outcome = FigureExporter::write(figure, fileName, 192);
    if (!outcome.ok() && error)
        *error = outcome.message;
    return outcome.ok();
}

void TrainingDock::exportWithDialog(bool filmStrip)
{
    const QString caption = filmStrip ? tr("Export the Film Strip") : tr("Export the Curves");
    std::optional<Figure> figure;
    if (filmStrip) {
        bool ok = false;
        const int last = std::max(m_runner->stepsDone(0), m_runner->stepsDone(1));
        const int every = m_runner->snapshotEvery();
        QString prompt = every > 1
            ? tr("Steps to show, 0 to %1, multiples of %2 (the steps kept), separated by "
                 "commas:")
                  .arg(last)
                  .arg(every)
            : tr("Steps to show, 0 to %1, separated by commas:").arg(last);
        if (m_runner->isTransformer())
            prompt = tr("The strip shows the mean of the heads of the tab shown, “%1”, at the "
                        "layer chosen beside each run's Open button.")
                         .arg(m_headGrid->kindTabs()->tabText(int(m_headGrid->kind())))
                + QLatin1Char('\n') + prompt;
        const QString steps
            = QInputDialog::getText(this, caption, prompt, QLineEdit::Normal, m_filmSteps, &ok);
        if (!ok)
            return;
        QString error;
        figure = filmStripFigure(steps, &error);
        if (!figure) {
            QMessageBox::warning(this, caption, error);
            return;
        }
        m_filmSteps = steps;
    } else {
        figure = curvesFigure();
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString stem
        = filmStrip ? QStringLiteral("training-film-strip") : QStringLiteral("training-curves");
    const QString file = QFileDialog::getSaveFileName(this, caption,
        RecentFolders::suggestion(RecentFolders::figure, stem + QStringLiteral(".svg"), dir),
        tr("SVG (*.svg);;PNG image (*.png);;PDF (*.pdf)"));
    if (file.isEmpty())
        return;
    RecentFolders::remember(RecentFolders::figure, file);
    QString error;
    if (!exportFigure(*figure, file, &error))
        QMessageBox::warning(this, caption, error);
}

} // namespace ae
