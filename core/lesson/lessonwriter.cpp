// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonwriter.h"

#include "lesson/lessontraining.h"

#include "lesson/lessonjson.h"
#include "lesson/lessonresolvedjson.h"
#include "session/sessionjson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace ae {

QJsonObject lessonTextToJson(const LessonText &text)
{
    QJsonObject o;
    if (!text.en.isEmpty())
        o.insert(QLatin1String("en"), text.en);
    if (!text.zh.isEmpty())
        o.insert(QLatin1String("zh"), text.zh);
    return o;
}

QJsonValue lessonHeadToJson(int head)
{
    return head == LessonView::meanOfHeads ? QJsonValue(QStringLiteral("mean")) : QJsonValue(head);
}

QJsonObject lessonViewToJson(const LessonView &view)
{
    QJsonObject o;
    const char *heatmap = view.heatmap == LessonHeatmap::Head
        ? "head"
        : (view.heatmap == LessonHeatmap::Lines ? "lines" : "mean");
    o.insert(QLatin1String("heatmap"), QLatin1String(heatmap));
    o.insert(QLatin1String("head"), lessonHeadToJson(view.head));
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

QJsonObject lessonQuestionToJson(const LessonQuestion &q)
{
    QJsonObject o;
    o.insert(QLatin1String("kind"), lessonQuestionKindName(q.kind));
    o.insert(QLatin1String("prompt"), lessonTextToJson(q.prompt));
    QJsonArray dependsOn;
    if (q.dependsOnScalingPanel)
        dependsOn.append(QStringLiteral("scaling_panel"));
    if (q.dependsOnTraining)
        dependsOn.append(QStringLiteral("training"));
    if (q.dependsOnLabels)
        dependsOn.append(QStringLiteral("labels"));
    if (!dependsOn.isEmpty())
        o.insert(QLatin1String("depends_on"), dependsOn);
    if (!q.explanation.isEmpty())
        o.insert(QLatin1String("explanation"), lessonTextToJson(q.explanation));
    if (q.kind == LessonQuestionKind::Choice) {
        QJsonArray options;
        for (size_t i = 0; i < q.options.size(); ++i) {
            QJsonObject option = lessonTextToJson(q.options[i]);
            if (static_cast<int>(i) == q.correctOption)
                option.insert(QLatin1String("correct"), true);
            options.append(option);
        }
        o.insert(QLatin1String("options"), options);
        return o;
    }
    o.insert(QLatin1String("head"), lessonHeadToJson(q.head));
    o.insert(QLatin1String("query"), q.query);
    if (q.kind == LessonQuestionKind::Weight)
        o.insert(QLatin1String("key"), q.key);
    if (q.kind == LessonQuestionKind::Direction) {
        o.insert(QLatin1String("measure"), lessonMeasureName(q.measure));
        if (q.measure == LessonMeasure::Output)
            o.insert(QLatin1String("dim"), q.dim);
    }
    return o;
}

QJsonObject lessonStepToJson(const ResolvedLessonStep &step)
{
    QJsonObject o;
    o.insert(QLatin1String("session"), sessionToJson(step.session));
    o.insert(QLatin1String("view"), lessonViewToJson(step.view));
    o.insert(QLatin1String("caption"), lessonTextToJson(step.caption));
    if (!step.notes.isEmpty())
        o.insert(QLatin1String("notes"), lessonTextToJson(step.notes));
    if (step.question)
        o.insert(QLatin1String("question"), lessonQuestionToJson(*step.question));
    if (!step.claims.empty()) {
        QJsonArray claims;
        for (const LessonClaim &claim : step.claims)
            claims.append(lessonClaimToJson(claim));
        o.insert(QLatin1String("claims"), claims);
    }
    return o;
}

QJsonObject lessonToJson(const ResolvedLesson &lesson)
{
    QJsonArray steps;
    for (const ResolvedLessonStep &step : lesson.steps)
        steps.append(lessonStepToJson(step));
    QJsonObject root;
    root.insert(QLatin1String("format"), QLatin1String(lessonFormatName));
    root.insert(QLatin1String("version"), lessonFormatVersion);
    root.insert(QLatin1String("title"), lessonTextToJson(lesson.title));
    root.insert(QLatin1String("steps"), steps);
    return root;
}

QByteArray lessonToJsonBytes(const ResolvedLesson &lesson)
{
    return QJsonDocument(lessonToJson(lesson)).toJson(QJsonDocument::Indented);
}

} // namespace ae
