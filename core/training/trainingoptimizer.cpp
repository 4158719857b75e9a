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
    const Eigen::Map<Eigen::VectorXd> none(nullptr, 0);
    for (int i = 0; i < TrainingParameters::count; ++i) {
        if (m_config.kind == OptimizerKind::Sgd)
            optimizerUpdate(m_config, m_steps, params.flat(i), grads.flat(i), none, none);
        else
            optimizerUpdate(
                m_config, m_steps, params.flat(i), grads.flat(i), m_m.flat(i), m_v.flat(i));
    }
}

void optimizerUpdate(const OptimizerConfig &config, int step, Eigen::Map<Eigen::VectorXd> param,
    Eigen::Map<const Eigen::VectorXd> grad, Eigen::Map<Eigen::VectorXd> m,
    Eigen::Map<Eigen::VectorXd> v)
{
    const double lr = config.lr;
    if (config.kind == OptimizerKind::Sgd) {
        param -= lr * grad;
        return;
    }
    const double beta1 = config.beta1;
    const double beta2 = config.beta2;
    // torch.optim.Adam's single-tensor path (PyTorch 2): exp_avg.lerp_(grad, 1 - beta1), which
    // for a weight below 0.5 is m + w (g - m) (PyTorch 1.13's beta1 m + (1 - beta1) g differs in
    // the last bit only); exp_avg_sq.mul_(beta2).addcmul_(grad, grad, 1 - beta2);
    // denom = sqrt(v) / sqrt(1 - beta2^t) + eps; param.addcdiv_(m, denom, -lr / (1 - beta1^t)).
    const double w = 1.0 - beta1;
    const double t = step;
    const double biasCorrection1 = 1.0 - std::pow(beta1, t);
    const double biasCorrection2Sqrt = std::sqrt(1.0 - std::pow(beta2, t));
    const double stepSize = lr / biasCorrection1;
    const auto g = grad.array();
    auto ma = m.array();
    auto va = v.array();
    if (w < 0.5)
        ma = ma + w * (g - ma);
    else
        ma = g - (g - ma) * (1.0 - w);
    va = va * beta2 + g * g * (1.0 - beta2);
    param.array() += -stepSize * (ma / ((va.sqrt() / biasCorrection2Sqrt) + config.eps));
}

} // namespace ae
