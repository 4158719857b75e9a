// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/exportoptions.h"

#include "cli/subcommands.h"
#include "export/figureexporter.h"
#include "heatmap/colormap.h"

#include <QCommandLineParser>

namespace ae {

namespace {

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

} // namespace

std::optional<ExportView> ExportView::parse(const QString &text, QString *error)
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
        auto view = parse(rest, error);
        if (view)
            view->lines = true;
        return view;
    }
    if (t == QLatin1String("mean"))
        return ExportView { Kind::Mean, -1 };
    if (t == QLatin1String("grid"))
        return ExportView { Kind::Grid, -1 };
    if (t == QLatin1String("scaling"))
        return ExportView { Kind::Scaling, -1 };
    if (t == QLatin1String("scaling:all"))
        return ExportView { Kind::Scaling, -1, false, std::nullopt, true };
    if (t.startsWith(QLatin1String("scaling:"))) {
        if (const auto panel = ScalingLabFigure::panelFromName(t.mid(8)))
            return ExportView { Kind::Scaling, -1, false, panel };
    }
    if (t.startsWith(QLatin1String("head:"))) {
        bool ok = false;
        const int n = t.mid(5).toInt(&ok);
        if (ok && n >= 0)
            return ExportView { Kind::Head, n };
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

ParsedCommand<ExportOptions> parseExportArgs(const QStringList &args)
{
    ParsedCommand<ExportOptions> out;
    QCommandLineParser p;
    if (parseSubcommand(*findSubcommand(QStringLiteral("export")), p, args, &out))
        return out;
    const QString file = p.positionalArguments().constFirst();
    auto refuse = [&file, &out](const QString &what) {
        out.text = withCommandPrefix(QStringLiteral("export"), file + QStringLiteral(": ") + what);
        return out;
    };

    const QString outputFile = p.value(QStringLiteral("output"));
    if (!p.isSet(QStringLiteral("output")) || outputFile.isEmpty())
        return refuse(QStringLiteral("-o: no output file given (-o OUT.svg, OUT.png or OUT.pdf)"));
    if (const QString problem = FigureExporter::formatProblem(outputFile); !problem.isEmpty())
        return refuse(QStringLiteral("-o: ") + problem);

    QString error;
    const auto view = ExportView::parse(p.value(QStringLiteral("view")), &error);
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
    ExportOptions &o = out.options;
    o.sessionFile = file;
    o.outputFile = outputFile;
    o.view = *view;
    o.figure.size = QSize(*width, *height);
    o.figure.dpi = *dpi;
    o.figure.includeValues = !p.isSet(QStringLiteral("no-values"));
    o.figure.includeColorBar = !p.isSet(QStringLiteral("no-colorbar"));
    o.figure.title = p.value(QStringLiteral("title"));
    o.figure.colorMap = *colorMap;
    o.threshold = threshold;
    o.stretch = p.isSet(QStringLiteral("stretch"));
    o.strict = p.isSet(QStringLiteral("strict"));
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
