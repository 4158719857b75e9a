// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerencoderlayer.h"

namespace ae {

void TransformerEncoderLayer::forward(const EncoderLayerParameters &p, const Eigen::MatrixXd &x,
    const AttentionShape &shape, double eps, Eigen::MatrixXd &out)
{
    m_selfAttention.forward(p.selfAttn, x, x, shape, m_branch);
    m_sum = x + m_branch;
    m_norm1.forward(p.norm1, m_sum, eps, m_hidden);
    m_feedForward.forward(p.feedForward, m_hidden, m_branch);
    m_sum = m_hidden + m_branch;
    m_norm2.forward(p.norm2, m_sum, eps, out);
}

void TransformerEncoderLayer::backward(const EncoderLayerParameters &p, const Eigen::MatrixXd &dOut,
    EncoderLayerParameters &grads, Eigen::MatrixXd &dx)
{
    m_norm2.backward(p.norm2, dOut, grads.norm2, m_dSum);
    m_feedForward.backward(p.feedForward, m_dSum, grads.feedForward, m_dBranch);
    m_dHidden = m_dSum + m_dBranch;
    m_norm1.backward(p.norm1, m_dHidden, grads.norm1, m_dSum);
    m_selfAttention.backwardSelf(p.selfAttn, m_dSum, grads.selfAttn, m_dBranch);
    dx = m_dSum + m_dBranch;
}

} // namespace ae
