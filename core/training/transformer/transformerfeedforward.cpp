// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerfeedforward.h"

#include "blas/product.h"

namespace ae {

void TransformerFeedForward::forward(
    const FeedForwardParameters &p, const Eigen::MatrixXd &x, Eigen::MatrixXd &out)
{
    m_input = x;
    // Each product adds to its bias, written first.
    m_hidden = p.linear1Bias.replicate(x.rows(), 1);
    gemmInto(x, false, p.linear1Weight, true, m_hidden, true);
    m_hidden = m_hidden.cwiseMax(0.0);
    out = p.linear2Bias.replicate(x.rows(), 1);
    gemmInto(m_hidden, false, p.linear2Weight, true, out, true);
}

void TransformerFeedForward::backward(const FeedForwardParameters &p, const Eigen::MatrixXd &dOut,
    FeedForwardParameters &grads, Eigen::MatrixXd &dx)
{
    grads.linear2Weight.resize(p.linear2Weight.rows(), p.linear2Weight.cols());
    gemmInto(dOut, true, m_hidden, false, grads.linear2Weight);
    grads.linear2Bias = dOut.colwise().sum();
    m_dHidden.resize(dOut.rows(), p.linear2Weight.cols());
    gemmInto(dOut, false, p.linear2Weight, false, m_dHidden);
    // relu's derivative, as a select without branches (the signs are random: a branch per
    // entry would be mispredicted half the time); it vectorises.
    const double *__restrict hidden = m_hidden.data();
    double *__restrict dHidden = m_dHidden.data();
    for (Eigen::Index i = 0; i < m_dHidden.size(); ++i)
        dHidden[i] = hidden[i] > 0.0 ? dHidden[i] : 0.0;
    grads.linear1Weight.resize(p.linear1Weight.rows(), p.linear1Weight.cols());
    gemmInto(m_dHidden, true, m_input, false, grads.linear1Weight);
    grads.linear1Bias = m_dHidden.colwise().sum();
    dx.resize(dOut.rows(), p.linear1Weight.cols());
    gemmInto(m_dHidden, false, p.linear1Weight, false, dx);
}

} // namespace ae
