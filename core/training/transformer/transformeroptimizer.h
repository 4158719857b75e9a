// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformeroptimizer.h
/// SGD and Adam for the transformer (spec training.md, section 2), with optional gradient
/// clipping by global norm.

#include "training/trainingconfig.h"
#include "training/transformer/transformerparameters.h"

namespace ae {

/// An optimiser with its state (Adam's moments and step count). A plain value.
class TransformerOptimizer
{
public:
    /// @param clipNorm the largest global gradient norm (torch.nn.utils.clip_grad_norm_);
    /// 0 (the default) never clips
    TransformerOptimizer(
        const OptimizerConfig &config, const TransformerSpec &spec, double clipNorm = 0.0);

    const OptimizerConfig &config() const { return m_config; }
    double clipNorm() const { return m_clipNorm; }
    /// Updates done so far.
    int steps() const { return m_steps; }

    /// One update of @p params with the gradients @p grads (same shapes), tensor by tensor
    /// with optimizerUpdate(). With clipping on, @p grads is first scaled in place as torch
    /// does: by clipNorm / (norm + 1e-6) when that is below 1.
    void apply(TransformerParameters &params, TransformerParameters &grads);

private:
    OptimizerConfig m_config;
    double m_clipNorm = 0.0;
    TransformerParameters m_m, m_v; ///< Adam's first and second moments
    int m_steps = 0;
};

} // namespace ae
