// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainer.h
/// A training run: the task's batches, the model, the optimiser, the history of metrics and
/// parameter snapshots for a scrubber.
///
/// For the window: a Trainer is a plain value, not thread-safe and tied to no thread. Move it
/// to (or construct it on) a worker thread and call step() there in a loop; after each step,
/// hand the returned StepMetrics (and, when wanted, a copy of parameters()) to the GUI thread
/// by a queued signal. Two runs side by side "from the same initialisation and batches" are
/// two Trainers whose RunConfig differs only in scale: the seed alone draws the initial
/// parameters and the batches, from separate streams, whatever the scale, heads count or
/// optimiser settings. Same RunConfig, same run, bit for bit.

#include "attention/rng.h"
#include "training/trainingconfig.h"
#include "training/trainingmetrics.h"
#include "training/trainingmodel.h"
#include "training/trainingoptimizer.h"
#include "training/trainingparameters.h"
#include "training/trainingtask.h"

#include <optional>
#include <vector>

namespace ae {

/// @name The seeds of a run's streams besides its initialisation (the run's seed itself):
/// the training batches and the held-out set (the training batches' of seed + 1). Every
/// model's trainer draws from them.
/// @{
std::uint64_t batchSeed(std::uint64_t seed);
std::uint64_t heldOutSeed(std::uint64_t seed);
/// @}

/// Parameters after a number of updates: step 0 is the initialisation.
struct TrainingSnapshot
{
    int step = 0;
    TrainingParameters parameters;
};

/// One training run.
class Trainer
{
public:
    /// Draws the initial parameters from config.seed. @pre checkRunConfig(config) found nothing.
    explicit Trainer(const RunConfig &config);

    const RunConfig &config() const { return m_config; }
    const TrainingTask &task() const { return m_task; }
    const TrainingModelSpec &spec() const { return m_model.spec(); }

    /// Keeps a snapshot of the parameters after every @p every updates (and of the
    /// initialisation, which is always kept); 0 keeps only the initialisation. Set it before
    /// the first step. A snapshot at d_model 128 and vocabulary 12 is about 0.6 MB.
    void setSnapshotEvery(int every);

    /// Runs step stepsDone() on a fresh batch: forward, backward, update. Returns its metrics,
    /// measured before the update. Returns nothing, changing nothing, when the run is finished
    /// (config().steps done) or has diverged; returns nothing and records divergedAt() when this
    /// step's loss or gradients are not finite (the parameters stay those before the step).
    std::optional<StepMetrics> step();

    /// Steps done (= updates applied).
    int stepsDone() const { return m_optimizer.steps(); }
    /// True when config().steps are done or the run diverged.
    bool finished() const;
    /// The step whose loss (or gradient) first became non-finite.
    std::optional<int> divergedAt() const { return m_divergedAt; }

    /// The current parameters (after stepsDone() updates).
    const TrainingParameters &parameters() const { return m_params; }
    /// Every step's metrics so far, index = step.
    const std::vector<StepMetrics> &history() const { return m_history; }
    /// The snapshots kept so far, by ascending step.
    const std::vector<TrainingSnapshot> &snapshots() const { return m_snapshots; }
    /// The latest snapshot at or before @p step (the scrubber's lookup).
    const TrainingSnapshot &snapshotAt(int step) const;

    /// Loss and accuracy of the current parameters on 512 fresh examples drawn from seed + 1
    /// (the same examples for every run of that seed).
    EvaluationMetrics evaluate() const;

    /// The held-out examples evaluate() uses (@p count of them, drawn from seed + 1); the first
    /// is the one `train --save-session` writes.
    TrainingBatch heldOutBatch(int count = heldOutCount) const;
    static constexpr int heldOutCount = 512;

private:
    RunConfig m_config;
    TrainingTask m_task;
    TrainingModel m_model;
    TrainingOptimizer m_optimizer;
    TrainingParameters m_params;
    TrainingParameters m_grads;
    Rng m_batchRng;
    std::vector<StepMetrics> m_history;
    std::vector<TrainingSnapshot> m_snapshots;
    int m_snapshotEvery = 0;
    std::optional<int> m_divergedAt;
};

} // namespace ae
