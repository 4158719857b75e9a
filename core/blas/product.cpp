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

namespace {

template <typename A, typename B>
void eigenProduct(const A &a, const B &b, Eigen::Ref<Eigen::MatrixXd> &c, bool accumulate)
{
    if (accumulate)
        c.noalias() += a * b;
    else
        c.noalias() = a * b;
}

} // namespace

void gemmInto(const Eigen::Ref<const Eigen::MatrixXd> &a, bool transposeA,
    const Eigen::Ref<const Eigen::MatrixXd> &b, bool transposeB, Eigen::Ref<Eigen::MatrixXd> c,
    bool accumulate)
{
    const Eigen::Index depth = transposeA ? a.rows() : a.cols();
    if (c.size() == 0)
        return;
    if (depth == 0) {
        if (!accumulate)
            c.setZero();
        return;
    }
#ifdef AE_USE_OPENBLAS
    cblas_dgemm(CblasColMajor, transposeA ? CblasTrans : CblasNoTrans,
        transposeB ? CblasTrans : CblasNoTrans, int(c.rows()), int(c.cols()), int(depth), 1.0,
        a.data(), int(a.outerStride()), b.data(), int(b.outerStride()), accumulate ? 1.0 : 0.0,
        c.data(), int(c.outerStride()));
#else
    if (transposeA && transposeB)
        eigenProduct(a.transpose(), b.transpose(), c, accumulate);
    else if (transposeA)
        eigenProduct(a.transpose(), b, c, accumulate);
    else if (transposeB)
        eigenProduct(a, b.transpose(), c, accumulate);
    else
        eigenProduct(a, b, c, accumulate);
#endif
}

} // namespace ae
