// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerjson.h"

#include "training/replayreader.h"
#include "training/trainingjson.h"
#include "training/traininglimits.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformeroptimizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace ae {

namespace {

/// batches[i].KEY, when present: @p rows x @p cols booleans, true = padding.
bool readPadding(ReplayReader &r, const QJsonObject &batch, const QString &key, const QString &path,
    Eigen::Index rows, Eigen::Index cols, BoolMatrix *out)
{
    const QJsonValue v = batch.value(key);
    if (v.isUndefined())
        return true;
    QJsonArray a;
    if (!r.array(v, path, &a))
        return false;
    if (a.size() != rows)
        return r.fail(path, QStringLiteral("%1 examples, expected %2").arg(a.size()).arg(rows));
    out->resize(rows, cols);
    for (Eigen::Index e = 0; e < rows; ++e) {
        const QString ePath = QStringLiteral("%1[%2]").arg(path).arg(e);
        QJsonArray row;
        if (!r.array(a[int(e)], ePath, &row))
            return false;
        if (row.size() != cols)
            return r.fail(ePath, QStringLiteral("%1 flags, expected %2").arg(row.size()).arg(cols));
        for (Eigen::Index i = 0; i < cols; ++i) {
            if (!row[int(i)].isBool())
                return r.fail(QStringLiteral("%1[%2]").arg(ePath).arg(i),
                    QStringLiteral("not true or false"));
            (*out)(e, i) = row[int(i)].toBool();
        }
    }
    return true;
}

QJsonObject parametersJson(const TransformerParameters &p)
{
    QJsonObject o;
    for (const TransformerTensor &t : p.tensors()) {
        const Eigen::Map<const Eigen::MatrixXd> m(t.data, t.rows, t.cols);
        o.insert(t.name, t.vector ? rowJson(m.row(0)) : matrixJson(m));
    }
    return o;
}

QJsonArray layerHeadJson(const LayerHeadWeights &weights)
{
    QJsonArray layers;
    for (const std::vector<Eigen::MatrixXd> &layer : weights) {
        QJsonArray heads;
        for (const Eigen::MatrixXd &head : layer)
            heads.append(matrixJson(head));
        layers.append(heads);
    }
    return layers;
}

} // namespace

bool isTransformerReplay(const QByteArray &json)
{
    const QJsonObject model
        = QJsonDocument::fromJson(json).object().value(QStringLiteral("model")).toObject();
    return model.value(QStringLiteral("architecture")).toString() == u"transformer";
}

std::optional<TransformerReplayInput> parseTransformerReplay(
    const QByteArray &json, SessionError *error)
{
    ReplayReader r(error);
    QJsonObject root, model, init;
    if (!r.document(json, &root)
        || !r.object(root, QStringLiteral("model"), QStringLiteral("model"), &model))
        return std::nullopt;
    if (model.value(QStringLiteral("architecture")).toString() != u"transformer") {
        r.fail(QStringLiteral("model.architecture"), QStringLiteral("expected \"transformer\""));
        return std::nullopt;
    }
    TransformerReplayInput in;
    TransformerSpec &spec = in.spec;
    if (!r.widthAndHeads(model, &spec.dModel, &spec.heads)
        || !r.integer(model.value(QStringLiteral("encoder_layers")),
            QStringLiteral("model.encoder_layers"), 1, limits::maxTransformerLayers,
            &spec.encoderLayers)
        || !r.integer(model.value(QStringLiteral("decoder_layers")),
            QStringLiteral("model.decoder_layers"), 1, limits::maxTransformerLayers,
            &spec.decoderLayers)
        || !r.integer(model.value(QStringLiteral("dim_feedforward")),
            QStringLiteral("model.dim_feedforward"), 1, limits::maxTransformerFeedforward,
            &spec.dimFeedforward)
        || !r.scale(model, &spec.scale)
        || !r.words(model, QStringLiteral("source_vocab"), 1, &spec.sourceVocab)
        || !r.words(model, QStringLiteral("target_vocab"), 2, &spec.targetVocab)
        || !r.optimizer(root, &in.optimizer)
        || !r.object(root, QStringLiteral("init"), QStringLiteral("init"), &init))
        return std::nullopt;
    in.init = TransformerParameters::zeros(spec);
    for (const TransformerTensor &t : in.init.tensors())
        if (!r.tensor(init.value(t.name), QStringLiteral("init.") + t.name, t.data, t.rows, t.cols,
                t.vector))
            return std::nullopt;
    QJsonArray batches;
    if (!r.batches(root, &batches))
        return std::nullopt;
    for (qsizetype i = 0; i < batches.size(); ++i) {
        TransformerBatch batch;
        if (!r.batchIds(batches[i], int(i), spec.sourceVocabSize(), spec.targetVocabSize(),
                spec.dModel, &batch.source, &batch.target))
            return std::nullopt;
        const QString path = QStringLiteral("batches[%1].").arg(i);
        const QJsonObject b = batches[i].toObject();
        if (!readPadding(r, b, QStringLiteral("source_padding"),
                path + QStringLiteral("source_padding"), batch.size(), batch.sourceLength(),
                &batch.sourcePadding)
            || !readPadding(r, b, QStringLiteral("target_padding"),
                path + QStringLiteral("target_padding"), batch.size(), batch.targetLength(),
                &batch.targetPadding))
            return std::nullopt;
        in.batches.push_back(std::move(batch));
    }
    return in;
}

