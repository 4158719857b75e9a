// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explainjson.h
/// The `explain` command's JSON object.

#include "explain/explain.h"

#include <QJsonObject>

namespace ae {

/// The explanation as one JSON object. For a head: head, query, key, query_token, key_token,
/// d_k, scale, q, k, products, dot, masked, score (null when masked), row_scores (null where
/// masked), row_max (null for a fully masked row), row_exp, row_sum, weight and
/// fully_masked_row. For the mean, "head" is "mean" and the per-head fields (head, q, k,
/// products, dot, score, row_scores, row_max, row_exp, row_sum, weight) sit in the array
/// "heads"; "weight" is their average. Numbers read back to the same double.
QJsonObject explanationToJson(const WeightExplanation &explanation);

} // namespace ae
