// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingjson.h"

#include "jsonparsediagnosis.h"
#include "sessionlimits.h"
#include "training/traininglimits.h"
#include "training/trainingmodel.h"
#include "training/trainingoptimizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace ae {

namespace {

/// A number for the JSON output: non-finite values never reach it (a diverged run stops first),
/// but null keeps the file valid if one ever did.
QJsonValue number(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue();
}

QJsonArray rowJson(const Eigen::Ref<const Eigen::RowVectorXd> &row)
{
    QJsonArray a;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        a.append(number(row(j)));
    return a;
}

QJsonArray matrixJson(const Eigen::Ref<const Eigen::MatrixXd> &m)
{
    QJsonArray a;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        a.append(rowJson(m.row(i)));
    return a;
}

QJsonObject parametersJson(const TrainingParameters &p)
{
    QJsonObject o;
    for (int i = 0; i < TrainingParameters::count; ++i)
        o.insert(QLatin1String(TrainingParameters::names()[size_t(i)]), tensorJson(p, i));
    return o;
}

/// Reads the replay file with every refusal naming its JSON path.
class ReplayReader
{
public:
    explicit ReplayReader(SessionError *error)
        : m_error(error)
    {
    }

    bool fail(const QString &path, const QString &message)
    {
        if (m_error)
            *m_error = SessionError { SessionError::Kind::Invalid, path, message };
        return false;
    }

    bool object(
        const QJsonObject &parent, const QString &key, const QString &path, QJsonObject *out)
    {
        const QJsonValue v = parent.value(key);
        if (!v.isObject())
            return fail(path,
                v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("not an object"));
        *out = v.toObject();
        return true;
    }

    bool array(const QJsonValue &v, const QString &path, QJsonArray *out)
    {
        if (!v.isArray())
            return fail(
                path, v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("not an array"));
        *out = v.toArray();
        return true;
    }

    bool integer(const QJsonValue &v, const QString &path, int lo, int hi, int *out)
    {
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || d != std::floor(d))
            return fail(path,
                v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("not a whole number"));
        if (d < lo || d > hi)
            return fail(path, QStringLiteral("%1 is outside %2..%3").arg(d).arg(lo).arg(hi));
        *out = static_cast<int>(d);
        return true;
    }

    bool real(const QJsonValue &v, const QString &path, double *out)
    {
        if (!v.isDouble())
            return fail(
                path, v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("not a number"));
        const double d = v.toDouble();
        if (!limits::isAllowedValue(d))
            return fail(path,
                QStringLiteral("%1 is not finite or larger than %2 in magnitude")
                    .arg(d)
                    .arg(limits::maxAbsValue));
        *out = d;
        return true;
    }

