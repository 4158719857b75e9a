// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingworker.h"

#include "training/trainingjson.h"

#include <chrono>

namespace ae {

TrainingWorker::TrainingWorker(const RunConfig &config, int snapshotEvery)
    : m_trainer(config)
{
    m_trainer.setSnapshotEvery(snapshotEvery);
    // The initialisation, kept by the trainer from the start.
    for (const TrainingSnapshot &s : m_trainer.snapshots())
        m_news.snapshots.push_back(
            { s.step, std::make_shared<const TrainingParameters>(s.parameters) });
    m_publishedSnapshots = m_trainer.snapshots().size();
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
    const int step = m_trainer.stepsDone();
    if (step == m_lastPublishedStep)
        return;
    m_news.snapshots.push_back(
        { step, std::make_shared<const TrainingParameters>(m_trainer.parameters()) });
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
    return runHistoryJson(m_trainer, std::nullopt);
}

TrainingBatch TrainingWorker::heldOutBatch(int count) const
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_wake.wait(lock, [this] { return !m_stepping; });
    return m_trainer.heldOutBatch(count);
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
        const std::optional<StepMetrics> metrics = m_trainer.step();
        lock.lock();
        m_stepping = false;
        if (m_owedSteps > 0)
            --m_owedSteps;
        if (metrics) {
            m_news.metrics.push_back(*metrics);
            const auto &kept = m_trainer.snapshots();
            for (; m_publishedSnapshots < kept.size(); ++m_publishedSnapshots) {
                const TrainingSnapshot &s = kept[m_publishedSnapshots];
                if (s.step <= m_lastPublishedStep)
                    continue;
                m_news.snapshots.push_back(
                    { s.step, std::make_shared<const TrainingParameters>(s.parameters) });
                m_lastPublishedStep = s.step;
            }
            if (m_target > 0.0 && metrics->accuracy >= m_target) {
                m_stopped = true;
                m_news.reachedTargetAt = metrics->step;
            }
        }
        if (m_trainer.finished()) {
            m_stopped = true;
            if (const std::optional<int> diverged = m_trainer.divergedAt())
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
