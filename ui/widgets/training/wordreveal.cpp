// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/wordreveal.h"

#include <QTimer>
#include <algorithm>

namespace ae {

WordReveal::WordReveal(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &WordReveal::next);
}

bool WordReveal::isRunning() const
{
    return m_timer->isActive();
}

void WordReveal::start(int total)
{
    m_total = std::max(0, total);
    m_shown = 0;
    emit shownChanged(m_shown);
    if (m_total > 0)
        m_timer->start();
    else
        m_timer->stop();
}

void WordReveal::finish()
{
    m_timer->stop();
    m_shown = m_total;
    emit shownChanged(m_shown);
}

void WordReveal::clear()
{
    m_timer->stop();
    m_shown = 0;
    m_total = 0;
}

void WordReveal::next()
{
    if (m_shown < m_total) {
        ++m_shown;
        emit shownChanged(m_shown);
    }
    // The last word is out: nothing more to wait for.
    if (m_shown >= m_total)
        m_timer->stop();
}

} // namespace ae
