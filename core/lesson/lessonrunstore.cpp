// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonrunstore.h"

#include "training/trainer.h"
#include "training/trainingjson.h"
#include "training/trainingtask.h"

#include <QByteArray>
#include <QJsonDocument>
#include <deque>
#include <map>
#include <mutex>

namespace ae {

namespace {

struct Store
{
    std::mutex mutex; ///< held while a run trains: a second caller of the same run waits
    std::map<QByteArray, std::shared_ptr<const LessonRun>> runs;
    std::deque<QByteArray> order; ///< keys, oldest first
};

Store &store()
{
    static Store s;
    return s;
}

/// Every setting of @p config, as the train command prints them: the key of its run.
QByteArray keyOf(const RunConfig &config)
{
    return QJsonDocument(runConfigJson(config, TrainingTask(config.task)))
        .toJson(QJsonDocument::Compact);
}

} // namespace

std::shared_ptr<const LessonRun> LessonRunStore::trained(
    const RunConfig &config, const std::atomic<bool> *cancel, const std::function<void()> &onStep)
{
    const QByteArray key = keyOf(config);
    Store &s = store();
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (const auto found = s.runs.find(key); found != s.runs.end())
        return found->second;
    auto run = std::make_shared<LessonRun>();
    Trainer trainer(config);
    while (trainer.step()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return nullptr;
        if (onStep)
            onStep();
    }
    run->history = trainer.history();
    run->divergedAt = trainer.divergedAt();
    run->heldOutAccuracy = trainer.evaluate().accuracy;
    s.runs.emplace(key, run);
    s.order.push_back(key);
    if (int(s.order.size()) > capacity) {
        s.runs.erase(s.order.front());
        s.order.pop_front();
    }
    return run;
}

int LessonRunStore::size()
{
    Store &s = store();
    const std::lock_guard<std::mutex> lock(s.mutex);
    return int(s.runs.size());
}

} // namespace ae
