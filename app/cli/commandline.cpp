// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandline.h"

#include "attention/workestimate.h"
#include "cli/commandapplication.h"
#include "cli/commandio.h"
#include "cli/commandoptions.h"
#include "cli/commandoutput.h"
#include "cli/commandprogress.h"
#include "cli/subcommands.h"
#include "io/nearestname.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstring>
#include <memory>

namespace ae {

namespace {

/// Qt's own options, which the window accepts before or after the file; those that take a
/// value are marked.
struct QtOption
{
    const char *name;
    bool takesValue;
};
constexpr QtOption qtOptions[] = { { "platform", true }, { "platformpluginpath", true },
    { "platformtheme", true }, { "plugin", true }, { "qwindowgeometry", true },
    { "qwindowicon", true }, { "qwindowtitle", true }, { "geometry", true }, { "display", true },
    { "style", true }, { "stylesheet", true }, { "session", true }, { "reverse", false },
    { "widgetcount", false }, { "nograb", false }, { "dograb", false } };

/// The Qt option @p arg ("-style" or "--style"), or nullptr.
const QtOption *qtOption(const char *arg)
{
    const char *name = arg[0] == '-' ? (arg[1] == '-' ? arg + 2 : arg + 1) : nullptr;
    if (!name)
        return nullptr;
    for (const QtOption &o : qtOptions) {
        if (std::strcmp(name, o.name) == 0)
            return &o;
    }
    return nullptr;
}

/// True for a session or lesson file name the window opens.
bool isWindowFile(const QByteArray &arg)
{
    return arg.toLower().endsWith(".json") && !arg.startsWith('-');
}

/// Creates the QCoreApplication a core-only subcommand needs and returns its arguments with the
/// subcommand's name taken out, so that they parse like a program of their own.
QStringList coreArguments(std::unique_ptr<QCoreApplication> &app, int &argc, char **argv)
{
    app = std::make_unique<QCoreApplication>(argc, argv);
    return subcommandArguments();
}

/// The refusal of an unknown first argument, with the nearest subcommand or option.
int refuseUnknown(const QString &arg)
{
    QStringList names;
    for (const SubcommandSpec &spec : subcommands())
        names << spec.name;
    if (arg.startsWith(QLatin1Char('-'))) {
        const QString bare = arg.mid(arg.startsWith(QStringLiteral("--")) ? 2 : 1);
        const QString near
            = nearestName(bare, { QStringLiteral("help"), QStringLiteral("version") });
        const QString sub = near.isEmpty() ? nearestName(bare, names) : QString();
        printCommandError(QStringLiteral("attention-explorer"),
            near.isEmpty() && sub.isEmpty()
                ? QStringLiteral("unknown option %1; see attention-explorer --help")
                      .arg(arg.left(40))
                : QStringLiteral("unknown option %1; did you mean %2?")
                      .arg(arg.left(40), near.isEmpty() ? sub : QStringLiteral("--") + near));
        return CommandLine::Refused;
    }
    const QString near = nearestName(arg, names);
    printCommandError(QStringLiteral("attention-explorer"),
        near.isEmpty()
            ? QStringLiteral("\"%1\" is neither a subcommand (%2) nor a session file (*.json); "
                             "see attention-explorer --help")
                  .arg(arg.left(40), names.join(QStringLiteral(", ")))
            : QStringLiteral("\"%1\" is not a subcommand; did you mean %2?")
                  .arg(arg.left(40), near));
    return CommandLine::Refused;
}

/// The index of the first argument the window does not take (anything but Qt's options and
/// one session or lesson file), or @p argc when there is none.
int firstForeignArgument(int argc, char **argv)
{
    int files = 0;
    for (int i = 1; i < argc; ++i) {
        if (const QtOption *o = qtOption(argv[i])) {
            i += o->takesValue ? 1 : 0;
            continue;
        }
        if (!isWindowFile(QByteArray(argv[i])) || ++files > 1)
            return i;
    }
    return argc;
}

/// `attention-explorer help SUBCOMMAND`: that subcommand's --help, as git's `help commit`.
int printSubcommandHelp(int argc, char **argv)
{
    const QString name = QString::fromLocal8Bit(argv[2]);
    const SubcommandSpec *spec = findSubcommand(name);
    if (argc > 3 || !spec) {
        QStringList names;
        for (const SubcommandSpec &s : subcommands())
            names << s.name;
        const QString near = spec ? QString() : nearestName(name, names);
        printCommandError(QStringLiteral("attention-explorer"),
            argc > 3 ? QStringLiteral("help takes one subcommand; see attention-explorer --help")
                : near.isEmpty()
                ? QStringLiteral("help: \"%1\" is not a subcommand (%2)")
                      .arg(name.left(40), names.join(QStringLiteral(", ")))
                : QStringLiteral("help: \"%1\" is not a subcommand; did you mean %2?")
                      .arg(name.left(40), near));
        return CommandLine::Refused;
    }
    printStdout(subcommandHelp(*spec).toUtf8());
    return CommandLine::Ok;
}

} // namespace

bool CommandLine::isHeadless(int argc, char **argv)
{
    return firstForeignArgument(argc, argv) < argc;
}

int CommandLine::run(int argc, char **argv)
{
    // Qt's options come first only for the window; here the first argument decides.
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (const SubcommandSpec *spec = findSubcommand(first))
        return spec->run(argc, argv);
    if (first == u"--version" || first == u"-v") {
        printStdout(QStringLiteral("attention-explorer %1\n")
                        .arg(QStringLiteral(AE_VERSION_STRING))
                        .toUtf8());
        return Ok;
    }
    const QString second = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    if (first == u"help" && argc > 2 && second != u"--help" && second != u"-h")
        return printSubcommandHelp(argc, argv);
    if (first == u"--help" || first == u"-h" || first == u"help") {
        printStdout(commandLineOverview().toUtf8());
        return Ok;
    }
    const int foreign = std::min(firstForeignArgument(argc, argv), argc - 1);
    const QString arg = QString::fromLocal8Bit(argv[foreign]);
    if (isWindowFile(argv[foreign])) {
        printCommandError(QStringLiteral("attention-explorer"),
            QStringLiteral("the window opens one file; \"%1\" is a second").arg(arg.left(80)));
        return Refused;
    }
    return refuseUnknown(arg);
}

int runComputeCommand(int argc, char **argv)
{
    std::unique_ptr<QCoreApplication> app;
    const ParsedCommand<ComputeOptions> parsed = parseComputeArgs(coreArguments(app, argc, argv));
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const ComputeOptions &o = parsed.options;
    const SessionLoadResult loaded
        = loadSessionArgument(QStringLiteral("compute"), o.sessionFile, o.strict);
    if (!loaded.ok())
        return loaded.error->kind == SessionError::Kind::Io ? CommandLine::IoError
                                                            : CommandLine::Refused;
    const WorkEstimate work = computeOutputWork(loaded.session, o.projections, o.qkv);
    if (const auto e = memoryBudgetProblem(work.bytes, QStringLiteral("attention"),
            QStringLiteral("use fewer tokens or heads, or leave out --include"))) {
        printCommandError(QStringLiteral("compute"),
            (o.sessionFile == u"-" ? QStringLiteral("(standard input)") : o.sessionFile)
                + QStringLiteral(": ") + e->toString());
        return CommandLine::Refused;
    }
    printStdout(computeOutput(loaded.session, o));
    return CommandLine::Ok;
}

int runExplainCommand(int argc, char **argv)
{
    std::unique_ptr<QCoreApplication> app;
    const ParsedCommand<ExplainOptions> parsed = parseExplainArgs(coreArguments(app, argc, argv));
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const ExplainOptions &o = parsed.options;
    const SessionLoadResult loaded
        = loadSessionArgument(QStringLiteral("explain"), o.sessionFile, o.strict);
    if (!loaded.ok())
        return loaded.error->kind == SessionError::Kind::Io ? CommandLine::IoError
                                                            : CommandLine::Refused;
    if (const auto error = explainOptionsProblem(loaded.session, o)) {
        printCommandError(
            QStringLiteral("explain"), o.sessionFile + QStringLiteral(": --") + error->toString());
        return CommandLine::Refused;
    }
    printStdout(explainOutput(loaded.session, o));
    return CommandLine::Ok;
}

int runEntropyCommand(int argc, char **argv)
{
    std::unique_ptr<QCoreApplication> app;
    const ParsedCommand<EntropyExperimentConfig> parsed
        = parseEntropyArgs(coreArguments(app, argc, argv));
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    CommandProgress progress(QStringLiteral("entropy"),
        QStringLiteral("about %1 GFLOP in all")
            .arg(experimentWork(parsed.options).operations / 1e9, 0, 'f', 0));
    printStdout(entropyOutput(parsed.options, progress.callback()));
    return CommandLine::Ok;
}

} // namespace ae
