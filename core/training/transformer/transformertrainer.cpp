// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformertrainer.h"

#include "training/trainer.h"

#include <cmath>

namespace ae {

TransformerSpec transformerSpecFor(const RunConfig &config)
{
    const TrainingTask task(config.task);
    TransformerSpec spec;
    spec.sourceVocab = task.sourceVocab();
    spec.targetVocab = task.targetVocab();
    spec.dModel = config.dModel;
    spec.heads = config.heads;
    spec.encoderLayers = config.layers;
    spec.decoderLayers = config.layers;
    spec.dimFeedforward = config.dimFeedforward;
    spec.scale = config.scale;
    return spec;
}

TransformerBatch transformerBatch(const TrainingBatch &batch)
{
    return { batch.source, batch.target, batch.sourcePadding, batch.targetPadding };
}

TransformerTrainer::TransformerTrainer(const RunConfig &config)
    : m_config(config)
    , m_task(config.task)
    , m_model(transformerSpecFor(config))
    , m_optimizer(config.optimizer, m_model.spec())
    , m_params(TransformerParameters::initial(m_model.spec(), config.seed))
    , m_grads(TransformerParameters::zeros(m_model.spec()))
    , m_batchRng(batchSeed(config.seed))
{
}

bool TransformerTrainer::finished() const
{
    return m_divergedAt.has_value() || stepsDone() >= m_config.steps;
}

std::optional<TransformerStepMetrics> TransformerTrainer::step()
{
    if (finished())
        return std::nullopt;
    const TrainingBatch batch = m_task.sample(m_config.batch, m_batchRng);
    const TransformerStepResult r
        = m_model.forwardBackward(m_params, transformerBatch(batch), m_grads);
    TransformerStepMetrics metrics;
    metrics.step = stepsDone();
    metrics.loss = r.loss;
    metrics.accuracy = r.accuracy;
    metrics.gradNorm = m_grads.globalNorm();
    if (!std::isfinite(metrics.loss) || !std::isfinite(metrics.gradNorm)) {
        m_divergedAt = metrics.step;
        return std::nullopt;
    }
    // The last decoder layer's cross-attention: how sharp its rows are.
    const int layer = m_model.spec().decoderLayers - 1;
    const bool padded = batch.targetPadding.size() > 0;
    double maxSum = 0.0, entropySum = 0.0;
    int rows = 0;
    for (int e = 0; e < batch.size(); ++e) {
        for (int h = 0; h < m_model.spec().heads; ++h) {
            const auto w = m_model.crossWeights(layer, e, h);
            for (Eigen::Index i = 0; i < w.rows(); ++i) {
                if (padded && batch.targetPadding(e, i))
                    continue;
                maxSum += w.row(i).maxCoeff();
                for (Eigen::Index j = 0; j < w.cols(); ++j)
                    if (w(i, j) > 0.0)
                        entropySum -= w(i, j) * std::log(w(i, j));
                ++rows;
            }
        }
    }
    metrics.maxWeight = rows > 0 ? maxSum / rows : 0.0;
    metrics.entropy = rows > 0 ? entropySum / rows : 0.0;
    m_optimizer.apply(m_params, m_grads);
    m_history.push_back(metrics);
    return metrics;
}

TrainingBatch TransformerTrainer::heldOutBatch() const
{
    if (isCorpusTask(m_config.task.kind))
        return m_task.testBatch();
    Rng rng(heldOutSeed(m_config.seed));
    return m_task.sample(Trainer::heldOutCount, rng);
}

std::vector<std::vector<int>> TransformerTrainer::greedyDecode(TransformerModel &model,
    const TransformerParameters &params, const TrainingBatch &batch, int endId, int maxLength)
{
    const int b = batch.size();
    const int vt = model.spec().targetVocabSize();
    std::vector<std::vector<int>> out(static_cast<size_t>(b));
    std::vector<bool> done(static_cast<size_t>(b), false);
    TransformerBatch input { batch.source, {}, batch.sourcePadding, {} };
    for (int t = 0; t < maxLength; ++t) {
        // Positions 0..t-1 hold the words produced so far; position t's own word is never
        // read (the decoder reads the target shifted right), so any valid id stands there.
        input.target.setOnes(b, t + 1);
        for (int e = 0; e < b; ++e)
            for (int i = 0; i < t; ++i)
                input.target(e, i) = out[size_t(e)][size_t(i)];
        model.forward(params, input);
        bool all = true;
        for (int e = 0; e < b; ++e) {
            if (done[size_t(e)]) {
                out[size_t(e)].push_back(out[size_t(e)].back()); // a filler, cut below
                continue;
            }
            Eigen::Index best = 0;
            model.logits().row(Eigen::Index(e) * (t + 1) + t).tail(vt - 1).maxCoeff(&best);
            const int word = static_cast<int>(best) + 1;
            out[size_t(e)].push_back(word);
            done[size_t(e)] = word == endId;
            all = all && done[size_t(e)];
        }
        if (all && endId >= 0)
            break;
    }
    if (endId >= 0)
        for (std::vector<int> &words : out)
            for (size_t i = 0; i < words.size(); ++i)
                if (words[i] == endId) {
                    words.resize(i + 1);
                    break;
                }
    return out;
}

TransformerEvaluation TransformerTrainer::evaluate() const
{
    const TrainingBatch held = heldOutBatch();
    TransformerModel model(m_model.spec());
    const TransformerStepResult r = model.forward(m_params, transformerBatch(held));
    TransformerEvaluation ev;
    ev.loss = r.loss;
    ev.accuracy = r.accuracy;
    const int endId = m_task.endId();
    const auto decoded = greedyDecode(model, m_params, held, endId, held.targetLength());
    int right = 0;
    for (int e = 0; e < held.size(); ++e) {
        std::vector<int> want;
        for (int i = 0; i < held.targetLength(); ++i) {
            want.push_back(held.target(e, i));
            if (held.target(e, i) == endId)
                break;
        }
        right += decoded[size_t(e)] == want ? 1 : 0;
    }
    ev.exactMatch = held.size() > 0 ? double(right) / held.size() : 0.0;
    return ev;
}

} // namespace ae
