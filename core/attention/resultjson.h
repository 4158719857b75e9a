// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file resultjson.h
/// The `compute` command's output (README, "The math and the session file").

#include "attention/attentionresult.h"
#include "session/session.h"

#include <QJsonObject>

namespace ae {

/// The result as the spec's JSON object: query_tokens, key_tokens, d_k, heads (scores with
/// null where the mask hides an entry, weights, output), mean_weights, output,
/// fully_masked_rows. Numbers are written so that they read back to the same double.
QJsonObject attentionResultToJson(const Session &session, const AttentionResult &result);

/// The projections the result was computed with, materialised: "mode" and w_q (d_q x
/// d_model), w_k, w_v (d_kv x d_model), w_o (d_model x d_model) and b_q, b_k, b_v, b_o
/// (d_model each), named as in the session file. Identity projections are written as the
/// identity matrix and zero biases; a random bias that is absent is written as zeros.
QJsonObject projectionsToJson(const Session &session);

/// The projected Q (Lq x d_model), K and V (Lk x d_model) of @p result, as "q", "k", "v".
QJsonObject qkvToJson(const AttentionResult &result);

} // namespace ae
