// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerfeedforward.h"

namespace ae {

void TransformerFeedForward::forward(
    const FeedForwardParameters &p, const Eigen::MatrixXd &x, Eigen::MatrixXd &out)
{
    m_input = x;
    m_hidden.noalias() = x * p.linear1Weight.transpose();
    m_hidden.rowwise() += p.linear1Bias;
    m_hidden = m_hidden.cwiseMax(0.0);
    out.noalias() = m_hidden * p.linear2Weight.transpose();
    out.rowwise() += p.linear2Bias;
}

void TransformerFeedForward::backward(const FeedForwardParameters &p, const Eigen::MatrixXd &dOut,
    FeedForwardParameters &grads, Eigen::MatrixXd &dx)
{
    grads.linear2Weight.noalias() = dOut.transpose() * m_hidden;
    grads.linear2Bias = dOut.colwise().sum();
    m_dHidden.noalias() = dOut * p.linear2Weight;
    m_dHidden = (m_hidden.array() > 0.0).select(m_dHidden, 0.0);
    grads.linear1Weight.noalias() = m_dHidden.transpose() * m_input;
    grads.linear1Bias = m_dHidden.colwise().sum();
    dx.noalias() = m_dHidden * p.linear1Weight;
}

} // namespace ae
