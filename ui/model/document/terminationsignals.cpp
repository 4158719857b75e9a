// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/terminationsignals.h"

#include <QSocketNotifier>
#include <array>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ae {

namespace {

constexpr std::array<int, 3> caughtSignals = { SIGTERM, SIGHUP, SIGINT };

/// The write end for the handler and the read end for the event loop; -1 while no instance.
int pipeFds[2] = { -1, -1 };

void onSignal(int signal)
{
    // Async-signal-safe only: one write, errno kept. The default action comes back, so a
    // second signal ends a program that no longer answers.
    const int saved = errno;
    const unsigned char number = static_cast<unsigned char>(signal);
    if (pipeFds[0] >= 0) [[maybe_unused]]
        const ssize_t written = ::write(pipeFds[0], &number, 1);
    std::signal(signal, SIG_DFL);
    errno = saved;
}

} // namespace

TerminationSignals::TerminationSignals(QObject *parent)
    : QObject(parent)
{
    if (pipeFds[0] >= 0 || ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pipeFds) != 0)
        return;
    ::fcntl(pipeFds[0], F_SETFL, O_NONBLOCK);
    m_notifier = new QSocketNotifier(pipeFds[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminationSignals::readSignal);
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : caughtSignals)
        ::sigaction(signal, &action, nullptr);
}

TerminationSignals::~TerminationSignals()
{
    if (!m_notifier)
        return;
    for (const int signal : caughtSignals)
        std::signal(signal, SIG_DFL);
    ::close(pipeFds[0]);
    ::close(pipeFds[1]);
    pipeFds[0] = pipeFds[1] = -1;
}

void TerminationSignals::readSignal()
{
    unsigned char number = 0;
    if (::read(pipeFds[1], &number, 1) == 1)
        emit terminationRequested(number);
}

} // namespace ae
