// SPDX-License-Identifier: GPL-3.0-or-later
// A whole class answering one question of a played lesson over loopback, as in a lecture hall:
// every simulated student joins and answers from a connection and an address of its own
// (testsupportclassroomload.h), the server writes the class record to a file before each
// acknowledgement, and the lesson panel's answers view counts on the GUI thread. One
// repetition is one class. Reported: the whole class's time (manual time), the median and
// p99 answer round trip, the record's writes per class, the GUI thread's time per update (the
// room's roomChanged handlers: the class's guess and the panel's count and histogram) and the
// time of one atomic write of a whole class's record (which the GUI thread waits for once per
// batch of answers).

#include "classroom/classanswersview.h"
#include "classroom/classrecord.h"
#include "classroom/classroomlessonlink.h"
#include "classroom/classroomserver.h"
#include "document/document.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessonplayer.h"
#include "testsupportclassroomload.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QTemporaryDir>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <vector>

namespace {

void classAnswers(benchmark::State &state, int students)
{
    ae::Document document;
    ae::LessonPlayer player(&document);
    ae::ClassroomServer server;
    // Connected first and last around the link and the view: the time between is the GUI
    // thread's work for one update.
    QElapsedTimer clock;
    clock.start();
    qint64 updateStart = 0;
    std::vector<double> updateMs;
    QObject::connect(&server, &ae::ClassroomServer::roomChanged, &server,
        [&] { updateStart = clock.nsecsElapsed(); });
    ae::ClassroomLessonLink link(&player, &server);
    ae::ClassAnswersView view(&link);
    view.resize(480, 320);
    view.show();
    QObject::connect(&server, &ae::ClassroomServer::roomChanged, &server,
        [&] { updateMs.push_back(double(clock.nsecsElapsed() - updateStart) / 1e6); });
    const ae::LessonLoadResult loaded = ae::LessonCatalog::load(QStringLiteral("cross-attention"));
    if (!loaded.ok() || !player.play(loaded.lesson)) {
        state.SkipWithError("the lesson did not load");
        return;
    }
    // The first step with a choice question, its question open.
    for (int i = 0; i < 40 && !player.hasQuestion(); ++i)
        player.next();
    player.next();
    QTemporaryDir dir;
    std::vector<double> p50, p99, writes, writeMs;
    int counted = 0;
    for (auto _ : state) {
        server.clearRoom(); // another class: the room takes 500 students at most
        QString error;
        if (!server.start(QHostAddress::LocalHost, 0, &error)
            || !server.setRecordFile(
                dir.filePath(QStringLiteral("class-%1.csv").arg(p50.size())), &error)) {
            state.SkipWithError(qPrintable(error));
            break;
        }
        link.sync();
        view.histogramButton()->click();
        const int step = player.stepIndex();
        const int choices = server.question() ? int(server.question()->choices.size()) : 0;
        const int writesBefore = server.record().writeCount();
        updateMs.clear();
        const ae::test::SimulatedClassResult r = ae::test::runSimulatedClass(
            server.port(), server.roomCode(), students, step,
            [choices](int i) { return i % choices; }, 20000);
        if (r.acknowledged != students || server.book().answeredCount(step) != students) {
            state.SkipWithError("not every answer was acknowledged and counted once");
            break;
        }
        counted += r.acknowledged;
        state.SetIterationTime(r.wholeMs / 1e3);
        p50.push_back(r.quantile(0.5));
        p99.push_back(r.quantile(0.99));
        writes.push_back(server.record().writeCount() - writesBefore);
        // One batch's write, timed alone: the class's rows again, to a file of their own.
        ae::ClassRecord alone;
        alone.setFileName(dir.filePath(QStringLiteral("alone-%1.csv").arg(p50.size())), &error);
        QList<QStringList> rows;
        for (int i = 0; i < students; ++i)
            rows.append({ QStringLiteral("2026-01-01T00:00:00.000Z"), QStringLiteral("s%1").arg(i),
                QString::number(step + 1), server.question()->prompt.en,
                server.question()->choices.value(i % choices).en, QStringLiteral("no") });
        QElapsedTimer write;
        write.start();
        alone.append(rows, &error);
        writeMs.push_back(double(write.nsecsElapsed()) / 1e6);
        if (!updateMs.empty()) {
            std::sort(updateMs.begin(), updateMs.end());
            state.counters["gui_update_ms_median"] = updateMs[updateMs.size() / 2];
            state.counters["gui_update_ms_max"] = updateMs.back();
            state.counters["gui_updates"] = double(updateMs.size());
        }
    }
    const auto mean = [](const std::vector<double> &v) {
        double sum = 0.0;
        for (double x : v)
            sum += x;
        return v.empty() ? 0.0 : sum / double(v.size());
    };
    state.counters["answer_rt_ms_p50"] = mean(p50);
    state.counters["answer_rt_ms_p99"] = mean(p99);
    state.counters["record_writes"] = mean(writes);
    state.counters["record_write_ms"] = mean(writeMs);
    state.counters["answers"] = counted;
    server.stop();
}

const bool registered = [] {
    for (int students : { 30, 300 }) {
        benchmark::RegisterBenchmark(
            ("gui/class-answers/" + std::to_string(students) + "-students").c_str(), classAnswers,
            students)
            ->Iterations(1)
            ->Repetitions(5)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
    }
    return true;
}();

} // namespace
