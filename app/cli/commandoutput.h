// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandoutput.h
/// What compute, explain and entropy print, once their options are parsed and the session is
/// loaded: no files, no streams, so that the fuzz harness runs the same code.

#include "cli/commandoptions.h"
#include "session/session.h"
#include "session/sessionerror.h"

#include <QByteArray>
#include <functional>
#include <optional>

namespace ae {

/// The output of `compute`: every head's scores, weights and outputs as indented JSON, with
/// "projections" and "qkv" when @p options ask for them.
QByteArray computeOutput(const Session &session, const ComputeOptions &options = {});

/// Why @p options do not name a head (or the mean), a query and a key of @p session, with
/// the option's name as path; nothing when they do.
std::optional<SessionError> explainOptionsProblem(
    const Session &session, const ExplainOptions &options);

/// The output of `explain` in the chosen format.
/// @pre explainOptionsProblem(session, options) found nothing.
QByteArray explainOutput(const Session &session, const ExplainOptions &options);

/// The output of `entropy`: the scaling experiment as indented JSON.
/// @pre validateExperiment(config) found nothing (parseEntropyArgs() checks it).
/// @p poll, when given, is called now and then while the experiment runs.
QByteArray entropyOutput(
    const EntropyExperimentConfig &config, const std::function<bool()> &poll = {});

} // namespace ae