    bool words(const QJsonObject &model, const QString &key, int minimum, QStringList *out)
    {
        const QString path = QStringLiteral("model.") + key;
        QJsonArray a;
        if (!array(model.value(key), path, &a))
            return false;
        if (a.size() < minimum || a.size() > limits::maxTrainVocab + 1)
            return fail(path,
                QStringLiteral("%1 words, expected %2..%3")
                    .arg(a.size())
                    .arg(minimum)
                    .arg(limits::maxTrainVocab + 1));
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a[i].isString())
                return fail(
                    QStringLiteral("%1[%2]").arg(path).arg(i), QStringLiteral("not a string"));
            *out << a[i].toString();
        }
        return true;
    }

    /// Fills tensor @p t of @p p (already shaped) from @p v.
    bool tensor(const QJsonValue &v, const QString &path, TrainingParameters &p, int t)
    {
        const Eigen::Index rows = p.rows(t), cols = p.cols(t);
        QJsonArray a;
        if (!array(v, path, &a))
            return false;
        const bool vector = rows == 1 && (t % 2 == 1) && t >= 3;
        auto flat = p.flat(t);
        if (vector) {
            if (a.size() != cols)
                return fail(
                    path, QStringLiteral("%1 numbers, expected %2").arg(a.size()).arg(cols));
            for (Eigen::Index j = 0; j < cols; ++j)
                if (!real(a[j], QStringLiteral("%1[%2]").arg(path).arg(j), &flat(j)))
                    return false;
            return true;
        }
        if (a.size() != rows)
            return fail(path, QStringLiteral("%1 rows, expected %2").arg(a.size()).arg(rows));
        for (Eigen::Index i = 0; i < rows; ++i) {
            const QString rowPath = QStringLiteral("%1[%2]").arg(path).arg(i);
            QJsonArray r;
            if (!array(a[i], rowPath, &r))
                return false;
            if (r.size() != cols)
                return fail(
                    rowPath, QStringLiteral("%1 numbers, expected %2").arg(r.size()).arg(cols));
            for (Eigen::Index j = 0; j < cols; ++j)
                if (!real(r[j], QStringLiteral("%1[%2]").arg(rowPath).arg(j), &flat(j * rows + i)))
                    return false;
        }
        return true;
    }

    bool ids(const QJsonValue &v, const QString &path, int lo, int hi, IdMatrix *out, int examples)
    {
        QJsonArray a;
        if (!array(v, path, &a))
            return false;
        if (a.isEmpty() || a.size() > limits::maxTrainBatch)
            return fail(path,
                QStringLiteral("%1 examples, expected 1..%2")
                    .arg(a.size())
                    .arg(limits::maxTrainBatch));
        if (examples >= 0 && a.size() != examples)
            return fail(path,
                QStringLiteral("%1 examples, expected %2 as in source")
                    .arg(a.size())
                    .arg(examples));
        for (qsizetype e = 0; e < a.size(); ++e) {
            const QString ePath = QStringLiteral("%1[%2]").arg(path).arg(e);
            QJsonArray r;
            if (!array(a[e], ePath, &r))
                return false;
            if (e == 0) {
                if (r.isEmpty() || r.size() > limits::maxTrainLength)
                    return fail(ePath,
                        QStringLiteral("%1 ids, expected 1..%2")
                            .arg(r.size())
                            .arg(limits::maxTrainLength));
                out->resize(a.size(), r.size());
            } else if (r.size() != out->cols()) {
                return fail(
                    ePath, QStringLiteral("%1 ids, expected %2").arg(r.size()).arg(out->cols()));
            }
            for (qsizetype i = 0; i < r.size(); ++i)
                if (!integer(
                        r[i], QStringLiteral("%1[%2]").arg(ePath).arg(i), lo, hi, &(*out)(e, i)))
                    return false;
        }
        return true;
    }

private:
    SessionError *m_error;
};

} // namespace

QJsonValue tensorJson(const TrainingParameters &params, int tensor)
{
    // Tensors 3, 5, 7, 9 and 11 are the biases (row vectors); the rest are matrices.
    const bool vector = tensor >= 3 && tensor % 2 == 1;
    const auto flat = params.flat(tensor);
    if (vector)
        return rowJson(flat.transpose());
    return matrixJson(
        Eigen::Map<const Eigen::MatrixXd>(flat.data(), params.rows(tensor), params.cols(tensor)));
}

QJsonObject runHistoryJson(const Trainer &trainer, const std::optional<EvaluationMetrics> &final)
{
    const RunConfig &c = trainer.config();
    QJsonObject config {
        { QStringLiteral("task"), taskName(c.task.kind) },
        { QStringLiteral("length"), trainer.task().length() },
        { QStringLiteral("vocab"), trainer.spec().sourceVocabSize() },
        { QStringLiteral("d_model"), c.dModel },
        { QStringLiteral("heads"), c.heads },
        { QStringLiteral("scale"),
            c.scale.mode == ScaleMode::Custom ? QJsonValue(c.scale.divisor)
                                              : QJsonValue(scaleName(c.scale)) },
        { QStringLiteral("optimizer"), optimizerName(c.optimizer.kind) },
        { QStringLiteral("lr"), c.optimizer.lr },
        { QStringLiteral("batch"), c.batch },
        { QStringLiteral("steps"), c.steps },
        { QStringLiteral("seed"), QString::number(c.seed) },
        { QStringLiteral("log_every"), c.logEvery },
    };
    QJsonArray steps, loss, accuracy, alignment, maxWeight, entropy, gradQ, gradK;
    const std::vector<StepMetrics> &h = trainer.history();
    for (size_t i = 0; i < h.size(); ++i) {
        const StepMetrics &m = h[i];
        if (m.step % c.logEvery != 0 && i + 1 != h.size())
            continue;
        steps.append(m.step);
        loss.append(number(m.loss));
        accuracy.append(number(m.accuracy));
        alignment.append(number(m.alignmentAccuracy));
        maxWeight.append(number(m.maxWeight));
        entropy.append(number(m.entropy));
        gradQ.append(number(m.gradNormQ));
        gradK.append(number(m.gradNormK));
    }
    QJsonObject o {
        { QStringLiteral("format"), QStringLiteral("attention-explorer-training-history") },
        { QStringLiteral("version"), 1 },
        { QStringLiteral("config"), config },
        { QStringLiteral("steps"), steps },
        { QStringLiteral("loss"), loss },
        { QStringLiteral("accuracy"), accuracy },
        { QStringLiteral("alignment_accuracy"), alignment },
        { QStringLiteral("max_weight"), maxWeight },
        { QStringLiteral("entropy"), entropy },
        { QStringLiteral("grad_norm_q"), gradQ },
        { QStringLiteral("grad_norm_k"), gradK },
        { QStringLiteral("diverged_at_step"),
            trainer.divergedAt() ? QJsonValue(*trainer.divergedAt()) : QJsonValue() },
    };
    if (final) {
        o.insert(QStringLiteral("final_loss"), number(final->loss));
        o.insert(QStringLiteral("final_accuracy"), number(final->accuracy));
    }
    return o;
}

