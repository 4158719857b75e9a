// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerlayernorm.h"

#include "simd/vectorexp.h"

#include <cmath>

namespace ae {

namespace {

/// The operands of one pass: N rows of d columns, column-major with leading dimension N.
struct LayerNormPass
{
    Eigen::Index rows, cols;
    const double *weight, *bias; ///< d
    const double *in; ///< x (forward) or dL/dout (backward)
    double *normalized; ///< x^
    double *inverseStd; ///< r
    double *rowA, *rowB; ///< N each: workspace
    double *out; ///< out (forward) or dL/dx (backward)
    double *gradWeight, *gradBias; ///< d each (backward)
    double eps;
};

/// Forward in three sweeps down the columns (every inner loop runs over contiguous rows):
/// the means, the centred values with their squares summed, then x^ and the output.
inline __attribute__((always_inline)) void runForward(const LayerNormPass &s)
{
    const Eigen::Index n = s.rows, d = s.cols;
    double *__restrict mean = s.rowA;
    double *__restrict variance = s.rowB;
    double *__restrict r = s.inverseStd;
    for (Eigen::Index i = 0; i < n; ++i) {
        mean[i] = s.in[i];
        variance[i] = 0.0;
    }
    for (Eigen::Index j = 1; j < d; ++j) {
        const double *__restrict x = s.in + j * n;
        for (Eigen::Index i = 0; i < n; ++i)
            mean[i] += x[i];
    }
    const double inverseD = 1.0 / double(d);
    for (Eigen::Index i = 0; i < n; ++i)
        mean[i] *= inverseD;
    for (Eigen::Index j = 0; j < d; ++j) {
        const double *__restrict x = s.in + j * n;
        double *__restrict c = s.normalized + j * n;
        for (Eigen::Index i = 0; i < n; ++i) {
            const double centred = x[i] - mean[i];
            c[i] = centred;
            variance[i] += centred * centred;
        }
    }
    for (Eigen::Index i = 0; i < n; ++i)
        r[i] = 1.0 / std::sqrt(variance[i] * inverseD + s.eps);
    for (Eigen::Index j = 0; j < d; ++j) {
        double *__restrict c = s.normalized + j * n;
        double *__restrict o = s.out + j * n;
        const double w = s.weight[j], b = s.bias[j];
        for (Eigen::Index i = 0; i < n; ++i) {
            const double xHat = c[i] * r[i];
            c[i] = xHat;
            o[i] = xHat * w + b;
        }
    }
}

/// Backward in two sweeps: the parameters' gradients with the row means of g = dout o weight
/// and of g o x^, then dL/dx = r (g - mean(g) - x^ mean(g o x^)).
inline __attribute__((always_inline)) void runBackward(const LayerNormPass &s)
{
    const Eigen::Index n = s.rows, d = s.cols;
    double *__restrict meanG = s.rowA;
    double *__restrict meanGx = s.rowB;
    const double *__restrict r = s.inverseStd;
    for (Eigen::Index i = 0; i < n; ++i) {
        meanG[i] = 0.0;
        meanGx[i] = 0.0;
    }
    for (Eigen::Index j = 0; j < d; ++j) {
        const double *__restrict dOut = s.in + j * n;
        const double *__restrict xHat = s.normalized + j * n;
        const double w = s.weight[j];
        double gw = 0.0, gb = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) {
            gw += dOut[i] * xHat[i];
            gb += dOut[i];
            const double g = dOut[i] * w;
            meanG[i] += g;
            meanGx[i] += g * xHat[i];
        }
        s.gradWeight[j] = gw;
        s.gradBias[j] = gb;
    }
    const double inverseD = 1.0 / double(d);
    for (Eigen::Index i = 0; i < n; ++i) {
        meanG[i] *= inverseD;
        meanGx[i] *= inverseD;
    }
    for (Eigen::Index j = 0; j < d; ++j) {
        const double *__restrict dOut = s.in + j * n;
        const double *__restrict xHat = s.normalized + j * n;
        double *__restrict dx = s.out + j * n;
        const double w = s.weight[j];
        for (Eigen::Index i = 0; i < n; ++i)
            dx[i] = ((dOut[i] * w - meanG[i]) - xHat[i] * meanGx[i]) * r[i];
    }
}

void portableForward(const LayerNormPass &s)
{
    runForward(s);
}

void portableBackward(const LayerNormPass &s)
{
    runBackward(s);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/// The same sweeps four rows at a time (AVX2 without FMA: the same bits).
__attribute__((target("avx2"))) void avx2Forward(const LayerNormPass &s)
{
    runForward(s);
}

__attribute__((target("avx2"))) void avx2Backward(const LayerNormPass &s)
{
    runBackward(s);
}

bool useAvx2()
{
    static const bool avx2 = expKernelSupported(ExpKernel::Avx2);
    return avx2;
}
#endif

} // namespace

void TransformerLayerNorm::forward(
    const LayerNormParameters &p, const Eigen::MatrixXd &x, double eps, Eigen::MatrixXd &out)
{
    const Eigen::Index n = x.rows(), d = x.cols();
    m_normalized.resize(n, d);
    m_inverseStd.resize(n);
    m_rowA.resize(n);
    m_rowB.resize(n);
    out.resize(n, d);
    const LayerNormPass s { n, d, p.weight.data(), p.bias.data(), x.data(), m_normalized.data(),
        m_inverseStd.data(), m_rowA.data(), m_rowB.data(), out.data(), nullptr, nullptr, eps };
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (useAvx2()) {
        avx2Forward(s);
        return;
    }
#endif
    portableForward(s);
}

void TransformerLayerNorm::backward(const LayerNormParameters &p, const Eigen::MatrixXd &dOut,
    LayerNormParameters &grads, Eigen::MatrixXd &dx)
{
    const Eigen::Index n = dOut.rows(), d = dOut.cols();
    grads.weight.resize(d);
    grads.bias.resize(d);
    dx.resize(n, d);
    const LayerNormPass s { n, d, p.weight.data(), p.bias.data(), dOut.data(), m_normalized.data(),
        m_inverseStd.data(), m_rowA.data(), m_rowB.data(), dx.data(), grads.weight.data(),
        grads.bias.data(), 0.0 };
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (useAvx2()) {
        avx2Backward(s);
        return;
    }
#endif
    portableBackward(s);
}

} // namespace ae
