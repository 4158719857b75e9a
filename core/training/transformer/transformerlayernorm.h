// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerlayernorm.h
/// torch.nn.LayerNorm over the d features of each row, forward and backward.

#include "training/transformer/transformerparameters.h"

#include <Eigen/Core>

namespace ae {

/// One LayerNorm with what its backward pass needs kept from the forward pass. For each row x
/// of N x d: mu = mean(x), var = mean((x - mu)^2) (biased, as torch), r = 1 / sqrt(var + eps),
/// x^ = (x - mu) r, out = x^ o weight + bias.
class TransformerLayerNorm
{
public:
    /// @param x N x d @param[out] out N x d (may not alias @p x)
    void forward(
        const LayerNormParameters &p, const Eigen::MatrixXd &x, double eps, Eigen::MatrixXd &out);
    /// From dL/dout (N x d): writes dL/dweight and dL/dbias into @p grads and
    /// dL/dx = r (g - mean(g) - x^ mean(g o x^)) with g = dout o weight into @p dx (which may
    /// not alias @p dOut).
    void backward(const LayerNormParameters &p, const Eigen::MatrixXd &dOut,
        LayerNormParameters &grads, Eigen::MatrixXd &dx);

private:
    Eigen::MatrixXd m_normalized; ///< N x d, x^
    Eigen::ArrayXd m_inverseStd; ///< N, r
    /// N each, workspace kept between calls (a step allocates nothing): the row means and
    /// variances, or the row means of g = dout o weight and of g o x^
    Eigen::ArrayXd m_rowA, m_rowB;
};

} // namespace ae
