// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file startuptimer.h
/// Measures the time from launch to the first painted main window, for the performance
/// figures: set AE_STARTUP_TIMER to print it on standard error; set it to a number of
/// milliseconds to also quit that long after the first paint (to read idle memory).

#include <QElapsedTimer>
#include <QObject>

namespace ae {

/// Watches one widget for its first paint. Does nothing unless AE_STARTUP_TIMER is set.
class StartupTimer : public QObject
{
public:
    /// Starts the clock; call as early as possible.
    StartupTimer();

    /// Watches @p window (when the variable is set).
    void watch(QObject *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QElapsedTimer m_clock;
    bool m_enabled = false;
    int m_quitAfterMs = 0;
};

} // namespace ae
