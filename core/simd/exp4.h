// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file exp4.h
/// e^x for four doubles at once with AVX2 and FMA: the one exponential of the kernels in
/// core/simd that are chosen at run time (expInto(), softmaxBlock()). Only for files of
/// core/simd; a caller checks avx2Supported() before it runs any of this.

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define AE_SIMD_AVX2 1
#include "simd/vectorexp.h"

#include <immintrin.h>

#include <cmath>
#include <limits>

namespace ae::simd {

/// True when this processor (and its operating system) runs AVX2 with FMA.
inline bool avx2Supported()
{
    static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return supported;
}

/// ln DBL_MAX: above it the exponential is infinite.
inline const double maxLog = std::log(std::numeric_limits<double>::max());

/// 1/13!, 1/12!, ..., 1/0!: e^r's Taylor coefficients from the highest, for Horner's scheme.
inline constexpr double inverseFactorials[] = { 1.0 / 6227020800.0, 1.0 / 479001600.0,
    1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0, 1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0,
    1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0 };

/// The Taylor coefficient 1/k! of r^@p k, k <= 13, in four lanes.
inline __attribute__((target("avx2,fma"), always_inline)) __m256d taylor(int k)
{
    return _mm256_set1_pd(inverseFactorials[13 - k]);
}

/// 2^k for four whole numbers k in [-1022, 1023], built in the exponent field.
inline __attribute__((target("avx2,fma"), always_inline)) __m256d powerOfTwo(__m256d k)
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
inline __attribute__((target("avx2,fma"), always_inline)) __m256d exp4(__m256d x)
{
    const __m256d minArg = _mm256_set1_pd(minExpArgument);
    const __m256d maxArg = _mm256_set1_pd(maxLog);
    const __m256d clamped = _mm256_min_pd(_mm256_max_pd(x, minArg), maxArg);
    const __m256d n = _mm256_round_pd(_mm256_mul_pd(clamped, _mm256_set1_pd(1.4426950408889634)),
        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    // The upper part of ln 2 ends in 21 zero bits: n times it is exact.
    __m256d r = _mm256_fnmadd_pd(n, _mm256_set1_pd(6.93147180369123816490e-01), clamped);
    r = _mm256_fnmadd_pd(n, _mm256_set1_pd(1.90821492927058770002e-10), r);
    // Horner's scheme from 1/13! down to 1/0!.
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

/// e^x for four doubles x <= 0 (a softmax's shifted scores: every exponent below the row's
/// maximum): exp4()'s arithmetic for its range without the halves of 2^n and the overflow
/// and NaN lanes. Below ln DBL_MIN the result is 0. A positive x gives a finite value of no
/// meaning and NaN gives e^(ln DBL_MIN): a caller masks the first and detects the second.
inline __attribute__((target("avx2,fma"), always_inline)) __m256d expNonPositive4(__m256d x)
{
    const __m256d minArg = _mm256_set1_pd(minExpArgument);
    const __m256d clamped = _mm256_min_pd(_mm256_max_pd(x, minArg), _mm256_setzero_pd());
    const __m256d n = _mm256_round_pd(_mm256_mul_pd(clamped, _mm256_set1_pd(1.4426950408889634)),
        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256d r = _mm256_fnmadd_pd(n, _mm256_set1_pd(6.93147180369123816490e-01), clamped);
    r = _mm256_fnmadd_pd(n, _mm256_set1_pd(1.90821492927058770002e-10), r);
    // The same polynomial by Estrin's scheme: four levels of independent fused
    // multiply-adds instead of Horner's chain of thirteen, so that a sweep's exponentials
    // overlap in the processor instead of waiting on one another.
    const __m256d r2 = _mm256_mul_pd(r, r);
    const __m256d r4 = _mm256_mul_pd(r2, r2);
    const __m256d r8 = _mm256_mul_pd(r4, r4);
    const __m256d q0 = _mm256_fmadd_pd(taylor(1), r, taylor(0));
    const __m256d q1 = _mm256_fmadd_pd(taylor(3), r, taylor(2));
    const __m256d q2 = _mm256_fmadd_pd(taylor(5), r, taylor(4));
    const __m256d q3 = _mm256_fmadd_pd(taylor(7), r, taylor(6));
    const __m256d q4 = _mm256_fmadd_pd(taylor(9), r, taylor(8));
    const __m256d q5 = _mm256_fmadd_pd(taylor(11), r, taylor(10));
    const __m256d q6 = _mm256_fmadd_pd(taylor(13), r, taylor(12));
    const __m256d s0 = _mm256_fmadd_pd(q1, r2, q0);
    const __m256d s1 = _mm256_fmadd_pd(q3, r2, q2);
    const __m256d s2 = _mm256_fmadd_pd(q5, r2, q4);
    const __m256d t0 = _mm256_fmadd_pd(s1, r4, s0);
    const __m256d t1 = _mm256_fmadd_pd(q6, r4, s2);
    const __m256d p = _mm256_fmadd_pd(t1, r8, t0);
    // n >= -1022 here: 2^n is a normal double, built in one piece.
    const __m256d e = _mm256_mul_pd(p, powerOfTwo(n));
    return _mm256_andnot_pd(_mm256_cmp_pd(x, minArg, _CMP_LT_OQ), e);
}

} // namespace ae::simd

#endif
