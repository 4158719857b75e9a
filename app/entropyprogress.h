// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file entropyprogress.h
/// A long `entropy` run says on a terminal that it is still working.

#include "entropyexperiment.h"

#include <QElapsedTimer>
#include <functional>

namespace ae {

/// Writes "entropy: running, N s" to stderr once a second while the run lasts, from its
/// first second on, and clears the line at the end; silent when stderr is not a terminal, so
/// that scripts and logs see nothing.
class EntropyProgress
{
public:
    explicit EntropyProgress(const EntropyExperimentConfig &config);
    ~EntropyProgress();
    EntropyProgress(const EntropyProgress &) = delete;
    EntropyProgress &operator=(const EntropyProgress &) = delete;

    /// The callback to give runEntropyExperiment(): reports, and never stops the run.
    std::function<bool()> callback();

private:
    void poll();

    bool m_terminal = false;
    double m_gigaflops = 0.0;
    QElapsedTimer m_clock;
    qint64 m_shownSecond = 0;
};

} // namespace ae
