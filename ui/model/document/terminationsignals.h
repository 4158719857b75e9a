// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file terminationsignals.h
/// SIGTERM, SIGHUP and SIGINT (a shutdown, a log-out, `systemctl stop`, Ctrl+C in a terminal)
/// delivered to the event loop as a signal, so that the application can keep its unsaved work
/// and quit cleanly instead of dying as if it had crashed.

#include <QObject>

class QSocketNotifier;

namespace ae {

/// Catches the termination signals for the lifetime of the one instance: the handler only
/// writes the signal's number to a socket pair (all a signal handler may safely do), and the
/// event loop reads it and emits terminationRequested(). While no instance exists, the
/// signals have their default action. A second signal while the first is being handled ends
/// the process at once (the default action again), as users expect of a second Ctrl+C.
class TerminationSignals : public QObject
{
    Q_OBJECT
public:
    explicit TerminationSignals(QObject *parent = nullptr);
    ~TerminationSignals() override;

    /// Whether the handlers are installed (false when the socket pair could not be made).
    bool isActive() const { return m_notifier != nullptr; }

signals:
    /// The system asked the application to end; @p signal is SIGTERM, SIGHUP or SIGINT.
    void terminationRequested(int signal);

private:
    void readSignal();

    QSocketNotifier *m_notifier = nullptr;
};

} // namespace ae
