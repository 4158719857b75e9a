// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/resultcomputer.h"

#include "attention/workestimate.h"
#include "session/sessioncompute.h"

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace ae {

namespace {

/// Sessions whose arithmetic exceeds this (a few milliseconds of work) are computed off the
/// GUI thread.
constexpr double backgroundComputeOperations = 8e6;

} // namespace

ResultComputer::ResultComputer(QObject *parent)
    : QObject(parent)
{
}

ResultComputer::~ResultComputer()
{
    cancel();
}

bool ResultComputer::runsInBackground(const Session &session)
{
    return sessionWork(session).operations > backgroundComputeOperations;
}

void ResultComputer::cancel()
{
    ++m_generation;
    if (m_cancelRun) {
        m_cancelRun->store(true);
        m_cancelRun.reset();
    }
}

void ResultComputer::start(const std::shared_ptr<const Session> &session)
{
    cancel();
    const quint64 generation = m_generation;
    auto *watcher = new QFutureWatcher<AttentionResult>(this);
    connect(watcher, &QFutureWatcher<AttentionResult>::finished, this,
        [this, watcher, session, generation] {
            watcher->deleteLater();
            if (generation != m_generation)
                return;
            // Moved out of the future, not copied: at the limits a result holds hundreds of
            // megabytes.
            QFuture<AttentionResult> future = watcher->future();
            emit finished(std::make_shared<const AttentionResult>(future.takeResult()), session);
        });
    // The run takes this thread of Qt's global pool and whichever other one is idle (two on
    // a two-core machine), with BLAS single-threaded inside each: never more threads than
    // cores.
    m_cancelRun = std::make_shared<std::atomic<bool>>(false);
    ParallelOptions options;
    options.threads = std::max(1, QThreadPool::globalInstance()->maxThreadCount());
    // The lambda holds its own references to the session and the flag, so later edits cannot
    // touch them.
    watcher->setFuture(QtConcurrent::run([session, options, cancel = m_cancelRun]() mutable {
        options.cancel = cancel.get();
        return computeSession(*session, options);
    }));
}

} // namespace ae
