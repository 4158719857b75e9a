// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/exportcommand.h"

#include "cli/commandapplication.h"
#include "cli/commandio.h"
#include "cli/commandline.h"
#include "compare/alignmentfigure.h"
#include "export/exportoptions.h"
#include "export/exportsource.h"
#include "export/figureexporter.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapfigure.h"
#include "scaling/entropyexperiment.h"
#include "scaling/scalingfigure.h"
#include "scaling/scalinglabfigure.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"

#include <QGuiApplication>

namespace ae {

namespace {

void printErr(const QString &text)
{
    printCommandError(QStringLiteral("export"), text);
}

int run(const QStringList &args)
{
    const ParsedCommand<ExportOptions> parsed = parseExportArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const ExportOptions &o = parsed.options;
    const QString &file = o.sessionFile;
    const QString &out = o.outputFile;
    const ExportView &view = o.view;
    const FigureOptions &options = o.figure;
    auto refuse = [&file](const QString &what) {
        printErr(file + QStringLiteral(": ") + what);
        return CommandLine::Refused;
    };

    const SessionLoadResult loaded = loadSessionArgument(QStringLiteral("export"), file, o.strict);
    if (!loaded.ok())
        return loaded.error->kind == SessionError::Kind::Io ? CommandLine::IoError
                                                            : CommandLine::Refused;
    const Session &session = loaded.session;
    const int heads = session.attention.config.heads;
    if (view.kind == ExportView::Kind::Head && view.head >= heads) {
        return refuse(QStringLiteral(
            "--view head:%1: out of range, the session has %2 head%3 (head:0 to head:%4)")
                          .arg(view.head)
                          .arg(heads)
                          .arg(heads == 1 ? QString() : QStringLiteral("s"))
                          .arg(heads - 1));
    }
    if (view.kind == ExportView::Kind::Scaling) {
        if (const auto problem = validateExperiment(session.scaling))
            return refuse(problem->path.isEmpty()
                    ? problem->message
                    : QStringLiteral("scaling.") + problem->toString());
    }

    // The same source, figure and size rule as File > Export in the window.
    ExportSource source = ExportSource::fromResult(session, computeSession(session), o.stretch);
    source.selectedView = view.head;
    source.alignmentThreshold = o.threshold;
    const ExportSource::What what = view.lines   ? ExportSource::What::Lines
        : view.kind == ExportView::Kind::Scaling ? ExportSource::What::Scaling
        : view.kind == ExportView::Kind::Grid    ? ExportSource::What::Grid
                                                 : ExportSource::What::Heatmap;
    if (const QString refused = source.refusal(what, *FigureExporter::formatOf(out));
        !refused.isEmpty()) {
        printErr(out + QStringLiteral(": ") + refused);
        return CommandLine::Refused;
    }
    if (what == ExportSource::What::Scaling)
        source.scalingResult = runEntropyExperiment(session.scaling);
    Figure figure;
    if (view.labGrid) {
        figure = ScalingLabFigure::makeGrid(
            *source.scalingResult, session.scaling, source.currentDk, options);
    } else if (view.panel) {
        figure = ScalingLabFigure::make(
            *view.panel, *source.scalingResult, session.scaling, source.currentDk, options);
    } else {
        figure = source.figure(what, options);
    }

    const FigureExporter::Outcome outcome = FigureExporter::write(figure, out, options.dpi);
    if (outcome.ok())
        return CommandLine::Ok;
    printErr(outcome.message);
    return outcome.status == FigureExporter::Outcome::Status::WriteFailed ? CommandLine::IoError
                                                                          : CommandLine::Refused;
}

} // namespace

int runExportCommand(int argc, char **argv)
{
    // Drawing needs fonts, hence a GUI application.
    prepareDrawingCommand(argc, argv);
    const QGuiApplication app(argc, argv);
    const QStringList args = subcommandArguments();
    return run(args);
}

} // namespace ae
