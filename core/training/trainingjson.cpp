// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingjson.h"

#include "training/replayreader.h"
#include "training/trainingmodel.h"
#include "training/trainingoptimizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace ae {

namespace {

QJsonObject parametersJson(const TrainingParameters &p)
{
    QJsonObject o;
    for (int i = 0; i < TrainingParameters::count; ++i)
        o.insert(QLatin1String(TrainingParameters::names()[size_t(i)]), tensorJson(p, i));
    return o;
}

} // namespace

QJsonValue jsonNumber(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue();
}

QJsonArray rowJson(const Eigen::Ref<const Eigen::RowVectorXd> &row)
{
    QJsonArray a;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        a.append(jsonNumber(row(j)));
    return a;
}

QJsonArray matrixJson(const Eigen::Ref<const Eigen::MatrixXd> &m)
{
    QJsonArray a;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        a.append(rowJson(m.row(i)));
    return a;
}

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

QJsonObject runConfigJson(const RunConfig &c, const TrainingTask &task)
{
    QJsonObject config {
        { QStringLiteral("task"), taskName(c.task.kind) },
        { QStringLiteral("length"), task.length() },
        { QStringLiteral("vocab"), static_cast<int>(task.sourceVocab().size()) },
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
    if (c.model == ModelKind::Transformer) {
        config.insert(QStringLiteral("model"), modelName(c.model));
        config.insert(QStringLiteral("layers"), c.layers);
        config.insert(QStringLiteral("d_ff"), c.dimFeedforward);
    }
    return config;
}

QJsonObject runHistoryJson(const Trainer &trainer, const std::optional<EvaluationMetrics> &final)
{
    const RunConfig &c = trainer.config();
    const QJsonObject config = runConfigJson(c, trainer.task());
    QJsonArray steps, loss, accuracy, alignment, maxWeight, entropy, gradQ, gradK;
    const std::vector<StepMetrics> &h = trainer.history();
    for (size_t i = 0; i < h.size(); ++i) {
        const StepMetrics &m = h[i];
        if (m.step % c.logEvery != 0 && i + 1 != h.size())
            continue;
        steps.append(m.step);
        loss.append(jsonNumber(m.loss));
        accuracy.append(jsonNumber(m.accuracy));
        alignment.append(jsonNumber(m.alignmentAccuracy));
        maxWeight.append(jsonNumber(m.maxWeight));
        entropy.append(jsonNumber(m.entropy));
        gradQ.append(jsonNumber(m.gradNormQ));
        gradK.append(jsonNumber(m.gradNormK));
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
        o.insert(QStringLiteral("final_loss"), jsonNumber(final->loss));
        o.insert(QStringLiteral("final_accuracy"), jsonNumber(final->accuracy));
    }
    return o;
}

std::optional<ReplayInput> parseReplay(const QByteArray &json, SessionError *error)
{
    ReplayReader r(error);
    QJsonObject root, model, init;
    if (!r.document(json, &root)
        || !r.object(root, QStringLiteral("model"), QStringLiteral("model"), &model))
        return std::nullopt;
    // The one-layer model's files name no architecture (transformerjson.h reads the others).
    const QJsonValue architecture = model.value(QStringLiteral("architecture"));
    if (!architecture.isUndefined()) {
        r.fail(QStringLiteral("model.architecture"),
            QStringLiteral("expected \"transformer\" or none (the one-layer model)"));
        return std::nullopt;
    }
    ReplayInput in;
    TrainingModelSpec &spec = in.spec;
    if (!r.widthAndHeads(model, &spec.dModel, &spec.heads) || !r.scale(model, &spec.scale)
        || !r.words(model, QStringLiteral("source_vocab"), 1, &spec.sourceVocab)
        || !r.words(model, QStringLiteral("target_vocab"), 2, &spec.targetVocab)
        || !r.optimizer(root, &in.optimizer)
        || !r.object(root, QStringLiteral("init"), QStringLiteral("init"), &init))
        return std::nullopt;
    in.init = TrainingParameters::zeros(spec);
    for (int t = 0; t < TrainingParameters::count; ++t) {
        const QString name = QLatin1String(TrainingParameters::names()[size_t(t)]);
        // Tensors 3, 5, 7, 9 and 11 are the biases (row vectors); the rest are matrices.
        const bool vector = t >= 3 && t % 2 == 1;
        if (!r.tensor(init.value(name), QStringLiteral("init.") + name, in.init.flat(t).data(),
                in.init.rows(t), in.init.cols(t), vector))
            return std::nullopt;
    }
    QJsonArray batches;
    if (!r.batches(root, &batches))
        return std::nullopt;
    for (qsizetype i = 0; i < batches.size(); ++i) {
        TrainingBatch batch;
        if (!r.batchIds(batches[i], int(i), spec.sourceVocabSize(), spec.targetVocabSize(),
                spec.dModel, &batch.source, &batch.target))
            return std::nullopt;
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
        losses.append(jsonNumber(l));
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
