// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandapplication.h"

#include <QCoreApplication>
#include <QHashSeed>
#include <cstring>

namespace ae {

namespace {

/// True when the command line or the environment picks Qt's platform.
bool platformGiven(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            return true;
    }
    return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace

void prepareDrawingCommand(int argc, char **argv)
{
    QHashSeed::setDeterministicGlobalSeed();
    if (!platformGiven(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

QStringList subcommandArguments()
{
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    QStringList args = QCoreApplication::arguments();
    args.removeAt(1);
    return args;
}

} // namespace ae
