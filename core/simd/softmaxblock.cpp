// SPDX-License-Identifier: GPL-3.0-or-later
#include "simd/softmaxblock.h"

#include "simd/exp4.h"
#include "simd/exp8.h"
#include "simd/vectorexp.h"
#include "simd/widekernels.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace ae {

namespace {

constexpr double minusInf = -std::numeric_limits<double>::infinity();

using Column = Eigen::Map<Eigen::ArrayXd>;
using ConstColumn = Eigen::Map<const Eigen::ArrayXd>;
using VisibleColumn = Eigen::Map<const Eigen::Array<bool, Eigen::Dynamic, 1>>;

/// The per-row statistics of a block, reused by the thread: a block's height changes with
/// the shape only, so after the first call nothing is allocated.
struct RowStats
{
    std::vector<double> max, sum, weighted;

    void resize(Eigen::Index rows)
    {
        const auto n = static_cast<size_t>(rows);
        if (max.size() < n) {
            max.resize(n);
            sum.resize(n);
            weighted.resize(n);
        }
    }
};

RowStats &rowStats(Eigen::Index rows)
{
    thread_local RowStats stats;
    stats.resize(rows);
    return stats;
}

/// The entropy of each row from its sum S and weighted sum W: ln S - W / S, 0 for an empty
/// row; rounding can leave a hair below 0 for a one-hot row.
void finishEntropy(const SoftmaxBlock &b, const double *sum, const double *weighted)
{
    for (Eigen::Index i = 0; i < b.rows; ++i) {
        const double s = sum[i];
        b.entropy[i] = s > 0.0 ? std::max(0.0, std::log(s) - weighted[i] * (1.0 / s)) : 0.0;
    }
}

/// Whether every row sum and weighted sum is finite (a non-finite logit makes one of them
/// infinite or NaN).
bool allFinite(const double *sum, const double *weighted, Eigen::Index rows)
{
    for (Eigen::Index i = 0; i < rows; ++i) {
        if (!std::isfinite(sum[i]) || !std::isfinite(weighted[i]))
            return false;
    }
    return true;
}

/// The kernel as Eigen compiles it for the whole build, column by column: every step walks
/// contiguous memory and vectorises.
bool portableBlock(const SoftmaxBlock &b)
{
    const Eigen::Index n = b.rows;
    RowStats &stats = rowStats(n);
    Column rowMax(stats.max.data(), n);
    Column sum(stats.sum.data(), n);
    Column weighted(stats.weighted.data(), n);
    const double inverseDivisor = 1.0 / b.divisor;
    rowMax.setConstant(minusInf);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        const ConstColumn x(b.logits + j * b.logitsStride, n);
        if (b.logitsCopy)
            Column(b.logitsCopy + j * b.logitsCopyStride, n) = x;
        if (b.visible)
            rowMax
                = rowMax.max(VisibleColumn(b.visible + j * b.visibleStride, n).select(x, minusInf));
        else
            rowMax = rowMax.max(x);
    }
    // A row with no visible entry keeps maximum -inf; it is shifted by 0 so no inf - inf
    // appears. Multiplying by a positive number keeps the order, so the maximum of the
    // quotients is the quotient of the maximum.
    rowMax = (rowMax == minusInf).select(0.0, rowMax * inverseDivisor);
    sum.setZero();
    weighted.setZero();
    thread_local Eigen::ArrayXd shifted;
    shifted.resize(n);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        shifted = ConstColumn(b.logits + j * b.logitsStride, n) * inverseDivisor - rowMax;
        double *out = b.weights + j * b.weightsStride;
        expInto(shifted.data(), out, n);
        Column e(out, n);
        if (b.visible)
            e = VisibleColumn(b.visible + j * b.visibleStride, n).select(e, 0.0);
        sum += e;
        weighted += e * shifted;
    }
    if (!allFinite(sum.data(), weighted.data(), n))
        return false;
    finishEntropy(b, sum.data(), weighted.data());
    // sum >= 1 for a row with a visible entry (its maximum contributes e^0 = 1).
    sum = (sum > 0.0).select(sum.inverse(), 0.0);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        Column w(b.weights + j * b.weightsStride, n);
        w *= sum;
        if (b.weightsCopy)
            Column(b.weightsCopy + j * b.weightsCopyStride, n) = w;
        if (b.mean) {
            Column m(b.mean + j * b.meanStride, n);
            if (b.meanStarts)
                m = w * b.meanFactor;
            else
                m += w * b.meanFactor;
        }
    }
    return true;
}

