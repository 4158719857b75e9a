// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file servesession.h
/// The `serve` command's running room, driven from the terminal.

#include "classroom/classroomserver.h"
#include "lesson/lesson.h"

#include <QObject>

class QSocketNotifier;

namespace ae {

/// Plays a lesson's steps to a ClassroomServer from the terminal: a line on standard input
/// that is empty goes to the next step, "r" reveals the current question, "c" shows the
/// counts to the students, "q" quits. The end of standard input quits too. Each step and each
/// change of the number of answers is printed as one line on standard output.
class ServeSession : public QObject
{
    Q_OBJECT
public:
    /// Serves @p lesson on @p server (already listening); @p chinese: the prompts' language.
    ServeSession(
        ResolvedLesson lesson, ClassroomServer *server, bool chinese, QObject *parent = nullptr);

    /// Shows the first step and starts reading standard input.
    void start();
    /// Handles one command line (without its line end).
    void command(const QString &line);

signals:
    /// The teacher asked to quit, or standard input ended.
    void finished();

private:
    void readInput();
    void showStep(int step);
    void printLine(const QString &line);
    void printAnswered();

    ResolvedLesson m_lesson;
    ClassroomServer *m_server = nullptr;
    bool m_chinese = false;
    int m_step = 0;
    int m_lastAnswered = -1;
    QSocketNotifier *m_input = nullptr;
    QByteArray m_pending;
};

} // namespace ae
