// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformeroptimizer.h"

#include "training/trainingoptimizer.h"

namespace ae {

TransformerOptimizer::TransformerOptimizer(
    const OptimizerConfig &config, const TransformerSpec &spec, double clipNorm)
    : m_config(config)
    , m_clipNorm(clipNorm)
{
    if (config.kind == OptimizerKind::Adam) {
        m_m = TransformerParameters::zeros(spec);
        m_v = TransformerParameters::zeros(spec);
    }
}

void TransformerOptimizer::apply(TransformerParameters &params, TransformerParameters &grads)
{
    ++m_steps;
    const std::vector<TransformerTensor> g = grads.tensors();
    if (m_clipNorm > 0.0) {
        const double coefficient = m_clipNorm / (grads.globalNorm() + 1e-6);
        if (coefficient < 1.0)
            for (const TransformerTensor &t : g)
                t.flat() *= coefficient;
    }
    const std::vector<TransformerTensor> p = params.tensors();
    const bool adam = m_config.kind == OptimizerKind::Adam;
    const std::vector<TransformerTensor> m
        = adam ? m_m.tensors() : std::vector<TransformerTensor>();
    const std::vector<TransformerTensor> v
        = adam ? m_v.tensors() : std::vector<TransformerTensor>();
    const Eigen::Map<Eigen::VectorXd> none(nullptr, 0);
    for (size_t i = 0; i < p.size(); ++i) {
        const Eigen::Map<const Eigen::VectorXd> grad(g[i].data, g[i].rows * g[i].cols);
        optimizerUpdate(m_config, m_steps, p[i].flat(), grad, adam ? m[i].flat() : none,
            adam ? v[i].flat() : none);
    }
}

} // namespace ae