#ifdef AE_SIMD_AVX2

/// Lanes [0, count) of a vector, as a mask for the masked loads and stores.
__attribute__((target("avx2,fma"))) __m256i laneMask(Eigen::Index count)
{
    const __m256i index = _mm256_setr_epi64x(0, 1, 2, 3);
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(count), index);
}

/// The four visibility flags from @p flags, as an all-ones lane where visible; only the
/// first @p count flags are read.
__attribute__((target("avx2,fma"))) __m256d visibleLanes(const bool *flags, Eigen::Index count)
{
    int bytes = 0;
    std::memcpy(&bytes, flags, static_cast<size_t>(count));
    const __m256i wide = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(bytes));
    return _mm256_castsi256_pd(_mm256_cmpgt_epi64(wide, _mm256_setzero_si256()));
}

/// Stores four doubles at @p to: past the caches when @p stream and @p to is 16-byte aligned
/// (the alignment Eigen gives a matrix), else as usual.
__attribute__((target("avx2,fma"))) void storeCopy(double *to, __m256d v, bool stream)
{
    if (stream && (reinterpret_cast<std::uintptr_t>(to) & 15) == 0) {
        _mm_stream_pd(to, _mm256_castpd256_pd128(v));
        _mm_stream_pd(to + 2, _mm256_extractf128_pd(v, 1));
    } else {
        _mm256_storeu_pd(to, v);
    }
}

