// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonresolvedjson.h"

#include "lessontraining.h"
#include "sessionjson.h"

#include <QJsonArray>

namespace ae {

namespace {

QJsonObject textToJson(const LessonText &text)
{
    QJsonObject o;
    if (!text.en.isEmpty())
        o.insert(QLatin1String("en"), text.en);
    if (!text.zh.isEmpty())
        o.insert(QLatin1String("zh"), text.zh);
    return o;
}

QJsonValue headToJson(int head)
{
    return head == LessonView::meanOfHeads ? QJsonValue(QStringLiteral("mean")) : QJsonValue(head);
}

QJsonObject viewToJson(const LessonView &view)
{
    QJsonObject o;
    const char *heatmap = view.heatmap == LessonHeatmap::Head
        ? "head"
        : (view.heatmap == LessonHeatmap::Lines ? "lines" : "mean");
    o.insert(QLatin1String("heatmap"), QLatin1String(heatmap));
    o.insert(QLatin1String("head"), headToJson(view.head));
    if (!view.computationStep.isEmpty())
        o.insert(QLatin1String("computation"), view.computationStep);
    if (!view.scalingPanel.isEmpty())
        o.insert(QLatin1String("scaling_panel"), view.scalingPanel);
    if (view.temperature)
        o.insert(QLatin1String("temperature"), *view.temperature);
    QJsonArray cells;
    for (const auto &[query, key] : view.highlights)
        cells.append(QJsonArray { query, key });
    o.insert(QLatin1String("highlight"), cells);
    if (view.training)
        o.insert(QLatin1String("training"), lessonTrainingToJson(*view.training));
    return o;
}

QJsonObject questionToJson(const LessonQuestion &q, const LessonAnswer &a)
{
    QJsonObject o;
    o.insert(QLatin1String("kind"), lessonQuestionKindName(q.kind));
    o.insert(QLatin1String("prompt"), textToJson(q.prompt));
    switch (q.kind) {
    case LessonQuestionKind::Argmax:
        o.insert(QLatin1String("head"), headToJson(q.head));
        o.insert(QLatin1String("query"), q.query);
        o.insert(QLatin1String("answer"), a.index);
        o.insert(QLatin1String("value"), a.value);
        break;
    case LessonQuestionKind::Weight:
        o.insert(QLatin1String("head"), headToJson(q.head));
        o.insert(QLatin1String("query"), q.query);
        o.insert(QLatin1String("key"), q.key);
        o.insert(QLatin1String("answer"), a.value);
        break;
    case LessonQuestionKind::Direction:
        o.insert(QLatin1String("head"), headToJson(q.head));
        o.insert(QLatin1String("query"), q.query);
        o.insert(QLatin1String("measure"), lessonMeasureName(q.measure));
        if (q.measure == LessonMeasure::Output)
            o.insert(QLatin1String("dim"), q.dim);
        o.insert(QLatin1String("answer"), lessonDirectionName(a.direction));
        o.insert(QLatin1String("before"), a.before);
        o.insert(QLatin1String("after"), a.after);
        break;
    case LessonQuestionKind::Choice: {
        QJsonArray options;
        for (const LessonText &option : q.options)
            options.append(textToJson(option));
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
        o.insert(QLatin1String("view"), viewToJson(step.view));
        o.insert(QLatin1String("caption"), textToJson(step.caption));
        if (!step.notes.isEmpty())
            o.insert(QLatin1String("notes"), textToJson(step.notes));
        if (step.question)
            o.insert(QLatin1String("question"), questionToJson(*step.question, step.answer));
        steps.append(o);
    }
    QJsonObject root;
    root.insert(QLatin1String("title"), textToJson(lesson.title));
    root.insert(QLatin1String("steps"), steps);
    return root;
}

} // namespace ae
