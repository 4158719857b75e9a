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

#include <QComboBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QStandardPaths>

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
    if (m_runner->state() == TrainingRunner::State::Empty || m_attention->exampleIndex() < 0) {
        if (error)
            *error = tr("There is no run to export yet.");
        return std::nullopt;
    }
    if (m_runner->isTransformer()) {
        if (error)
            *error = tr("The film strip shows the one-layer model; export the transformer's "
                        "curves instead.");
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
        const QString prompt = every > 1
            ? tr("Steps to show, 0 to %1, multiples of %2 (the steps kept), separated by "
                 "commas:")
                  .arg(last)
                  .arg(every)
            : tr("Steps to show, 0 to %1, separated by commas:").arg(last);
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
