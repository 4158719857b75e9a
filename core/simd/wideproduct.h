// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file wideproduct.h
/// The matrix products of the attention forward pass (the projections, each head's Q_i K_i^T
/// and A_i V_i): an AVX-512 kernel when wideKernelsActive(), which reads the operands where
/// they lie (no packing pass), multiplyInto() otherwise.

#include <Eigen/Core>

namespace ae {

/// @p c = @p a * @p b, or @p a * @p b^T when @p transposeB; @p c already has its size and may
/// be a block of a larger matrix (as multiplyInto()). On the AVX-512 kernel every entry is one
/// chain of fused multiply-adds over the inner index in order, from 0: its bits depend on its
/// row of @p a and its column of the right factor only, never on the sizes or on where the
/// entry lies, so a block of rows or columns computed alone gives the same bits.
void wideProductInto(const Eigen::Ref<const Eigen::MatrixXd> &a,
    const Eigen::Ref<const Eigen::MatrixXd> &b, bool transposeB, Eigen::Ref<Eigen::MatrixXd> c);

} // namespace ae
