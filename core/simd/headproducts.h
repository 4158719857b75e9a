// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file headproducts.h
/// The two products of each attention head, Q_i K_i^T and A_i V_i, for a block of query rows:
/// AVX-512 kernels when wideKernelsActive() (they read the operands where they lie, with no
/// packing pass), multiplyInto() otherwise. Every entry is one chain of fused multiply-adds
/// over the inner index in order, so its bits depend on its operands only, never on the block
/// or the position in it.

#include <Eigen/Core>

namespace ae {

/// @p c = @p a * @p b^T: a is n x d, b is m x d, c is n x m (the heads' dot products).
void headScoresInto(const Eigen::Ref<const Eigen::MatrixXd> &a,
    const Eigen::Ref<const Eigen::MatrixXd> &b, Eigen::Ref<Eigen::MatrixXd> c);

/// @p c = @p a * @p b: a is n x k, b is k x m, c is n x m (the weights times the values).
void headOutputsInto(const Eigen::Ref<const Eigen::MatrixXd> &a,
    const Eigen::Ref<const Eigen::MatrixXd> &b, Eigen::Ref<Eigen::MatrixXd> c);

} // namespace ae
