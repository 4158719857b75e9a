// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingrunner.h
/// Runs the scaling experiment off the GUI thread, one run at a time, cancelling stale runs.

#include "scaling/entropyexperiment.h"

#include <QCoreApplication>
#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace ae {

/// Computes EntropyExperimentResults in a worker thread. Only the newest request's result is
/// delivered: a new request asks the running one to stop (through runEntropyExperiment's
/// shouldStop callback) and drops any that has not started. The last few results of
/// runEntropyExperiment are kept for the whole program: a config asked for again (an undo, a
/// second window, a lesson step that comes back) is delivered from them, from the event loop
/// like a computed one, without a run.
class ScalingRunner : public QObject
{
    Q_OBJECT
public:
    /// The computation; runEntropyExperiment unless a test replaces it.
    using Experiment = std::function<EntropyExperimentResult(
        const EntropyExperimentConfig &, const std::function<bool()> &)>;

    explicit ScalingRunner(QObject *parent = nullptr);
    /// Stops the running computation and waits for its thread.
    ~ScalingRunner() override;

    /// Starts computing @p config, superseding every earlier request.
    /// @pre validateExperiment(config) is empty.
    void request(const EntropyExperimentConfig &config);
    /// Stops the current request; nothing is delivered for it.
    void cancel();
    /// True from a request until its result is delivered or it is cancelled.
    bool isBusy() const { return m_busy; }
    /// How many runs stopped early because a newer request (or cancel()) superseded them.
    int cancelledRuns() const { return m_cancelledRuns; }
    /// How many runs this runner started (a request answered from the kept results starts none).
    int startedRuns() const { return m_startedRuns; }
    /// Replaces the computation (tests use this to control timing); a replaced computation's
    /// results are neither kept nor taken from the kept ones.
    void setExperiment(Experiment experiment);
    /// How many of the most recent results are kept for the program (the oldest goes first).
    static constexpr int keptResults = 8;

    /// Why @p config is too heavy to recompute live (too much arithmetic for a plot that
    /// follows every edit), or nothing. Checked on top of validateExperiment(), which bounds
    /// the random draws and the memory.
    static std::optional<QString> checkWorkload(const EntropyExperimentConfig &config);

signals:
    /// The newest request finished: @p result belongs to @p config.
    void finished(
        const ae::EntropyExperimentConfig &config, const ae::EntropyExperimentResult &result);
    /// The newest request could not be computed (e.g. out of memory).
    void failed(const QString &message);
    /// isBusy() changed.
    void busyChanged(bool busy);

private:
    /// Sets isBusy() and tells busyChanged() when it changes.
    void setBusy(bool busy);

    QThreadPool m_pool;
    Experiment m_experiment;
    std::shared_ptr<std::atomic_bool> m_stop; ///< the newest run's stop flag
    quint64 m_generation = 0; ///< number of the newest request
    bool m_busy = false;
    int m_cancelledRuns = 0;
    int m_startedRuns = 0;
    bool m_keepsResults = true; ///< false once setExperiment() replaced runEntropyExperiment
};

} // namespace ae
