// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportcommand.h"

#include "alignmentfigure.h"
#include "colormap.h"
#include "entropyexperiment.h"
#include "exportsource.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "heatmapdata.h"
#include "heatmapfigure.h"
#include "scalingfigure.h"
#include "scalinglabfigure.h"
#include "sessioncompute.h"
#include "sessionjson.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <cstdio>
#include <cstring>
#include <optional>

namespace ae {

namespace {

enum Status { Ok = 0, IoError = 1, Refused = 2 };

void printErr(const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
}

/// What to draw.
struct View
{
    enum class Kind { Mean, Head, Grid, Scaling };
    Kind kind = Kind::Mean;
    int head = -1;
    bool lines = false; ///< the alignment view of the mean or the head, not its heatmap
    /// Scaling only: one of the lab's panels; without it, the classic entropy plot...
    std::optional<ScalingLabFigure::Panel> panel = std::nullopt;
    bool labGrid = false; ///< ...or every panel in a grid
};

/// Parses --view; on failure returns nothing and sets @p error.
std::optional<View> parseView(const QString &text, QString *error)
{
    QString t = text.trimmed().toLower();
    if (t == QLatin1String("lines") || t.startsWith(QLatin1String("lines:"))) {
        // lines, lines:mean or lines:head:N: the alignment view of that heatmap.
        const QString rest = t == QLatin1String("lines") ? QStringLiteral("mean") : t.mid(6);
        if (rest != QLatin1String("mean") && !rest.startsWith(QLatin1String("head:"))) {
            *error = QStringLiteral("--view: \"%1\": after lines: comes mean or head:N (N from 0)")
                         .arg(text.left(40));
            return std::nullopt;
        }
        auto view = parseView(rest, error);
        if (view)
            view->lines = true;
        return view;
    }
    if (t == QLatin1String("mean"))
        return View { View::Kind::Mean, -1 };
    if (t == QLatin1String("grid"))
        return View { View::Kind::Grid, -1 };
    if (t == QLatin1String("scaling"))
        return View { View::Kind::Scaling, -1 };
    if (t == QLatin1String("scaling:all"))
        return View { View::Kind::Scaling, -1, false, std::nullopt, true };
    if (t.startsWith(QLatin1String("scaling:"))) {
        if (const auto panel = ScalingLabFigure::panelFromName(t.mid(8)))
            return View { View::Kind::Scaling, -1, false, panel };
    }
    if (t.startsWith(QLatin1String("head:"))) {
        bool ok = false;
        const int n = t.mid(5).toInt(&ok);
        if (ok && n >= 0)
            return View { View::Kind::Head, n };
        *error = QStringLiteral("--view: \"%1\": N in head:N must be a whole number from 0")
                     .arg(text.left(40));
        return std::nullopt;
    }
    *error = QStringLiteral("--view: \"%1\" is not one of mean, head:N (N from 0), grid, scaling, "
                            "scaling:entropy, scaling:spread, scaling:gradient, "
                            "scaling:saturation, scaling:histogram, scaling:all, lines, "
                            "lines:head:N")
                 .arg(text.left(40));
    return std::nullopt;
}

/// Reads a whole-number option in [lo, hi]; on failure sets @p error.
std::optional<int> intOption(
    const QCommandLineParser &p, const QString &name, int lo, int hi, QString *error)
{
    bool ok = false;
    const QString text = p.value(name);
    const int v = text.toInt(&ok);
    if (!ok || v < lo || v > hi) {
        *error = QStringLiteral("--%1: \"%2\" is not a whole number from %3 to %4")
                     .arg(name, text.left(40))
                     .arg(lo)
                     .arg(hi);
        return std::nullopt;
    }
    return v;
}

/// Keeps Qt's own diagnostics (e.g. about XDG_RUNTIME_DIR on a server) off stderr, where
/// scripts expect only the command's messages; AE_DEBUG=1 lets them through.
void quietMessageHandler(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtFatalMsg || type == QtCriticalMsg || qEnvironmentVariableIsSet("AE_DEBUG"))
        printErr(message);
}

/// True when the arguments choose a Qt platform plugin themselves.
bool platformGiven(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            return true;
    }
    return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int run(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Draw a session's heatmap or the scaling plot to SVG, PNG or PDF (by OUT's extension)."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("session"), QStringLiteral("The session file (JSON)."));
    p.addOptions({
        { { QStringLiteral("o"), QStringLiteral("output") },
            QStringLiteral("The file to write: .svg, .png or .pdf."), QStringLiteral("OUT") },
        { QStringLiteral("view"),
            QStringLiteral(
                "mean (default), head:N (N from 0), grid (mean and every head), scaling, "
                "scaling:entropy, scaling:spread, scaling:gradient, scaling:saturation, "
                "scaling:histogram or scaling:all (every scaling panel), or lines / "
                "lines:head:N (the alignment view of the mean or head N)."),
            QStringLiteral("view"), QStringLiteral("mean") },
        { QStringLiteral("width"),
            QStringLiteral("Width in pixels (1/96 inch); 0 fits the content."),
            QStringLiteral("px"), QStringLiteral("0") },
        { QStringLiteral("height"),
            QStringLiteral("Height in pixels (1/96 inch); 0 fits the content."),
            QStringLiteral("px"), QStringLiteral("0") },
        { QStringLiteral("dpi"), QStringLiteral("PNG resolution; 96 is one pixel per unit."),
            QStringLiteral("n"), QStringLiteral("96") },
        { QStringLiteral("no-values"), QStringLiteral("Do not write the values in the cells.") },
        { QStringLiteral("no-colorbar"), QStringLiteral("Leave out the colour bar.") },
        { QStringLiteral("stretch"),
            QStringLiteral("End the colour scale at the largest weight shown instead of at 1, "
                           "like \"Stretch colours\" in the window.") },
        { QStringLiteral("title"), QStringLiteral("The figure's title (default: the view's)."),
            QStringLiteral("text") },
        { QStringLiteral("colormap"), QStringLiteral("blues (default), viridis or cividis."),
            QStringLiteral("name"), QStringLiteral("blues") },
        { QStringLiteral("threshold"),
            QStringLiteral("lines only: weights below this (0 to 1) get no line; default 0.05."),
            QStringLiteral("w"), QStringLiteral("0.05") },
    });
    if (!p.parse(args)) {
        printErr(QStringLiteral("export: %1").arg(p.errorText()));
        return Refused;
    }
    if (p.isSet(QStringLiteral("help"))) {
        // The parser names the program file; the subcommand belongs in the first line.
        QString text = p.helpText();
        text = QStringLiteral("Usage: attention-explorer export SESSION.json -o OUT [options]")
            + text.mid(text.indexOf(QLatin1Char('\n')));
        const QByteArray help = text.toUtf8();
        std::fwrite(help.constData(), 1, size_t(help.size()), stdout);
        return Ok;
    }
    if (p.positionalArguments().size() != 1) {
        printErr(QStringLiteral("export: expected exactly one session file, e.g. "
                                "attention-explorer export session.json -o figure.svg"));
        return Refused;
    }
    const QString file = p.positionalArguments().constFirst();
    auto refuse = [&file](const QString &what) {
        printErr(file + QStringLiteral(": ") + what);
        return Refused;
    };

