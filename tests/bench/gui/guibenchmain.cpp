// SPDX-License-Identifier: GPL-3.0-or-later
// attention-gui-bench: the time from one embedding edit to the repainted heatmaps in the real
// main window (offscreen), background computation included. Each edit is one repetition, so
// the aggregates (mean, median, p95) describe single edits. The typing benchmarks are in
// benchtypetokens.cpp.

#include "benchsessions.h"
#include "document/document.h"
#include "guibenchsupport.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <benchmark/benchmark.h>
#include <memory>

namespace {

using ae::bench::processUntil;
using ae::bench::Shape;
using ae::bench::WindowHarness;

/// One window per shape, made on first use and kept for every repetition.
WindowHarness &harnessFor(const Shape &shape)
{
    return ae::bench::keptHarness(QStringLiteral("edit ") + ae::bench::shapeName(shape), [&] {
        auto h = std::make_unique<WindowHarness>();
        WindowHarness *raw = h.get();
        h->window->document()->resetSession(ae::bench::makeSession(shape, 9), QString());
        processUntil([raw] { return raw->resultArrived; }, 60000);
        h->watchHeatmaps();
        processUntil([] { return false; }, 300); // let the first layout and paint settle
        return h;
    });
}

/// One edit: change one embedding value through the document, then process events until the
/// result has arrived and every visible heatmap has painted it.
void editToPaint(benchmark::State &state, Shape shape)
{
    WindowHarness &h = harnessFor(shape);
    ae::Document *doc = h.window->document();
    for (auto _ : state) {
        const bool ok = h.editUntilPainted(state,
            [&] { doc->setEmbeddingCell(ae::SequenceRole::Source, 0, 0, 0.25 * (++h.edits % 8)); });
        if (!ok)
            break;
    }
}

const bool registered = [] {
    const Shape shapes[] = { { 8, 8, 8, 2 }, { 64, 64, 64, 8 }, { 256, 256, 256, 16 } };
    const char *names[] = { "gui/edit-to-paint/8x8x2", "gui/edit-to-paint/64x64x8",
        "gui/edit-to-paint/256x256x16" };
    for (int i = 0; i < 3; ++i)
        ae::bench::registerPerEdit(names[i], editToPaint, shapes[i]);
    return true;
}();

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::AddCustomContext("window", "1600 x 1000, offscreen");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    ae::bench::closeKeptHarnesses();
    benchmark::Shutdown();
    return 0;
}
