// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerencoderlayer.h
/// One torch.nn.TransformerEncoderLayer (post-norm, relu, no dropout), forward and backward.

#include "training/transformer/transformerattention.h"
#include "training/transformer/transformerfeedforward.h"
#include "training/transformer/transformerlayernorm.h"

namespace ae {

/// With x the (B Ls) x d input:
///     h = norm1(x + self_attn(x, x)),  out = norm2(h + linear2(relu(linear1(h))))
class TransformerEncoderLayer
{
public:
    /// @param shape the self-attention's sizes, source padding and divisor (Lq = Lk = Ls)
    /// @param[out] out (B Ls) x d
    void forward(const EncoderLayerParameters &p, const Eigen::MatrixXd &x,
        const AttentionShape &shape, double eps, Eigen::MatrixXd &out);
    /// From dL/dout: every gradient of the layer into @p grads, dL/dx into @p dx.
    void backward(const EncoderLayerParameters &p, const Eigen::MatrixXd &dOut,
        EncoderLayerParameters &grads, Eigen::MatrixXd &dx);

    /// The self-attention of the last forward() (its weights).
    const TransformerAttention &selfAttention() const { return m_selfAttention; }

private:
    TransformerAttention m_selfAttention;
    TransformerFeedForward m_feedForward;
    TransformerLayerNorm m_norm1, m_norm2;
    Eigen::MatrixXd m_sum, m_hidden, m_branch; ///< (B Ls) x d each
    Eigen::MatrixXd m_dSum, m_dHidden, m_dBranch; ///< backward workspace
};

} // namespace ae
