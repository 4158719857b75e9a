// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file product.h
/// The core's matrix product written over its destination: one dgemm call with OpenBLAS
/// (AE_BLAS), Eigen's product otherwise.

#include <Eigen/Core>

namespace ae {

/// @p c = @p a * @p b, or @p a * @p b^T when @p transposeB (@p c += that when @p accumulate);
/// @p c already has its size (a.rows() x b.cols(), or a.rows() x b.rows()) and may be a block
/// of a larger matrix.
/// Why not Eigen's `c.noalias() = a * b` on top of BLAS: Eigen zeroes the destination and
/// then lets dgemm add to it (a pass over c that nothing needs). Tiny products (the sizes
/// summing under 20, as in Eigen's own rule) stay in Eigen's unrolled loops, where a call into
/// BLAS would cost more than the arithmetic.
void multiplyInto(const Eigen::Ref<const Eigen::MatrixXd> &a,
    const Eigen::Ref<const Eigen::MatrixXd> &b, bool transposeB, Eigen::Ref<Eigen::MatrixXd> c,
    bool accumulate = false);

/// @p c = op(@p a) op(@p b) (@p c += that when @p accumulate), where op(x) is x or, when its
/// flag is set, x^T: one dgemm call with OpenBLAS whatever the size (the caller keeps tiny
/// products, such as one head's scores, in Eigen's lazy products), Eigen's product otherwise.
/// @p c already has its size and may be a block of a larger matrix; no operand is copied, so
/// a transposed operand costs nothing.
void gemmInto(const Eigen::Ref<const Eigen::MatrixXd> &a, bool transposeA,
    const Eigen::Ref<const Eigen::MatrixXd> &b, bool transposeB, Eigen::Ref<Eigen::MatrixXd> c,
    bool accumulate = false);

} // namespace ae
