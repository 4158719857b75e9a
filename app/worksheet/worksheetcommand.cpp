// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetcommand.h"

#include "cli/commandapplication.h"
#include "cli/commandio.h"
#include "cli/commandline.h"
#include "language/languagemanager.h"
#include "worksheet/worksheetoptions.h"

#include <QGuiApplication>
#include <cstdio>

namespace ae {

int runWorksheetCommand(int argc, char **argv)
{
    prepareDrawingCommand(argc, argv);
    const QGuiApplication app(argc, argv);
    const QStringList args = subcommandArguments();

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
    // The plural forms through tr(), as the window's "Wrote worksheets for %n student(s)"; the
    // command line speaks English.
    LanguageManager::installEnglishPluralForms();
    const int files = static_cast<int>(written.size());
    const QString students = QCoreApplication::translate(
        "WorksheetCommand", "%n student(s)", nullptr, config.students);
    const QString filesWritten = QCoreApplication::translate(
        "WorksheetCommand", "%n file(s) written to %1", nullptr, files);
    const QString line = students + QStringLiteral(", ") + filesWritten.arg(dir);
    printStdout((line + QLatin1Char('\n')).toLocal8Bit());
    return CommandLine::Ok;
}

} // namespace ae
