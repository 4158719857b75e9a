// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformertrainer.h
/// A training run of the transformer on one of the lab's tasks (`train --model transformer`):
/// batches drawn by the seed, forward, backward, update; the held-out evaluation with token
/// accuracy and the exact match of greedy decoding. Seeds as the one-layer Trainer's: the
/// seed draws the initial parameters, batchSeed() the batches and heldOutSeed() the
/// synthetic tasks' held-out examples (the corpus tasks are measured on the test split).

#include "attention/rng.h"
#include "training/trainingconfig.h"
#include "training/trainingtask.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformeroptimizer.h"
#include "training/transformer/transformerparameters.h"

#include <optional>
#include <vector>

namespace ae {

/// The metrics of one step, measured on that step's batch before its update.
struct TransformerStepMetrics
{
    int step = 0; ///< counts from 0
    double loss = 0.0; ///< mean cross-entropy over the unpadded target positions
    double accuracy = 0.0; ///< share of those positions whose argmax logit is the target
    /// Mean over heads and unpadded queries of each row's largest weight, in the last decoder
    /// layer's cross-attention (near 1: saturated).
    double maxWeight = 0.0;
    double entropy = 0.0; ///< mean row entropy (nats) of the same rows
    double gradNorm = 0.0; ///< the global norm of every parameter's gradient
};

/// The held-out measures of a model.
struct TransformerEvaluation
{
    double loss = 0.0; ///< teacher-forced mean cross-entropy
    double accuracy = 0.0; ///< teacher-forced token accuracy (end token included)
    /// Share of held-out examples whose greedy decoding is the whole target, up to and with
    /// the end token for the corpus tasks, of the target's length for the others.
    double exactMatch = 0.0;
};

/// One transformer training run. A plain value, as Trainer.
class TransformerTrainer
{
public:
    /// Draws the initial parameters from config.seed.
    /// @pre config.model is the transformer and checkRunConfig(config) found nothing.
    explicit TransformerTrainer(const RunConfig &config);

    const RunConfig &config() const { return m_config; }
    const TrainingTask &task() const { return m_task; }
    const TransformerSpec &spec() const { return m_model.spec(); }

    /// Runs step stepsDone() on a fresh batch; nothing (changing nothing) when the run is
    /// finished or diverged; nothing and divergedAt() set when the loss or a gradient is not
    /// finite (the parameters stay those before the step).
    std::optional<TransformerStepMetrics> step();
    int stepsDone() const { return m_optimizer.steps(); }
    bool finished() const;
    std::optional<int> divergedAt() const { return m_divergedAt; }

    const TransformerParameters &parameters() const { return m_params; }
    /// Every step's metrics so far, index = step.
    const std::vector<TransformerStepMetrics> &history() const { return m_history; }

    /// The held-out examples: the corpus tasks' test split; for the other tasks 512 fresh
    /// examples drawn from heldOutSeed(seed), as the one-layer Trainer's.
    TrainingBatch heldOutBatch() const;
    /// Loss, accuracy and exact match of the current parameters on heldOutBatch().
    TransformerEvaluation evaluate() const;

    /// Greedy decoding of @p batch's sources with @p params: each step feeds the words
    /// produced so far and takes the most likely next word (never the start token), until
    /// every example has produced the task's end token or @p maxLength words.
    /// @return per example, the words produced (the end token included when produced).
    static std::vector<std::vector<int>> greedyDecode(TransformerModel &model,
        const TransformerParameters &params, const TrainingBatch &batch, int endId, int maxLength);

private:
    RunConfig m_config;
    TrainingTask m_task;
    TransformerModel m_model;
    TransformerOptimizer m_optimizer;
    TransformerParameters m_params;
    TransformerParameters m_grads;
    Rng m_batchRng;
    std::vector<TransformerStepMetrics> m_history;
    std::optional<int> m_divergedAt;
};

/// The transformer a run trains: the task's vocabularies with the run's shape and scale
/// (layers encoder layers and as many decoder layers).
TransformerSpec transformerSpecFor(const RunConfig &config);

/// The transformer's batch of the task's @p batch (the same ids and padding).
TransformerBatch transformerBatch(const TrainingBatch &batch);

} // namespace ae
