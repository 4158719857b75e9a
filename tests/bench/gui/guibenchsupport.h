// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file guibenchsupport.h
/// What the window benchmarks share: the window and its watchers, one edit per repetition
/// until every heatmap on screen has repainted, and the p95 statistic.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QSet>
#include <QThread>
#include <benchmark/benchmark.h>
#include <functional>
#include <memory>
#include <vector>

namespace ae {
class HeatmapPlot;
class MainWindow;
} // namespace ae

namespace ae::bench {

/// Notes which heatmap plots have painted since the last reset().
class PaintWatcher : public QObject
{
public:
    void watch(const QList<ae::HeatmapPlot *> &plots);
    void reset() { m_painted.clear(); }
    /// True when every plot on screen has painted since reset(). Tiles scrolled out of the
    /// small multiples' view get no paint event, so they are not waited for.
    bool allPainted() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QList<ae::HeatmapPlot *> m_plots;
    QSet<QObject *> m_painted;
};

/// Processes events until @p done() or @p limitMs passed; false on timeout.
template <typename F> bool processUntil(F done, int limitMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > limitMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        // A short nap instead of spinning: a busy loop would take the processor from the
        // background computation it waits for.
        if (!done())
            QThread::usleep(200);
    }
    return true;
}

/// The 95th percentile of @p v (the value at rank ceil(0.95 n)).
double p95(const std::vector<double> &v);

/// A 1600 x 1000 main window on screen (offscreen), noting the results its document
/// announces and, once watchHeatmaps() is called, which heatmaps have painted.
struct WindowHarness
{
    WindowHarness();
    virtual ~WindowHarness();

    /// Watches every heatmap the window holds now.
    void watchHeatmaps();

    /// One repetition: runs @p edit, then processes events until the result has arrived and
    /// every heatmap on screen has painted it; marks @p state skipped after 30 s.
    /// @return false on that timeout.
    template <typename Edit> bool editUntilPainted(benchmark::State &state, Edit edit)
    {
        resultArrived = false;
        watcher.reset();
        edit();
        if (processUntil([this] { return resultArrived && watcher.allPainted(); }, 30000))
            return true;
        state.SkipWithError("no repaint within 30 s");
        return false;
    }

    std::unique_ptr<ae::MainWindow> window;
    PaintWatcher watcher;
    bool resultArrived = false;
    int edits = 0; ///< repetitions so far, for benchmarks that alternate their edits
};

/// The harness kept under @p key for every repetition, made by @p make on first use.
WindowHarness &keptHarness(
    const QString &key, const std::function<std::unique_ptr<WindowHarness>()> &make);

/// Closes every kept harness's window; main() calls it while the application still exists.
void closeKeptHarnesses();

/// Registers @p name as @p run(state, @p arg) with one edit per repetition, 40 repetitions
/// reported as mean, median, standard deviation and p95 of the wall-clock milliseconds.
template <typename Run, typename Arg> void registerPerEdit(const char *name, Run run, Arg arg)
{
    benchmark::RegisterBenchmark(name, run, arg)
        ->Iterations(1)
        ->Repetitions(40)
        ->ComputeStatistics("p95", p95)
        ->ReportAggregatesOnly(true)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
}

} // namespace ae::bench
