// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingmodel.h"

#include "attention/embeddings.h"
#include "attention/softmax.h"
#include "training/softmaxcrossentropy.h"

#include <cmath>
#include <limits>

namespace ae {

TrainingModel::TrainingModel(const TrainingModelSpec &spec)
    : m_spec(spec)
{
    m_dK = headWidth(spec.dModel, spec.heads);
    m_scale = scaleDivisor(spec.scale, m_dK);
}

void TrainingModel::runForward(const TrainingParameters &p, const TrainingBatch &batch)
{
    const int b = batch.size();
    const int ls = batch.sourceLength();
    const int lt = batch.targetLength();
    const int d = m_spec.dModel;
    const int h = m_spec.heads;
    if (ls != m_ls || m_sourcePositions.cols() != d)
        m_sourcePositions = sinusoidalPositions(ls, d);
    if (lt != m_lt || m_targetPositions.cols() != d)
        m_targetPositions = sinusoidalPositions(lt, d);
    m_batch = b;
    m_ls = ls;
    m_lt = lt;

    // X = E_s[x] + PE and K = X W_k + b_k, so K's row for token t at position i is
    // (E_s W_k)[t] + (PE W_k + b_k)[i]: the projections are computed once per vocabulary entry
    // and per position ((V + L) d^2 multiply-adds instead of B L d^2), then gathered.
    m_sourceK.noalias() = p.sourceEmbedding * p.wk;
    m_sourceV.noalias() = p.sourceEmbedding * p.wv;
    m_targetQ.noalias() = p.targetEmbedding * p.wq;
    m_positionK.noalias() = m_sourcePositions * p.wk;
    m_positionK.rowwise() += p.bk;
    m_positionV.noalias() = m_sourcePositions * p.wv;
    m_positionV.rowwise() += p.bv;
    m_positionQ.noalias() = m_targetPositions * p.wq;
    m_positionQ.rowwise() += p.bq;
    m_targetIn.resize(b, lt);
    m_q.resize(b * lt, d);
    m_k.resize(b * ls, d);
    m_v.resize(b * ls, d);
    for (int e = 0; e < b; ++e) {
        for (int i = 0; i < ls; ++i) {
            const int t = batch.source(e, i);
            m_k.row(e * ls + i) = m_sourceK.row(t) + m_positionK.row(i);
            m_v.row(e * ls + i) = m_sourceV.row(t) + m_positionV.row(i);
        }
        for (int i = 0; i < lt; ++i) {
            const int t = i == 0 ? 0 : batch.target(e, i - 1);
            m_targetIn(e, i) = t;
            m_q.row(e * lt + i) = m_targetQ.row(t) + m_positionQ.row(i);
        }
    }

    // Scores of every head and example, then one softmax sweep over all of them.
    m_scores.resize(static_cast<Eigen::Index>(h) * b * lt, ls);
    for (int head = 0; head < h; ++head) {
        for (int e = 0; e < b; ++e) {
            auto s = m_scores.block((head * b + e) * lt, 0, lt, ls);
            s.noalias() = m_q.block(e * lt, head * m_dK, lt, m_dK)
                * m_k.block(e * ls, head * m_dK, ls, m_dK).transpose();
            s /= m_scale;
        }
    }
    m_weights.resize(m_scores.rows(), ls);
    m_rowEntropy.resize(m_scores.rows());
    softmaxRowsWithEntropy(m_scores, BoolMatrix(), m_weights, m_rowEntropy);

    m_concat.resize(b * lt, d);
    for (int head = 0; head < h; ++head) {
        for (int e = 0; e < b; ++e) {
            m_concat.block(e * lt, head * m_dK, lt, m_dK).noalias()
                = weights(e, head) * m_v.block(e * ls, head * m_dK, ls, m_dK);
        }
    }
    // logits = (concat W_o + b_o) W_out + b_out. With fewer target words than rows, the two
    // layers are applied as one d x Vt matrix W_o W_out (d^2 Vt multiply-adds once instead of
    // B Lt d^2), and the backward pass follows the same grouping.
    m_folded = m_spec.targetVocabSize() < b * lt;
    if (m_folded) {
        m_foldedW.noalias() = p.wo * p.wOut;
        m_foldedB.noalias() = p.bo * p.wOut;
        m_foldedB += p.bOut;
        m_logits.noalias() = m_concat * m_foldedW;
        m_logits.rowwise() += m_foldedB;
    } else {
        m_output.noalias() = m_concat * p.wo;
        m_output.rowwise() += p.bo;
        m_logits.noalias() = m_output * p.wOut;
        m_logits.rowwise() += p.bOut;
    }
    softmaxCrossEntropy(m_logits, batch.target, m_probabilities, m_rowLoss);
}

Eigen::Block<const Eigen::MatrixXd> TrainingModel::weights(int example, int head) const
{
    return m_weights.block((head * m_batch + example) * m_lt, 0, m_lt, m_ls);
}

StepMetrics TrainingModel::measure(const TrainingBatch &batch) const
{
    StepMetrics m;
    const Eigen::Index n = m_logits.rows();
    m.loss = m_rowLoss.mean();
    Eigen::ArrayXi best;
    rowArgmax(m_logits, best);
    int correct = 0;
    for (Eigen::Index r = 0; r < n; ++r)
        correct += best(r) == batch.target.data()[r] ? 1 : 0;
    m.accuracy = double(correct) / double(n);
    m.maxWeight = m_weights.rowwise().maxCoeff().mean();
    m.entropy = m_rowEntropy.mean();
    // Alignment: the head-mean weights' largest entry per query.
    int aligned = 0, counted = 0;
    Eigen::RowVectorXd mean(m_ls);
    for (int e = 0; e < m_batch; ++e) {
        for (int i = 0; i < m_lt; ++i) {
            if (batch.alignment.size() == 0 || batch.alignment(e, i) < 0)
                continue;
            mean.setZero();
            for (int head = 0; head < m_spec.heads; ++head)
                mean += m_weights.row((head * m_batch + e) * m_lt + i);
            Eigen::Index best = 0;
            mean.maxCoeff(&best);
            ++counted;
            aligned += best == batch.alignment(e, i) ? 1 : 0;
        }
    }
    m.alignmentAccuracy = counted > 0 ? double(aligned) / counted : 0.0;
    return m;
}

StepMetrics TrainingModel::forward(const TrainingParameters &params, const TrainingBatch &batch)
{
    runForward(params, batch);
    return measure(batch);
}

StepMetrics TrainingModel::forwardBackward(
    const TrainingParameters &p, const TrainingBatch &batch, TrainingParameters &g)
{
    runForward(p, batch);
    StepMetrics metrics = measure(batch);
    const int b = m_batch;
    const int ls = m_ls;
    const int lt = m_lt;
    const int d = m_spec.dModel;
    const Eigen::Index n = m_logits.rows();

    // d loss / d logits of the mean cross-entropy: (softmax - onehot) / N.
    m_dLogits = m_probabilities;
    for (Eigen::Index r = 0; r < n; ++r)
        m_dLogits(r, batch.target.data()[r]) -= 1.0;
    m_dLogits /= double(n);

    g.bOut = m_dLogits.colwise().sum();
    if (m_folded) {
        // With G = concat^T dLogits (d x Vt): dW_out = W_o^T G + b_o^T colsum(dLogits),
        // dW_o = G W_out^T, db_o = colsum(dLogits) W_out^T, dconcat = dLogits (W_o W_out)^T.
        m_concatTdLogits.noalias() = m_concat.transpose() * m_dLogits;
        g.wOut.noalias() = p.wo.transpose() * m_concatTdLogits;
        g.wOut.noalias() += p.bo.transpose() * g.bOut;
        g.wo.noalias() = m_concatTdLogits * p.wOut.transpose();
        g.bo.noalias() = g.bOut * p.wOut.transpose();
        m_dConcat.noalias() = m_dLogits * m_foldedW.transpose();
    } else {
        g.wOut.noalias() = m_output.transpose() * m_dLogits;
        m_dOutput.noalias() = m_dLogits * p.wOut.transpose();
        g.wo.noalias() = m_concat.transpose() * m_dOutput;
        g.bo = m_dOutput.colwise().sum();
        m_dConcat.noalias() = m_dOutput * p.wo.transpose();
    }

    // Through each head's softmax: dS = A o (dA - rowsum(A o dA)), then the 1/s.
    m_dQ.resize(b * lt, d);
    m_dKey.resize(b * ls, d);
    m_dV.resize(b * ls, d);
    m_dWeights.resize(lt, ls);
    for (int head = 0; head < m_spec.heads; ++head) {
        const int c = head * m_dK;
        for (int e = 0; e < b; ++e) {
            const auto a = weights(e, head);
            const auto dO = m_dConcat.block(e * lt, c, lt, m_dK);
            m_dWeights.noalias() = dO * m_v.block(e * ls, c, ls, m_dK).transpose();
            m_dV.block(e * ls, c, ls, m_dK).noalias() = a.transpose() * dO;
            // A row of zeros (a fully masked row) gets a zero gradient here, never NaN.
            m_rowDot = (a.array() * m_dWeights.array()).rowwise().sum();
            m_dWeights = (a.array() * (m_dWeights.colwise() - m_rowDot).array()) / m_scale;
            m_dQ.block(e * lt, c, lt, m_dK).noalias() = m_dWeights * m_k.block(e * ls, c, ls, m_dK);
            m_dKey.block(e * ls, c, ls, m_dK).noalias()
                = m_dWeights.transpose() * m_q.block(e * lt, c, lt, m_dK);
        }
    }

    // Back through the gathered projections: sum each of dQ, dK, dV by vocabulary entry and by
    // position, then W_q's gradient is Y^T dQ = E_t^T dQ_tok + PE^T dQ_pos, and the embeddings'
    // gradients are dQ_tok W_q^T (target), dK_tok W_k^T + dV_tok W_v^T (source).
    m_tokenQ.setZero(p.targetEmbedding.rows(), d);
    m_tokenK.setZero(p.sourceEmbedding.rows(), d);
    m_tokenV.setZero(p.sourceEmbedding.rows(), d);
    m_posQ.setZero(lt, d);
    m_posK.setZero(ls, d);
    m_posV.setZero(ls, d);
    for (int e = 0; e < b; ++e) {
        for (int i = 0; i < ls; ++i) {
            const int t = batch.source(e, i);
            m_tokenK.row(t) += m_dKey.row(e * ls + i);
            m_tokenV.row(t) += m_dV.row(e * ls + i);
            m_posK.row(i) += m_dKey.row(e * ls + i);
            m_posV.row(i) += m_dV.row(e * ls + i);
        }
        for (int i = 0; i < lt; ++i) {
            m_tokenQ.row(m_targetIn(e, i)) += m_dQ.row(e * lt + i);
            m_posQ.row(i) += m_dQ.row(e * lt + i);
        }
    }
    g.wq.noalias() = p.targetEmbedding.transpose() * m_tokenQ;
    g.wq.noalias() += m_targetPositions.transpose() * m_posQ;
    g.bq = m_posQ.colwise().sum();
    g.wk.noalias() = p.sourceEmbedding.transpose() * m_tokenK;
    g.wk.noalias() += m_sourcePositions.transpose() * m_posK;
    g.bk = m_posK.colwise().sum();
    g.wv.noalias() = p.sourceEmbedding.transpose() * m_tokenV;
    g.wv.noalias() += m_sourcePositions.transpose() * m_posV;
    g.bv = m_posV.colwise().sum();
    g.targetEmbedding.noalias() = m_tokenQ * p.wq.transpose();
    g.sourceEmbedding.noalias() = m_tokenK * p.wk.transpose();
    g.sourceEmbedding.noalias() += m_tokenV * p.wv.transpose();
    metrics.gradNormQ = g.wq.norm();
    metrics.gradNormK = g.wk.norm();
    return metrics;
}

} // namespace ae
