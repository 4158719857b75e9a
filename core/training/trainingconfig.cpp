// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingconfig.h"

#include "attention/workestimate.h"
#include "session/sessionlimits.h"
#include "training/trainer.h"
#include "training/traininglimits.h"
#include "training/trainingtask.h"
#include "training/transformer/transformerspec.h"
#include "training/translationcorpus.h"

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
    { "layers", 1, limits::maxTransformerLayers },
    { "d-ff", 1, limits::maxTransformerFeedforward },
};

} // namespace

std::optional<std::pair<int, int>> trainingNumberRange(const QString &option)
{
    for (const IntLimit &l : intLimits)
        if (option == QLatin1String(l.option))
            return std::make_pair(l.lo, l.hi);
    return std::nullopt;
}

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

bool sameRun(const RunConfig &a, const RunConfig &b)
{
    const bool sameScale = a.scale.mode == b.scale.mode
        && (a.scale.mode != ScaleMode::Custom || a.scale.divisor == b.scale.divisor);
    const bool sameModel = a.model == b.model
        && (a.model == ModelKind::OneLayer
            || (a.layers == b.layers && a.dimFeedforward == b.dimFeedforward));
    return sameModel && a.task.kind == b.task.kind && a.task.length == b.task.length
        && a.task.vocab == b.task.vocab && a.dModel == b.dModel && a.heads == b.heads && sameScale
        && a.optimizer.kind == b.optimizer.kind && a.optimizer.lr == b.optimizer.lr
        && a.optimizer.beta1 == b.optimizer.beta1 && a.optimizer.beta2 == b.optimizer.beta2
        && a.optimizer.eps == b.optimizer.eps && a.batch == b.batch && a.steps == b.steps
        && a.seed == b.seed;
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

RunConfig defaultRunConfig(ModelKind model)
{
    RunConfig c;
    c.model = model;
    if (model == ModelKind::Transformer) {
        const TransformerSpec spec;
        c.dModel = spec.dModel;
        c.heads = spec.heads;
        c.layers = spec.encoderLayers;
        c.dimFeedforward = spec.dimFeedforward;
    }
    return c;
}

bool isCorpusTask(TaskKind kind)
{
    return kind == TaskKind::TranslateZhEn || kind == TaskKind::TranslateEnZh;
}

bool taskFixesShape(TaskKind kind)
{
    return kind == TaskKind::Translate || isCorpusTask(kind);
}

double recommendedTargetAccuracy(TaskKind kind)
{
    return taskFixesShape(kind) ? 0.0 : 1.0;
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
    case TaskKind::TranslateZhEn:
        return QStringLiteral("translate-zh-en");
    case TaskKind::TranslateEnZh:
        return QStringLiteral("translate-en-zh");
    case TaskKind::Translate:
        break;
    }
    return QStringLiteral("translate");
}

namespace {

constexpr TaskKind allTasks[] = { TaskKind::Copy, TaskKind::Reverse, TaskKind::Rotate,
    TaskKind::Translate, TaskKind::TranslateZhEn, TaskKind::TranslateEnZh };

} // namespace

std::optional<TaskKind> taskFromName(const QString &name)
{
    for (TaskKind kind : allTasks)
        if (taskName(kind) == name)
            return kind;
    return std::nullopt;
}

QString taskNames()
{
    QStringList names;
    for (TaskKind kind : allTasks)
        names << taskName(kind);
    return names.join(QLatin1Char('|'));
}

QString modelName(ModelKind kind)
{
    return kind == ModelKind::Transformer ? QStringLiteral("transformer")
                                          : QStringLiteral("one-layer");
}

