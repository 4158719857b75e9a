// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheetcommand.h"

#include "commandio.h"
#include "commandline.h"
#include "worksheetoptions.h"

#include <QGuiApplication>
#include <QHashSeed>
#include <cstdio>

namespace ae {

int runWorksheetCommand(int argc, char **argv)
{
    // The PDF writer keeps its fonts in a hash; a fixed seed writes them in the same order on
    // every run, so the same worksheets give the same bytes.
    QHashSeed::setDeterministicGlobalSeed();
    // PDF sheets need fonts, hence a GUI application; without a display it draws offscreen.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    installQuietMessageHandler();
    const QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QGuiApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    QStringList args = QGuiApplication::arguments();
    args.removeAt(1);

    const ParsedCommand<WorksheetOptions> parsed = parseWorksheetArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const WorksheetConfig &config = parsed.options.config;
    const QString &dir = parsed.options.outputDir;

    QString error;
    QStringList written;
    if (!WorksheetWriter::write(
            makeWorksheets(config), config, parsed.options.format, dir, &error, &written)) {
        printCommandError(QStringLiteral("worksheet"), error);
        return CommandLine::IoError;
    }
    std::printf("%d students, %d files written to %s\n", config.students,
        static_cast<int>(written.size()), dir.toLocal8Bit().constData());
    return CommandLine::Ok;
}

} // namespace ae
