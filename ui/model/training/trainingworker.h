// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingworker.h
/// One training run on a thread of its own: the thread steps the core's Trainer (the
/// one-layer model) or TransformerTrainer while told to and publishes each step's metrics and
/// each kept snapshot; the owner (TrainingRunner, on the GUI thread) takes them at its own pace.

#include "training/trainer.h"
#include "training/transformer/transformertrainer.h"

#include <QJsonObject>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ae {

/// A kept parameter snapshot, shared read-only with the GUI.
struct TrainingSnapshotRef
{
    int step = 0;
    std::shared_ptr<const TrainingParameters> parameters; ///< the one-layer model's, or null
    std::shared_ptr<const TransformerParameters> transformer; ///< the transformer's, or null
};

/// What a worker published since the last take().
struct TrainingWorkerNews
{
    std::vector<StepMetrics> metrics;
    std::vector<TrainingSnapshotRef> snapshots;
    bool stopped = false; ///< the run stopped by itself (steps done, target, divergence)
    bool idle = true; ///< neither playing nor owing single steps
    int divergedAt = -1;
    int reachedTargetAt = -1;
};

/// Steps one Trainer or TransformerTrainer (config.model) on its own thread. All public
/// functions are for the owning thread.
class TrainingWorker
{
public:
    /// Starts the thread, paused at step 0, keeping a snapshot every @p snapshotEvery steps.
    /// A transformer step's metrics are published as StepMetrics: its loss, accuracy, largest
    /// weight and entropy (of the last decoder layer's cross-attention), and the global norm
    /// of every parameter's gradient as both gradNormQ and gradNormK.
    TrainingWorker(const RunConfig &config, int snapshotEvery);
    /// Cancels: the thread ends after its current step; waits for it.
    ~TrainingWorker();
    TrainingWorker(const TrainingWorker &) = delete;
    TrainingWorker &operator=(const TrainingWorker &) = delete;

    /// Steps until paused or stopped by itself.
    void play();
    /// Stops after the current step (owed single steps are dropped).
    void pause();
    /// Owes one more step.
    void step();
    /// Steps a second at most; 0 for no limit.
    void setStepsPerSecond(int stepsPerSecond);
    /// Stops by itself when a step's accuracy reaches @p accuracy (0: never).
    void setTargetAccuracy(double accuracy);

    /// Moves what was published since the last call into the result.
    TrainingWorkerNews take();
    /// The run's history JSON (waits for the current step to end).
    QJsonObject historyJson() const;
    /// The held-out examples of the run's seed.
    TrainingBatch heldOutBatch(int count) const;

private:
    void loop();
    /// One step of the run's trainer (the lock released); nothing when it did not step.
    std::optional<StepMetrics> stepTrainer();
    /// Publishes the snapshots the step just made kept. @pre m_mutex held.
    void publishKept();
    /// True when the thread has a step to do.
    bool hasWork() const;
    /// Publishes the current parameters as a snapshot unless the last published one is of
    /// this step, so that a paused or stopped run can be opened at exactly its step.
    /// @pre m_mutex held and the trainer not stepping.
    void publishCurrent();

    /// Exactly one of the two runs the config's model.
    std::unique_ptr<Trainer> m_trainer;
    std::unique_ptr<TransformerTrainer> m_transformer;
    int m_snapshotEvery = 1;
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_wake;
    std::thread m_thread;
    // Guarded by m_mutex:
    bool m_cancel = false;
    bool m_playing = false;
    bool m_stepping = false; ///< the thread is inside Trainer::step() (the lock released)
    bool m_stopped = false;
    int m_owedSteps = 0;
    int m_stepsPerSecond = 0;
    double m_target = 0.0;
    TrainingWorkerNews m_news;
    std::size_t m_publishedSnapshots = 0;
    int m_lastPublishedStep = -1;
};

} // namespace ae
