// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerattention.h"

#include "attention/softmax.h"

namespace ae {

void TransformerAttention::forward(const AttentionParameters &p, const Eigen::MatrixXd &query,
    const Eigen::MatrixXd &keyValue, const AttentionShape &shape, Eigen::MatrixXd &out)
{
    m_shape = shape;
    const Eigen::Index d = query.cols();
    const int b = shape.batch, lq = shape.queryLength, lk = shape.keyLength, h = shape.heads;
    m_dK = static_cast<int>(d / h);
    m_query = query;
    m_keyValue = keyValue;
    m_q.noalias() = query * p.inProjWeight.topRows(d).transpose();
    m_q.rowwise() += p.inProjBias.head(d);
    m_k.noalias() = keyValue * p.inProjWeight.middleRows(d, d).transpose();
    m_k.rowwise() += p.inProjBias.segment(d, d);
    m_v.noalias() = keyValue * p.inProjWeight.bottomRows(d).transpose();
    m_v.rowwise() += p.inProjBias.tail(d);

    const Eigen::Index rows = Eigen::Index(h) * b * lq;
    m_dots.resize(rows, lk);
    for (int head = 0; head < h; ++head)
        for (int e = 0; e < b; ++e)
            m_dots.block((Eigen::Index(head) * b + e) * lq, 0, lq, lk).noalias()
                = m_q.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK)
                * m_k.block(Eigen::Index(e) * lk, head * m_dK, lk, m_dK).transpose();
    const bool padded = shape.keyPadding.size() > 0;
    if (shape.causal || padded) {
        m_visible.resize(rows, lk);
        for (int head = 0; head < h; ++head)
            for (int e = 0; e < b; ++e)
                for (int i = 0; i < lq; ++i)
                    for (int j = 0; j < lk; ++j)
                        m_visible((Eigen::Index(head) * b + e) * lq + i, j)
                            = !(shape.causal && j > i) && !(padded && shape.keyPadding(e, j));
    } else {
        m_visible.resize(0, 0);
    }
    m_weights.resize(rows, lk);
    m_entropy.resize(rows);
    softmaxRowsWithEntropy(m_dots, m_visible, m_weights, m_entropy, shape.divisor);

    m_concat.resize(Eigen::Index(b) * lq, d);
    for (int head = 0; head < h; ++head)
        for (int e = 0; e < b; ++e)
            m_concat.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK).noalias()
                = weights(e, head) * m_v.block(Eigen::Index(e) * lk, head * m_dK, lk, m_dK);
    out.noalias() = m_concat * p.outProjWeight.transpose();
    out.rowwise() += p.outProjBias;
}

void TransformerAttention::backward(const AttentionParameters &p, const Eigen::MatrixXd &dOut,
    AttentionParameters &grads, Eigen::MatrixXd &dQuery, Eigen::MatrixXd &dKeyValue)
{
    const int b = m_shape.batch, lq = m_shape.queryLength, lk = m_shape.keyLength;
    const Eigen::Index d = m_q.cols();
    grads.outProjWeight.noalias() = dOut.transpose() * m_concat;
    grads.outProjBias = dOut.colwise().sum();
    m_dConcat.noalias() = dOut * p.outProjWeight;

    // The scores are dot * (1 / divisor), so dL/ddot = dL/dS * (1 / divisor).
    const double factor = 1.0 / m_shape.divisor;
    m_dQ.resize(m_q.rows(), d);
    m_dKey.resize(m_k.rows(), d);
    m_dV.resize(m_v.rows(), d);
    for (int head = 0; head < m_shape.heads; ++head) {
        for (int e = 0; e < b; ++e) {
            const auto a = weights(e, head);
            const auto dO = m_dConcat.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK);
            const auto q = m_q.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK);
            const auto k = m_k.block(Eigen::Index(e) * lk, head * m_dK, lk, m_dK);
            const auto v = m_v.block(Eigen::Index(e) * lk, head * m_dK, lk, m_dK);
            m_dV.block(Eigen::Index(e) * lk, head * m_dK, lk, m_dK).noalias() = a.transpose() * dO;
            m_dWeights.noalias() = dO * v.transpose();
            // Softmax: dS = A o (dA - rowsum(A o dA)); hidden entries have A = 0, so dS = 0.
            const Eigen::VectorXd rowDot = (a.array() * m_dWeights.array()).rowwise().sum();
            m_dWeights.array()
                = a.array() * (m_dWeights.array().colwise() - rowDot.array()) * factor;
            m_dQ.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK).noalias() = m_dWeights * k;
            m_dKey.block(Eigen::Index(e) * lk, head * m_dK, lk, m_dK).noalias()
                = m_dWeights.transpose() * q;
        }
    }
    grads.inProjWeight.resize(3 * d, d);
    grads.inProjWeight.topRows(d).noalias() = m_dQ.transpose() * m_query;
    grads.inProjWeight.middleRows(d, d).noalias() = m_dKey.transpose() * m_keyValue;
    grads.inProjWeight.bottomRows(d).noalias() = m_dV.transpose() * m_keyValue;
    grads.inProjBias.resize(3 * d);
    grads.inProjBias.head(d) = m_dQ.colwise().sum();
    grads.inProjBias.segment(d, d) = m_dKey.colwise().sum();
    grads.inProjBias.tail(d) = m_dV.colwise().sum();
    dQuery.noalias() = m_dQ * p.inProjWeight.topRows(d);
    dKeyValue.noalias() = m_dKey * p.inProjWeight.middleRows(d, d);
    dKeyValue.noalias() += m_dV * p.inProjWeight.bottomRows(d);
}

Eigen::Block<const Eigen::MatrixXd> TransformerAttention::weights(int example, int head) const
{
    const Eigen::Index lq = m_shape.queryLength;
    return m_weights.block(
        (Eigen::Index(head) * m_shape.batch + example) * lq, 0, lq, m_shape.keyLength);
}

} // namespace ae
