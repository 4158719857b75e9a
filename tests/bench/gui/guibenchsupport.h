// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file guibenchsupport.h
/// What the window benchmarks share: waiting for repaints and the p95 statistic.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QSet>
#include <QThread>
#include <vector>

namespace ae {
class HeatmapPlot;
}

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

} // namespace ae::bench
