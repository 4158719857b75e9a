// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerparameters.h"

#include "attention/projections.h"
#include "attention/rng.h"

#include <cmath>

namespace ae {

namespace {

/// Calls @p add(name, matrix) for every tensor of @p p in the reference order; P is
/// TransformerParameters with or without const.
template <typename P, typename Add> void walk(P &p, Add add)
{
    add(QStringLiteral("source_embedding"), p.sourceEmbedding);
    add(QStringLiteral("target_embedding"), p.targetEmbedding);
    add(QStringLiteral("w_out"), p.wOut);
    add(QStringLiteral("b_out"), p.bOut);
    auto attention = [&](const QString &prefix, auto &a) {
        add(prefix + QStringLiteral("in_proj_weight"), a.inProjWeight);
        add(prefix + QStringLiteral("in_proj_bias"), a.inProjBias);
        add(prefix + QStringLiteral("out_proj.weight"), a.outProjWeight);
        add(prefix + QStringLiteral("out_proj.bias"), a.outProjBias);
    };
    auto feedForward = [&](const QString &prefix, auto &f) {
        add(prefix + QStringLiteral("linear1.weight"), f.linear1Weight);
        add(prefix + QStringLiteral("linear1.bias"), f.linear1Bias);
        add(prefix + QStringLiteral("linear2.weight"), f.linear2Weight);
        add(prefix + QStringLiteral("linear2.bias"), f.linear2Bias);
    };
    auto norm = [&](const QString &prefix, auto &n) {
        add(prefix + QStringLiteral("weight"), n.weight);
        add(prefix + QStringLiteral("bias"), n.bias);
    };
    for (size_t l = 0; l < p.encoder.size(); ++l) {
        const QString prefix = QStringLiteral("encoder.layers.%1.").arg(l);
        auto &layer = p.encoder[l];
        attention(prefix + QStringLiteral("self_attn."), layer.selfAttn);
        feedForward(prefix, layer.feedForward);
        norm(prefix + QStringLiteral("norm1."), layer.norm1);
        norm(prefix + QStringLiteral("norm2."), layer.norm2);
    }
    norm(QStringLiteral("encoder.norm."), p.encoderNorm);
    for (size_t l = 0; l < p.decoder.size(); ++l) {
        const QString prefix = QStringLiteral("decoder.layers.%1.").arg(l);
        auto &layer = p.decoder[l];
        attention(prefix + QStringLiteral("self_attn."), layer.selfAttn);
        attention(prefix + QStringLiteral("multihead_attn."), layer.multiheadAttn);
        feedForward(prefix, layer.feedForward);
        norm(prefix + QStringLiteral("norm1."), layer.norm1);
        norm(prefix + QStringLiteral("norm2."), layer.norm2);
        norm(prefix + QStringLiteral("norm3."), layer.norm3);
    }
    norm(QStringLiteral("decoder.norm."), p.decoderNorm);
}

template <typename P> std::vector<TransformerTensor> views(P &p)
{
    std::vector<TransformerTensor> out;
    walk(p, [&out](const QString &name, auto &m) {
        using M = std::decay_t<decltype(m)>;
        const bool vector = M::RowsAtCompileTime == 1;
        out.push_back({ name, const_cast<double *>(m.data()), m.rows(), m.cols(), vector });
    });
    return out;
}

void attentionZeros(AttentionParameters &a, int d)
{
    a.inProjWeight.setZero(3 * d, d);
    a.inProjBias.setZero(3 * d);
    a.outProjWeight.setZero(d, d);
    a.outProjBias.setZero(d);
}

void feedForwardZeros(FeedForwardParameters &f, int d, int dff)
{
    f.linear1Weight.setZero(dff, d);
    f.linear1Bias.setZero(dff);
    f.linear2Weight.setZero(d, dff);
    f.linear2Bias.setZero(d);
}

void normZeros(LayerNormParameters &n, int d)
{
    n.weight.setZero(d);
    n.bias.setZero(d);
}

} // namespace

std::vector<TransformerTensor> TransformerParameters::tensors()
{
    return views(*this);
}

std::vector<TransformerTensor> TransformerParameters::tensors() const
{
    return views(*this);
}

TransformerParameters TransformerParameters::zeros(const TransformerSpec &spec)
{
    const int d = spec.dModel;
    const int dff = spec.dimFeedforward;
    TransformerParameters p;
    p.sourceEmbedding.setZero(spec.sourceVocabSize(), d);
    p.targetEmbedding.setZero(spec.targetVocabSize(), d);
    p.wOut.setZero(d, spec.targetVocabSize());
    p.bOut.setZero(spec.targetVocabSize());
    p.encoder.resize(size_t(spec.encoderLayers));
    for (EncoderLayerParameters &l : p.encoder) {
        attentionZeros(l.selfAttn, d);
        feedForwardZeros(l.feedForward, d, dff);
        normZeros(l.norm1, d);
        normZeros(l.norm2, d);
    }
    normZeros(p.encoderNorm, d);
    p.decoder.resize(size_t(spec.decoderLayers));
    for (DecoderLayerParameters &l : p.decoder) {
        attentionZeros(l.selfAttn, d);
        attentionZeros(l.multiheadAttn, d);
        feedForwardZeros(l.feedForward, d, dff);
        normZeros(l.norm1, d);
        normZeros(l.norm2, d);
        normZeros(l.norm3, d);
    }
    normZeros(p.decoderNorm, d);
    return p;
}

TransformerParameters TransformerParameters::initial(
    const TransformerSpec &spec, std::uint64_t seed)
{
    TransformerParameters p = zeros(spec);
    // One stream per tensor, so that a change of one shape leaves the others' draws alone.
    const std::uint64_t base = Rng::mix(seed ^ 0x7472'616e'7366'6f72ULL);
    std::uint64_t stream = 0;
    for (const TransformerTensor &t : p.tensors()) {
        Rng rng(Rng::mix(base + ++stream));
        auto flat = t.flat();
        if (t.name.endsWith(u"_embedding")) {
            for (Eigen::Index i = 0; i < flat.size(); ++i)
                flat(i) = rng.normal();
        } else if (!t.vector) {
            // Xavier uniform over fan_in + fan_out = rows + cols (the same for W and W^T).
            flat = Eigen::Map<const Eigen::VectorXd>(
                xavierUniform(int(t.rows), int(t.cols), Rng::mix(base + stream)).data(),
                flat.size());
        } else if (t.name.contains(u"norm") && t.name.endsWith(u".weight")) {
            flat.setOnes();
        } else if (t.name.contains(u".linear")) {
            // nn.Linear's bias: U(-1/sqrt(fan_in), 1/sqrt(fan_in)), fan_in its weight's cols.
            const int fanIn = t.name.contains(u".linear1.") ? spec.dModel : spec.dimFeedforward;
            const double bound = 1.0 / std::sqrt(double(fanIn));
            for (Eigen::Index i = 0; i < flat.size(); ++i)
                flat(i) = rng.uniform(-bound, bound);
        }
    }
    return p;
}

bool TransformerParameters::fits(const TransformerSpec &spec) const
{
    const std::vector<TransformerTensor> mine = tensors();
    const TransformerParameters zero = zeros(spec);
    const std::vector<TransformerTensor> shape = zero.tensors();
    if (mine.size() != shape.size())
        return false;
    for (size_t i = 0; i < mine.size(); ++i)
        if (mine[i].rows != shape[i].rows || mine[i].cols != shape[i].cols)
            return false;
    return true;
}

bool TransformerParameters::allFinite() const
{
    for (const TransformerTensor &t : tensors())
        if (!t.flat().allFinite())
            return false;
    return true;
}

double TransformerParameters::globalNorm() const
{
    double sum = 0.0;
    for (const TransformerTensor &t : tensors())
        sum += t.flat().squaredNorm();
    return std::sqrt(sum);
}

} // namespace ae
