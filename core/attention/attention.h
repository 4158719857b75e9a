// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file attention.h
/// Multi-head scaled dot-product attention (README, "The math and the session file").

#include "attention/attentionconfig.h"
#include "attention/attentionresult.h"
#include "parallel/paralleloptions.h"

#include <vector>

namespace ae {

/// Computes multi-head attention.
///
///     Q = Xq Wq + bq,  K = Xkv Wk + bk,  V = Xkv Wv + bv
///     S_i = Q_i K_i^T / s,  A_i = softmax_row(S_i + mask),  O_i = A_i V_i
///     output = [O_1 ... O_h] Wo + bo,  mean = (A_1 + ... + A_h) / h
///
/// @param xq queries' embeddings, Lq x dq
/// @param xkv keys' and values' embeddings, Lk x dkv
/// @param keyPadding empty, or Lk flags marking padded keys
/// @param config d_model, heads, scale and causal mask; heads must divide d_model
/// @param projections Identity (then dq = dkv = d_model) or Explicit with full-size matrices
///        and biases, as returned by materializeProjections()
/// @pre the sizes agree (validateSession() checks them for sessions); inputs are finite.
AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections);

/// The same, written into @p result: its matrices keep their storage when the shapes repeat,
/// so recomputing a session of unchanged size allocates nothing on this path. @p options may
/// give it more threads (the result is bit-identical whatever their number) or cancel it
/// (then @p result is incomplete).
void computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections, AttentionResult &result,
    const ParallelOptions &options = ParallelOptions());

} // namespace ae