    const QString out = p.value(QStringLiteral("output"));
    if (!p.isSet(QStringLiteral("output")) || out.isEmpty())
        return refuse(QStringLiteral("-o: no output file given (-o OUT.svg, OUT.png or OUT.pdf)"));
    if (const QString problem = FigureExporter::formatProblem(out); !problem.isEmpty())
        return refuse(QStringLiteral("-o: ") + problem);

    QString error;
    FigureOptions options;
    const auto view = parseView(p.value(QStringLiteral("view")), &error);
    const auto width = intOption(p, QStringLiteral("width"), 0, FigureOptions::maxSide, &error);
    const auto height = intOption(p, QStringLiteral("height"), 0, FigureOptions::maxSide, &error);
    const auto dpi
        = intOption(p, QStringLiteral("dpi"), FigureOptions::minDpi, FigureOptions::maxDpi, &error);
    if (!view || !width || !height || !dpi)
        return refuse(error);
    if ((*width > 0 && *width < FigureOptions::minSide)
        || (*height > 0 && *height < FigureOptions::minSide)) {
        return refuse(
            QStringLiteral("--%1: at least %2 pixels (or 0 to fit the content)")
                .arg(*width > 0 && *width < FigureOptions::minSide ? QStringLiteral("width")
                                                                   : QStringLiteral("height"))
                .arg(FigureOptions::minSide));
    }
    const auto colorMap = ColorMap::fromKey(p.value(QStringLiteral("colormap")));
    if (!colorMap) {
        return refuse(QStringLiteral("--colormap: \"%1\" is not one of blues, viridis, cividis")
                          .arg(p.value(QStringLiteral("colormap")).left(40)));
    }
    bool thresholdOk = false;
    const double threshold = p.value(QStringLiteral("threshold")).toDouble(&thresholdOk);
    if (!thresholdOk || !(threshold >= 0.0 && threshold <= 1.0)) {
        return refuse(QStringLiteral("--threshold: \"%1\" is not a number from 0 to 1")
                          .arg(p.value(QStringLiteral("threshold")).left(40)));
    }
    options.size = QSize(*width, *height);
    options.dpi = *dpi;
    options.includeValues = !p.isSet(QStringLiteral("no-values"));
    options.includeColorBar = !p.isSet(QStringLiteral("no-colorbar"));
    options.title = p.value(QStringLiteral("title"));
    options.colorMap = *colorMap;

