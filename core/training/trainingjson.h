// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingjson.h
/// The training JSON: a run's history (the command line's output, the window's export) and
/// the reference replay (spec training.md, sections 3 and 4).

#include "session/sessionerror.h"
#include "training/trainer.h"
#include "training/trainingbatch.h"
#include "training/trainingconfig.h"
#include "training/trainingparameters.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <optional>
#include <vector>

namespace ae {

/// A run's history: "config", "steps" (every logEvery-th step and the last) with the aligned
/// arrays "loss", "accuracy", "alignment_accuracy", "max_weight", "entropy", "grad_norm_q",
/// "grad_norm_k"; "diverged_at_step" (null when the run did not diverge); and, when
/// @p final is given, "final_loss" and "final_accuracy".
QJsonObject runHistoryJson(const Trainer &trainer, const std::optional<EvaluationMetrics> &final);

/// A run's "config": task, length, vocab (the source vocabulary's size), d_model, heads,
/// scale, optimizer, lr, batch, steps, seed and log_every; for the transformer also model,
/// layers and d_ff. Every model's history starts with it.
QJsonObject runConfigJson(const RunConfig &config, const TrainingTask &task);

/// The inputs of a reference file.
struct ReplayInput
{
    TrainingModelSpec spec;
    OptimizerConfig optimizer;
    TrainingParameters init;
    std::vector<TrainingBatch> batches; ///< alignment -1
};

/// What a replay computes, named as the reference file's "expected".
struct ReplayOutput
{
    std::vector<double> losses;
    TrainingParameters gradientsStep0;
    std::vector<Eigen::MatrixXd> attentionStep0Item0; ///< per head, Lt x Ls
    TrainingParameters final;
    std::optional<int> divergedAt;
};

/// Reads a reference file's inputs ("expected" is ignored); a malformed file gives a
/// SessionError naming the JSON path ("init.w_q[2]: 3 numbers, expected 4").
/// @return the input, or the error in @p error.
std::optional<ReplayInput> parseReplay(const QByteArray &json, SessionError *error);

/// Runs the batches of @p input in order, one step each, from its init.
ReplayOutput runReplay(const ReplayInput &input);

/// {"losses", "gradients_step0", "attention_step0_item0", "final"} (plus
/// "diverged_at_step" when the run diverged).
QJsonObject replayOutputJson(const ReplayOutput &output);

/// A number for the JSON output: null when not finite (a diverged run stops before one
/// could reach it, but null keeps the file valid if one ever did).
QJsonValue jsonNumber(double x);
/// A row of numbers as a JSON array.
QJsonArray rowJson(const Eigen::Ref<const Eigen::RowVectorXd> &row);
/// A matrix as a JSON array of rows.
QJsonArray matrixJson(const Eigen::Ref<const Eigen::MatrixXd> &m);

/// A tensor as JSON: a matrix as an array of rows, a row vector as an array.
QJsonValue tensorJson(const TrainingParameters &params, int tensor);

} // namespace ae
