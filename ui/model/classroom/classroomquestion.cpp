// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classroomquestion.h"

#include "classroom/classroomlimits.h"
#include "lesson/lessonplaintext.h"

#include <QJsonArray>
#include <algorithm>

namespace ae {

namespace {
QJsonObject textJson(const LessonText &text)
{
    return QJsonObject { { QStringLiteral("en"), text.in(false) },
        { QStringLiteral("zh"), text.in(true) } };
}
} // namespace

QJsonObject ClassroomQuestion::toJson(bool revealed) const
{
    QJsonArray options;
    for (const LessonText &c : choices)
        options.append(textJson(c));
    QJsonObject o { { QStringLiteral("step"), step },
        { QStringLiteral("prompt"), textJson(prompt) }, { QStringLiteral("choices"), options } };
    if (revealed)
        o.insert(QStringLiteral("correct"), correct);
    return o;
}

std::optional<ClassroomQuestion> ClassroomQuestion::fromLessonStep(
    const ResolvedLessonStep &lessonStep, int step)
{
    if (!lessonStep.question)
        return std::nullopt;
    const LessonQuestion &lq = *lessonStep.question;
    ClassroomQuestion q;
    q.step = step;
    // The phones and the record show text, not Markdown: "*i love*" is "i love".
    q.prompt = LessonPlainText::fromMarkdown(lq.prompt);
    switch (lq.kind) {
    case LessonQuestionKind::Choice:
        for (const LessonText &option : lq.options)
            q.choices.append(LessonPlainText::fromMarkdown(option));
        q.correct = lessonStep.answer.index;
        break;
    case LessonQuestionKind::Argmax:
        for (const QString &token : lessonStep.session.keyValueSequence().tokens)
            q.choices.append(LessonText { token, token });
        q.correct = lessonStep.answer.index;
        break;
    case LessonQuestionKind::Direction:
        // The page's languages are the student's choice, so both spellings are data here.
        q.choices = { { QStringLiteral("rises"), QStringLiteral("上升") },
            { QStringLiteral("falls"), QStringLiteral("下降") },
            { QStringLiteral("stays the same"), QStringLiteral("不变") } };
        q.correct = lessonStep.answer.direction == LessonDirection::Rises ? 0
            : lessonStep.answer.direction == LessonDirection::Falls       ? 1
                                                                          : 2;
        break;
    case LessonQuestionKind::Weight:
        for (int band = 0; band < 5; ++band) {
            const QString label = QStringLiteral("%1–%2").arg(
                QString::number(band * 0.2, 'f', 1), QString::number((band + 1) * 0.2, 'f', 1));
            q.choices.append(LessonText { label, label });
        }
        q.correct = std::clamp(static_cast<int>(lessonStep.answer.value * 5.0), 0, 4);
        break;
    }
    if (q.choices.isEmpty() || q.choices.size() > classroom::kMaxChoices)
        return std::nullopt;
    if (q.correct >= q.choices.size())
        q.correct = -1;
    return q;
}

} // namespace ae
