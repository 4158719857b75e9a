// SPDX-License-Identifier: GPL-3.0-or-later
#include "entropyprogress.h"

#include "workestimate.h"

#include <cstdio>
#include <unistd.h>

namespace ae {

EntropyProgress::EntropyProgress(const EntropyExperimentConfig &config)
    : m_terminal(isatty(fileno(stderr)) == 1)
    , m_gigaflops(experimentWork(config).operations / 1e9)
{
    m_clock.start();
}

EntropyProgress::~EntropyProgress()
{
    if (m_shownSecond > 0)
        std::fputs("\r\033[K", stderr);
}

std::function<bool()> EntropyProgress::callback()
{
    if (!m_terminal)
        return {};
    return [this] {
        poll();
        return false;
    };
}

void EntropyProgress::poll()
{
    const qint64 second = m_clock.elapsed() / 1000;
    if (second <= m_shownSecond)
        return;
    m_shownSecond = second;
    std::fprintf(stderr, "\rentropy: running, %lld s (about %.0f GFLOP in all)\033[K",
        static_cast<long long>(second), m_gigaflops);
    std::fflush(stderr);
}

} // namespace ae
