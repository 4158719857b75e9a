// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandoptions.h
/// The option parsers of the compute, explain and entropy subcommands.

#include "cli/parsedcommand.h"
#include "scaling/entropyexperiment.h"

#include <QStringList>

namespace ae {

/// `compute SESSION.json [--include projections,qkv]`.
struct ComputeOptions
{
    QString sessionFile; ///< "-" for standard input
    bool projections = false; ///< also print the materialised projection matrices
    bool qkv = false; ///< also print the projected Q, K and V
    bool strict = false; ///< refuse a session with an unknown field
};

/// `explain SESSION.json --head H|mean --query I --key J [--format F] [--decimals N]`. The
/// indices are only known to be whole numbers; their ranges depend on the session.
struct ExplainOptions
{
    QString sessionFile;
    bool mean = false; ///< --head mean: the head-averaged weight (head is then unused)
    int head = 0;
    int query = 0;
    int key = 0;
    QString format = QStringLiteral("json"); ///< json, markdown or latex
    int decimals = 4;
    bool strict = false; ///< refuse a session with an unknown field
};

/// @name Option parsers. @p args is the program name followed by the subcommand's own
/// arguments (the subcommand's name taken out).
/// @{
ParsedCommand<ComputeOptions> parseComputeArgs(const QStringList &args);
ParsedCommand<ExplainOptions> parseExplainArgs(const QStringList &args);
/// The experiment to run; the run's size is checked with validateExperiment() here too.
ParsedCommand<EntropyExperimentConfig> parseEntropyArgs(const QStringList &args);
/// @}

} // namespace ae
