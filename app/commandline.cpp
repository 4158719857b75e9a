// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "commandoptions.h"
#include "commandoutput.h"
#include "exportcommand.h"
#include "sessionjson.h"
#include "traincommand.h"
#include "worksheetcommand.h"

#include <QCoreApplication>
#include <cstdio>
#include <memory>

namespace ae {

namespace {

void printErr(const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
}

void printOut(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

} // namespace

bool CommandLine::isHeadless(int argc, char **argv)
{
    if (argc < 2)
        return false;
    const QByteArray first(argv[1]);
    return first == "compute" || first == "entropy" || first == "explain" || first == "export"
        || first == "worksheet" || first == "train" || first == "--help" || first == "-h" || first == "--version"
        || first == "-v" || first == "help";
}

int CommandLine::run(int argc, char **argv)
{
    const QByteArray command(argv[1]);
    QStringList args;
    if (command == "export")
        return runExportCommand(argc, argv);
    if (command == "worksheet")
        return runWorksheetCommand(argc, argv);
    if (command == "train")
        return runTrainCommand(argc, argv);
    const QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    args = QCoreApplication::arguments();
    if (command == "--version" || command == "-v") {
        printOut(QStringLiteral("attention-explorer %1\n")
                     .arg(QStringLiteral(AE_VERSION_STRING))
                     .toUtf8());
        return Ok;
    }
    if (command == "--help" || command == "-h" || command == "help")
        return printHelp();
    args.removeAt(1); // the subcommand; what stays parses like a program of its own
    if (command == "compute")
        return compute(args);
    if (command == "explain")
        return explain(args);
    return entropy(args);
}

int CommandLine::printHelp()
{
    printOut(QByteArray("Attention Explorer ") + AE_VERSION_STRING
        + " - explore multi-head, self- and cross-attention.\n\n" + commandLineUsage());
    return Ok;
}

int CommandLine::compute(const QStringList &args)
{
    const ParsedCommand<ComputeOptions> parsed = parseComputeArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const QString &file = parsed.options.sessionFile;
    const SessionLoadResult loaded = loadSessionFile(file);
    if (!loaded.ok()) {
        printErr(file + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? IoError : Refused;
    }
    printOut(computeOutput(loaded.session));
    return Ok;
}

int CommandLine::explain(const QStringList &args)
{
    const ParsedCommand<ExplainOptions> parsed = parseExplainArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const ExplainOptions &o = parsed.options;
    const QString &file = o.sessionFile;
    const SessionLoadResult loaded = loadSessionFile(file);
    if (!loaded.ok()) {
        printErr(file + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? IoError : Refused;
    }
    if (const auto error = explainOptionsProblem(loaded.session, o)) {
        printErr(file + QStringLiteral(": --") + error->toString());
        return Refused;
    }
    printOut(explainOutput(loaded.session, o));
    return Ok;
}

int CommandLine::entropy(const QStringList &args)
{
    const ParsedCommand<EntropyExperimentConfig> parsed = parseEntropyArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    printOut(entropyOutput(parsed.options));
    return Ok;
}

} // namespace ae
