// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandline.h
/// The headless subcommands: compute, entropy, explain and export (README, "Command line").

#include <QStringList>

namespace ae {

/// Parses and runs one subcommand. None of them needs a display.
class CommandLine
{
public:
    /// Exit statuses, as the spec fixes them.
    enum Status { Ok = 0, IoError = 1, Refused = 2 };

    /// True when @p argv names a subcommand (or asks for --help / --version), i.e. when the
    /// program must not open a window.
    static bool isHeadless(int argc, char **argv);

    /// Runs the subcommand in @p argv and returns the process exit status. Creates the Qt
    /// application object it needs (QCoreApplication; a GUI one, offscreen, for export).
    static int run(int argc, char **argv);

private:
    static int compute(const QStringList &args);
    static int entropy(const QStringList &args);
    static int explain(const QStringList &args);
    static int printHelp();
};

} // namespace ae