/// Four rows at a time; the last one to three rows through the same arithmetic with masked
/// loads and stores, so a row's bits never depend on where it lies.
__attribute__((target("avx2,fma"))) bool avx2Block(const SoftmaxBlock &b)
{
    const Eigen::Index n = b.rows;
    RowStats &stats = rowStats(n + 4);
    double *const rowMax = stats.max.data();
    double *const sum = stats.sum.data();
    double *const weighted = stats.weighted.data();
    const __m256d inverseDivisor = _mm256_set1_pd(1.0 / b.divisor);
    const __m256d negInf = _mm256_set1_pd(minusInf);
    const __m256d zero = _mm256_setzero_pd();
    const Eigen::Index whole = n & ~Eigen::Index(3);
    const Eigen::Index rest = n - whole;
    const __m256i tail = laneMask(rest);

    for (Eigen::Index i = 0; i < n; i += 4)
        _mm256_storeu_pd(rowMax + i, negInf);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        const double *x = b.logits + j * b.logitsStride;
        double *copy = b.logitsCopy ? b.logitsCopy + j * b.logitsCopyStride : nullptr;
        const bool *seen = b.visible ? b.visible + j * b.visibleStride : nullptr;
        for (Eigen::Index i = 0; i < n; i += 4) {
            const bool last = i == whole;
            __m256d v = last ? _mm256_maskload_pd(x + i, tail) : _mm256_loadu_pd(x + i);
            if (copy) {
                if (last)
                    _mm256_maskstore_pd(copy + i, tail, v);
                else
                    storeCopy(copy + i, v, b.streamCopies);
            }
            if (seen)
                v = _mm256_blendv_pd(negInf, v, visibleLanes(seen + i, last ? rest : 4));
            // max(v, m) returns m when v is NaN: NaN is left to the sums below.
            _mm256_storeu_pd(rowMax + i, _mm256_max_pd(v, _mm256_loadu_pd(rowMax + i)));
        }
    }
    for (Eigen::Index i = 0; i < n; i += 4) {
        const __m256d m = _mm256_loadu_pd(rowMax + i);
        // A row with no visible entry is shifted by 0, so no inf - inf appears.
        _mm256_storeu_pd(rowMax + i,
            _mm256_blendv_pd(
                _mm256_mul_pd(m, inverseDivisor), zero, _mm256_cmp_pd(m, negInf, _CMP_EQ_OQ)));
        _mm256_storeu_pd(sum + i, zero);
        _mm256_storeu_pd(weighted + i, zero);
    }
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        const double *x = b.logits + j * b.logitsStride;
        double *out = b.weights + j * b.weightsStride;
        const bool *seen = b.visible ? b.visible + j * b.visibleStride : nullptr;
        for (Eigen::Index i = 0; i < n; i += 4) {
            const bool last = i == whole;
            const __m256d v = last ? _mm256_maskload_pd(x + i, tail) : _mm256_loadu_pd(x + i);
            const __m256d shifted
                = _mm256_sub_pd(_mm256_mul_pd(v, inverseDivisor), _mm256_loadu_pd(rowMax + i));
            __m256d e = simd::expNonPositive4(shifted);
            if (seen)
                e = _mm256_and_pd(e, visibleLanes(seen + i, last ? rest : 4));
            if (last)
                _mm256_maskstore_pd(out + i, tail, e);
            else
                _mm256_storeu_pd(out + i, e);
            _mm256_storeu_pd(sum + i, _mm256_add_pd(_mm256_loadu_pd(sum + i), e));
            _mm256_storeu_pd(
                weighted + i, _mm256_fmadd_pd(e, shifted, _mm256_loadu_pd(weighted + i)));
        }
    }
    if (!allFinite(sum, weighted, n))
        return false;
    finishEntropy(b, sum, weighted);
    for (Eigen::Index i = 0; i < n; i += 4) {
        const __m256d s = _mm256_loadu_pd(sum + i);
        // sum >= 1 for a row with a visible entry (its maximum contributes e^0 = 1).
        _mm256_storeu_pd(sum + i,
            _mm256_and_pd(
                _mm256_div_pd(_mm256_set1_pd(1.0), s), _mm256_cmp_pd(s, zero, _CMP_GT_OQ)));
    }
    const __m256d factor = _mm256_set1_pd(b.meanFactor);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        double *w = b.weights + j * b.weightsStride;
        double *copy = b.weightsCopy ? b.weightsCopy + j * b.weightsCopyStride : nullptr;
        double *mean = b.mean ? b.mean + j * b.meanStride : nullptr;
        for (Eigen::Index i = 0; i < n; i += 4) {
            const bool last = i == whole;
            const __m256d e = last ? _mm256_maskload_pd(w + i, tail) : _mm256_loadu_pd(w + i);
            const __m256d p = _mm256_mul_pd(e, _mm256_loadu_pd(sum + i));
            __m256d m = zero;
            if (mean) {
                m = _mm256_mul_pd(p, factor);
                if (!b.meanStarts)
                    m = _mm256_add_pd(
                        last ? _mm256_maskload_pd(mean + i, tail) : _mm256_loadu_pd(mean + i), m);
            }
            if (last) {
                _mm256_maskstore_pd(w + i, tail, p);
                if (copy)
                    _mm256_maskstore_pd(copy + i, tail, p);
                if (mean)
                    _mm256_maskstore_pd(mean + i, tail, m);
            } else {
                _mm256_storeu_pd(w + i, p);
                if (copy)
                    storeCopy(copy + i, p, b.streamCopies);
                if (mean)
                    _mm256_storeu_pd(mean + i, m);
            }
        }
    }
    // Non-temporal stores are weakly ordered: they are made visible before another thread
    // may read the copies.
    if (b.streamCopies)
        _mm_sfence();
    return true;
}

#endif

#ifdef AE_SIMD_AVX512

// GCC 12's AVX-512 headers start some intrinsics from _mm512_undefined_pd(), which
// -Wmaybe-uninitialized takes for a read of an uninitialised value (GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/// Lanes [0, count) of a vector, as a mask for the masked loads and stores.
__attribute__((target("avx512f"))) __mmask8 laneMask8(Eigen::Index count)
{
    return __mmask8((1u << count) - 1u);
}

