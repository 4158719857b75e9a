// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerdecoderlayer.h
/// One torch.nn.TransformerDecoderLayer (post-norm, relu, no dropout), forward and backward.

#include "training/transformer/transformerattention.h"
#include "training/transformer/transformerfeedforward.h"
#include "training/transformer/transformerlayernorm.h"

namespace ae {

/// With y the (B Lt) x d input and m the (B Ls) x d memory (the encoder's output):
///     h1 = norm1(y + self_attn(y, y)),  h2 = norm2(h1 + multihead_attn(h1, m)),
///     out = norm3(h2 + linear2(relu(linear1(h2))))
class TransformerDecoderLayer
{
public:
    /// @param selfShape the causal self-attention's sizes and target padding (Lq = Lk = Lt)
    /// @param crossShape the cross-attention's sizes and source padding (Lq = Lt, Lk = Ls)
    /// @param[out] out (B Lt) x d
    void forward(const DecoderLayerParameters &p, const Eigen::MatrixXd &y,
        const Eigen::MatrixXd &memory, const AttentionShape &selfShape,
        const AttentionShape &crossShape, double eps, Eigen::MatrixXd &out);
    /// From dL/dout: every gradient of the layer into @p grads, dL/dy into @p dy and this
    /// layer's part of dL/dmemory into @p dMemory ((B Ls) x d).
    void backward(const DecoderLayerParameters &p, const Eigen::MatrixXd &dOut,
        DecoderLayerParameters &grads, Eigen::MatrixXd &dy, Eigen::MatrixXd &dMemory);

    /// The masked self-attention of the last forward().
    const TransformerAttention &selfAttention() const { return m_selfAttention; }
    /// The cross-attention of the last forward().
    const TransformerAttention &crossAttention() const { return m_crossAttention; }

private:
    TransformerAttention m_selfAttention, m_crossAttention;
    TransformerFeedForward m_feedForward;
    TransformerLayerNorm m_norm1, m_norm2, m_norm3;
    Eigen::MatrixXd m_sum, m_hidden1, m_hidden2, m_branch; ///< (B Lt) x d each
    Eigen::MatrixXd m_dSum, m_dHidden, m_dBranch; ///< backward workspace
};

} // namespace ae
