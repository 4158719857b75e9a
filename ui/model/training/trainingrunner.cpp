// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingrunner.h"

#include "training/trainingworker.h"

#include <algorithm>

namespace ae {

namespace {

/// The bytes of one set of parameters of @p spec.
double parameterBytes(const TrainingModelSpec &spec)
{
    const double d = spec.dModel, vs = spec.sourceVocabSize(), vt = spec.targetVocabSize();
    return 8.0 * (vs * d + vt * d + 4.0 * d * d + 4.0 * d + d * vt + vt);
}

/// The bytes of one set of parameters of the run @p config (either model).
double parameterBytes(const RunConfig &config)
{
    if (config.model == ModelKind::OneLayer)
        return parameterBytes(modelSpecFor(config));
    const TransformerSpec spec = transformerSpecFor(config);
    const double d = spec.dModel, ff = spec.dimFeedforward;
    const double vs = spec.sourceVocabSize(), vt = spec.targetVocabSize();
    // in_proj and out_proj (4 d^2 + 4 d), linear1 and linear2 (2 d ff + ff + d), the norms.
    const double attention = 4.0 * d * d + 4.0 * d;
    const double feedForward = 2.0 * d * ff + ff + d;
    const double encoder = attention + feedForward + 4.0 * d;
    const double decoder = 2.0 * attention + feedForward + 6.0 * d;
    return 8.0
        * (vs * d + vt * d + d * vt + vt + spec.encoderLayers * encoder
            + spec.decoderLayers * decoder + 4.0 * d);
}

/// The snapshot at or before @p step in @p snapshots (sorted by step), or end().
std::vector<TrainingSnapshotRef>::const_iterator snapshotIterator(
    const std::vector<TrainingSnapshotRef> &snapshots, int step)
{
    auto it = std::upper_bound(snapshots.begin(), snapshots.end(), step,
        [](int s, const TrainingSnapshotRef &ref) { return s < ref.step; });
    if (it == snapshots.begin())
        return snapshots.end();
    return std::prev(it);
}

} // namespace

TrainingRunner::TrainingRunner(QObject *parent)
    : QObject(parent)
{
    m_publish.setInterval(publishIntervalMs);
    connect(&m_publish, &QTimer::timeout, this, &TrainingRunner::collect);
}

TrainingRunner::~TrainingRunner() = default;

int TrainingRunner::snapshotEveryFor(const RunConfig &config)
{
    const double total = parameterBytes(config) * (config.steps + 1.0);
    if (total <= snapshotBudgetBytes)
        return 1;
    // The smallest "round" interval whose snapshots fit: 2, 5, 10, 20, 50, ...
    for (int decade = 1;; decade *= 10) {
        for (int m : { 2, 5, 10 }) {
            const int every = m * decade;
            if (total / every <= snapshotBudgetBytes || every >= config.steps)
                return std::max(1, std::min(every, std::max(1, config.steps)));
        }
    }
}

void TrainingRunner::start(const std::array<RunConfig, runCount> &configs)
{
    clear();
    m_configs = configs;
    m_snapshotEvery = 1;
    for (const RunConfig &c : configs)
        m_snapshotEvery = std::max(m_snapshotEvery, snapshotEveryFor(c));
    for (int r = 0; r < runCount; ++r) {
        m_workers[r] = std::make_unique<TrainingWorker>(configs[r], m_snapshotEvery);
        m_workers[r]->setStepsPerSecond(m_stepsPerSecond);
        m_workers[r]->setTargetAccuracy(m_targetAccuracy);
    }
    if (isTransformer()) {
        const TrainingBatch first = m_workers[0]->heldOutBatch(1);
        if (first.size() > 0)
            m_sentence = TransformerAttentionMaps::unpadded(first, 0);
    }
    m_publish.start();
    collect();
    setState(State::Paused);
}

void TrainingRunner::clear()
{
    m_publish.stop();
    for (auto &w : m_workers)
        w.reset();
    for (int r = 0; r < runCount; ++r) {
        m_metrics[r].clear();
        m_snapshots[r].clear();
        m_stopped[r] = false;
        m_divergedAt[r] = -1;
        m_reachedAt[r] = -1;
    }
    m_sentence = {};
    setState(State::Empty);
}

void TrainingRunner::play()
{
    if (m_state == State::Empty || m_state == State::Finished)
        return;
    for (auto &w : m_workers)
        w->play();
    setState(State::Running);
}

void TrainingRunner::pause()
{
    if (m_state != State::Running)
        return;
    for (auto &w : m_workers)
        w->pause();
    collect();
    if (m_state == State::Running)
        setState(State::Paused);
}

void TrainingRunner::step()
{
    if (m_state != State::Paused)
        return;
    for (auto &w : m_workers)
        w->step();
}

void TrainingRunner::reset()
{
    if (m_state == State::Empty)
        return;
    const std::array<RunConfig, runCount> configs = m_configs;
    start(configs);
}

void TrainingRunner::setStepsPerSecond(int stepsPerSecond)
{
    m_stepsPerSecond = std::max(0, stepsPerSecond);
    for (auto &w : m_workers)
        if (w)
            w->setStepsPerSecond(m_stepsPerSecond);
}

void TrainingRunner::setTargetAccuracy(double accuracy)
{
    m_targetAccuracy = std::clamp(accuracy, 0.0, 1.0);
    for (auto &w : m_workers)
        if (w)
            w->setTargetAccuracy(m_targetAccuracy);
}

void TrainingRunner::collect()
{
    bool changed = false, allStopped = true, allIdle = true;
    for (int r = 0; r < runCount; ++r) {
        if (!m_workers[r])
            return;
        TrainingWorkerNews news = m_workers[r]->take();
        changed = changed || !news.metrics.empty() || !news.snapshots.empty();
        m_metrics[r].insert(m_metrics[r].end(), news.metrics.begin(), news.metrics.end());
        m_snapshots[r].insert(m_snapshots[r].end(), news.snapshots.begin(), news.snapshots.end());
        changed = changed || news.stopped != m_stopped[r];
        m_stopped[r] = news.stopped;
        m_divergedAt[r] = news.divergedAt;
        m_reachedAt[r] = news.reachedTargetAt;
        allStopped = allStopped && news.stopped;
        allIdle = allIdle && news.idle;
    }
    if (changed)
        emit progressed();
    if (allStopped)
        setState(State::Finished);
    else if (m_state == State::Running && allIdle)
        setState(State::Paused);
}

void TrainingRunner::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    emit stateChanged(state);
}

