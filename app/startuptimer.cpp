// SPDX-License-Identifier: GPL-3.0-or-later
#include "startuptimer.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTimer>
#include <cstdio>

namespace ae {

StartupTimer::StartupTimer()
{
    m_clock.start();
    m_enabled = qEnvironmentVariableIsSet("AE_STARTUP_TIMER");
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("AE_STARTUP_TIMER", &ok);
    m_quitAfterMs = ok && ms > 0 ? ms : 0;
}

void StartupTimer::watch(QObject *window)
{
    if (m_enabled && window)
        window->installEventFilter(this);
}

bool StartupTimer::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Paint)
        return false;
    watched->removeEventFilter(this);
    // Reported once the paint event has been handled, i.e. when the window is on screen.
    QTimer::singleShot(0, this, [this] {
        std::fprintf(stderr, "startup: %.1f ms to the first painted window\n",
            double(m_clock.nsecsElapsed()) / 1e6);
        if (m_quitAfterMs > 0)
            QTimer::singleShot(m_quitAfterMs, qApp, &QCoreApplication::quit);
    });
    return false;
}

} // namespace ae
