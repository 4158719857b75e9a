// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonresolvedjson.h"

#include "lessonwriter.h"
#include "sessionjson.h"

#include <QJsonArray>

namespace ae {

namespace {

/// The question as the file states it, with its computed answer; a choice's options without
/// the author's mark (the answer names it).
QJsonObject questionToJson(const LessonQuestion &q, const LessonAnswer &a)
{
    QJsonObject o = lessonQuestionToJson(q);
    switch (q.kind) {
    case LessonQuestionKind::Argmax:
        o.insert(QLatin1String("answer"), a.index);
        o.insert(QLatin1String("value"), a.value);
        break;
    case LessonQuestionKind::Weight:
        o.insert(QLatin1String("answer"), a.value);
        break;
    case LessonQuestionKind::Direction:
        o.insert(QLatin1String("answer"), lessonDirectionName(a.direction));
        o.insert(QLatin1String("before"), a.before);
        o.insert(QLatin1String("after"), a.after);
        break;
    case LessonQuestionKind::Choice: {
        QJsonArray options;
        for (const LessonText &option : q.options)
            options.append(lessonTextToJson(option));
        o.insert(QLatin1String("options"), options);
        o.insert(QLatin1String("answer"), a.index);
        break;
    }
    }
    return o;
}

} // namespace

QString lessonQuestionKindName(LessonQuestionKind kind)
{
    switch (kind) {
    case LessonQuestionKind::Argmax:
        return QStringLiteral("argmax");
    case LessonQuestionKind::Weight:
        return QStringLiteral("weight");
    case LessonQuestionKind::Direction:
        return QStringLiteral("direction");
    case LessonQuestionKind::Choice:
        break;
    }
    return QStringLiteral("choice");
}

QString lessonMeasureName(LessonMeasure measure)
{
    switch (measure) {
    case LessonMeasure::Entropy:
        return QStringLiteral("entropy");
    case LessonMeasure::MaxWeight:
        return QStringLiteral("max_weight");
    case LessonMeasure::Output:
        break;
    }
    return QStringLiteral("output");
}

QString lessonDirectionName(LessonDirection direction)
{
    switch (direction) {
    case LessonDirection::Rises:
        return QStringLiteral("rises");
    case LessonDirection::Falls:
        return QStringLiteral("falls");
    case LessonDirection::Unchanged:
        break;
    }
    return QStringLiteral("unchanged");
}

QJsonObject resolvedLessonToJson(const ResolvedLesson &lesson)
{
    QJsonArray steps;
    for (const ResolvedLessonStep &step : lesson.steps) {
        QJsonObject o;
        o.insert(QLatin1String("session"), sessionToJson(step.session));
        o.insert(QLatin1String("view"), lessonViewToJson(step.view));
        o.insert(QLatin1String("caption"), lessonTextToJson(step.caption));
        if (!step.notes.isEmpty())
            o.insert(QLatin1String("notes"), lessonTextToJson(step.notes));
        if (step.question)
            o.insert(QLatin1String("question"), questionToJson(*step.question, step.answer));
        steps.append(o);
    }
    QJsonObject root;
    root.insert(QLatin1String("title"), lessonTextToJson(lesson.title));
    root.insert(QLatin1String("steps"), steps);
    return root;
}

} // namespace ae
