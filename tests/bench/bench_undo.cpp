// SPDX-License-Identifier: GPL-3.0-or-later
// Memory of the undo history at the size limits: a run of edits on the largest session, each
// waiting for its result as a user does, then the bytes the history accounts for and the
// process's resident memory. A measurement, not a speed goal: the time column only says how
// long the run took.

#include "benchsessions.h"
#include "document/document.h"
#include "document/undobudget.h"
#include "session/sessionlimits.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <benchmark/benchmark.h>

namespace {

/// A field of /proc/self/status ("VmRSS", "VmHWM") in megabytes; 0 where there is none.
double procStatusMegabytes(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0.0;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return 0.0;
}

void undoHistoryAtLimits(benchmark::State &state)
{
    const int edits = static_cast<int>(state.range(0));
    const ae::bench::Shape shape { ae::limits::maxTokens, ae::limits::maxTokens,
        ae::limits::maxModelDim, 16 };
    const ae::Session session = ae::bench::makeSession(shape, 3);
    for (auto _ : state) {
        ae::Document doc;
        bool arrived = false;
        QObject::connect(&doc, &ae::Document::resultChanged, &doc, [&arrived] { arrived = true; });
        const auto waitForResult = [&arrived] {
            QElapsedTimer timer;
            timer.start();
            while (!arrived && timer.elapsed() < 120000) {
                QCoreApplication::processEvents();
                QThread::msleep(2);
            }
        };
        doc.resetSession(session, QString());
        waitForResult();
        for (int i = 0; i < edits; ++i) {
            arrived = false;
            doc.setEmbeddingCell(ae::SequenceRole::Source, i, i, 0.5 + i);
            waitForResult();
        }
        state.counters["steps"] = doc.undoStack()->count();
        state.counters["history_MB"] = double(doc.undoHistoryBytes()) / (1024.0 * 1024.0);
        state.counters["budget_MB"] = double(ae::undoHistoryBudgetBytes) / (1024.0 * 1024.0);
        state.counters["rss_MB"] = procStatusMegabytes("VmRSS");
        state.counters["peak_rss_MB"] = procStatusMegabytes("VmHWM");
    }
    state.counters["snapshot_MB"] = double(ae::sessionSnapshotBytes(session)) / (1024.0 * 1024.0);
}

const bool registered = [] {
    benchmark::RegisterBenchmark("undo/history/512x512x1024x16", undoHistoryAtLimits)
        ->Arg(30)
        ->Iterations(1)
        ->UseRealTime()
        ->Unit(benchmark::kSecond);
    return true;
}();

} // namespace
