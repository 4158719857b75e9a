// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/answerbook.h"

#include "classroom/classroomlimits.h"

namespace ae::classroom {

AnswerBook::Outcome AnswerBook::join(const QString &token, const QString &nickname)
{
    const auto it = m_students.find(token);
    if (it != m_students.end()) {
        *it = nickname;
        return Outcome::Unchanged;
    }
    if (m_students.size() >= kMaxStudents)
        return Outcome::RoomFull;
    m_students.insert(token, nickname);
    return Outcome::Accepted;
}

int AnswerBook::studentCount() const
{
    return static_cast<int>(m_students.size());
}

QString AnswerBook::nickname(const QString &token) const
{
    return m_students.value(token);
}

bool AnswerBook::openQuestion(int question, int choiceCount)
{
    if (question < 0 || choiceCount < 1 || choiceCount > kMaxChoices)
        return false;
    auto it = m_questions.find(question);
    if (it == m_questions.end()) {
        Question q;
        q.choices = choiceCount;
        m_questions.insert(question, q);
    } else {
        it->choices = choiceCount;
    }
    return true;
}

int AnswerBook::choiceCount(int question) const
{
    const auto it = m_questions.constFind(question);
    return it == m_questions.constEnd() ? 0 : it->choices;
}

AnswerBook::Outcome AnswerBook::answer(const QString &token, int question, int choice)
{
    if (!m_students.contains(token))
        return Outcome::UnknownStudent;
    const auto it = m_questions.find(question);
    if (it == m_questions.end())
        return Outcome::UnknownQuestion;
    if (choice < 0 || choice >= it->choices)
        return Outcome::BadChoice;
    if (it->revealed)
        return Outcome::Revealed;
    const auto previous = it->answers.find(token);
    if (previous == it->answers.end()) {
        it->answers.insert(token, choice);
        return Outcome::Accepted;
    }
    if (*previous == choice)
        return Outcome::Unchanged;
    *previous = choice;
    return Outcome::Changed;
}

bool AnswerBook::withdraw(const QString &token, int question)
{
    const auto it = m_questions.find(question);
    if (it == m_questions.end() || it->revealed)
        return false;
    return it->answers.remove(token) > 0;
}

std::optional<int> AnswerBook::answerOf(const QString &token, int question) const
{
    const auto it = m_questions.constFind(question);
    if (it == m_questions.constEnd())
        return std::nullopt;
    const auto a = it->answers.constFind(token);
    if (a == it->answers.constEnd())
        return std::nullopt;
    return *a;
}

bool AnswerBook::reveal(int question)
{
    const auto it = m_questions.find(question);
    if (it == m_questions.end())
        return false;
    it->revealed = true;
    return true;
}

bool AnswerBook::isRevealed(int question) const
{
    const auto it = m_questions.constFind(question);
    return it != m_questions.constEnd() && it->revealed;
}

int AnswerBook::answeredCount(int question) const
{
    const auto it = m_questions.constFind(question);
    return it == m_questions.constEnd() ? 0 : static_cast<int>(it->answers.size());
}

QVector<int> AnswerBook::counts(int question) const
{
    const auto it = m_questions.constFind(question);
    if (it == m_questions.constEnd())
        return {};
    QVector<int> result(it->choices, 0);
    for (const int choice : it->answers)
        ++result[choice];
    return result;
}

std::optional<int> AnswerBook::majority(int question) const
{
    const QVector<int> c = counts(question);
    int best = -1;
    int bestCount = 0;
    bool tie = false;
    for (int i = 0; i < c.size(); ++i) {
        if (c[i] > bestCount) {
            best = i;
            bestCount = c[i];
            tie = false;
        } else if (c[i] == bestCount && bestCount > 0) {
            tie = true;
        }
    }
    if (best < 0 || tie)
        return std::nullopt;
    return best;
}

} // namespace ae::classroom
