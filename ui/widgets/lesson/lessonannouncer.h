// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonannouncer.h
/// What a screen reader is told as a lesson is played: each new step's caption, an opened
/// question with its choices, a revealed answer.

#include <QObject>

namespace ae {

class LessonPlayer;

/// Watches a LessonPlayer and says, as one line of plain text in the interface language, what
/// the class has just been shown: "Step 2 of 9. <caption>" on a new step (with the question
/// and its choices when it opens with the step), "Question: <prompt> A. … B. …" when the
/// question opens on the step already shown, "Answer: …" and the explanation on the reveal.
/// A language change or the caption's numbers filling in say nothing again.
class LessonAnnouncer : public QObject
{
    Q_OBJECT
public:
    explicit LessonAnnouncer(LessonPlayer *player, QObject *parent = nullptr);

    /// The last announcement made (empty before the first).
    QString lastAnnouncement() const { return m_last; }

signals:
    /// Tells @p text (plain text, one line) to assistive technology.
    void announcement(const QString &text);

private:
    /// Announces what changed since the last call.
    void update();
    /// The open question of the current step: its prompt and its choices.
    QString questionText() const;
    /// The revealed answer of the current step and its explanation.
    QString answerText() const;
    void announce(const QString &text);

    LessonPlayer *m_player;
    int m_step = -1; ///< the step announced, -1 for none
    int m_phase = -1; ///< the phase announced
    QString m_last;
};

} // namespace ae
