// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingworker.h"

#include "training/trainingjson.h"
#include "training/transformer/transformerrunjson.h"

#include <algorithm>
#include <chrono>

namespace ae {

namespace {

/// The first @p count examples of @p batch (all when it has fewer).
TrainingBatch firstExamples(const TrainingBatch &batch, int count)
{
    const Eigen::Index n = std::clamp<Eigen::Index>(count, 0, batch.size());
    TrainingBatch out;
    out.source = batch.source.topRows(n);
    out.target = batch.target.topRows(n);
    if (batch.alignment.rows() > 0)
        out.alignment = batch.alignment.topRows(n);
    if (batch.sourcePadding.rows() > 0)
        out.sourcePadding = batch.sourcePadding.topRows(n);
    if (batch.targetPadding.rows() > 0)
        out.targetPadding = batch.targetPadding.topRows(n);
    return out;
}

} // namespace

TrainingWorker::TrainingWorker(const RunConfig &config, int snapshotEvery)
    : m_snapshotEvery(std::max(1, snapshotEvery))
{
    if (config.model == ModelKind::Transformer) {
        m_transformer = std::make_unique<TransformerTrainer>(config);
        m_news.snapshots.push_back({ 0, nullptr,
            std::make_shared<const TransformerParameters>(m_transformer->parameters()) });
    } else {
        m_trainer = std::make_unique<Trainer>(config);
        m_trainer->setSnapshotEvery(m_snapshotEvery);
        // The initialisation, kept by the trainer from the start.
        for (const TrainingSnapshot &s : m_trainer->snapshots())
            m_news.snapshots.push_back(
                { s.step, std::make_shared<const TrainingParameters>(s.parameters), nullptr });
        m_publishedSnapshots = m_trainer->snapshots().size();
    }
    m_lastPublishedStep = 0;
    m_thread = std::thread([this] { loop(); });
}

TrainingWorker::~TrainingWorker()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_cancel = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void TrainingWorker::play()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_playing = !m_stopped;
        m_news.idle = !hasWork();
    }
    m_wake.notify_all();
}

void TrainingWorker::pause()
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_playing = false;
    m_owedSteps = 0;
    m_news.idle = !m_stepping;
    if (!m_stepping)
        publishCurrent();
}

void TrainingWorker::publishCurrent()
{
    const int step = m_transformer ? m_transformer->stepsDone() : m_trainer->stepsDone();
    if (step == m_lastPublishedStep)
        return;
    if (m_transformer)
        m_news.snapshots.push_back({ step, nullptr,
            std::make_shared<const TransformerParameters>(m_transformer->parameters()) });
    else
        m_news.snapshots.push_back(
            { step, std::make_shared<const TrainingParameters>(m_trainer->parameters()), nullptr });
    m_lastPublishedStep = step;
}

void TrainingWorker::step()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_stopped)
            ++m_owedSteps;
        m_news.idle = !hasWork();
    }
    m_wake.notify_all();
}

void TrainingWorker::setStepsPerSecond(int stepsPerSecond)
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stepsPerSecond = std::max(0, stepsPerSecond);
    }
    m_wake.notify_all();
}

void TrainingWorker::setTargetAccuracy(double accuracy)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_target = accuracy;
}

TrainingWorkerNews TrainingWorker::take()
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    TrainingWorkerNews news = std::move(m_news);
    m_news = TrainingWorkerNews();
    m_news.stopped = news.stopped;
    m_news.idle = news.idle;
    m_news.divergedAt = news.divergedAt;
    m_news.reachedTargetAt = news.reachedTargetAt;
    return news;
}

QJsonObject TrainingWorker::historyJson() const
{
    std::unique_lock<std::mutex> lock(m_mutex);
    // The trainer is the thread's while it steps.
    m_wake.wait(lock, [this] { return !m_stepping; });
    if (m_transformer)
        return transformerRunHistoryJson(*m_transformer, std::nullopt);
    return runHistoryJson(*m_trainer, std::nullopt);
}

TrainingBatch TrainingWorker::heldOutBatch(int count) const
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_wake.wait(lock, [this] { return !m_stepping; });
    if (m_transformer)
        return firstExamples(m_transformer->heldOutBatch(), count);
    return m_trainer->heldOutBatch(count);
}

std::optional<StepMetrics> TrainingWorker::stepTrainer()
{
    if (m_trainer)
        return m_trainer->step();
    const std::optional<TransformerStepMetrics> t = m_transformer->step();
    if (!t)
        return std::nullopt;
    StepMetrics m;
    m.step = t->step;
    m.loss = t->loss;
    m.accuracy = t->accuracy;
    m.maxWeight = t->maxWeight;
    m.entropy = t->entropy;
    m.gradNormQ = t->gradNorm;
    m.gradNormK = t->gradNorm;
    return m;
}

void TrainingWorker::publishKept()
{
    if (m_transformer) {
        if (m_transformer->stepsDone() % m_snapshotEvery == 0)
            publishCurrent();
        return;
    }
    const auto &kept = m_trainer->snapshots();
    for (; m_publishedSnapshots < kept.size(); ++m_publishedSnapshots) {
        const TrainingSnapshot &s = kept[m_publishedSnapshots];
        if (s.step <= m_lastPublishedStep)
            continue;
        m_news.snapshots.push_back(
            { s.step, std::make_shared<const TrainingParameters>(s.parameters), nullptr });
        m_lastPublishedStep = s.step;
    }
}

bool TrainingWorker::hasWork() const
{
    return !m_stopped && (m_playing || m_owedSteps > 0);
}

void TrainingWorker::loop()
{
    using Clock = std::chrono::steady_clock;
    std::unique_lock<std::mutex> lock(m_mutex);
    Clock::time_point next = Clock::now();
    for (;;) {
        m_wake.wait(lock, [this] { return m_cancel || hasWork(); });
        if (m_cancel)
            return;
        if (m_playing && m_owedSteps == 0 && m_stepsPerSecond > 0) {
            // Paced: wait for this step's slot, waking early for a cancel, pause or new pace.
            const int pace = m_stepsPerSecond;
            const Clock::time_point now = Clock::now();
            if (next < now - std::chrono::milliseconds(200))
                next = now;
            if (m_wake.wait_until(lock, next,
                    [this, pace] { return m_cancel || !hasWork() || m_stepsPerSecond != pace; }))
                continue;
            next += std::chrono::nanoseconds(1000000000LL / pace);
        }
        m_stepping = true;
        m_news.idle = false;
        // The step runs unlocked: the owner may publish-take, pause or cancel meanwhile.
        lock.unlock();
        const std::optional<StepMetrics> metrics = stepTrainer();
        lock.lock();
        m_stepping = false;
        if (m_owedSteps > 0)
            --m_owedSteps;
        if (metrics) {
            m_news.metrics.push_back(*metrics);
            publishKept();
            if (m_target > 0.0 && metrics->accuracy >= m_target) {
                m_stopped = true;
                m_news.reachedTargetAt = metrics->step;
            }
        }
        const bool finished = m_transformer ? m_transformer->finished() : m_trainer->finished();
        if (finished) {
            m_stopped = true;
            const std::optional<int> diverged
                = m_transformer ? m_transformer->divergedAt() : m_trainer->divergedAt();
            if (diverged)
                m_news.divergedAt = *diverged;
        }
        if (m_stopped) {
            m_playing = false;
            m_owedSteps = 0;
            m_news.stopped = true;
        }
        m_news.idle = !hasWork();
        if (m_news.idle)
            publishCurrent();
        // historyJson() may be waiting for the step to end.
        m_wake.notify_all();
    }
}

} // namespace ae
