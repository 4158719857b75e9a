// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file answerbook.h
/// Who is in the room and what each student answered.

#include <QHash>
#include <QString>
#include <QVector>
#include <optional>

namespace ae::classroom {

/// The room's students and answers. A question is a lesson step's index with its number of
/// choices. Each student (a token) has at most one answer per question, which they may change
/// until the question is revealed; the counts per choice and the majority are the only thing
/// anyone else sees. The book holds no network and no clock: the server asks it.
class AnswerBook
{
public:
    /// What became of a join or an answer.
    enum class Outcome {
        Accepted, ///< a new student, or a first answer to the question
        Changed, ///< the student's earlier answer to the question replaced
        Unchanged, ///< the same answer again
        RoomFull, ///< the room already has kMaxStudents students
        UnknownStudent, ///< no student with that token
        UnknownQuestion, ///< the question was never opened
        BadChoice, ///< the choice is not one of the question's
        Revealed ///< the question was revealed: its answers are final
    };

    /// Adds a student with @p token and (already sanitised) @p nickname. A token already in the
    /// room keeps its place and takes the new nickname (Unchanged).
    Outcome join(const QString &token, const QString &nickname);
    /// The number of students in the room.
    int studentCount() const;
    /// The nickname of @p token's student, or an empty string.
    QString nickname(const QString &token) const;

    /// Opens question @p question (a step index, 0 or more) with @p choiceCount choices (1 to
    /// kMaxChoices). Opening it again keeps its answers. Returns false for a bad count or index.
    bool openQuestion(int question, int choiceCount);
    /// The number of choices of @p question, or 0 when it was never opened.
    int choiceCount(int question) const;

    /// Records @p token's answer @p choice (0-based) to @p question.
    Outcome answer(const QString &token, int question, int choice);
    /// Takes back @p token's answer to @p question (an answer that could not be recorded).
    /// Returns false when there was none or the question was revealed.
    bool withdraw(const QString &token, int question);
    /// @p token's answer to @p question, or nothing.
    std::optional<int> answerOf(const QString &token, int question) const;

    /// Closes @p question to changes. Returns false when it was never opened.
    bool reveal(int question);
    /// True when @p question was revealed.
    bool isRevealed(int question) const;

    /// How many students answered @p question.
    int answeredCount(int question) const;
    /// The number of answers for each choice of @p question (empty when never opened).
    QVector<int> counts(int question) const;
    /// The choice with the most answers; nothing when nobody answered or two choices tie.
    std::optional<int> majority(int question) const;

private:
    struct Question
    {
        int choices = 0;
        bool revealed = false;
        QHash<QString, int> answers; ///< token to choice
    };
    QHash<QString, QString> m_students; ///< token to nickname
    QHash<int, Question> m_questions;
};

} // namespace ae::classroom
