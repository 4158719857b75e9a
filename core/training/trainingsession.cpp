// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingsession.h"

#include "attention/attention.h"
#include "attention/embeddings.h"
#include "session/sessioncompute.h"

#include <cmath>

namespace ae {

namespace {

/// Rows @p ids of @p table plus the sinusoidal positions: ids.size() x d.
Eigen::MatrixXd embed(const Eigen::MatrixXd &table, const std::vector<int> &ids)
{
    const int n = static_cast<int>(ids.size());
    Eigen::MatrixXd m = sinusoidalPositions(n, static_cast<int>(table.cols()));
    for (int i = 0; i < n; ++i)
        m.row(i) += table.row(ids[size_t(i)]);
    return m;
}

/// The decoder input for target @p y: [0, y_0, ..., y_{n-2}].
std::vector<int> shiftedRight(const std::vector<int> &y)
{
    std::vector<int> in(y.size(), 0);
    for (size_t i = 1; i < y.size(); ++i)
        in[i] = y[i - 1];
    return in;
}

Projections explicitProjections(const TrainingParameters &p)
{
    Projections pr;
    pr.mode = ProjectionMode::Explicit;
    pr.wq = p.wq;
    pr.wk = p.wk;
    pr.wv = p.wv;
    pr.wo = p.wo;
    pr.bq = p.bq;
    pr.bk = p.bk;
    pr.bv = p.bv;
    pr.bo = p.bo;
    return pr;
}

AttentionConfig attentionConfig(const TrainingModelSpec &spec)
{
    AttentionConfig c;
    c.dModel = spec.dModel;
    c.heads = spec.heads;
    c.scale = spec.scale;
    c.causal = false;
    return c;
}

} // namespace

Session trainedSession(const TrainingModelSpec &spec, const TrainingParameters &params,
    const std::vector<int> &source, const std::vector<int> &target, const QString &title)
{
    Session s;
    s.title = title;
    for (int id : source)
        s.source.tokens << spec.sourceVocab.at(id);
    for (int id : target)
        s.target.tokens << spec.targetVocab.at(id);
    s.source.embeddings = embed(params.sourceEmbedding, source);
    s.target.embeddings = embed(params.targetEmbedding, shiftedRight(target));
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config = attentionConfig(spec);
    s.attention.projections = explicitProjections(params);
    return s;
}

AttentionResult trainedAttention(const TrainingModelSpec &spec, const TrainingParameters &params,
    const std::vector<int> &source, const std::vector<int> &target)
{
    return computeSession(trainedSession(spec, params, source, target));
}

std::vector<DecodedWord> greedyDecode(const TrainingModelSpec &spec,
    const TrainingParameters &params, const std::vector<int> &source, int words)
{
    const int n = words < 0 ? static_cast<int>(source.size()) : words;
    std::vector<DecodedWord> out;
    if (source.empty() || n == 0 || spec.targetVocabSize() < 2)
        return out;
    const Eigen::MatrixXd x = embed(params.sourceEmbedding, source);
    const Projections projections = explicitProjections(params);
    const AttentionConfig config = attentionConfig(spec);
    std::vector<int> in { 0 };
    AttentionResult r;
    for (int i = 0; i < n; ++i) {
        // No self-attention: position i sees the source and its own input word only, so the
        // earlier positions need not be recomputed.
        const Eigen::MatrixXd yi = embed(params.targetEmbedding, in).bottomRows(1);
        computeAttention(yi, x, {}, config, projections, r);
        const Eigen::RowVectorXd logits = r.output.row(0) * params.wOut + params.bOut;
        Eigen::Index best = 1;
        logits.tail(logits.size() - 1).maxCoeff(&best);
        ++best; // the start token is never an output
        const double top = logits.maxCoeff();
        const double z = (logits.array() - top).exp().sum();
        DecodedWord w;
        w.id = static_cast<int>(best);
        w.word = spec.targetVocab.at(w.id);
        w.probability = std::exp(logits(best) - top) / z;
        w.attention = r.meanWeights.row(0);
        w.headAttention.resize(spec.heads, r.meanWeights.cols());
        for (int h = 0; h < spec.heads; ++h)
            w.headAttention.row(h) = r.heads[size_t(h)].weights.row(0);
        out.push_back(std::move(w));
        in.push_back(out.back().id);
    }
    return out;
}

} // namespace ae
