// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file parsedcommand.h
/// What parsing one subcommand's arguments gives: options to run with, or text to print.

#include <QString>

namespace ae {

/// How parsing a subcommand's arguments ended.
enum class ParseOutcome {
    Run, ///< the options are complete: run the command
    Help, ///< --help: print the text to stdout, exit 0
    Refused ///< print the text to stderr, exit 2
};

/// The result of one subcommand's option parser. The parsers only read their arguments (no
/// files, no application object needed beyond QCoreApplication for the help text), so the
/// command line and its fuzz harness run the very same code.
template <typename Options> struct ParsedCommand
{
    ParseOutcome outcome = ParseOutcome::Refused;
    Options options; ///< meaningful when outcome is Run
    QString text; ///< Help: the help text; Refused: why, one line per problem
};

/// Prints a Help or Refused outcome's @p text where it belongs and returns the exit status
/// (0 for Help, 2 for Refused).
int reportParseOutcome(ParseOutcome outcome, const QString &text);

} // namespace ae
