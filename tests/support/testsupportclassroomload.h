// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportclassroomload.h
/// A whole class of simulated students answering at once, for the load suite and the
/// benchmark: every student on a connection of its own, from an address of its own.

#include <QString>
#include <QVector>
#include <functional>

namespace ae::test {

/// What a simulated class did.
struct SimulatedClassResult
{
    int joined = 0; ///< students who got a token
    int acknowledged = 0; ///< answers answered 200
    int refused = 0; ///< requests answered anything else, or connections that failed
    double wholeMs = 0.0; ///< from the first connection to the last acknowledgement
    QVector<double> roundTripsMs; ///< each acknowledged answer's, from its request's last byte
    /// The @p fraction quantile (0.5: the median) of roundTripsMs; 0 when empty.
    double quantile(double fraction) const;
};

/// Runs @p students students against the class-answers server on 127.0.0.1:@p port, all at
/// once: each connects from its own loopback address (127.0.X.Y, so that the server's limit
/// of connections per address is a phone's, as in a real room), joins room @p room with a
/// keep-alive connection, then answers choice @p choiceOf(i) to step @p step on it. @p onAck,
/// when set, is called with the student's index the moment its answer is acknowledged.
/// Returns when every student is done or after @p timeoutMs (the event loop runs meanwhile).
SimulatedClassResult runSimulatedClass(quint16 port, const QString &room, int students, int step,
    const std::function<int(int)> &choiceOf, int timeoutMs,
    const std::function<void(int)> &onAck = {});

} // namespace ae::test
