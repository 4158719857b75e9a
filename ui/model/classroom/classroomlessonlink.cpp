// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classroomlessonlink.h"

#include "classroom/classroomserver.h"
#include "lesson/lessonplayer.h"

namespace ae {

ClassroomLessonLink::ClassroomLessonLink(
    LessonPlayer *player, ClassroomServer *server, QObject *parent)
    : QObject(parent)
    , m_player(player)
    , m_server(server)
{
    connect(m_player, &LessonPlayer::stepChanged, this, &ClassroomLessonLink::showStep);
    connect(m_player, &LessonPlayer::phaseChanged, this, &ClassroomLessonLink::revealIfRevealed);
    // The room belongs to the lesson being played: it closes with it.
    connect(m_player, &LessonPlayer::playingChanged, m_server, [this](bool playing) {
        if (!playing)
            m_server->stop();
    });
    // Another lesson, another room: nothing of the last lesson's answers carries over.
    connect(m_player, &LessonPlayer::lessonChanged, m_server, &ClassroomServer::clearRoom);
    connect(m_player, &LessonPlayer::guessChanged, this, &ClassroomLessonLink::noteGuess);
    connect(m_player, &LessonPlayer::stepChanged, this, [this] { m_teacherGuessStep = -1; });
    connect(m_server, &ClassroomServer::roomChanged, this, &ClassroomLessonLink::fillGuess);
    connect(m_server, &ClassroomServer::roomChanged, this, &ClassroomLessonLink::changed);
    connect(m_server, &ClassroomServer::listeningChanged, this, &ClassroomLessonLink::changed);
}

void ClassroomLessonLink::sync()
{
    showStep();
    revealIfRevealed();
}

void ClassroomLessonLink::showStep()
{
    if (m_server->isListening() && m_player->hasLesson())
        m_server->showLessonStep(m_player->lesson(), m_player->stepIndex());
    emit changed();
}

void ClassroomLessonLink::revealIfRevealed()
{
    if (m_server->isListening() && m_player->phase() == LessonPlayer::Phase::Revealed && question())
        m_server->reveal();
    emit changed();
}

std::optional<ClassroomQuestion> ClassroomLessonLink::question() const
{
    const auto &q = m_server->question();
    if (!m_server->isListening() || !m_player->hasLesson() || !q
        || q->step != m_player->stepIndex())
        return std::nullopt;
    return q;
}

int ClassroomLessonLink::answeredCount() const
{
    const auto q = question();
    return q ? m_server->book().answeredCount(q->step) : 0;
}

int ClassroomLessonLink::studentCount() const
{
    return m_server->book().studentCount();
}

QVector<int> ClassroomLessonLink::counts() const
{
    const auto q = question();
    return q ? m_server->book().counts(q->step) : QVector<int>();
}

bool ClassroomLessonLink::teacherGuessed() const
{
    return m_teacherGuessStep >= 0 && m_teacherGuessStep == m_player->stepIndex();
}

void ClassroomLessonLink::noteGuess()
{
    if (m_filling)
        return;
    // The teacher's own guess for this step; clearing it hands the guess back to the class.
    m_teacherGuessStep = m_player->guess().isEmpty() ? -1 : m_player->stepIndex();
}

void ClassroomLessonLink::fillGuess()
{
    const auto q = question();
    if (!q || !m_player->hasQuestion() || m_player->phase() == LessonPlayer::Phase::Revealed
        || answeredCount() == 0 || teacherGuessed())
        return;
    const std::optional<int> majority = m_server->book().majority(q->step);
    LessonGuess guess;
    if (majority) {
        switch (m_player->currentStep().question->kind) {
        case LessonQuestionKind::Choice:
        case LessonQuestionKind::Argmax:
            guess.index = *majority;
            break;
        case LessonQuestionKind::Direction: // the order of ClassroomQuestion's choices
            guess.direction = *majority == 0 ? LessonDirection::Rises
                : *majority == 1             ? LessonDirection::Falls
                                             : LessonDirection::Unchanged;
            break;
        case LessonQuestionKind::Weight: // the middle of the band
            guess.value = (*majority + 0.5) * 0.2;
            break;
        }
    }
    m_filling = true;
    m_player->setGuess(guess);
    m_filling = false;
}

} // namespace ae
