// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerrunjson.h
/// The history of a transformer training run (`train --model transformer`), the JSON the
/// command line prints.

#include "training/transformer/transformertrainer.h"

#include <QJsonObject>
#include <optional>

namespace ae {

/// "config" (runConfigJson()), "steps" (every logEvery-th step and the last) with the
/// aligned arrays "loss", "accuracy", "max_weight", "entropy" (the last decoder layer's
/// cross-attention) and "grad_norm" (every parameter's); "diverged_at_step" (null when the
/// run did not diverge); and, when @p final is given, "final_loss", "final_accuracy"
/// (held-out token accuracy) and "exact_match" (held-out sentences decoded whole).
QJsonObject transformerRunHistoryJson(
    const TransformerTrainer &trainer, const std::optional<TransformerEvaluation> &final);

} // namespace ae
