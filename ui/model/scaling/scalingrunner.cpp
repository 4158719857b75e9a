// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingrunner.h"

#include "attention/workestimate.h"

#include <QFutureWatcher>
#include <QMutex>
#include <QMutexLocker>
#include <QtConcurrent/QtConcurrentRun>
#include <deque>
#include <new>
#include <utility>

namespace ae {

namespace {

/// What a worker hands back: the result, or why there is none.
struct Outcome
{
    EntropyExperimentResult result;
    QString error;
};

/// Most floating-point operations a live run may take (a few seconds on one core).
constexpr double maxLiveOperations = 3e10;
/// Most bytes a live run may hold at once (validateExperiment() allows more for the command
/// line).
constexpr double maxLiveBytes = 1.5e9;

/// The program's most recent results of runEntropyExperiment, newest first.
struct KeptResults
{
    QMutex mutex;
    std::deque<std::pair<EntropyExperimentConfig, EntropyExperimentResult>> entries;
};

KeptResults &keptResults()
{
    static KeptResults kept;
    return kept;
}

std::optional<EntropyExperimentResult> keptResult(const EntropyExperimentConfig &config)
{
    KeptResults &kept = keptResults();
    const QMutexLocker lock(&kept.mutex);
    for (const auto &[keptConfig, result] : kept.entries) {
        if (keptConfig == config)
            return result;
    }
    return std::nullopt;
}

void keepResult(const EntropyExperimentConfig &config, const EntropyExperimentResult &result)
{
    KeptResults &kept = keptResults();
    const QMutexLocker lock(&kept.mutex);
    for (auto it = kept.entries.begin(); it != kept.entries.end(); ++it) {
        if (it->first == config) {
            kept.entries.erase(it);
            break;
        }
    }
    kept.entries.emplace_front(config, result);
    while (kept.entries.size() > static_cast<size_t>(ScalingRunner::keptResults))
        kept.entries.pop_back();
}

} // namespace

std::optional<QString> ScalingRunner::checkWorkload(const EntropyExperimentConfig &config)
{
    const WorkEstimate work = experimentWork(config);
    const double bytes = work.bytes;
    const double operations = work.operations;
    if (bytes > maxLiveBytes)
        return tr("this run would need about %1 GB of memory, more than "
                  "the live plot allows (%2 GB): lower the queries, the "
                  "keys or the largest d_k")
            .arg(bytes / 1e9, 0, 'f', 1)
            .arg(maxLiveBytes / 1e9, 0, 'f', 1);
    if (operations > maxLiveOperations)
        return tr("this run would take about %1 billion operations, more "
                  "than the live plot allows (%2 billion): lower the "
                  "queries, the keys, the repeats or the largest d_k")
            .arg(operations / 1e9, 0, 'f', 0)
            .arg(maxLiveOperations / 1e9, 0, 'f', 0);
    return std::nullopt;
}

ScalingRunner::ScalingRunner(QObject *parent)
    : QObject(parent)
    , m_experiment(
          [](const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop) {
              return runEntropyExperiment(config, shouldStop);
          })
{
    // One worker: a superseded run ends at its next poll, and the newest waits for it instead
    // of competing for the same cores.
    m_pool.setMaxThreadCount(1);
}

ScalingRunner::~ScalingRunner()
{
    if (m_stop)
        m_stop->store(true);
    m_pool.clear();
    m_pool.waitForDone();
}

void ScalingRunner::setExperiment(Experiment experiment)
{
    m_experiment = std::move(experiment);
    m_keepsResults = false;
}

void ScalingRunner::request(const EntropyExperimentConfig &config)
{
    if (m_stop)
        m_stop->store(true);
    auto stop = std::make_shared<std::atomic_bool>(false);
    m_stop = stop;
    const quint64 generation = ++m_generation;
    const bool keeps = m_keepsResults;

    if (keeps) {
        if (std::optional<EntropyExperimentResult> known = keptResult(config)) {
            setBusy(true);
            QMetaObject::invokeMethod(
                this,
                [this, generation, config, result = std::move(*known)] {
                    if (generation != m_generation)
                        return; // superseded or cancelled before the event loop came round
                    setBusy(false);
                    emit finished(config, result);
                },
                Qt::QueuedConnection);
            return;
        }
    }

    ++m_startedRuns;
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(
        watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, config, keeps] {
            const Outcome outcome = watcher->result();
            watcher->deleteLater();
            if (outcome.result.cancelled) {
                ++m_cancelledRuns;
                return;
            }
            if (keeps && outcome.error.isEmpty())
                keepResult(config, outcome.result);
            if (generation != m_generation)
                return; // a newer request superseded this one after it had finished
            setBusy(false);
            if (outcome.error.isEmpty())
                emit finished(config, outcome.result);
            else
                emit failed(outcome.error);
        });
    const Experiment experiment = m_experiment;
    watcher->setFuture(QtConcurrent::run(&m_pool, [experiment, config, stop] {
        Outcome outcome;
        // A run still queued when it was superseded does not start at all.
        if (stop->load()) {
            outcome.result.cancelled = true;
            return outcome;
        }
        try {
            outcome.result = experiment(config, [stop] { return stop->load(); });
        } catch (const std::bad_alloc &) {
            outcome.error = ScalingRunner::tr("not enough memory for this run: lower the queries, "
                                              "the keys or the largest d_k");
        } catch (const std::exception &e) {
            outcome.error = QString::fromLocal8Bit(e.what());
        }
        return outcome;
    }));
    setBusy(true);
}

void ScalingRunner::cancel()
{
    if (m_stop)
        m_stop->store(true);
    ++m_generation;
    setBusy(false);
}

void ScalingRunner::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace ae
