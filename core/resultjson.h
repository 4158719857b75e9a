// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file resultjson.h
/// The `compute` command's output (README, "The math and the session file").

#include "attentionresult.h"
#include "session.h"

#include <QJsonObject>

namespace ae {

/// The result as the spec's JSON object: query_tokens, key_tokens, d_k, heads (scores with
/// null where the mask hides an entry, weights, output), mean_weights, output,
/// fully_masked_rows. Numbers are written so that they read back to the same double.
QJsonObject attentionResultToJson(const Session &session, const AttentionResult &result);

} // namespace ae
