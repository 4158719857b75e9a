// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessontraining.h"

#include "lesson/lessonjsonreader.h"
#include "lesson/lessonlimits.h"

#include <algorithm>

namespace ae {

namespace {

using R = LessonJsonReader;

/// The whole-number fields: the lesson's name and the train command's option name, whose
/// limit checkTrainingNumber() holds.
struct NumberField
{
    const char *json;
    const char *option;
    int RunConfig::*member;
    int lessonMax; ///< the lesson's own, smaller limit; 0: the train command's
};

constexpr NumberField numberFields[] = {
    { "d_model", "d-model", &RunConfig::dModel, limits::maxLessonTrainModelDim },
    { "heads", "heads", &RunConfig::heads, 0 },
    { "steps", "steps", &RunConfig::steps, limits::maxLessonTrainSteps },
};

/// The lesson's name of the train command's option @p option (for a combined check).
QString jsonNameOf(const QString &option)
{
    for (const NumberField &f : numberFields)
        if (option == QLatin1String(f.option))
            return QLatin1String(f.json);
    return option;
}

} // namespace

QStringList lessonTrainingFields()
{
    return { QStringLiteral("task"), QStringLiteral("d_model"), QStringLiteral("heads"),
        QStringLiteral("steps"), QStringLiteral("seed") };
}

RunConfig parseLessonTraining(const QJsonValue &value, const QString &path)
{
    const QJsonObject o = R::asObject(value, path);
    R::onlyKnownKeys(o, path, lessonTrainingFields());
    RunConfig config;
    if (o.contains(QLatin1String("task"))) {
        QStringList names;
        for (const TaskKind k :
            { TaskKind::Copy, TaskKind::Reverse, TaskKind::Rotate, TaskKind::Translate })
            names << taskName(k);
        config.task.kind = *taskFromName(R::asName(
            o.value(QLatin1String("task")), R::join(path, QStringLiteral("task")), names));
    }
    for (const NumberField &f : numberFields) {
        const QString key = QLatin1String(f.json);
        if (!o.contains(key))
            continue;
        const QString where = R::join(path, key);
        // Any whole number first, then the train command's own limit of the setting.
        const double v = std::clamp(R::asWhole(o.value(key), where), -9e18, 9e18);
        if (const auto e = checkTrainingNumber(QLatin1String(f.option), qint64(v)))
            R::fail(where, e->message);
        if (f.lessonMax > 0 && v > f.lessonMax)
            R::fail(where,
                LessonJsonReader::tr("%1 is more than a lesson allows (%2; a lesson step trains "
                                     "for seconds, the train command for longer)")
                    .arg(v, 0, 'g', 17)
                    .arg(f.lessonMax));
        config.*(f.member) = int(v);
    }
    if (o.contains(QLatin1String("seed"))) {
        const QString where = R::join(path, QStringLiteral("seed"));
        // JSON numbers are exact up to 2^53.
        const double v = R::asWhole(o.value(QLatin1String("seed")), where);
        if (v < 0.0 || v > 9007199254740992.0)
            R::fail(where,
                LessonJsonReader::tr("%1 is outside %2..%3")
                    .arg(v, 0, 'g', 17)
                    .arg(0)
                    .arg(QStringLiteral("9007199254740992")));
        config.seed = std::uint64_t(v);
    }
    if (const auto e = checkRunConfig(config))
        R::fail(R::join(path, jsonNameOf(e->path)), e->message);
    return config;
}

QJsonObject lessonTrainingToJson(const RunConfig &config)
{
    QJsonObject o;
    o.insert(QLatin1String("task"), taskName(config.task.kind));
    o.insert(QLatin1String("d_model"), config.dModel);
    o.insert(QLatin1String("heads"), config.heads);
    o.insert(QLatin1String("steps"), config.steps);
    o.insert(QLatin1String("seed"), double(config.seed));
    return o;
}

} // namespace ae
