// SPDX-License-Identifier: GPL-3.0-or-later
// gui/training-lab/reverse-d128: the Training window's two runs (scaled and unscaled, reverse,
// d_model 128, 1 head, batch 32) played as fast as the machine goes for 600 steps while the
// window draws them: the curves, the heatmaps and the status line, offscreen at 1024 x 768.
// Each repetition is one Play from step 0 to the end; the counters are each run's steps a
// second (the goal is at least 150 per run) and the repaints of the curves a second.

#include "document/document.h"
#include "guibenchsupport.h"
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

void trainingLab(benchmark::State &state, int steps)
{
    ae::Document document;
    ae::TrainingDock dock(&document);
    dock.resize(1024 * 92 / 100, 768 * 90 / 100);
    dock.show();
    PaintCounter counter;
    dock.curvePlot(0)->installEventFilter(&counter);
    ae::TrainingSettingsForm *form = dock.settings();
    form->taskBox()->setCurrentIndex(form->taskBox()->findData(QStringLiteral("reverse")));
    form->modelDimBox()->setValue(128);
    form->headsBox()->setValue(1);
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
    benchmark::RegisterBenchmark("gui/training-lab/reverse-d128", trainingLab, 600)
        ->Iterations(1)
        ->Repetitions(3)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    return true;
}();

} // namespace
