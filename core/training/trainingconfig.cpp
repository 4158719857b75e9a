// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingconfig.h"

#include "sessionlimits.h"
#include "training/traininglimits.h"

#include <cmath>

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

} // namespace

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
    for (TaskKind kind : { TaskKind::Copy, TaskKind::Reverse, TaskKind::Rotate, TaskKind::Translate })
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
    if (c.task.kind != TaskKind::Translate) {
        if (c.task.length < limits::minTrainLength || c.task.length > limits::maxTrainLength)
            return problem(QStringLiteral("length"),
                outside(c.task.length, limits::minTrainLength, limits::maxTrainLength));
        if (c.task.vocab < limits::minTrainVocab || c.task.vocab > limits::maxTrainVocab)
            return problem(QStringLiteral("vocab"),
                outside(c.task.vocab, limits::minTrainVocab, limits::maxTrainVocab));
    }
    if (c.dModel < 1 || c.dModel > limits::maxTrainModelDim)
        return problem(QStringLiteral("d-model"), outside(c.dModel, 1, limits::maxTrainModelDim));
    if (c.heads < 1 || c.heads > limits::maxTrainHeads)
        return problem(QStringLiteral("heads"), outside(c.heads, 1, limits::maxTrainHeads));
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
    if (c.batch < 1 || c.batch > limits::maxTrainBatch)
        return problem(QStringLiteral("batch"), outside(c.batch, 1, limits::maxTrainBatch));
    if (c.steps < 1 || c.steps > limits::maxTrainSteps)
        return problem(QStringLiteral("steps"), outside(c.steps, 1, limits::maxTrainSteps));
    if (c.logEvery < 1 || c.logEvery > limits::maxTrainSteps)
        return problem(QStringLiteral("log-every"), outside(c.logEvery, 1, limits::maxTrainSteps));
    const int length = c.task.kind == TaskKind::Translate ? 4 : c.task.length;
    const double activations = double(c.batch) * length * c.dModel;
    if (activations > limits::maxTrainActivations)
        return problem(QStringLiteral("batch"),
            QStringLiteral("batch x length x d_model is %1, more than %2")
                .arg(activations, 0, 'g', 6)
                .arg(limits::maxTrainActivations, 0, 'g', 6));
    return std::nullopt;
}

} // namespace ae
