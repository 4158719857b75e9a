// SPDX-License-Identifier: GPL-3.0-or-later
#include "blas/product.h"

#ifdef AE_USE_OPENBLAS
#include <cblas.h>
#endif

namespace ae {

void multiplyInto(const Eigen::Ref<const Eigen::MatrixXd> &a,
    const Eigen::Ref<const Eigen::MatrixXd> &b, bool transposeB, Eigen::Ref<Eigen::MatrixXd> c,
    bool accumulate)
{
#ifdef AE_USE_OPENBLAS
    const Eigen::Index depth = a.cols();
    if (depth > 0 && c.size() > 0 && depth + c.rows() + c.cols() >= 20) {
        cblas_dgemm(CblasColMajor, CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans,
            int(c.rows()), int(c.cols()), int(depth), 1.0, a.data(), int(a.outerStride()), b.data(),
            int(b.outerStride()), accumulate ? 1.0 : 0.0, c.data(), int(c.outerStride()));
        return;
    }
#endif
    if (accumulate) {
        if (transposeB)
            c.noalias() += a * b.transpose();
        else
            c.noalias() += a * b;
    } else if (transposeB) {
        c.noalias() = a * b.transpose();
    } else {
        c.noalias() = a * b;
    }
}

} // namespace ae
