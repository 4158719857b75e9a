// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomlessonlink.h
/// The played lesson and the class-answers server kept in step.

#include "classroom/classroomquestion.h"

#include <QObject>
#include <QVector>
#include <optional>

namespace ae {

class ClassroomServer;
class LessonPlayer;

/// While @p server listens, shows it the step the teacher plays (as `serve`'s Enter does),
/// reveals on it what the lesson reveals, and fills the class's guess from the students'
/// majority (nothing on a tie) while the teacher has not set one of their own for the step
/// (LessonPlayer::setGuess() from anywhere but here; clearing it hands it back). Stops the server
/// when the lesson stops being played, and clears its room (ClassroomServer::clearRoom()) when
/// another lesson is loaded.
class ClassroomLessonLink : public QObject
{
    Q_OBJECT
public:
    ClassroomLessonLink(LessonPlayer *player, ClassroomServer *server, QObject *parent = nullptr);

    ClassroomServer *server() const { return m_server; }
    LessonPlayer *player() const { return m_player; }

    /// Shows the server the player's step, revealed when the lesson revealed it (after the
    /// server started).
    void sync();

    /// The question the students answer for the played step while the server listens, or
    /// nothing.
    std::optional<ClassroomQuestion> question() const;
    /// How many students answered question(); 0 without one.
    int answeredCount() const;
    /// How many students joined.
    int studentCount() const;
    /// The answers for each of question()'s choices (empty without one).
    QVector<int> counts() const;
    /// True when the teacher set the current step's guess themselves: the majority leaves it.
    bool teacherGuessed() const;

signals:
    /// The server started or stopped, the step changed, or a student joined or answered.
    void changed();

private:
    void showStep();
    void revealIfRevealed();
    void fillGuess();
    void noteGuess();

    LessonPlayer *m_player;
    ClassroomServer *m_server;
    int m_teacherGuessStep = -1; ///< the step whose guess the teacher set, or -1
    bool m_filling = false; ///< true while the majority is set as the guess
};

} // namespace ae
