// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingconfig.h"

#include "sessionlimits.h"
#include "training/traininglimits.h"
#include "training/trainingtask.h"

#include <cmath>
#include <utility>

namespace ae {

namespace {

SessionError problem(const QString &path, const QString &message)
{
    return SessionError { SessionError::Kind::Invalid, path, message };
}

QString outside(qint64 value, qint64 lo, qint64 hi)
{
    return QStringLiteral("%1 is outside %2..%3").arg(value).arg(lo).arg(hi);
}

struct IntLimit
{
    const char *option;
    int lo;
    int hi;
};

constexpr IntLimit intLimits[] = {
    { "length", limits::minTrainLength, limits::maxTrainLength },
    { "vocab", limits::minTrainVocab, limits::maxTrainVocab },
    { "d-model", 1, limits::maxTrainModelDim },
    { "heads", 1, limits::maxTrainHeads },
    { "batch", 1, limits::maxTrainBatch },
    { "steps", 1, limits::maxTrainSteps },
    { "log-every", 1, limits::maxTrainSteps },
};

} // namespace

std::optional<SessionError> checkTrainingNumber(const QString &option, qint64 value)
{
    for (const IntLimit &l : intLimits) {
        if (option == QLatin1String(l.option)) {
            if (value < l.lo || value > l.hi)
                return problem(option, outside(value, l.lo, l.hi));
            return std::nullopt;
        }
    }
    return problem(option, QStringLiteral("unknown setting"));
}

RunConfig recommendedRunConfig(TaskKind kind)
{
    RunConfig c;
    c.task.kind = kind;
    if (kind == TaskKind::Translate) {
        c.dModel = 64;
        c.steps = 1000;
    }
    return c;
}

double recommendedTargetAccuracy(TaskKind kind)
{
    return kind == TaskKind::Translate ? 0.0 : 1.0;
}

QString taskName(TaskKind kind)
{
    switch (kind) {
    case TaskKind::Copy:
        return QStringLiteral("copy");
    case TaskKind::Reverse:
        return QStringLiteral("reverse");
    case TaskKind::Rotate:
        return QStringLiteral("rotate");
    case TaskKind::Translate:
        break;
    }
    return QStringLiteral("translate");
}

std::optional<TaskKind> taskFromName(const QString &name)
{
    for (TaskKind kind :
        { TaskKind::Copy, TaskKind::Reverse, TaskKind::Rotate, TaskKind::Translate })
        if (taskName(kind) == name)
            return kind;
    return std::nullopt;
}

QString optimizerName(OptimizerKind kind)
{
    return kind == OptimizerKind::Sgd ? QStringLiteral("sgd") : QStringLiteral("adam");
}

std::optional<OptimizerKind> optimizerFromName(const QString &name)
{
    if (name == u"sgd")
        return OptimizerKind::Sgd;
    if (name == u"adam")
        return OptimizerKind::Adam;
    return std::nullopt;
}

QString scaleName(const ScaleSpec &scale)
{
    switch (scale.mode) {
    case ScaleMode::SqrtDk:
        return QStringLiteral("sqrt_dk");
    case ScaleMode::None:
        return QStringLiteral("none");
    case ScaleMode::Custom:
        break;
    }
    return QString::number(scale.divisor, 'g', 17);
}

std::optional<ScaleSpec> scaleFromName(const QString &name)
{
    if (name == u"sqrt_dk")
        return ScaleSpec { ScaleMode::SqrtDk, 1.0 };
    if (name == u"none")
        return ScaleSpec { ScaleMode::None, 1.0 };
    bool ok = false;
    const double d = name.trimmed().toDouble(&ok);
    if (!ok || !limits::isAllowedDivisor(d))
        return std::nullopt;
    return ScaleSpec { ScaleMode::Custom, d };
}

std::optional<SessionError> checkRunConfig(const RunConfig &c)
{
    const std::pair<const char *, int> numbers[] = { { "length", c.task.length },
        { "vocab", c.task.vocab }, { "d-model", c.dModel }, { "heads", c.heads },
        { "batch", c.batch }, { "steps", c.steps }, { "log-every", c.logEvery } };
    for (const auto &[option, value] : numbers) {
        // Translate fixes its own length and vocabulary.
        const bool fixed = c.task.kind == TaskKind::Translate
            && (qstrcmp(option, "length") == 0 || qstrcmp(option, "vocab") == 0);
        if (!fixed)
            if (auto e = checkTrainingNumber(QLatin1String(option), value))
                return e;
    }
    if (c.dModel % c.heads != 0)
        return problem(QStringLiteral("heads"),
            QStringLiteral("%1 does not divide d_model %2").arg(c.heads).arg(c.dModel));
    if (c.scale.mode == ScaleMode::Custom && !limits::isAllowedDivisor(c.scale.divisor))
        return problem(QStringLiteral("scale"),
            QStringLiteral("%1 is outside %2..%3")
                .arg(c.scale.divisor)
                .arg(limits::minScaleDivisor)
                .arg(limits::maxAbsValue));
    if (!(c.optimizer.lr > 0.0) || !(c.optimizer.lr <= limits::maxTrainLearningRate))
        return problem(QStringLiteral("lr"),
            QStringLiteral("%1 is not a number above 0 and at most %2")
                .arg(c.optimizer.lr)
                .arg(limits::maxTrainLearningRate));
    const int length = TrainingTask(c.task).length();
    const double activations = double(c.batch) * length * c.dModel;
    if (activations > limits::maxTrainActivations)
        return problem(QStringLiteral("batch"),
            QStringLiteral("batch x length x d_model is %1, more than %2")
                .arg(activations, 0, 'g', 6)
                .arg(limits::maxTrainActivations, 0, 'g', 6));
    return std::nullopt;
}

} // namespace ae
