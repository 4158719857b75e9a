// SPDX-License-Identifier: GPL-3.0-or-later
#include "simd/vectorexp.h"

#include <atomic>
#include <cmath>
#include <limits>

#include "simd/exp4.h"

namespace ae {

namespace {

void portableExp(const double *x, double *out, Eigen::Index n)
{
    const Eigen::Map<const Eigen::ArrayXd> in(x, n);
    Eigen::Map<Eigen::ArrayXd> e(out, n);
    // Eigen's exponential of a plain array runs vectorised (a select around it would call the
    // scalar exp per entry), but it never goes below about 5.6e-309 (it clamps its argument
    // near ln DBL_MIN): the rare entries below ln DBL_MIN are set to 0 afterwards.
    e = in.exp();
    if (n > 0 && in.minCoeff() < minExpArgument)
        e = (in < minExpArgument).select(0.0, e);
}

#ifdef AE_SIMD_AVX2

__attribute__((target("avx2,fma"))) void avx2Exp(const double *x, double *out, Eigen::Index n)
{
    Eigen::Index i = 0;
    for (; i + 4 <= n; i += 4)
        _mm256_storeu_pd(out + i, simd::exp4(_mm256_loadu_pd(x + i)));
    if (i == n)
        return;
    // The last one to three elements through the same kernel, padded with zeros.
    double tail[4] = { 0.0, 0.0, 0.0, 0.0 };
    for (Eigen::Index j = i; j < n; ++j)
        tail[j - i] = x[j];
    _mm256_storeu_pd(tail, simd::exp4(_mm256_loadu_pd(tail)));
    for (Eigen::Index j = i; j < n; ++j)
        out[j] = tail[j - i];
}

#endif

ExpKernel fastest()
{
    return expKernelSupported(ExpKernel::Avx2) ? ExpKernel::Avx2 : ExpKernel::Portable;
}

std::atomic<ExpKernel> &chosen()
{
    static std::atomic<ExpKernel> kernel { fastest() };
    return kernel;
}

} // namespace

bool expKernelSupported(ExpKernel kernel)
{
    switch (kernel) {
    case ExpKernel::Portable:
        return true;
    case ExpKernel::Avx2:
#ifdef AE_SIMD_AVX2
        return simd::avx2Supported();
#else
        return false;
#endif
    }
    return false;
}

ExpKernel activeExpKernel()
{
    return chosen().load(std::memory_order_relaxed);
}

bool setExpKernel(ExpKernel kernel)
{
    if (!expKernelSupported(kernel))
        return false;
    chosen().store(kernel, std::memory_order_relaxed);
    return true;
}

void expInto(const double *x, double *out, Eigen::Index n)
{
#ifdef AE_SIMD_AVX2
    // Under four elements a call into the vector kernel costs more than the arithmetic.
    if (n >= 4 && activeExpKernel() == ExpKernel::Avx2) {
        avx2Exp(x, out, n);
        return;
    }
#endif
    portableExp(x, out, n);
}

} // namespace ae
