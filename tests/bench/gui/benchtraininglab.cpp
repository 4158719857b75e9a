// SPDX-License-Identifier: GPL-3.0-or-later
// The Training window's two runs (scaled and unscaled) played as fast as the machine goes while
// the window draws them (the curves, the heatmaps or the transformer's head grid, the status
// line), offscreen at 1024 x 768, batch 32, no early stop:
//  - gui/training-lab/reverse-d128: one cross-attention layer, reverse, d_model 128, 1 head,
//    600 steps (the goal is at least 150 steps a second per run);
//  - gui/training-lab/transformer-zh-en: the transformer at its defaults (2 + 2 layers, d_model
//    64, 4 heads, d_ff 128) on translate-zh-en, 300 steps (the goal is at least 100 a second
//    per run).
// Each repetition is one Play from step 0 to the end; the counters are each run's steps a
// second and the repaints of the curves a second.

#include "document/document.h"
#include "guibenchsupport.h"
#include "training/trainingconfig.h"
#include "training/trainingcurveplot.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"

#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QPushButton>
#include <QSpinBox>
#include <benchmark/benchmark.h>
#include <memory>
#include <utility>

namespace {

using ae::bench::processUntil;

/// Counts the paint events of the widgets it watches.
class PaintCounter : public QObject
{
public:
    int paints = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

/// What one benchmark trains: the model, the task and, for the single layer, its width.
struct LabSetup
{
    ae::ModelKind model = ae::ModelKind::OneLayer;
    const char *task = "reverse";
    int modelDim = 128; ///< the single layer's d_model (the transformer keeps its default)
    int steps = 600;
};

void trainingLab(benchmark::State &state, LabSetup setup)
{
    const int steps = setup.steps;
    ae::Document document;
    ae::TrainingDock dock(&document);
    dock.resize(1024 * 92 / 100, 768 * 90 / 100);
    dock.show();
    PaintCounter counter;
    dock.curvePlot(0)->installEventFilter(&counter);
    ae::TrainingSettingsForm *form = dock.settings();
    form->modelBox()->setCurrentIndex(form->modelBox()->findData(ae::modelName(setup.model)));
    form->taskBox()->setCurrentIndex(form->taskBox()->findData(QString::fromLatin1(setup.task)));
    if (setup.model == ae::ModelKind::OneLayer) {
        form->modelDimBox()->setValue(setup.modelDim);
        form->headsBox()->setValue(1);
    }
    form->batchBox()->setValue(32);
    form->stepsBox()->setValue(steps);
    form->seedBox()->setValue(0);
    // No early stop: both runs do every step.
    form->targetBox()->setValue(0.0);
    dock.speedBox()->setCurrentIndex(dock.speedBox()->findData(0));
    processUntil([] { return false; }, 300); // the first layout and paint
    ae::TrainingRunner *runner = dock.runner();
    double stepsPerSecond[2] = { 0.0, 0.0 };
    double paintsPerSecond = 0.0;
    for (auto _ : state) {
        dock.resetButton()->click();
        counter.paints = 0;
        QElapsedTimer timer;
        timer.start();
        qint64 doneAt[2] = { -1, -1 };
        dock.playButton()->click();
        const bool ok = processUntil(
            [&] {
                for (int run = 0; run < 2; ++run)
                    if (doneAt[run] < 0 && runner->stepsDone(run) >= steps)
                        doneAt[run] = timer.nsecsElapsed();
                return doneAt[0] >= 0 && doneAt[1] >= 0;
            },
            600000);
        if (!ok) {
            state.SkipWithError("the runs did not finish within 10 minutes");
            break;
        }
        const double total = double(std::max(doneAt[0], doneAt[1])) * 1e-9;
        state.SetIterationTime(total);
        for (int run = 0; run < 2; ++run)
            stepsPerSecond[run] = steps / (double(doneAt[run]) * 1e-9);
        paintsPerSecond = counter.paints / total;
    }
    state.counters["run_a_steps_per_s"] = stepsPerSecond[0];
    state.counters["run_b_steps_per_s"] = stepsPerSecond[1];
    state.counters["curve_paints_per_s"] = paintsPerSecond;
}

const bool registered = [] {
    const std::pair<const char *, LabSetup> labs[] = {
        { "gui/training-lab/reverse-d128",
            LabSetup { ae::ModelKind::OneLayer, "reverse", 128, 600 } },
        { "gui/training-lab/transformer-zh-en",
            LabSetup { ae::ModelKind::Transformer, "translate-zh-en", 0, 300 } },
    };
    for (const auto &[name, setup] : labs) {
        benchmark::RegisterBenchmark(name, trainingLab, setup)
            ->Iterations(1)
            ->Repetitions(3)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
    }
    return true;
}();

} // namespace
