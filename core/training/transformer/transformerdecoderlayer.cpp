// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerdecoderlayer.h"

namespace ae {

void TransformerDecoderLayer::forward(const DecoderLayerParameters &p, const Eigen::MatrixXd &y,
    const Eigen::MatrixXd &memory, const AttentionShape &selfShape,
    const AttentionShape &crossShape, double eps, Eigen::MatrixXd &out)
{
    m_selfAttention.forward(p.selfAttn, y, y, selfShape, m_branch);
    m_sum = y + m_branch;
    m_norm1.forward(p.norm1, m_sum, eps, m_hidden1);
    m_crossAttention.forward(p.multiheadAttn, m_hidden1, memory, crossShape, m_branch);
    m_sum = m_hidden1 + m_branch;
    m_norm2.forward(p.norm2, m_sum, eps, m_hidden2);
    m_feedForward.forward(p.feedForward, m_hidden2, m_branch);
    m_sum = m_hidden2 + m_branch;
    m_norm3.forward(p.norm3, m_sum, eps, out);
}

void TransformerDecoderLayer::backward(const DecoderLayerParameters &p, const Eigen::MatrixXd &dOut,
    DecoderLayerParameters &grads, Eigen::MatrixXd &dy, Eigen::MatrixXd &dMemory)
{
    m_norm3.backward(p.norm3, dOut, grads.norm3, m_dSum);
    m_feedForward.backward(p.feedForward, m_dSum, grads.feedForward, m_dBranch);
    m_dHidden = m_dSum + m_dBranch;
    m_norm2.backward(p.norm2, m_dHidden, grads.norm2, m_dSum);
    m_crossAttention.backward(p.multiheadAttn, m_dSum, grads.multiheadAttn, m_dBranch, dMemory);
    m_dHidden = m_dSum + m_dBranch;
    m_norm1.backward(p.norm1, m_dHidden, grads.norm1, m_dSum);
    m_selfAttention.backwardSelf(p.selfAttn, m_dSum, grads.selfAttn, m_dBranch);
    dy = m_dSum + m_dBranch;
}

} // namespace ae