std::optional<ModelKind> modelFromName(const QString &name)
{
    for (ModelKind kind : { ModelKind::OneLayer, ModelKind::Transformer })
        if (modelName(kind) == name)
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

std::optional<SessionError> checkOptimizerConfig(const OptimizerConfig &o)
{
    if (!(o.lr > 0.0) || !(o.lr <= limits::maxTrainLearningRate))
        return problem(QStringLiteral("lr"),
            QStringLiteral("%1 is not a number above 0 and at most %2")
                .arg(o.lr)
                .arg(limits::maxTrainLearningRate));
    for (const auto &[name, beta] :
        { std::pair { "beta1", o.beta1 }, std::pair { "beta2", o.beta2 } })
        if (!(beta >= 0.0) || !(beta < 1.0))
            return problem(QLatin1String(name),
                QStringLiteral("%1 is not a number from 0 up to (not including) 1").arg(beta));
    if (!(o.eps > 0.0) || !(o.eps <= limits::maxTrainEpsilon))
        return problem(QStringLiteral("eps"),
            QStringLiteral("%1 is not a number above 0 and at most %2")
                .arg(o.eps)
                .arg(limits::maxTrainEpsilon));
    return std::nullopt;
}

std::optional<SessionError> checkRunConfig(const RunConfig &c)
{
    const bool transformer = c.model == ModelKind::Transformer;
    if (!transformer && isCorpusTask(c.task.kind))
        return problem(QStringLiteral("task"),
            QStringLiteral("%1 is trained by the transformer only (--model transformer): its "
                           "sentences differ in length")
                .arg(taskName(c.task.kind)));
    if (isCorpusTask(c.task.kind) && TranslationCorpus::builtin().train().empty())
        return problem(QStringLiteral("task"),
            QStringLiteral("the translation corpus is not built into this program (%1)")
                .arg(TranslationCorpus::builtinPath()));
    const std::pair<const char *, int> numbers[]
        = { { "length", c.task.length }, { "vocab", c.task.vocab }, { "d-model", c.dModel },
              { "heads", c.heads }, { "batch", c.batch }, { "steps", c.steps },
              { "log-every", c.logEvery }, { "layers", c.layers }, { "d-ff", c.dimFeedforward } };
    for (const auto &[option, value] : numbers) {
        // Translate and the corpus tasks fix their own length and vocabulary; only the
        // transformer has layers and a feed-forward width.
        const bool fixed = taskFixesShape(c.task.kind)
            && (qstrcmp(option, "length") == 0 || qstrcmp(option, "vocab") == 0);
        const bool unused
            = !transformer && (qstrcmp(option, "layers") == 0 || qstrcmp(option, "d-ff") == 0);
        if (!fixed && !unused)
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
    if (auto e = checkOptimizerConfig(c.optimizer))
        return e;
    const int length = TrainingTask(c.task).length();
    const double activations = double(c.batch) * length * c.dModel;
    if (activations > limits::maxTrainActivations)
        return problem(QStringLiteral("batch"),
            QStringLiteral("batch x length x d_model is %1, more than %2")
                .arg(activations, 0, 'g', 6)
                .arg(limits::maxTrainActivations, 0, 'g', 6));
    if (auto e = memoryBudgetProblem(runMemoryBytes(c), QStringLiteral("batch"),
            QStringLiteral("lower the batch, the length, d_model or the vocabulary")))
        return e;
    return std::nullopt;
}

double runMemoryBytes(const RunConfig &c)
{
    const TrainingTask task(c.task);
    const double length = task.length();
    const double sourceVocab = task.sourceVocab().size();
    const double targetVocab = task.targetVocab().size();
    const double d = c.dModel;
    const double heads = c.heads;
    const double training
        = double(c.batch) * length * (12.0 * d + 4.0 * targetVocab + 3.0 * heads * length);
    const double heldOut = double(Trainer::heldOutCount) * length
        * (6.0 * d + 3.0 * targetVocab + 2.0 * heads * length);
    if (c.model == ModelKind::Transformer) {
        const double layers = 3.0 * c.layers; // a decoder layer counts twice
        const double dff = c.dimFeedforward;
        const double perPosition
            = layers * (40.0 * d + 4.0 * dff + 6.0 * heads * length) + 4.0 * targetVocab;
        // The held-out set: the corpus's test split, or the synthetic tasks' 512 examples.
        const double heldOut = isCorpusTask(c.task.kind)
            ? double(TranslationCorpus::builtin().test().size())
            : double(Trainer::heldOutCount);
        const double examples = double(c.batch) + 0.5 * heldOut;
        const double parameters = d * (sourceVocab + 2.0 * targetVocab)
            + c.layers * (12.0 * d * d + 4.0 * d * dff + 20.0 * d + 2.0 * dff);
        return 8.0 * (examples * length * perPosition + 4.0 * parameters);
    }
    const double parameters
        = d * (sourceVocab + 2.0 * targetVocab + 2.0 * length) + 4.0 * d * d + 8.0 * d;
    return 8.0 * (training + heldOut + 4.0 * parameters);
}

} // namespace ae