std::optional<ReplayInput> parseReplay(const QByteArray &json, SessionError *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = diagnoseJsonParseError(json, parseError);
        return std::nullopt;
    }
    ReplayReader r(error);
    if (!doc.isObject()) {
        r.fail({}, QStringLiteral("not a JSON object"));
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString()
        != u"attention-explorer-training-reference") {
        r.fail(QStringLiteral("format"),
            QStringLiteral("expected \"attention-explorer-training-reference\""));
        return std::nullopt;
    }
    if (root.value(QStringLiteral("version")).toDouble() != 1.0) {
        r.fail(QStringLiteral("version"), QStringLiteral("unknown version (this program reads 1)"));
        return std::nullopt;
    }
    ReplayInput in;
    QJsonObject model, optimizer, init;
    if (!r.object(root, QStringLiteral("model"), QStringLiteral("model"), &model))
        return std::nullopt;
    TrainingModelSpec &spec = in.spec;
    if (!r.integer(model.value(QStringLiteral("d_model")), QStringLiteral("model.d_model"), 1,
            limits::maxTrainModelDim, &spec.dModel)
        || !r.integer(model.value(QStringLiteral("heads")), QStringLiteral("model.heads"), 1,
            limits::maxTrainHeads, &spec.heads))
        return std::nullopt;
    if (spec.dModel % spec.heads != 0) {
        r.fail(QStringLiteral("model.heads"),
            QStringLiteral("%1 does not divide d_model %2").arg(spec.heads).arg(spec.dModel));
        return std::nullopt;
    }
    const QJsonValue scale = model.value(QStringLiteral("scale"));
    const auto parsedScale = scale.isDouble()
        ? (limits::isAllowedDivisor(scale.toDouble())
                ? std::optional<ScaleSpec>(ScaleSpec { ScaleMode::Custom, scale.toDouble() })
                : std::nullopt)
        : scaleFromName(scale.toString());
    if (!parsedScale
        || (scale.isString() && scale.toString() != u"sqrt_dk" && scale.toString() != u"none")) {
        r.fail(QStringLiteral("model.scale"),
            QStringLiteral("expected \"sqrt_dk\", \"none\" or a number from %1 to %2")
                .arg(limits::minScaleDivisor)
                .arg(limits::maxAbsValue));
        return std::nullopt;
    }
    spec.scale = *parsedScale;
    if (!r.words(model, QStringLiteral("source_vocab"), 1, &spec.sourceVocab)
        || !r.words(model, QStringLiteral("target_vocab"), 2, &spec.targetVocab))
        return std::nullopt;

    if (!r.object(root, QStringLiteral("optimizer"), QStringLiteral("optimizer"), &optimizer))
        return std::nullopt;
    const auto kind = optimizerFromName(optimizer.value(QStringLiteral("name")).toString());
    if (!kind) {
        r.fail(QStringLiteral("optimizer.name"), QStringLiteral("expected \"adam\" or \"sgd\""));
        return std::nullopt;
    }
    in.optimizer.kind = *kind;
    if (!r.real(optimizer.value(QStringLiteral("lr")), QStringLiteral("optimizer.lr"),
            &in.optimizer.lr))
        return std::nullopt;
    for (const auto &[key, field] : { std::pair { "beta1", &in.optimizer.beta1 },
             std::pair { "beta2", &in.optimizer.beta2 }, std::pair { "eps", &in.optimizer.eps } }) {
        const QJsonValue v = optimizer.value(QLatin1String(key));
        if (!v.isUndefined()
            && !r.real(v, QStringLiteral("optimizer.") + QLatin1String(key), field))
            return std::nullopt;
    }

    if (!r.object(root, QStringLiteral("init"), QStringLiteral("init"), &init))
        return std::nullopt;
    in.init = TrainingParameters::zeros(spec);
    for (int t = 0; t < TrainingParameters::count; ++t) {
        const QString name = QLatin1String(TrainingParameters::names()[size_t(t)]);
        if (!r.tensor(init.value(name), QStringLiteral("init.") + name, in.init, t))
            return std::nullopt;
    }

    QJsonArray batches;
    if (!r.array(root.value(QStringLiteral("batches")), QStringLiteral("batches"), &batches))
        return std::nullopt;
    if (batches.isEmpty() || batches.size() > limits::maxReplaySteps) {
        r.fail(QStringLiteral("batches"),
            QStringLiteral("%1 batches, expected 1..%2")
                .arg(batches.size())
                .arg(limits::maxReplaySteps));
        return std::nullopt;
    }
    for (qsizetype i = 0; i < batches.size(); ++i) {
        const QString path = QStringLiteral("batches[%1]").arg(i);
        if (!batches[i].isObject()) {
            r.fail(path, QStringLiteral("not an object"));
            return std::nullopt;
        }
        const QJsonObject b = batches[i].toObject();
        TrainingBatch batch;
        if (!r.ids(b.value(QStringLiteral("source")), path + QStringLiteral(".source"), 0,
                spec.sourceVocabSize() - 1, &batch.source, -1)
            || !r.ids(b.value(QStringLiteral("target")), path + QStringLiteral(".target"), 1,
                spec.targetVocabSize() - 1, &batch.target, batch.size()))
            return std::nullopt;
        const double activations = double(batch.size())
            * std::max(batch.sourceLength(), batch.targetLength()) * spec.dModel;
        if (activations > limits::maxTrainActivations) {
            r.fail(path,
                QStringLiteral("examples x length x d_model is %1, more than %2")
                    .arg(activations)
                    .arg(limits::maxTrainActivations));
            return std::nullopt;
        }
        batch.alignment.setConstant(batch.size(), batch.targetLength(), -1);
        in.batches.push_back(std::move(batch));
    }
    return in;
}