/// The eight visibility flags from @p flags, as a set bit where visible; only the first
/// @p count flags are read.
__attribute__((target("avx512f"))) __mmask8 visibleLanes8(const bool *flags, Eigen::Index count)
{
    long long bytes = 0;
    std::memcpy(&bytes, flags, static_cast<size_t>(count));
    const __m512i wide = _mm512_cvtepu8_epi64(_mm_cvtsi64_si128(bytes));
    return _mm512_test_epi64_mask(wide, wide);
}

/// Stores eight doubles at @p to: past the caches when @p stream and @p to is 16-byte
/// aligned, else as usual.
__attribute__((target("avx512f"))) void storeCopy8(double *to, __m512d v, bool stream)
{
    if (stream && (reinterpret_cast<std::uintptr_t>(to) & 15) == 0) {
        const __m256d low = _mm512_castpd512_pd256(v);
        const __m256d high = _mm512_extractf64x4_pd(v, 1);
        _mm_stream_pd(to, _mm256_castpd256_pd128(low));
        _mm_stream_pd(to + 2, _mm256_extractf128_pd(low, 1));
        _mm_stream_pd(to + 4, _mm256_castpd256_pd128(high));
        _mm_stream_pd(to + 6, _mm256_extractf128_pd(high, 1));
    } else {
        _mm512_storeu_pd(to, v);
    }
}

