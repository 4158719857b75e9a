// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingoptimizer.h
/// SGD and Adam in float64, in PyTorch's exact order of operations (spec training.md,
/// section 2).

#include "training/trainingconfig.h"
#include "training/trainingparameters.h"

namespace ae {

/// An optimiser with its state (Adam's moments and step count). A plain value: copying it
/// copies the state, so a copied Trainer continues identically.
class TrainingOptimizer
{
public:
    TrainingOptimizer(const OptimizerConfig &config, const TrainingModelSpec &spec);

    const OptimizerConfig &config() const { return m_config; }
    /// Updates done so far.
    int steps() const { return m_steps; }

    /// One update of @p params with the gradients @p grads (same shapes).
    /// SGD: theta -= lr g. Adam at t = steps() + 1: m = lerp(m, g, 1 - beta1),
    /// v = beta2 v + (1 - beta2) g g, theta -= (lr / (1 - beta1^t)) m / (sqrt(v) /
    /// sqrt(1 - beta2^t) + eps).
    void apply(TrainingParameters &params, const TrainingParameters &grads);

private:
    OptimizerConfig m_config;
    TrainingParameters m_m, m_v; ///< Adam's first and second moments
    int m_steps = 0;
};

/// One update of one tensor at step @p step (1, 2, ...), the rule TrainingOptimizer::apply()
/// and the transformer's optimiser share: SGD param -= lr grad (@p m and @p v unused, may be
/// empty); Adam with its moments @p m and @p v (the tensor's size), in PyTorch's order.
void optimizerUpdate(const OptimizerConfig &config, int step, Eigen::Map<Eigen::VectorXd> param,
    Eigen::Map<const Eigen::VectorXd> grad, Eigen::Map<Eigen::VectorXd> m,
    Eigen::Map<Eigen::VectorXd> v);

} // namespace ae
