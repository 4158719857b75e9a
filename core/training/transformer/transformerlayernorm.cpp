// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerlayernorm.h"

namespace ae {

void TransformerLayerNorm::forward(
    const LayerNormParameters &p, const Eigen::MatrixXd &x, double eps, Eigen::MatrixXd &out)
{
    const Eigen::VectorXd mean = x.rowwise().mean();
    m_normalized = x.colwise() - mean;
    const Eigen::ArrayXd variance = m_normalized.array().square().rowwise().mean();
    m_inverseStd = (variance + eps).sqrt().inverse();
    m_normalized.array().colwise() *= m_inverseStd;
    out.resize(x.rows(), x.cols());
    out.array() = m_normalized.array().rowwise() * p.weight.array();
    out.rowwise() += p.bias;
}

void TransformerLayerNorm::backward(const LayerNormParameters &p, const Eigen::MatrixXd &dOut,
    LayerNormParameters &grads, Eigen::MatrixXd &dx) const
{
    grads.weight = (dOut.array() * m_normalized.array()).colwise().sum().matrix();
    grads.bias = dOut.colwise().sum();
    const Eigen::ArrayXXd g = dOut.array().rowwise() * p.weight.array();
    const Eigen::ArrayXd meanG = g.rowwise().mean();
    const Eigen::ArrayXd meanGx = (g * m_normalized.array()).rowwise().mean();
    dx.resize(dOut.rows(), dOut.cols());
    dx.array() = ((g.colwise() - meanG) - m_normalized.array().colwise() * meanGx).colwise()
        * m_inverseStd;
}

} // namespace ae
