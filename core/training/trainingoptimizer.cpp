// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingoptimizer.h"

#include <cmath>

namespace ae {

TrainingOptimizer::TrainingOptimizer(const OptimizerConfig &config, const TrainingModelSpec &spec)
    : m_config(config)
{
    if (config.kind == OptimizerKind::Adam) {
        m_m = TrainingParameters::zeros(spec);
        m_v = TrainingParameters::zeros(spec);
    }
}

void TrainingOptimizer::apply(TrainingParameters &params, const TrainingParameters &grads)
{
    ++m_steps;
    const double lr = m_config.lr;
    if (m_config.kind == OptimizerKind::Sgd) {
        for (int i = 0; i < TrainingParameters::count; ++i)
            params.flat(i) -= lr * grads.flat(i);
        return;
    }
    const double beta1 = m_config.beta1;
    const double beta2 = m_config.beta2;
    // torch.optim.Adam's single-tensor path (PyTorch 2): exp_avg.lerp_(grad, 1 - beta1), which
    // for a weight below 0.5 is m + w (g - m) (PyTorch 1.13's beta1 m + (1 - beta1) g differs in
    // the last bit only); exp_avg_sq.mul_(beta2).addcmul_(grad, grad, 1 - beta2);
    // denom = sqrt(v) / sqrt(1 - beta2^t) + eps; param.addcdiv_(m, denom, -lr / (1 - beta1^t)).
    const double w = 1.0 - beta1;
    const double t = m_steps;
    const double biasCorrection1 = 1.0 - std::pow(beta1, t);
    const double biasCorrection2Sqrt = std::sqrt(1.0 - std::pow(beta2, t));
    const double stepSize = lr / biasCorrection1;
    for (int i = 0; i < TrainingParameters::count; ++i) {
        const auto g = grads.flat(i).array();
        auto m = m_m.flat(i).array();
        auto v = m_v.flat(i).array();
        if (w < 0.5)
            m = m + w * (g - m);
        else
            m = g - (g - m) * (1.0 - w);
        v = v * beta2 + g * g * (1.0 - beta2);
        params.flat(i).array()
            += -stepSize * (m / ((v.sqrt() / biasCorrection2Sqrt) + m_config.eps));
    }
}

} // namespace ae