TransformerReplayOutput runTransformerReplay(const TransformerReplayInput &input)
{
    TransformerReplayOutput out;
    TransformerModel model(input.spec);
    TransformerOptimizer optimizer(input.optimizer, input.spec);
    TransformerParameters params = input.init;
    TransformerParameters grads;
    const int heads = input.spec.heads;
    for (size_t s = 0; s < input.batches.size(); ++s) {
        const TransformerStepResult r = model.forwardBackward(params, input.batches[s], grads);
        if (!std::isfinite(r.loss) || !grads.allFinite()) {
            out.divergedAt = static_cast<int>(s);
            break;
        }
        out.losses.push_back(r.loss);
        if (s == 0) {
            out.gradientsStep0 = grads;
            out.encoderSelf.resize(size_t(input.spec.encoderLayers));
            out.decoderSelf.resize(size_t(input.spec.decoderLayers));
            out.cross.resize(size_t(input.spec.decoderLayers));
            for (int h = 0; h < heads; ++h) {
                for (int l = 0; l < input.spec.encoderLayers; ++l)
                    out.encoderSelf[size_t(l)].push_back(model.encoderSelfWeights(l, 0, h));
                for (int l = 0; l < input.spec.decoderLayers; ++l) {
                    out.decoderSelf[size_t(l)].push_back(model.decoderSelfWeights(l, 0, h));
                    out.cross[size_t(l)].push_back(model.crossWeights(l, 0, h));
                }
            }
        }
        optimizer.apply(params, grads);
    }
    out.final = params;
    return out;
}

QJsonObject transformerReplayOutputJson(const TransformerReplayOutput &output)
{
    QJsonArray losses;
    for (double l : output.losses)
        losses.append(jsonNumber(l));
    QJsonObject o {
        { QStringLiteral("losses"), losses },
        { QStringLiteral("attention_step0_item0"),
            QJsonObject {
                { QStringLiteral("encoder_self"), layerHeadJson(output.encoderSelf) },
                { QStringLiteral("decoder_self"), layerHeadJson(output.decoderSelf) },
                { QStringLiteral("cross"), layerHeadJson(output.cross) },
            } },
        { QStringLiteral("final"), parametersJson(output.final) },
    };
    if (!output.losses.empty())
        o.insert(QStringLiteral("gradients_step0"), parametersJson(output.gradientsStep0));
    if (output.divergedAt)
        o.insert(QStringLiteral("diverged_at_step"), *output.divergedAt);
    return o;
}

} // namespace ae
