// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandprogress.h
/// A long headless run (entropy, train, a lesson's handout) says on a terminal that it is
/// still working: the one progress line of the command line.

#include <QElapsedTimer>
#include <QString>
#include <functional>

namespace ae {

/// Writes "COMMAND: running, N s (WHAT)" to stderr once a second while the run lasts, from
/// its first second on, and clears the line at the end; silent when stderr is not a terminal,
/// so that scripts and logs see nothing.
class CommandProgress
{
public:
    /// @p command starts the line ("train"); @p note, when not empty, says what runs ("about
    /// 12 GFLOP in all").
    explicit CommandProgress(const QString &command, const QString &note = QString());
    ~CommandProgress();
    CommandProgress(const CommandProgress &) = delete;
    CommandProgress &operator=(const CommandProgress &) = delete;

    /// Called often by the running work: shows the line when a second has passed since the
    /// last one. With @p total above 0, the line also says "step DONE of TOTAL".
    void poll(qint64 done = 0, qint64 total = 0);
    /// A callback that polls, for work that reports each step (empty off a terminal).
    std::function<void()> ticker();
    /// The callback to give runEntropyExperiment(): polls, and never stops the run.
    std::function<bool()> callback();

private:
    bool m_terminal = false;
    QByteArray m_command;
    QString m_note;
    QElapsedTimer m_clock;
    qint64 m_shownSecond = 0;
};

} // namespace ae