    const SessionLoadResult loaded = loadSessionFile(file);
    if (!loaded.ok()) {
        printErr(file + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? IoError : Refused;
    }
    const Session &session = loaded.session;
    const int heads = session.attention.config.heads;
    if (view->kind == View::Kind::Head && view->head >= heads) {
        return refuse(QStringLiteral(
            "--view head:%1: out of range, the session has %2 head%3 (head:0 to head:%4)")
                          .arg(view->head)
                          .arg(heads)
                          .arg(heads == 1 ? QString() : QStringLiteral("s"))
                          .arg(heads - 1));
    }
    if (view->kind == View::Kind::Scaling) {
        if (const auto problem = validateExperiment(session.scaling))
            return refuse(problem->path.isEmpty()
                    ? problem->message
                    : QStringLiteral("scaling.") + problem->toString());
    }

    // The same source, figure and size rule as File > Export in the window.
    ExportSource source = ExportSource::fromResult(
        session, computeSession(session), p.isSet(QStringLiteral("stretch")));
    source.selectedView = view->head;
    source.alignmentThreshold = threshold;
    const ExportSource::What what = view->lines    ? ExportSource::What::Lines
        : view->kind == View::Kind::Scaling ? ExportSource::What::Scaling
        : view->kind == View::Kind::Grid                              ? ExportSource::What::Grid
                                                                      : ExportSource::What::Heatmap;
    if (const QString refused = source.refusal(what, *FigureExporter::formatOf(out));
        !refused.isEmpty()) {
        printErr(out + QStringLiteral(": ") + refused);
        return Refused;
    }
    if (what == ExportSource::What::Scaling)
        source.scalingResult = runEntropyExperiment(session.scaling);
    Figure figure;
    if (view->labGrid) {
        figure = ScalingLabFigure::makeGrid(
            *source.scalingResult, session.scaling, source.currentDk, options);
    } else if (view->panel) {
        figure = ScalingLabFigure::make(
            *view->panel, *source.scalingResult, session.scaling, source.currentDk, options);
    } else {
        figure = source.figure(what, options);
    }

    const FigureExporter::Outcome outcome = FigureExporter::write(figure, out, options.dpi);
    if (outcome.ok())
        return Ok;
    printErr(outcome.message);
    return outcome.status == FigureExporter::Outcome::Status::WriteFailed ? IoError : Refused;
}

} // namespace

int runExportCommand(int argc, char **argv)
{
    // Drawing needs fonts, hence a GUI application; without a display it draws offscreen.
    if (!platformGiven(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessageHandler);
    const QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QGuiApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    QStringList args = QGuiApplication::arguments();
    args.removeAt(1); // "export"; what stays parses like a program of its own
    return run(args);
}

} // namespace ae
