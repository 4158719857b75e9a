// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainoptions.h
/// The option parser of the `train` subcommand (spec training.md, section 4).

#include "cli/parsedcommand.h"
#include "training/trainingconfig.h"
#include "training/transformer/transformersession.h"

#include <QStringList>
#include <vector>

namespace ae {

/// `train --task T [options]` or `train --replay FILE [-o OUT]`, fully checked
/// (checkRunConfig() found nothing).
struct TrainOptions
{
    RunConfig config;
    QString replayFile; ///< non-empty: replay this reference file instead of training
    QString outputFile; ///< -o: write the JSON here instead of printing it
    QString sessionFile; ///< --save-session: write the first held-out example as a session
    /// The transformer's session: the layer (--layer) and the attention (--kind) written.
    int sessionLayer = 0;
    TransformerAttentionKind sessionKind = TransformerAttentionKind::Cross;
    /// --sentence: the source ids of the example the session shows, and the task's
    /// translation of it (the target ids, end token included); empty: the first held-out
    /// example.
    std::vector<int> sessionSource, sessionTarget;
};

/// Parses `train`'s arguments: the program name followed by the subcommand's own arguments.
/// Every refusal names the option ("--heads: 3 does not divide d_model 128").
ParsedCommand<TrainOptions> parseTrainArgs(const QStringList &args);

} // namespace ae
