// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonresolvedjson.h"

#include "lesson/lessonclaimevaluator.h"
#include "lesson/lessonwriter.h"
#include "session/sessionjson.h"

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

QJsonObject resolvedLessonToJson(
    const ResolvedLesson &lesson, const std::vector<std::vector<LessonClaimResult>> *claimResults)
{
    QJsonArray steps;
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const ResolvedLessonStep &step = lesson.steps[i];
        QJsonObject o;
        o.insert(QLatin1String("session"), sessionToJson(step.session));
        o.insert(QLatin1String("view"), lessonViewToJson(step.view));
        QJsonObject caption = lessonTextToJson(step.caption);
        if (step.question)
            o.insert(QLatin1String("question"), questionToJson(*step.question, step.answer));
        if (!step.claims.empty()) {
            const std::vector<LessonClaimResult> *results
                = claimResults && i < claimResults->size() ? &(*claimResults)[i] : nullptr;
            QJsonArray claims;
            for (size_t c = 0; c < step.claims.size(); ++c) {
                QJsonObject claim = lessonClaimToJson(step.claims[c]);
                if (results && c < results->size()) {
                    const LessonClaimResult &r = (*results)[c];
                    claim.insert(QLatin1String("left_value"), r.left);
                    claim.insert(QLatin1String("right_value"), r.right);
                    claim.insert(QLatin1String("bound"), r.bound);
                    claim.insert(QLatin1String("holds"), r.holds);
                    if (!r.problem.isEmpty())
                        claim.insert(QLatin1String("problem"), r.problem);
                }
                claims.append(claim);
            }
            o.insert(QLatin1String("claims"), claims);
            if (results) {
                const LessonText shown = LessonClaimEvaluator::fillIn(step.caption, step, *results);
                if (shown != step.caption)
                    caption.insert(QLatin1String("shown"), lessonTextToJson(shown));
                if (step.question && !step.question->explanation.isEmpty()) {
                    QJsonObject question = o.value(QLatin1String("question")).toObject();
                    question.insert(QLatin1String("explanation_shown"),
                        lessonTextToJson(LessonClaimEvaluator::fillIn(
                            step.question->explanation, step, *results)));
                    o.insert(QLatin1String("question"), question);
                }
            }
        }
        o.insert(QLatin1String("caption"), caption);
        if (!step.notes.isEmpty())
            o.insert(QLatin1String("notes"), lessonTextToJson(step.notes));
        steps.append(o);
    }
    QJsonObject root;
    root.insert(QLatin1String("title"), lessonTextToJson(lesson.title));
    root.insert(QLatin1String("steps"), steps);
    return root;
}

} // namespace ae
