// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file subcommands.h
/// The one table of the command line: every subcommand with its arguments, options and
/// defaults. The parsers, every --help text, the overview of `--help` and the "did you mean"
/// suggestions are made from it; a new subcommand is one more row.

#include "cli/parsedcommand.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <vector>

namespace ae {

/// One option of a subcommand.
struct CommandOptionSpec
{
    QString name; ///< the long name, without "--"
    QString shortName; ///< a one-letter alias ("o"), or empty
    QString valueName; ///< what the value stands for in the help ("N"); empty for a switch
    QString defaultValue; ///< the value when the option is not given; empty when it has none
    QString description; ///< one or two sentences, plain text
    bool required = false; ///< the command refuses to run without it
};

/// One subcommand: a row of the table.
struct SubcommandSpec
{
    QString name; ///< as typed: "compute"
    QString arguments; ///< the positional arguments as the usage line shows them, or empty
    QString argumentsHelp; ///< what they are, for --help; empty when there are none
    QString summary; ///< what the subcommand does, one sentence
    std::vector<CommandOptionSpec> options;
    int (*run)(int argc, char **argv); ///< runs the subcommand; argv[1] is its name
    bool argumentsOptional = false; ///< the positional argument may be left out (at most one)
};

/// Every subcommand, in the order the overview lists them.
const std::vector<SubcommandSpec> &subcommands();

/// The row named @p name, or nullptr.
const SubcommandSpec *findSubcommand(const QString &name);

/// The overview printed by `attention-explorer --help`.
QString commandLineOverview();

/// `attention-explorer NAME --help`: the usage line, the summary, the arguments and every
/// option with its default.
QString subcommandHelp(const SubcommandSpec &spec);

/// Sets @p parser up with @p spec's options (and --help) and parses @p args (the program name
/// followed by the subcommand's own arguments). Refuses an unknown option (with the nearest
/// known one), a repeated option and a missing value, each message starting with the
/// subcommand's name.
/// @return true when the caller should stop: @p out then holds the help text or the refusal.
template <typename Options>
bool parseSubcommand(const SubcommandSpec &spec, QCommandLineParser &parser,
    const QStringList &args, ParsedCommand<Options> *out);

/// The untyped core of parseSubcommand(): sets @p outcome and @p text when it stops.
bool parseSubcommandArgs(const SubcommandSpec &spec, QCommandLineParser &parser,
    const QStringList &args, ParseOutcome *outcome, QString *text);

/// @p text with every line that does not yet start with "NAME: " given that prefix.
QString withCommandPrefix(const QString &name, const QString &text);

template <typename Options>
bool parseSubcommand(const SubcommandSpec &spec, QCommandLineParser &parser,
    const QStringList &args, ParsedCommand<Options> *out)
{
    return parseSubcommandArgs(spec, parser, args, &out->outcome, &out->text);
}

} // namespace ae
