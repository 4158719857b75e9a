// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/replayreader.h"

#include "io/strictjson.h"
#include "session/sessionlimits.h"
#include "training/traininglimits.h"

#include <QJsonDocument>
#include <cmath>

namespace ae {

ReplayReader::ReplayReader(SessionError *error)
    : m_error(error)
{
}

bool ReplayReader::fail(const QString &path, const QString &message)
{
    if (m_error)
        *m_error = SessionError { SessionError::Kind::Invalid, path, message };
    return false;
}

bool ReplayReader::document(const QByteArray &json, QJsonObject *root)
{
    // Strict: duplicate keys and forbidden characters in text are refused with their paths.
    const StrictJsonResult parsed = parseJsonStrictly(json);
    if (parsed.error) {
        if (m_error)
            *m_error = *parsed.error;
        return false;
    }
    const QJsonDocument &doc = parsed.document;
    if (!doc.isObject())
        return fail({}, QStringLiteral("not a JSON object"));
    *root = doc.object();
    if (root->value(QStringLiteral("format")).toString()
        != u"attention-explorer-training-reference")
        return fail(QStringLiteral("format"),
            QStringLiteral("expected \"attention-explorer-training-reference\""));
    if (root->value(QStringLiteral("version")).toDouble() != 1.0)
        return fail(
            QStringLiteral("version"), QStringLiteral("unknown version (this program reads 1)"));
    return true;
}

bool ReplayReader::object(
    const QJsonObject &parent, const QString &key, const QString &path, QJsonObject *out)
{
    const QJsonValue v = parent.value(key);
    if (!v.isObject())
        return fail(
            path, v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("not an object"));
    *out = v.toObject();
    return true;
}

bool ReplayReader::array(const QJsonValue &v, const QString &path, QJsonArray *out)
{
    if (!v.isArray())
        return fail(
            path, v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("not an array"));
    *out = v.toArray();
    return true;
}

bool ReplayReader::integer(const QJsonValue &v, const QString &path, int lo, int hi, int *out)
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

bool ReplayReader::real(const QJsonValue &v, const QString &path, double *out)
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

bool ReplayReader::words(
    const QJsonObject &model, const QString &key, int minimum, QStringList *out)
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
            return fail(QStringLiteral("%1[%2]").arg(path).arg(i), QStringLiteral("not a string"));
        *out << a[i].toString();
    }
    return true;
}

bool ReplayReader::widthAndHeads(const QJsonObject &model, int *dModel, int *heads)
{
    if (!integer(model.value(QStringLiteral("d_model")), QStringLiteral("model.d_model"), 1,
            limits::maxTrainModelDim, dModel)
        || !integer(model.value(QStringLiteral("heads")), QStringLiteral("model.heads"), 1,
            limits::maxTrainHeads, heads))
        return false;
    if (*dModel % *heads != 0)
        return fail(QStringLiteral("model.heads"),
            QStringLiteral("%1 does not divide d_model %2").arg(*heads).arg(*dModel));
    return true;
}

bool ReplayReader::scale(const QJsonObject &model, ScaleSpec *out)
{
    const QJsonValue scale = model.value(QStringLiteral("scale"));
    const auto parsedScale = scale.isDouble()
        ? (limits::isAllowedDivisor(scale.toDouble())
                ? std::optional<ScaleSpec>(ScaleSpec { ScaleMode::Custom, scale.toDouble() })
                : std::nullopt)
        : scaleFromName(scale.toString());
    if (!parsedScale
        || (scale.isString() && scale.toString() != u"sqrt_dk" && scale.toString() != u"none"))
        return fail(QStringLiteral("model.scale"),
            QStringLiteral("expected \"sqrt_dk\", \"none\" or a number from %1 to %2")
                .arg(limits::minScaleDivisor)
                .arg(limits::maxAbsValue));
    *out = *parsedScale;
    return true;
}

