// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformermodel.h"

#include "attention/embeddings.h"
#include "blas/blasthreads.h"
#include "blas/product.h"
#include "training/softmaxcrossentropy.h"

namespace ae {

TransformerModel::TransformerModel(const TransformerSpec &spec)
    : m_spec(spec)
    , m_divisor(scaleDivisor(spec.scale, spec.headWidth()))
    , m_encoder(size_t(spec.encoderLayers))
    , m_decoder(size_t(spec.decoderLayers))
{
    useSingleThreadedBlas();
}

void TransformerModel::runForward(const TransformerParameters &p, const TransformerBatch &batch)
{
    const int b = batch.size();
    const int ls = batch.sourceLength();
    const int lt = batch.targetLength();
    const int d = m_spec.dModel;
    if (ls != m_ls || m_sourcePositions.cols() != d)
        m_sourcePositions = sinusoidalPositions(ls, d);
    if (lt != m_lt || m_targetPositions.cols() != d)
        m_targetPositions = sinusoidalPositions(lt, d);
    m_batch = b;
    m_ls = ls;
    m_lt = lt;

    AttentionShape encoderShape { b, ls, ls, m_spec.heads, m_divisor, false, batch.sourcePadding };
    AttentionShape selfShape { b, lt, lt, m_spec.heads, m_divisor, true, batch.targetPadding };
    AttentionShape crossShape { b, lt, ls, m_spec.heads, m_divisor, false, batch.sourcePadding };
    const double eps = m_spec.layerNormEps;

    m_current.resize(Eigen::Index(b) * ls, d);
    for (int e = 0; e < b; ++e)
        for (int i = 0; i < ls; ++i)
            m_current.row(Eigen::Index(e) * ls + i)
                = p.sourceEmbedding.row(batch.source(e, i)) + m_sourcePositions.row(i);
    for (size_t l = 0; l < m_encoder.size(); ++l) {
        m_encoder[l].forward(p.encoder[l], m_current, encoderShape, eps, m_next);
        m_current.swap(m_next);
    }
    m_encoderNorm.forward(p.encoderNorm, m_current, eps, m_memory);

    m_targetIn.resize(b, lt);
    m_current.resize(Eigen::Index(b) * lt, d);
    for (int e = 0; e < b; ++e) {
        for (int i = 0; i < lt; ++i) {
            const int t = i == 0 ? 0 : batch.target(e, i - 1);
            m_targetIn(e, i) = t;
            m_current.row(Eigen::Index(e) * lt + i)
                = p.targetEmbedding.row(t) + m_targetPositions.row(i);
        }
    }
    for (size_t l = 0; l < m_decoder.size(); ++l) {
        m_decoder[l].forward(p.decoder[l], m_current, m_memory, selfShape, crossShape, eps, m_next);
        m_current.swap(m_next);
    }
    m_decoderNorm.forward(p.decoderNorm, m_current, eps, m_decoded);

    m_logits = p.bOut.replicate(m_decoded.rows(), 1);
    gemmInto(m_decoded, false, p.wOut, false, m_logits, true);
    softmaxCrossEntropy(m_logits, batch.target, m_probabilities, m_rowLoss);
    m_rowWeight.setOnes(m_logits.rows());
    if (batch.targetPadding.size() > 0)
        for (int e = 0; e < b; ++e)
            for (int i = 0; i < lt; ++i)
                if (batch.targetPadding(e, i))
                    m_rowWeight(Eigen::Index(e) * lt + i) = 0.0;
    m_tokens = static_cast<int>(m_rowWeight.sum());
}

TransformerStepResult TransformerModel::forward(
    const TransformerParameters &params, const TransformerBatch &batch)
{
    runForward(params, batch);
    TransformerStepResult r;
    r.tokens = m_tokens;
    if (m_tokens == 0)
        return r;
    r.loss = (m_rowLoss * m_rowWeight).sum() / m_tokens;
    Eigen::ArrayXi best;
    rowArgmax(m_logits, best);
    int correct = 0;
    for (Eigen::Index row = 0; row < m_logits.rows(); ++row) {
        if (m_rowWeight(row) != 0.0)
            correct += best(row) == batch.target.data()[row] ? 1 : 0;
    }
    r.accuracy = double(correct) / m_tokens;
    return r;
}

TransformerStepResult TransformerModel::forwardBackward(const TransformerParameters &params,
    const TransformerBatch &batch, TransformerParameters &grads)
{
    const TransformerStepResult r = forward(params, batch);
    runBackward(params, batch, grads);
    return r;
}

void TransformerModel::runBackward(
    const TransformerParameters &p, const TransformerBatch &batch, TransformerParameters &grads)
{
    // Every gradient is written over (and sized) below but the embeddings', which gather
    // their rows: no allocation after the first step.
    if (grads.encoder.size() != m_encoder.size() || grads.decoder.size() != m_decoder.size())
        grads = TransformerParameters::zeros(m_spec);
    grads.sourceEmbedding.setZero(p.sourceEmbedding.rows(), p.sourceEmbedding.cols());
    grads.targetEmbedding.setZero(p.targetEmbedding.rows(), p.targetEmbedding.cols());
    grads.wOut.resize(p.wOut.rows(), p.wOut.cols());
    const int b = m_batch, ls = m_ls, lt = m_lt;
    // dL/dlogits = (softmax - onehot(y)) / N on the counted rows, 0 on padding.
    m_dLogits = m_probabilities;
    for (Eigen::Index row = 0; row < m_dLogits.rows(); ++row)
        m_dLogits(row, batch.target.data()[row]) -= 1.0;
    if (m_tokens > 0)
        m_dLogits.array().colwise() *= m_rowWeight / double(m_tokens);
    else
        m_dLogits.setZero();
    gemmInto(m_decoded, true, m_dLogits, false, grads.wOut);
    grads.bOut = m_dLogits.colwise().sum();
    m_next.resize(m_dLogits.rows(), p.wOut.rows());
    gemmInto(m_dLogits, false, p.wOut, true, m_next);
    m_decoderNorm.backward(p.decoderNorm, m_next, grads.decoderNorm, m_current);

    m_dMemory.setZero(Eigen::Index(b) * ls, m_spec.dModel);
    for (size_t l = m_decoder.size(); l-- > 0;) {
        m_decoder[l].backward(p.decoder[l], m_current, grads.decoder[l], m_next, m_dMemoryPart);
        m_dMemory += m_dMemoryPart;
        m_current.swap(m_next);
    }
    for (int e = 0; e < b; ++e)
        for (int i = 0; i < lt; ++i)
            grads.targetEmbedding.row(m_targetIn(e, i)) += m_current.row(Eigen::Index(e) * lt + i);

    m_encoderNorm.backward(p.encoderNorm, m_dMemory, grads.encoderNorm, m_current);
    for (size_t l = m_encoder.size(); l-- > 0;) {
        m_encoder[l].backward(p.encoder[l], m_current, grads.encoder[l], m_next);
        m_current.swap(m_next);
    }
    for (int e = 0; e < b; ++e)
        for (int i = 0; i < ls; ++i)
            grads.sourceEmbedding.row(batch.source(e, i))
                += m_current.row(Eigen::Index(e) * ls + i);
}

Eigen::Block<const Eigen::MatrixXd> TransformerModel::encoderSelfWeights(
    int layer, int example, int head) const
{
    return m_encoder[size_t(layer)].selfAttention().weights(example, head);
}

Eigen::Block<const Eigen::MatrixXd> TransformerModel::decoderSelfWeights(
    int layer, int example, int head) const
{
    return m_decoder[size_t(layer)].selfAttention().weights(example, head);
}

Eigen::Block<const Eigen::MatrixXd> TransformerModel::crossWeights(
    int layer, int example, int head) const
{
    return m_decoder[size_t(layer)].crossAttention().weights(example, head);
}

} // namespace ae
