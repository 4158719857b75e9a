// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/servesession.h"

#include <QSocketNotifier>
#include <cstdio>
#include <unistd.h>

namespace ae {

ServeSession::ServeSession(
    ResolvedLesson lesson, ClassroomServer *server, bool chinese, QObject *parent)
    : QObject(parent)
    , m_lesson(std::move(lesson))
    , m_server(server)
    , m_chinese(chinese)
{
    connect(m_server, &ClassroomServer::roomChanged, this, &ServeSession::printAnswered);
}

void ServeSession::start()
{
    showStep(0);
    m_input = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
    connect(m_input, &QSocketNotifier::activated, this, &ServeSession::readInput);
}

void ServeSession::readInput()
{
    char buffer[512];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n <= 0) {
        m_input->setEnabled(false);
        emit finished();
        return;
    }
    m_pending.append(buffer, static_cast<qsizetype>(n));
    // Bounded: each pass takes one line; a line longer than the buffer is dropped.
    for (qsizetype lf = m_pending.indexOf('\n'); lf >= 0; lf = m_pending.indexOf('\n')) {
        const QString line = QString::fromUtf8(m_pending.left(lf)).trimmed();
        m_pending.remove(0, lf + 1);
        command(line);
    }
    if (m_pending.size() > 1024)
        m_pending.clear();
}

void ServeSession::command(const QString &line)
{
    if (line.isEmpty()) {
        if (m_step + 1 < static_cast<int>(m_lesson.steps.size()))
            showStep(m_step + 1);
        else
            printLine(tr("This is the last step; q quits."));
    } else if (line == u"r") {
        if (m_server->reveal()) {
            const auto &q = m_server->question();
            const QVector<int> counts = m_server->book().counts(q->step);
            QStringList parts;
            for (int i = 0; i < counts.size(); ++i)
                parts.append(
                    QStringLiteral("%1: %2").arg(q->choices[i].in(m_chinese)).arg(counts[i]));
            printLine(tr("Revealed. %1").arg(parts.join(QStringLiteral(", "))));
        } else {
            printLine(tr("This step has no question to reveal."));
        }
    } else if (line == u"c") {
        m_server->showCounts();
        printLine(tr("The students see the counts."));
    } else if (line == u"q") {
        emit finished();
    } else {
        printLine(tr("Enter: next step, r: reveal, c: show the counts, q: quit."));
    }
}

void ServeSession::showStep(int step)
{
    m_step = step;
    m_lastAnswered = -1;
    const int total = static_cast<int>(m_lesson.steps.size());
    const auto question = m_server->showLessonStep(m_lesson, step);
    if (question)
        printLine(
            tr("Step %1 of %2: %3").arg(step + 1).arg(total).arg(question->prompt.in(m_chinese)));
    else
        printLine(tr("Step %1 of %2 (no question).").arg(step + 1).arg(total));
}

void ServeSession::printAnswered()
{
    const auto &q = m_server->question();
    const int answered = q ? m_server->book().answeredCount(q->step) : 0;
    if (!q || answered == m_lastAnswered)
        return;
    m_lastAnswered = answered;
    printLine(tr("%1 of %2 answered.").arg(answered).arg(m_server->book().studentCount()));
}

void ServeSession::printLine(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

} // namespace ae