const std::vector<StepMetrics> &TrainingRunner::metrics(int run) const
{
    return m_metrics[std::clamp(run, 0, runCount - 1)];
}

int TrainingRunner::stepsDone(int run) const
{
    return static_cast<int>(metrics(run).size());
}

std::shared_ptr<const TrainingParameters> TrainingRunner::parametersAt(int run, int step) const
{
    const auto &snapshots = m_snapshots[std::clamp(run, 0, runCount - 1)];
    const auto it = snapshotIterator(snapshots, std::max(0, step));
    return it == snapshots.end() ? nullptr : it->parameters;
}

int TrainingRunner::snapshotStepAt(int run, int step) const
{
    const auto &snapshots = m_snapshots[std::clamp(run, 0, runCount - 1)];
    const auto it = snapshotIterator(snapshots, std::max(0, step));
    return it == snapshots.end() ? -1 : it->step;
}

int TrainingRunner::commonSnapshotStep(int step) const
{
    if (m_state == State::Empty)
        return -1;
    std::array<int, runCount> last {};
    int s = -1;
    for (int r = 0; r < runCount; ++r) {
        last[r] = m_snapshots[r].empty() ? -1 : m_snapshots[r].back().step;
        s = std::max(s, snapshotStepAt(r, step));
    }
    // Down from the latest snapshot at or before step until every run has that step (or has
    // nothing later); step 0 is every run's.
    while (s > 0) {
        int lower = s;
        for (int r = 0; r < runCount; ++r) {
            const int at = snapshotStepAt(r, s);
            if (at != s && at != last[r])
                lower = std::min(lower, at);
        }
        if (lower == s)
            break;
        s = lower;
    }
    return s;
}

bool TrainingRunner::isRunFinished(int run) const
{
    return m_stopped[std::clamp(run, 0, runCount - 1)];
}

int TrainingRunner::divergedAt(int run) const
{
    return m_divergedAt[std::clamp(run, 0, runCount - 1)];
}

int TrainingRunner::reachedTargetAt(int run) const
{
    return m_reachedAt[std::clamp(run, 0, runCount - 1)];
}

QJsonObject TrainingRunner::historyJson(int run) const
{
    const auto &w = m_workers[std::clamp(run, 0, runCount - 1)];
    return w ? w->historyJson() : QJsonObject();
}

TrainingModelSpec TrainingRunner::modelSpec(int run) const
{
    return modelSpecFor(m_configs[std::clamp(run, 0, runCount - 1)]);
}

TrainingBatch TrainingRunner::heldOutExamples(int count) const
{
    return m_workers[0] ? m_workers[0]->heldOutBatch(count) : TrainingBatch();
}

TransformerSpec TrainingRunner::transformerSpec(int run) const
{
    return transformerSpecFor(m_configs[std::clamp(run, 0, runCount - 1)]);
}

std::shared_ptr<const TransformerParameters> TrainingRunner::transformerParametersAt(
    int run, int step) const
{
    const auto &snapshots = m_snapshots[std::clamp(run, 0, runCount - 1)];
    const auto it = snapshotIterator(snapshots, std::max(0, step));
    return it == snapshots.end() ? nullptr : it->transformer;
}

TransformerAttentionMaps TrainingRunner::transformerMapsAt(int run, int step) const
{
    const auto params = transformerParametersAt(run, step);
    if (!params || m_sentence.first.empty())
        return {};
    return TransformerAttentionMaps::compute(
        transformerSpec(run), *params, m_sentence.first, m_sentence.second);
}

} // namespace ae
