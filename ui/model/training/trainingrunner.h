// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingrunner.h
/// The training lab's two runs, each stepping its own Trainer on a worker thread of its own:
/// play, pause, single steps, a speed limit, a target accuracy, cancellation. The GUI thread
/// sees copies (metrics, parameter snapshots) and never a Trainer that is stepping.

#include "training/trainer.h"
#include "training/trainingworker.h"
#include "training/transformerattentionmaps.h"

#include <QObject>
#include <QTimer>
#include <array>
#include <memory>
#include <vector>

namespace ae {

/// Two training runs side by side. Each run is the core's Trainer, so the run is fixed by its
/// RunConfig whatever the threads' timing; the runner decides only when steps happen.
class TrainingRunner : public QObject
{
    Q_OBJECT
public:
    /// Number of runs side by side.
    static constexpr int runCount = 2;
    /// How often the GUI hears of progress while a run steps (milliseconds).
    static constexpr int publishIntervalMs = 50;

    /// What the runs are doing.
    enum class State {
        Empty, ///< no runs (before start())
        Paused, ///< runs exist and wait (also after Pause, and at step 0)
        Running, ///< at least one run is stepping
        Finished ///< every run has stopped by itself (steps done, target reached, diverged)
    };

    explicit TrainingRunner(QObject *parent = nullptr);
    /// Cancels both runs and waits for their threads.
    ~TrainingRunner() override;

    /// Replaces the runs by fresh ones of @p configs, paused at step 0 (after cancelling the
    /// old ones). @pre checkRunConfig() finds nothing in either.
    void start(const std::array<RunConfig, runCount> &configs);
    /// Steps every unfinished run until it stops by itself or pause().
    void play();
    /// Stops stepping after the current step.
    void pause();
    /// One more step of every unfinished run (while paused).
    void step();
    /// Starts the same runs again from step 0.
    void reset();
    /// Cancels both runs and forgets them (state Empty).
    void clear();

    /// At most @p stepsPerSecond steps a second per run; 0: as fast as the machine goes.
    void setStepsPerSecond(int stepsPerSecond);
    int stepsPerSecond() const { return m_stepsPerSecond; }
    /// A run stops by itself once a step's accuracy reaches @p accuracy; 0 turns this off.
    void setTargetAccuracy(double accuracy);
    double targetAccuracy() const { return m_targetAccuracy; }

    State state() const { return m_state; }
    const std::array<RunConfig, runCount> &configs() const { return m_configs; }

    /// @name Per run (GUI thread): copies of what the worker has published so far
    /// @{
    /// Every step's metrics, index = step.
    const std::vector<StepMetrics> &metrics(int run) const;
    /// Steps done by run @p run.
    int stepsDone(int run) const;
    /// The parameters at the latest kept snapshot at or before @p step (the initialisation
    /// for step 0), or null without runs.
    std::shared_ptr<const TrainingParameters> parametersAt(int run, int step) const;
    /// The step of the snapshot parametersAt(run, step) returns (-1 without runs).
    int snapshotStepAt(int run, int step) const;
    /// The step the scrubber shows for @p step: the latest step at or before it whose
    /// snapshot every run has, or that comes after a run's last snapshot (a run that stopped
    /// shows its last step), so the heatmaps show what the scrubber says; -1 without runs.
    int commonSnapshotStep(int step) const;
    /// The steps every how many steps a snapshot is kept (scrubber resolution).
    int snapshotEvery() const { return m_snapshotEvery; }
    /// True when run @p run has stopped by itself: its steps are done, it reached the target
    /// accuracy or it diverged.
    bool isRunFinished(int run) const;
    /// The step whose loss or gradients became non-finite, or -1.
    int divergedAt(int run) const;
    /// The step at which the run reached the target accuracy, or -1.
    int reachedTargetAt(int run) const;
    /// The run's history as the command line writes it (runHistoryJson), without the final
    /// evaluation; waits for the run's current step to end.
    QJsonObject historyJson(int run) const;
    /// The model spec of the runs (both share vocabularies and width).
    TrainingModelSpec modelSpec(int run) const;
    /// The held-out examples of the runs' seed (the first @p count).
    TrainingBatch heldOutExamples(int count) const;
    /// True when the runs train the transformer (configs()[0].model).
    bool isTransformer() const { return m_configs[0].model == ModelKind::Transformer; }
    /// The transformer's shape of run @p run (its task's vocabularies, layers, scale).
    TransformerSpec transformerSpec(int run) const;
    /// The transformer's parameters at the latest kept snapshot at or before @p step, or null
    /// without transformer runs.
    std::shared_ptr<const TransformerParameters> transformerParametersAt(int run, int step) const;
    /// The held-out sentence whose attention the window shows (the first held-out example
    /// without its padding): its source ids and target ids; empty without transformer runs.
    const std::pair<std::vector<int>, std::vector<int>> &sentence() const { return m_sentence; }
    /// Every layer's and head's attention maps of the three kinds for sentence(), with run
    /// @p run's parameters at snapshotStepAt(run, step); empty without transformer runs.
    TransformerAttentionMaps transformerMapsAt(int run, int step) const;
    /// @}

    /// The snapshot interval for a run of @p config (either model): every step when the
    /// snapshots of the whole run fit in snapshotBudgetBytes, else the smallest of 2, 5, 10, 20,
    /// 50, ... that fits.
    static int snapshotEveryFor(const RunConfig &config);
    /// Memory the parameter snapshots of one run may take.
    static constexpr double snapshotBudgetBytes = 96.0 * 1024 * 1024;

signals:
    /// New steps were published (at most every publishIntervalMs while running).
    void progressed();
    /// state() changed.
    void stateChanged(ae::TrainingRunner::State state);

private:
    /// Takes what the workers published into the GUI-side copies; emits progressed() and
    /// updates the state.
    void collect();
    void setState(State state);

    std::array<RunConfig, runCount> m_configs;
    std::array<std::unique_ptr<TrainingWorker>, runCount> m_workers;
    std::array<std::vector<StepMetrics>, runCount> m_metrics;
    std::array<std::vector<TrainingSnapshotRef>, runCount> m_snapshots;
    std::array<bool, runCount> m_stopped {};
    std::array<int, runCount> m_divergedAt { -1, -1 };
    std::array<int, runCount> m_reachedAt { -1, -1 };
    QTimer m_publish;
    State m_state = State::Empty;
    int m_stepsPerSecond = 0;
    double m_targetAccuracy = 0.0;
    int m_snapshotEvery = 1;
    std::pair<std::vector<int>, std::vector<int>> m_sentence;
};

} // namespace ae