/// avx2Block() eight rows at a time: every operation of a lane is the one avx2Block() runs,
/// so every row gets the same bits from either.
__attribute__((target("avx512f"))) bool avx512Block(const SoftmaxBlock &b)
{
    const Eigen::Index n = b.rows;
    RowStats &stats = rowStats(n + 8);
    double *const rowMax = stats.max.data();
    double *const sum = stats.sum.data();
    double *const weighted = stats.weighted.data();
    const __m512d inverseDivisor = _mm512_set1_pd(1.0 / b.divisor);
    const __m512d negInf = _mm512_set1_pd(minusInf);
    const __m512d zero = _mm512_setzero_pd();
    const Eigen::Index whole = n & ~Eigen::Index(7);
    const Eigen::Index rest = n - whole;
    const __mmask8 tail = laneMask8(rest);

    for (Eigen::Index i = 0; i < n; i += 8)
        _mm512_storeu_pd(rowMax + i, negInf);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        const double *x = b.logits + j * b.logitsStride;
        double *copy = b.logitsCopy ? b.logitsCopy + j * b.logitsCopyStride : nullptr;
        const bool *seen = b.visible ? b.visible + j * b.visibleStride : nullptr;
        for (Eigen::Index i = 0; i < n; i += 8) {
            const bool last = i == whole;
            __m512d v = last ? _mm512_maskz_loadu_pd(tail, x + i) : _mm512_loadu_pd(x + i);
            if (copy) {
                if (last)
                    _mm512_mask_storeu_pd(copy + i, tail, v);
                else
                    storeCopy8(copy + i, v, b.streamCopies);
            }
            if (seen)
                v = _mm512_mask_blend_pd(visibleLanes8(seen + i, last ? rest : 8), negInf, v);
            // max(v, m) returns m when v is NaN: NaN is left to the sums below.
            _mm512_storeu_pd(rowMax + i, _mm512_max_pd(v, _mm512_loadu_pd(rowMax + i)));
        }
    }
    for (Eigen::Index i = 0; i < n; i += 8) {
        const __m512d m = _mm512_loadu_pd(rowMax + i);
        // A row with no visible entry is shifted by 0, so no inf - inf appears.
        _mm512_storeu_pd(rowMax + i,
            _mm512_mask_blend_pd(
                _mm512_cmp_pd_mask(m, negInf, _CMP_EQ_OQ), _mm512_mul_pd(m, inverseDivisor), zero));
        _mm512_storeu_pd(sum + i, zero);
        _mm512_storeu_pd(weighted + i, zero);
    }
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        const double *x = b.logits + j * b.logitsStride;
        double *out = b.weights + j * b.weightsStride;
        const bool *seen = b.visible ? b.visible + j * b.visibleStride : nullptr;
        for (Eigen::Index i = 0; i < n; i += 8) {
            const bool last = i == whole;
            const __m512d v = last ? _mm512_maskz_loadu_pd(tail, x + i) : _mm512_loadu_pd(x + i);
            const __m512d shifted
                = _mm512_sub_pd(_mm512_mul_pd(v, inverseDivisor), _mm512_loadu_pd(rowMax + i));
            __m512d e = simd::expNonPositive8(shifted);
            if (seen)
                e = _mm512_maskz_mov_pd(visibleLanes8(seen + i, last ? rest : 8), e);
            if (last)
                _mm512_mask_storeu_pd(out + i, tail, e);
            else
                _mm512_storeu_pd(out + i, e);
            _mm512_storeu_pd(sum + i, _mm512_add_pd(_mm512_loadu_pd(sum + i), e));
            _mm512_storeu_pd(
                weighted + i, _mm512_fmadd_pd(e, shifted, _mm512_loadu_pd(weighted + i)));
        }
    }
    if (!allFinite(sum, weighted, n))
        return false;
    finishEntropy(b, sum, weighted);
    for (Eigen::Index i = 0; i < n; i += 8) {
        const __m512d s = _mm512_loadu_pd(sum + i);
        // sum >= 1 for a row with a visible entry (its maximum contributes e^0 = 1).
        _mm512_storeu_pd(sum + i,
            _mm512_maskz_mov_pd(
                _mm512_cmp_pd_mask(s, zero, _CMP_GT_OQ), _mm512_div_pd(_mm512_set1_pd(1.0), s)));
    }
    const __m512d factor = _mm512_set1_pd(b.meanFactor);
    for (Eigen::Index j = 0; j < b.cols; ++j) {
        double *w = b.weights + j * b.weightsStride;
        double *copy = b.weightsCopy ? b.weightsCopy + j * b.weightsCopyStride : nullptr;
        double *mean = b.mean ? b.mean + j * b.meanStride : nullptr;
        for (Eigen::Index i = 0; i < n; i += 8) {
            const bool last = i == whole;
            const __m512d e = last ? _mm512_maskz_loadu_pd(tail, w + i) : _mm512_loadu_pd(w + i);
            const __m512d p = _mm512_mul_pd(e, _mm512_loadu_pd(sum + i));
            __m512d m = zero;
            if (mean) {
                m = _mm512_mul_pd(p, factor);
                if (!b.meanStarts)
                    m = _mm512_add_pd(
                        last ? _mm512_maskz_loadu_pd(tail, mean + i) : _mm512_loadu_pd(mean + i),
                        m);
            }
            if (last) {
                _mm512_mask_storeu_pd(w + i, tail, p);
                if (copy)
                    _mm512_mask_storeu_pd(copy + i, tail, p);
                if (mean)
                    _mm512_mask_storeu_pd(mean + i, tail, m);
            } else {
                _mm512_storeu_pd(w + i, p);
                if (copy)
                    storeCopy8(copy + i, p, b.streamCopies);
                if (mean)
                    _mm512_storeu_pd(mean + i, m);
            }
        }
    }
    if (b.streamCopies)
        _mm_sfence();
    return true;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif

} // namespace

bool softmaxBlock(const SoftmaxBlock &block)
{
    if (block.rows == 0)
        return true;
    if (block.cols == 0) {
        // No key at all: every row is fully masked.
        for (Eigen::Index i = 0; i < block.rows; ++i)
            block.entropy[i] = 0.0;
        return true;
    }
#ifdef AE_SIMD_AVX2
    if (activeExpKernel() == ExpKernel::Avx2) {
#ifdef AE_SIMD_AVX512
        if (wideKernelsActive())
            return avx512Block(block);
#endif
        return avx2Block(block);
    }
#endif
    return portableBlock(block);
}

} // namespace ae