ReplayOutput runReplay(const ReplayInput &input)
{
    ReplayOutput out;
    TrainingModel model(input.spec);
    TrainingOptimizer optimizer(input.optimizer, input.spec);
    TrainingParameters params = input.init;
    TrainingParameters grads = TrainingParameters::zeros(input.spec);
    for (size_t s = 0; s < input.batches.size(); ++s) {
        const StepMetrics m = model.forwardBackward(params, input.batches[s], grads);
        if (!std::isfinite(m.loss) || !grads.allFinite()) {
            out.divergedAt = static_cast<int>(s);
            break;
        }
        out.losses.push_back(m.loss);
        if (s == 0) {
            out.gradientsStep0 = grads;
            for (int h = 0; h < input.spec.heads; ++h)
                out.attentionStep0Item0.push_back(model.weights(0, h));
        }
        optimizer.apply(params, grads);
    }
    out.final = params;
    return out;
}

QJsonObject replayOutputJson(const ReplayOutput &output)
{
    QJsonArray losses;
    for (double l : output.losses)
        losses.append(number(l));
    QJsonArray attention;
    for (const Eigen::MatrixXd &a : output.attentionStep0Item0)
        attention.append(matrixJson(a));
    QJsonObject o {
        { QStringLiteral("losses"), losses },
        { QStringLiteral("attention_step0_item0"), attention },
        { QStringLiteral("final"), parametersJson(output.final) },
    };
    if (!output.losses.empty())
        o.insert(QStringLiteral("gradients_step0"), parametersJson(output.gradientsStep0));
    if (output.divergedAt)
        o.insert(QStringLiteral("diverged_at_step"), *output.divergedAt);
    return o;
}

} // namespace ae
