// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandprogress.h"

#include <QStringList>
#include <cstdio>
#include <unistd.h>

namespace ae {

CommandProgress::CommandProgress(const QString &command, const QString &note)
    : m_terminal(isatty(fileno(stderr)) == 1)
    , m_command(command.toLocal8Bit())
    , m_note(note)
{
    m_clock.start();
}

CommandProgress::~CommandProgress()
{
    if (m_shownSecond > 0)
        std::fputs("\r\033[K", stderr);
}

void CommandProgress::poll(qint64 done, qint64 total)
{
    if (!m_terminal)
        return;
    const qint64 second = m_clock.elapsed() / 1000;
    if (second <= m_shownSecond)
        return;
    m_shownSecond = second;
    QStringList parts;
    if (total > 0)
        parts << QStringLiteral("step %1 of %2").arg(done).arg(total);
    if (!m_note.isEmpty())
        parts << m_note;
    const QByteArray what = parts.isEmpty()
        ? QByteArray()
        : (QStringLiteral(" (") + parts.join(QStringLiteral(", ")) + QLatin1Char(')'))
              .toLocal8Bit();
    std::fprintf(stderr, "\r%s: running, %lld s%s\033[K", m_command.constData(),
        static_cast<long long>(second), what.constData());
    std::fflush(stderr);
}

std::function<void()> CommandProgress::ticker()
{
    if (!m_terminal)
        return {};
    return [this] { poll(); };
}

std::function<bool()> CommandProgress::callback()
{
    if (!m_terminal)
        return {};
    return [this] {
        poll();
        return false;
    };
}

} // namespace ae
