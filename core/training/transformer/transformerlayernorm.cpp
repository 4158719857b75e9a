// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerlayernorm.h"

namespace ae {

void TransformerLayerNorm::forward(
    const LayerNormParameters &p, const Eigen::MatrixXd &x, double eps, Eigen::MatrixXd &out)
{
    m_rowMean = x.rowwise().mean();
    m_normalized = x.colwise() - m_rowMean.matrix();
    m_rowMean = m_normalized.array().square().rowwise().mean(); // the variance
    m_inverseStd = (m_rowMean + eps).sqrt().inverse();
    m_normalized.array().colwise() *= m_inverseStd;
    out.resize(x.rows(), x.cols());
    out.array() = (m_normalized.array().rowwise() * p.weight.array()).rowwise() + p.bias.array();
}

void TransformerLayerNorm::backward(const LayerNormParameters &p, const Eigen::MatrixXd &dOut,
    LayerNormParameters &grads, Eigen::MatrixXd &dx)
{
    grads.weight = (dOut.array() * m_normalized.array()).colwise().sum().matrix();
    grads.bias = dOut.colwise().sum();
    m_g = dOut.array().rowwise() * p.weight.array();
    m_rowMean = m_g.rowwise().mean();
    m_rowMeanGx = (m_g * m_normalized.array()).rowwise().mean();
    dx.resize(dOut.rows(), dOut.cols());
    dx.array()
        = ((m_g.colwise() - m_rowMean) - m_normalized.array().colwise() * m_rowMeanGx).colwise()
        * m_inverseStd;
}

} // namespace ae
