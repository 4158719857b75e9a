// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of headless figure export, as the command line's `export` does it: compute the
// session, lay out the figure, encode and write the file.

#include "benchsessions.h"
#include "export/figureexporter.h"
#include "export/painterfigurerenderer.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapfigure.h"
#include "session/sessioncompute.h"

#include <QTemporaryDir>
#include <benchmark/benchmark.h>

namespace {

using ae::bench::Shape;

/// Exports @p shape's mean heatmap (or the grid of the mean and every head) to a file with
/// the extension @p extension.
void exportFigure(benchmark::State &state, Shape shape, bool grid, const char *extension)
{
    const ae::Session session = ae::bench::makeSession(shape, 5);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("figure.") + QLatin1String(extension));
    const ae::FigureOptions options;
    QSize pixels;
    for (auto _ : state) {
        const ae::AttentionResult result = ae::computeSession(session);
        std::vector<ae::HeatmapData> panels { ae::HeatmapDataBuilder::weights(
            session, result, -1) };
        ae::Figure figure;
        if (grid) {
            for (int h = 0; h < shape.heads; ++h)
                panels.push_back(ae::HeatmapDataBuilder::weights(session, result, h));
            figure = ae::HeatmapFigure::grid(
                panels, options, ae::HeatmapFigure::gridTitle(session.title, shape.heads));
        } else {
            figure = ae::HeatmapFigure::single(panels.front(), options);
        }
        pixels = ae::PainterFigureRenderer::pngPixelSize(figure, options.dpi);
        state.counters["items"] = double(figure.items.size());
        const auto outcome = ae::FigureExporter::write(figure, path, options.dpi);
        if (!outcome.ok()) {
            state.SkipWithError(outcome.message.toStdString().c_str());
            break;
        }
    }
    state.counters["megapixels"] = double(pixels.width()) * pixels.height() / 1e6;
}

const bool registered = [] {
    benchmark::RegisterBenchmark(
        "export/svg/64x64", exportFigure, Shape { 64, 64, 64, 8 }, false, "svg")
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(
        "export/png/grid/256x256x16", exportFigure, Shape { 256, 256, 256, 16 }, true, "png")
        ->Unit(benchmark::kMillisecond);
    return true;
}();

} // namespace
