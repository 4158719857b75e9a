// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file exp8.h
/// expNonPositive4()'s exponential for eight doubles at once with AVX-512: the same operations
/// lane by lane, so the same bits, in half the instructions. Only for files of core/simd; a
/// caller checks avx512Supported() before it runs any of this.

#include "simd/exp4.h"

#ifdef AE_SIMD_AVX2
#define AE_SIMD_AVX512 1

namespace ae::simd {

/// True when this processor (and its operating system) runs AVX-512 Foundation, besides AVX2
/// with FMA.
inline bool avx512Supported()
{
    static const bool supported = avx2Supported() && __builtin_cpu_supports("avx512f");
    return supported;
}

/// The Taylor coefficient 1/k! of r^@p k, k <= 13, in eight lanes.
inline __attribute__((target("avx512f"), always_inline)) __m512d taylor8(int k)
{
    return _mm512_set1_pd(inverseFactorials[13 - k]);
}

/// 2^k for eight whole numbers k in [-1022, 1023], built in the exponent field.
inline __attribute__((target("avx512f"), always_inline)) __m512d powerOfTwo8(__m512d k)
{
    const __m512d magic = _mm512_set1_pd(6755399441055744.0);
    const __m512i whole = _mm512_sub_epi64(
        _mm512_castpd_si512(_mm512_add_pd(k, magic)), _mm512_castpd_si512(magic));
    return _mm512_castsi512_pd(
        _mm512_slli_epi64(_mm512_add_epi64(whole, _mm512_set1_epi64(1023)), 52));
}

/// expNonPositive4() for eight doubles x <= 0, operation for operation (the same bits).
inline __attribute__((target("avx512f"), always_inline)) __m512d expNonPositive8(__m512d x)
{
    const __m512d minArg = _mm512_set1_pd(minExpArgument);
    const __m512d clamped = _mm512_min_pd(_mm512_max_pd(x, minArg), _mm512_setzero_pd());
    const __m512d n
        = _mm512_roundscale_pd(_mm512_mul_pd(clamped, _mm512_set1_pd(1.4426950408889634)),
            _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512d r = _mm512_fnmadd_pd(n, _mm512_set1_pd(6.93147180369123816490e-01), clamped);
    r = _mm512_fnmadd_pd(n, _mm512_set1_pd(1.90821492927058770002e-10), r);
    const __m512d r2 = _mm512_mul_pd(r, r);
    const __m512d r4 = _mm512_mul_pd(r2, r2);
    const __m512d r8 = _mm512_mul_pd(r4, r4);
    const __m512d q0 = _mm512_fmadd_pd(taylor8(1), r, taylor8(0));
    const __m512d q1 = _mm512_fmadd_pd(taylor8(3), r, taylor8(2));
    const __m512d q2 = _mm512_fmadd_pd(taylor8(5), r, taylor8(4));
    const __m512d q3 = _mm512_fmadd_pd(taylor8(7), r, taylor8(6));
    const __m512d q4 = _mm512_fmadd_pd(taylor8(9), r, taylor8(8));
    const __m512d q5 = _mm512_fmadd_pd(taylor8(11), r, taylor8(10));
    const __m512d q6 = _mm512_fmadd_pd(taylor8(13), r, taylor8(12));
    const __m512d s0 = _mm512_fmadd_pd(q1, r2, q0);
    const __m512d s1 = _mm512_fmadd_pd(q3, r2, q2);
    const __m512d s2 = _mm512_fmadd_pd(q5, r2, q4);
    const __m512d t0 = _mm512_fmadd_pd(s1, r4, s0);
    const __m512d t1 = _mm512_fmadd_pd(q6, r4, s2);
    const __m512d p = _mm512_fmadd_pd(t1, r8, t0);
    const __m512d e = _mm512_mul_pd(p, powerOfTwo8(n));
    // Zero where x < ln DBL_MIN, as expNonPositive4()'s mask does (NaN compares false).
    return _mm512_maskz_mov_pd(_mm512_cmp_pd_mask(x, minArg, _CMP_NLT_UQ), e);
}

} // namespace ae::simd

#endif
