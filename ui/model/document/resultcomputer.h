// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file resultcomputer.h
/// Where a session's attention is computed: at once for the small sessions a class types, on
/// worker threads for the large ones, so that typing never freezes the window.

#include "attention/attentionresult.h"
#include "session/session.h"

#include <QObject>
#include <atomic>
#include <memory>

namespace ae {

/// Computes sessions for one Document. At most one background run counts at a time: a newer
/// request cancels the older run and drops whatever it would have returned.
class ResultComputer : public QObject
{
    Q_OBJECT
public:
    explicit ResultComputer(QObject *parent = nullptr);
    ~ResultComputer() override;

    /// Whether @p session is large enough (a few milliseconds of arithmetic) to be computed
    /// off the GUI thread.
    static bool runsInBackground(const Session &session);

    /// Cancels the run in flight, if any: its result will not be delivered.
    void cancel();
    /// Starts computing @p session on worker threads (cancelling the run in flight);
    /// finished() delivers the result unless cancel() or another start() came first.
    void start(const std::shared_ptr<const Session> &session);

signals:
    /// The result of @p session, computed in the background.
    void finished(
        std::shared_ptr<const AttentionResult> result, std::shared_ptr<const Session> session);

private:
    quint64 m_generation = 0; ///< bumped by cancel(); tags the runs
    /// Set to stop the run in flight.
    std::shared_ptr<std::atomic<bool>> m_cancelRun;
};

} // namespace ae
