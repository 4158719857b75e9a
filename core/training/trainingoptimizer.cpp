// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingoptimizer.h"

#include "simd/vectorexp.h"

#include <cmath>

namespace ae {

namespace {

/// One Adam update of n entries (see optimizerUpdate()).
struct AdamStep
{
    double *param;
    const double *grad;
    double *m, *v;
    Eigen::Index n;
    double w, beta2, biasCorrection2Sqrt, stepSize, eps;
};

/// Both moments and the parameter in one pass, entry by entry in torch's order; one
/// multiplication or addition at a time (never fused), with IEEE square roots and
/// quotients, so that every kernel gives the same bits.
inline __attribute__((always_inline)) void runAdam(const AdamStep &s)
{
    double *__restrict param = s.param;
    const double *__restrict grad = s.grad;
    double *__restrict m = s.m;
    double *__restrict v = s.v;
    const double w = s.w, beta2 = s.beta2, oneMinusBeta2 = 1.0 - s.beta2;
    const double keep = 1.0 - w, c = s.biasCorrection2Sqrt, eps = s.eps, step = -s.stepSize;
    if (w < 0.5) {
        for (Eigen::Index i = 0; i < s.n; ++i) {
            const double g = grad[i];
            const double mi = m[i] + w * (g - m[i]);
            const double vi = v[i] * beta2 + g * g * oneMinusBeta2;
            m[i] = mi;
            v[i] = vi;
            param[i] += step * (mi / (std::sqrt(vi) / c + eps));
        }
    } else {
        for (Eigen::Index i = 0; i < s.n; ++i) {
            const double g = grad[i];
            const double mi = g - (g - m[i]) * keep;
            const double vi = v[i] * beta2 + g * g * oneMinusBeta2;
            m[i] = mi;
            v[i] = vi;
            param[i] += step * (mi / (std::sqrt(vi) / c + eps));
        }
    }
}

void portableAdam(const AdamStep &s)
{
    runAdam(s);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/// The same pass four entries at a time (AVX2 without FMA: the same bits).
__attribute__((target("avx2"))) void avx2Adam(const AdamStep &s)
{
    runAdam(s);
}
#endif

void adamUpdate(const AdamStep &s)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static const bool avx2 = expKernelSupported(ExpKernel::Avx2);
    if (avx2) {
        avx2Adam(s);
        return;
    }
#endif
    portableAdam(s);
}

} // namespace

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
    adamUpdate(AdamStep { param.data(), grad.data(), m.data(), v.data(), param.size(), w, beta2,
        biasCorrection2Sqrt, stepSize, config.eps });
}

} // namespace ae