bool ReplayReader::optimizer(const QJsonObject &root, OptimizerConfig *out)
{
    QJsonObject optimizer;
    if (!object(root, QStringLiteral("optimizer"), QStringLiteral("optimizer"), &optimizer))
        return false;
    const auto kind = optimizerFromName(optimizer.value(QStringLiteral("name")).toString());
    if (!kind)
        return fail(
            QStringLiteral("optimizer.name"), QStringLiteral("expected \"adam\" or \"sgd\""));
    out->kind = *kind;
    if (!real(optimizer.value(QStringLiteral("lr")), QStringLiteral("optimizer.lr"), &out->lr))
        return false;
    for (const auto &[key, field] : { std::pair { "beta1", &out->beta1 },
             std::pair { "beta2", &out->beta2 }, std::pair { "eps", &out->eps } }) {
        const QJsonValue v = optimizer.value(QLatin1String(key));
        if (!v.isUndefined() && !real(v, QStringLiteral("optimizer.") + QLatin1String(key), field))
            return false;
    }
    // The train command's own limits: one rule for both.
    if (const auto e = checkOptimizerConfig(*out))
        return fail(QStringLiteral("optimizer.") + e->path, e->message);
    return true;
}

bool ReplayReader::tensor(const QJsonValue &v, const QString &path, double *data, Eigen::Index rows,
    Eigen::Index cols, bool vector)
{
    QJsonArray a;
    if (!array(v, path, &a))
        return false;
    if (vector) {
        if (a.size() != cols)
            return fail(path, QStringLiteral("%1 numbers, expected %2").arg(a.size()).arg(cols));
        for (Eigen::Index j = 0; j < cols; ++j)
            if (!real(a[j], QStringLiteral("%1[%2]").arg(path).arg(j), &data[j]))
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
            return fail(rowPath, QStringLiteral("%1 numbers, expected %2").arg(r.size()).arg(cols));
        for (Eigen::Index j = 0; j < cols; ++j)
            if (!real(r[j], QStringLiteral("%1[%2]").arg(rowPath).arg(j), &data[j * rows + i]))
                return false;
    }
    return true;
}

bool ReplayReader::ids(
    const QJsonValue &v, const QString &path, int lo, int hi, IdMatrix *out, int examples)
{
    QJsonArray a;
    if (!array(v, path, &a))
        return false;
    if (a.isEmpty() || a.size() > limits::maxTrainBatch)
        return fail(path,
            QStringLiteral("%1 examples, expected 1..%2").arg(a.size()).arg(limits::maxTrainBatch));
    if (examples >= 0 && a.size() != examples)
        return fail(path,
            QStringLiteral("%1 examples, expected %2 as in source").arg(a.size()).arg(examples));
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
            if (!integer(r[i], QStringLiteral("%1[%2]").arg(ePath).arg(i), lo, hi, &(*out)(e, i)))
                return false;
    }
    return true;
}

bool ReplayReader::batches(const QJsonObject &root, QJsonArray *out)
{
    if (!array(root.value(QStringLiteral("batches")), QStringLiteral("batches"), out))
        return false;
    if (out->isEmpty() || out->size() > limits::maxReplaySteps)
        return fail(QStringLiteral("batches"),
            QStringLiteral("%1 batches, expected 1..%2")
                .arg(out->size())
                .arg(limits::maxReplaySteps));
    return true;
}

bool ReplayReader::batchIds(const QJsonValue &batch, int index, int sourceVocab, int targetVocab,
    int dModel, IdMatrix *source, IdMatrix *target)
{
    const QString path = QStringLiteral("batches[%1]").arg(index);
    if (!batch.isObject())
        return fail(path, QStringLiteral("not an object"));
    const QJsonObject b = batch.toObject();
    if (!ids(b.value(QStringLiteral("source")), path + QStringLiteral(".source"), 0,
            sourceVocab - 1, source, -1)
        || !ids(b.value(QStringLiteral("target")), path + QStringLiteral(".target"), 1,
            targetVocab - 1, target, int(source->rows())))
        return false;
    const double activations
        = double(source->rows()) * double(std::max(source->cols(), target->cols())) * dModel;
    if (activations > limits::maxTrainActivations)
        return fail(path,
            QStringLiteral("examples x length x d_model is %1, more than %2")
                .arg(activations)
                .arg(limits::maxTrainActivations));
    return true;
}

} // namespace ae
