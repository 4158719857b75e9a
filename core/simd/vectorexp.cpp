// SPDX-License-Identifier: GPL-3.0-or-later
#include "vectorexp.h"

#include <atomic>
#include <cmath>
#include <limits>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define AE_EXP_AVX2 1
#include <immintrin.h>
#endif

namespace ae {

namespace {

/// ln DBL_MIN: below it the exponential is taken as 0.
const double minLog = std::log(std::numeric_limits<double>::min());

void portableExp(const double *x, double *out, Eigen::Index n)
{
    const Eigen::Map<const Eigen::ArrayXd> in(x, n);
    Eigen::Map<Eigen::ArrayXd> e(out, n);
    // Eigen's exponential of a plain array runs vectorised (a select around it would call the
    // scalar exp per entry), but it never goes below about 5.6e-309 (it clamps its argument
    // near ln DBL_MIN): the rare entries below ln DBL_MIN are set to 0 afterwards.
    e = in.exp();
    if (n > 0 && in.minCoeff() < minLog)
        e = (in < minLog).select(0.0, e);
}

#ifdef AE_EXP_AVX2

/// ln DBL_MAX: above it the exponential is infinite.
const double maxLog = std::log(std::numeric_limits<double>::max());

/// 2^k for four whole numbers k in [-1022, 1023], built in the exponent field.
__attribute__((target("avx2,fma"))) __m256d powerOfTwo(__m256d k)
{
    // Adding 1.5 * 2^52 puts k in the low bits of the mantissa as a 64-bit integer.
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);
    const __m256i whole = _mm256_sub_epi64(
        _mm256_castpd_si256(_mm256_add_pd(k, magic)), _mm256_castpd_si256(magic));
    return _mm256_castsi256_pd(
        _mm256_slli_epi64(_mm256_add_epi64(whole, _mm256_set1_epi64x(1023)), 52));
}

/// e^x for four doubles: x = n ln 2 + r with |r| <= ln 2 / 2 (Cody and Waite's two-part
/// ln 2, exact with fused multiply-adds), e^r by its Taylor series to r^13 (the first term
/// left out is below 2e-16 of the result), times 2^n built in the exponent field, in two
/// halves so that n may reach past the exponent's range at both ends.
__attribute__((target("avx2,fma"))) __m256d exp4(__m256d x)
{
    const __m256d minArg = _mm256_set1_pd(minLog);
    const __m256d maxArg = _mm256_set1_pd(maxLog);
    const __m256d clamped = _mm256_min_pd(_mm256_max_pd(x, minArg), maxArg);
    const __m256d n = _mm256_round_pd(_mm256_mul_pd(clamped, _mm256_set1_pd(1.4426950408889634)),
        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    // The upper part of ln 2 ends in 21 zero bits: n times it is exact.
    __m256d r = _mm256_fnmadd_pd(n, _mm256_set1_pd(6.93147180369123816490e-01), clamped);
    r = _mm256_fnmadd_pd(n, _mm256_set1_pd(1.90821492927058770002e-10), r);
    // Horner's scheme from 1/13! down to 1/0!.
    static constexpr double inverseFactorials[] = { 1.0 / 6227020800.0, 1.0 / 479001600.0,
        1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0, 1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0,
        1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0 };
    __m256d p = _mm256_set1_pd(inverseFactorials[0]);
    for (int i = 1; i < 14; ++i)
        p = _mm256_fmadd_pd(p, r, _mm256_set1_pd(inverseFactorials[i]));
    // 2^n as 2^a 2^b with a = floor(n / 2): each half stays inside the exponent's range.
    const __m256d a = _mm256_round_pd(
        _mm256_mul_pd(n, _mm256_set1_pd(0.5)), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    __m256d e = _mm256_mul_pd(_mm256_mul_pd(p, powerOfTwo(a)), powerOfTwo(_mm256_sub_pd(n, a)));
    e = _mm256_blendv_pd(e, _mm256_setzero_pd(), _mm256_cmp_pd(x, minArg, _CMP_LT_OQ));
    e = _mm256_blendv_pd(e, _mm256_set1_pd(std::numeric_limits<double>::infinity()),
        _mm256_cmp_pd(x, maxArg, _CMP_GT_OQ));
    return _mm256_blendv_pd(e, x, _mm256_cmp_pd(x, x, _CMP_UNORD_Q));
}

__attribute__((target("avx2,fma"))) void avx2Exp(const double *x, double *out, Eigen::Index n)
{
    Eigen::Index i = 0;
    for (; i + 4 <= n; i += 4)
        _mm256_storeu_pd(out + i, exp4(_mm256_loadu_pd(x + i)));
    if (i == n)
        return;
    // The last one to three elements through the same kernel, padded with zeros.
    double tail[4] = { 0.0, 0.0, 0.0, 0.0 };
    for (Eigen::Index j = i; j < n; ++j)
        tail[j - i] = x[j];
    _mm256_storeu_pd(tail, exp4(_mm256_loadu_pd(tail)));
    for (Eigen::Index j = i; j < n; ++j)
        out[j] = tail[j - i];
}

bool avx2Supported()
{
    static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return supported;
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
#ifdef AE_EXP_AVX2
        return avx2Supported();
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
#ifdef AE_EXP_AVX2
    // Under four elements a call into the vector kernel costs more than the arithmetic.
    if (n >= 4 && activeExpKernel() == ExpKernel::Avx2) {
        avx2Exp(x, out, n);
        return;
    }
#endif
    portableExp(x, out, n);
}

} // namespace ae
