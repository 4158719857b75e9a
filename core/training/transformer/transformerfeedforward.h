// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerfeedforward.h
/// The feed-forward block of a transformer layer, linear2(relu(linear1(x))), forward and
/// backward.

#include "training/transformer/transformerparameters.h"

#include <Eigen/Core>

namespace ae {

/// The block with its hidden activations kept for the backward pass. With N rows:
/// a = x W1^T + b1 (N x d_ff), out = relu(a) W2^T + b2 (N x d).
class TransformerFeedForward
{
public:
    /// @param x N x d @param[out] out N x d
    void forward(const FeedForwardParameters &p, const Eigen::MatrixXd &x, Eigen::MatrixXd &out);
    /// From dL/dout (N x d): the four gradients into @p grads, dL/dx (N x d) into @p dx.
    /// relu's derivative at 0 is taken as 0, as torch does.
    void backward(const FeedForwardParameters &p, const Eigen::MatrixXd &dOut,
        FeedForwardParameters &grads, Eigen::MatrixXd &dx);

private:
    Eigen::MatrixXd m_input; ///< N x d
    Eigen::MatrixXd m_hidden; ///< N x d_ff, relu(a)
    Eigen::MatrixXd m_dHidden; ///< N x d_ff
};

} // namespace ae
