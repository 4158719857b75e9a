// SPDX-License-Identifier: GPL-3.0-or-later
#include "simd/softmaxrowsums.h"

#include "attention/softmaxrowstats.h"
#include "simd/vectorexp.h"

#include <cmath>
#include <limits>
#include <vector>

// The vector kernel reproduces softmaxRowStats() as the portable build computes it: Eigen on
// SSE2, two doubles per packet, multiply and add rounded separately. A build for a wider
// instruction set (-march=native) changes Eigen's own arithmetic, so it keeps the row loop.
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))        \
    && !defined(__AVX__) && !defined(__FMA__)
#define AE_ROWSUMS_AVX2 1
#include <immintrin.h>
#endif

namespace ae {

namespace {

void addRow(const SoftmaxRowStats &s, double threshold, SoftmaxRowSums &sums)
{
    sums.entropy += s.entropy;
    sums.jacobianNorm += s.jacobianNorm;
    sums.saturated += s.maxWeight > threshold ? 1.0 : 0.0;
}

void portableRows(const double *scores, Eigen::Index rows, int keys,
    const std::array<double, 2> &factors, double threshold, std::array<SoftmaxRowSums, 2> &sums)
{
    for (Eigen::Index r = 0; r < rows; ++r)
        for (size_t v = 0; v < 2; ++v)
            addRow(softmaxRowStats(scores + r * keys, keys, factors[v]), threshold, sums[v]);
}

#ifdef AE_ROWSUMS_AVX2

// Only "avx2", never "fma": every product and sum below is rounded on its own, as in the
// SSE2 code this mirrors (with FMA enabled the compiler could fuse them).

__attribute__((target("avx2"))) inline __m256d add(__m256d a, __m256d b)
{
    return _mm256_add_pd(a, b);
}

__attribute__((target("avx2"))) inline __m256d sub(__m256d a, __m256d b)
{
    return _mm256_sub_pd(a, b);
}

__attribute__((target("avx2"))) inline __m256d mul(__m256d a, __m256d b)
{
    return _mm256_mul_pd(a, b);
}

__attribute__((target("avx2"))) inline __m256d splat(double v)
{
    return _mm256_set1_pd(v);
}

__attribute__((target("avx2"))) inline __m256d at(const double *buffer, int j)
{
    return _mm256_loadu_pd(buffer + 4 * j);
}

__attribute__((target("avx2"))) inline void put(double *buffer, int j, __m256d v)
{
    _mm256_storeu_pd(buffer + 4 * j, v);
}

/// Eigen 3.4's pexp_double() (the Cephes rational approximation and its pldexp for SSE2)
/// in every lane, operation for operation.
__attribute__((target("avx2"))) inline __m256d eigenExp(__m256d input)
{
    __m256d x = _mm256_max_pd(_mm256_min_pd(input, splat(709.784)), splat(-709.784));
    __m256d fx = _mm256_floor_pd(add(mul(splat(1.4426950408889634073599), x), splat(0.5)));
    x = sub(x, mul(fx, splat(0.693145751953125)));
    x = sub(x, mul(fx, splat(1.42860682030941723212e-6)));
    const __m256d x2 = mul(x, x);
    __m256d px = splat(1.26177193074810590878e-4);
    px = add(mul(px, x2), splat(3.02994407707441961300e-2));
    px = add(mul(px, x2), splat(9.99999999999999999910e-1));
    px = mul(px, x);
    __m256d qx = splat(3.00198505138664455042e-6);
    qx = add(mul(qx, x2), splat(2.52448340349684104192e-3));
    qx = add(mul(qx, x2), splat(2.27265548208155028766e-1));
    qx = add(mul(qx, x2), splat(2.00000000000000000009e0));
    x = _mm256_div_pd(px, sub(qx, px));
    x = add(mul(splat(2.0), x), splat(1.0));
    // x * 2^fx as four factors 2^b 2^b 2^b 2^(e - 3b), b = floor(e / 4).
    const __m256d e = _mm256_min_pd(_mm256_max_pd(fx, splat(-2099.0)), splat(2099.0));
    const __m128i whole = _mm256_cvtpd_epi32(e);
    const __m128i quarter = _mm_srai_epi32(whole, 2);
    const __m128i remainder
        = _mm_sub_epi32(_mm_sub_epi32(_mm_sub_epi32(whole, quarter), quarter), quarter);
    const __m128i bias = _mm_set1_epi32(1023);
    const __m256d c = _mm256_castsi256_pd(
        _mm256_slli_epi64(_mm256_cvtepi32_epi64(_mm_add_epi32(quarter, bias)), 52));
    const __m256d last = _mm256_castsi256_pd(
        _mm256_slli_epi64(_mm256_cvtepi32_epi64(_mm_add_epi32(remainder, bias)), 52));
    const __m256d scaled = mul(mul(mul(mul(x, c), c), c), last);
    return _mm256_max_pd(scaled, input);
}

/// The sum of terms[0 .. n) in every lane in the order of Eigen's vectorised sum over two-
/// double packets: two packet accumulators over groups of four, then the last packet, the
/// packet's two halves, then an odd last term.
__attribute__((target("avx2"))) inline __m256d eigenOrderSum(const double *terms, int n)
{
    if (n < 2)
        return at(terms, 0);
    const int quads = n / 4 * 4;
    const int pairs = n / 2 * 2;
    __m256d a0 = at(terms, 0), a1 = at(terms, 1);
    if (n >= 4) {
        __m256d b0 = at(terms, 2), b1 = at(terms, 3);
        for (int j = 4; j < quads; j += 4) {
            a0 = add(a0, at(terms, j));
            a1 = add(a1, at(terms, j + 1));
            b0 = add(b0, at(terms, j + 2));
            b1 = add(b1, at(terms, j + 3));
        }
        a0 = add(a0, b0);
        a1 = add(a1, b1);
        if (pairs > quads) {
            a0 = add(a0, at(terms, quads));
            a1 = add(a1, at(terms, quads + 1));
        }
    }
    __m256d sum = add(a0, a1);
    if (n % 2 != 0)
        sum = add(sum, at(terms, n - 1));
    return sum;
}

/// Buffers of one group of four rows: per key, one value per lane.
struct GroupBuffers
{
    explicit GroupBuffers(int keys)
        : scores(4 * static_cast<size_t>(keys))
        , logits(scores.size())
        , weights(scores.size())
        , a(scores.size())
        , b(scores.size())
    {
    }
    std::vector<double> scores, logits, weights, a, b;
};

/// Rows @p row .. @p row + 3 by key, one row per lane, into g.scores; sets @p peak to each
/// row's largest score and @p top to the position of its first occurrence.
__attribute__((target("avx2"))) void loadFourRows(
    const double *row, int keys, GroupBuffers &g, __m256d &peak, __m256d &top)
{
    const __m256i stride = _mm256_setr_epi64x(0, keys, 2LL * keys, 3LL * keys);
    double *scores = g.scores.data();
    peak = _mm256_i64gather_pd(row, stride, 8);
    top = _mm256_setzero_pd();
    put(scores, 0, peak);
    for (int j = 1; j < keys; ++j) {
        const __m256d s = _mm256_i64gather_pd(row + j, stride, 8);
        put(scores, j, s);
        const __m256d above = _mm256_cmp_pd(s, peak, _CMP_GT_OQ);
        peak = _mm256_blendv_pd(peak, s, above);
        top = _mm256_blendv_pd(top, splat(j), above);
    }
}

/// softmaxRowStats() of the four rows loadFourRows() put in @p g, one per lane, added to
/// @p sums in row order.
__attribute__((target("avx2"))) void fourRows(GroupBuffers &g, int keys, __m256d peak, __m256d top,
    double factor, double threshold, SoftmaxRowSums &sums)
{
    double *logits = g.logits.data();
    double *weights = g.weights.data();
    const int vectorised = keys / 2 * 2;
    for (int j = 0; j < keys; ++j) {
        const __m256d x
            = _mm256_max_pd(mul(splat(factor), sub(at(g.scores.data(), j), peak)), splat(-1000.0));
        put(logits, j, x);
        if (j < vectorised)
            put(weights, j, eigenExp(x));
    }
    // Eigen leaves an odd last entry to the scalar exp.
    for (int j = vectorised; j < keys; ++j)
        for (int lane = 0; lane < 4; ++lane)
            weights[4 * j + lane] = std::exp(logits[4 * j + lane]);
    for (int j = 0; j < keys; ++j) {
        const __m256d gone
            = _mm256_or_pd(_mm256_cmp_pd(at(logits, j), splat(minExpArgument), _CMP_LT_OQ),
                _mm256_cmp_pd(top, splat(j), _CMP_EQ_OQ));
        const __m256d w = _mm256_andnot_pd(gone, at(weights, j));
        put(weights, j, w);
        put(g.a.data(), j, mul(w, at(logits, j)));
    }
    const __m256d rest = eigenOrderSum(weights, keys);
    const __m256d weightedLogits = eigenOrderSum(g.a.data(), keys);
    const __m256d z = add(splat(1.0), rest);
    alignas(32) double restLanes[4], logLanes[4];
    _mm256_store_pd(restLanes, rest);
    for (int lane = 0; lane < 4; ++lane)
        logLanes[lane] = std::log1p(restLanes[lane]);
    const __m256d entropy = sub(_mm256_load_pd(logLanes), _mm256_div_pd(weightedLogits, z));
    const __m256d pTop = _mm256_div_pd(splat(1.0), z);
    const __m256d inv2 = mul(pTop, pTop);
    const __m256d topTerm = mul(pTop, mul(rest, pTop));
    for (int j = 0; j < keys; ++j) {
        const __m256d w = at(weights, j);
        const __m256d d = mul(w, sub(z, w));
        const __m256d square = mul(w, w);
        put(g.a.data(), j, mul(d, d));
        put(g.b.data(), j, square);
        put(logits, j, mul(square, square));
    }
    const __m256d others = mul(mul(eigenOrderSum(g.a.data(), keys), inv2), inv2);
    const __m256d otherSquares = mul(eigenOrderSum(g.b.data(), keys), inv2);
    const __m256d otherFourths = mul(mul(eigenOrderSum(logits, keys), inv2), inv2);
    const __m256d cross = add(mul(mul(mul(splat(2.0), pTop), pTop), otherSquares),
        _mm256_max_pd(_mm256_setzero_pd(), sub(mul(otherSquares, otherSquares), otherFourths)));
    const __m256d norm = _mm256_sqrt_pd(add(add(mul(topTerm, topTerm), others), cross));
    alignas(32) double entropyLanes[4], normLanes[4], maxLanes[4];
    _mm256_store_pd(entropyLanes, entropy);
    _mm256_store_pd(normLanes, norm);
    _mm256_store_pd(maxLanes, pTop);
    for (int lane = 0; lane < 4; ++lane) {
        sums.entropy += entropyLanes[lane];
        sums.jacobianNorm += normLanes[lane];
        sums.saturated += maxLanes[lane] > threshold ? 1.0 : 0.0;
    }
}

__attribute__((target("avx2"))) void avx2Rows(const double *scores, Eigen::Index rows, int keys,
    const std::array<double, 2> &factors, double threshold, std::array<SoftmaxRowSums, 2> &sums)
{
    GroupBuffers buffers(keys);
    Eigen::Index r = 0;
    for (; r + 4 <= rows; r += 4) {
        __m256d peak, top;
        loadFourRows(scores + r * keys, keys, buffers, peak, top);
        for (size_t v = 0; v < 2; ++v)
            fourRows(buffers, keys, peak, top, factors[v], threshold, sums[v]);
    }
    portableRows(scores + r * keys, rows - r, keys, factors, threshold, sums);
}

#endif

} // namespace

void addSoftmaxRowSums(const double *scores, Eigen::Index rows, int keys,
    const std::array<double, 2> &factors, double threshold, std::array<SoftmaxRowSums, 2> &sums)
{
#ifdef AE_ROWSUMS_AVX2
    if (activeExpKernel() == ExpKernel::Avx2) {
        avx2Rows(scores, rows, keys, factors, threshold, sums);
        return;
    }
#endif
    portableRows(scores, rows, keys, factors, threshold, sums);
}

} // namespace ae
