// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandline.h
/// The headless subcommands (README, "Command line"); their table is in subcommands.h.

namespace ae {

/// Decides between the window and the command line, and runs the command line.
class CommandLine
{
public:
    /// Exit statuses, as the spec fixes them.
    enum Status { Ok = 0, IoError = 1, Refused = 2 };

    /// True when @p argv must not open a window: anything but a bare call or a session or
    /// lesson file (*.json), optionally with Qt's own options (-platform, -style, ...). A
    /// subcommand, --help and --version run headless; so does a typo, to be refused.
    static bool isHeadless(int argc, char **argv);

    /// Runs the subcommand in @p argv (or refuses an unknown one with the nearest known name)
    /// and returns the process exit status.
    static int run(int argc, char **argv);
};

/// @name The runners of the table's rows (argv[1] is the subcommand).
/// @{
int runComputeCommand(int argc, char **argv);
int runEntropyCommand(int argc, char **argv);
int runExplainCommand(int argc, char **argv);
/// @}

} // namespace ae
