// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file entropyjson.h
/// The `entropy` command's output: the scaling experiment's result as JSON.

#include "scaling/entropyexperiment.h"

#include <QJsonObject>

namespace ae {

/// @p result as a JSON object with arrays aligned with "dims": "unscaled" and "scaled" mean
/// row entropies in nats. Numbers are written so that they read back to the same double.
QJsonObject entropyResultToJson(const EntropyExperimentResult &result);

} // namespace ae
