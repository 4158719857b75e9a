// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/normalsampler.h"

#include "simd/vectorexp.h"

#include <array>
#include <cmath>
#include <limits>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define AE_SAMPLER_AVX2 1
#include <immintrin.h>
#endif

namespace ae {

namespace {

constexpr int layerCount = 256;
/// Start of the tail: where the base layer's rectangle ends (for 256 layers).
constexpr double tailStart = 3.6541528853610088;
/// Area of every layer (the base layer includes the tail).
constexpr double layerArea = 0.00492867323399;

double density(double x)
{
    return std::exp(-0.5 * x * x);
}

/// Layer edges and the share of each layer that lies wholly under the curve.
struct Layers
{
    /// x[i] is layer i's right edge; x[0] is the base layer's virtual width (area / f(r)),
    /// x[1] = r, falling to x[256] = 0 at the peak.
    std::array<double, layerCount + 1> x {};
    /// x[i + 1] / x[i]: a uniform |u| below it lands inside the curve without a test.
    std::array<double, layerCount> inside {};
    /// (inside[i], x[i]) side by side, for the vector kernel's paired loads.
    alignas(16) std::array<double, 2 * layerCount> pairs {};
    /// density(x[i]): the heights of the layers' edges, which the wedge test compares with.
    std::array<double, layerCount + 1> height {};
    /// Straight lines below and above the density over layer i's wedge, each as
    /// (value at x[i], rise per unit towards 0): a chord and a tangent, which side each lies
    /// on given by the curve's convexity (it changes at x = 1; that layer has none).
    std::array<std::array<double, 2>, layerCount> below {}, above {};

    Layers()
    {
        // Each layer i >= 1 is [0, x[i]] x [f(x[i]), f(x[i+1])] with the same area, which
        // gives the next edge from the previous one.
        x[0] = layerArea / density(tailStart);
        x[1] = tailStart;
        for (int i = 2; i < layerCount; ++i)
            x[i] = std::sqrt(-2.0 * std::log(layerArea / x[i - 1] + density(x[i - 1])));
        x[layerCount] = 0.0;
        for (int i = 0; i < layerCount; ++i)
            inside[i] = x[i + 1] / x[i];
        for (int i = 0; i <= layerCount; ++i)
            height[i] = density(x[i]);
        constexpr double never = std::numeric_limits<double>::infinity();
        for (int i = 1; i < layerCount; ++i) {
            const double width = x[i] - x[i + 1];
            const std::array<double, 2> chord { height[i], (height[i + 1] - height[i]) / width };
            if (x[i + 1] >= 1.0) {
                // Convex: under the chord, over the tangent at x[i] (slope -x f(x)).
                above[i] = chord;
                below[i] = { height[i], height[i] * x[i] };
            } else if (x[i] <= 1.0) {
                // Concave: over the chord, under the tangent at x[i + 1].
                below[i] = chord;
                above[i] = { height[i + 1] - height[i + 1] * x[i + 1] * width,
                    height[i + 1] * x[i + 1] };
            } else {
                below[i] = { 0.0, 0.0 };
                above[i] = { never, 0.0 };
            }
        }
        for (int i = 0; i < layerCount; ++i) {
            pairs[2 * i] = inside[i];
            pairs[2 * i + 1] = x[i];
        }
    }
};

const Layers &layers()
{
    static const Layers table;
    return table;
}

} // namespace

#ifdef AE_SAMPLER_AVX2

namespace {

/// Four xoshiro256** states, one generator per 64-bit lane: word w of lane k is state word w
/// of generator k.
struct XoshiroLanes
{
    __m256i s[4];
};

template <int Bits> __attribute__((target("avx2"))) inline __m256i rotateLeft(__m256i x)
{
    return _mm256_or_si256(_mm256_slli_epi64(x, Bits), _mm256_srli_epi64(x, 64 - Bits));
}

/// Rng::next() in every lane; the multiplications by 5 and 9 as shifts and adds (AVX2 has no
/// 64-bit multiply), which give the same bits.
__attribute__((target("avx2"))) inline __m256i nextBits(XoshiroLanes &g)
{
    const __m256i s1 = g.s[1];
    const __m256i times5 = _mm256_add_epi64(_mm256_slli_epi64(s1, 2), s1);
    const __m256i rotated = rotateLeft<7>(times5);
    const __m256i result = _mm256_add_epi64(_mm256_slli_epi64(rotated, 3), rotated);
    const __m256i t = _mm256_slli_epi64(s1, 17);
    g.s[2] = _mm256_xor_si256(g.s[2], g.s[0]);
    g.s[3] = _mm256_xor_si256(g.s[3], s1);
    g.s[1] = _mm256_xor_si256(s1, g.s[2]);
    g.s[0] = _mm256_xor_si256(g.s[0], g.s[3]);
    g.s[2] = _mm256_xor_si256(g.s[2], t);
    g.s[3] = rotateLeft<45>(g.s[3]);
    return result;
}

/// The fast path of next() in every lane: sets @p u to the signed fraction, @p accepted to
/// the lanes (bit k for lane k) whose fraction fell inside their layer, and returns u times
/// the layer's edge.
__attribute__((target("avx2"))) inline __m256d fastDeviates(
    __m256i bits, const Layers &t, __m256d &u, int &accepted)
{
    // Each lane's (inside, x) pair in one 16-byte load: four loads and a transpose cost less
    // than two gathers.
    alignas(32) std::uint64_t raw[4];
    _mm256_store_si256(reinterpret_cast<__m256i *>(raw), bits);
    const double *pair = t.pairs.data();
    const __m256d pairs02
        = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_load_pd(pair + 2 * (raw[0] & 0xFF))),
            _mm_load_pd(pair + 2 * (raw[2] & 0xFF)), 1);
    const __m256d pairs13
        = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_load_pd(pair + 2 * (raw[1] & 0xFF))),
            _mm_load_pd(pair + 2 * (raw[3] & 0xFF)), 1);
    const __m256d limit = _mm256_unpacklo_pd(pairs02, pairs13);
    const __m256d edge = _mm256_unpackhi_pd(pairs02, pairs13);
    // (int64 bits >> 11) * 2^-52 without a 64-bit integer conversion: bits 62..11 as the
    // mantissa of a double in [1, 2), minus 1, or minus 2 when the sign bit is set. Both
    // subtractions are exact, so u is the very fraction next() computes.
    const __m256i mantissa
        = _mm256_and_si256(_mm256_srli_epi64(bits, 11), _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL));
    const __m256d oneToTwo
        = _mm256_castsi256_pd(_mm256_or_si256(mantissa, _mm256_set1_epi64x(0x3FF0000000000000LL)));
    u = _mm256_sub_pd(oneToTwo,
        _mm256_blendv_pd(_mm256_set1_pd(1.0), _mm256_set1_pd(2.0), _mm256_castsi256_pd(bits)));
    const __m256d absU = _mm256_andnot_pd(_mm256_set1_pd(-0.0), u);
    accepted = _mm256_movemask_pd(_mm256_cmp_pd(absU, limit, _CMP_LT_OQ));
    return _mm256_mul_pd(u, edge);
}

} // namespace

struct NormalSamplerLanes
{
    /// The lanes of @p value not in @p accepted: each generator leaves the register, runs
    /// slowPath() (which draws more of its own stream) and comes back.
    __attribute__((target("avx2"), noinline)) static void finish(
        NormalSampler *s, XoshiroLanes &g, __m256i bits, __m256d u, __m256d &value, int accepted)
    {
        alignas(32) std::uint64_t state[4][4];
        alignas(32) std::uint64_t raw[4];
        alignas(32) double fraction[4], result[4];
        for (int w = 0; w < 4; ++w)
            _mm256_store_si256(reinterpret_cast<__m256i *>(state[w]), g.s[w]);
        _mm256_store_si256(reinterpret_cast<__m256i *>(raw), bits);
        _mm256_store_pd(fraction, u);
        _mm256_store_pd(result, value);
        for (int k = 0; k < 4; ++k) {
            if (accepted & (1 << k))
                continue;
            for (int w = 0; w < 4; ++w)
                s[k].m_rng.m_state[w] = state[w][k];
            result[k] = s[k].slowPath(fraction[k], static_cast<int>(raw[k] & 0xFF));
            for (int w = 0; w < 4; ++w)
                state[w][k] = s[k].m_rng.m_state[w];
        }
        for (int w = 0; w < 4; ++w)
            g.s[w] = _mm256_load_si256(reinterpret_cast<const __m256i *>(state[w]));
        value = _mm256_load_pd(result);
    }

    /// The next deviate of each of the four generators of @p g (samplers @p s).
    __attribute__((target("avx2"))) static inline __m256d next(
        NormalSampler *s, XoshiroLanes &g, const Layers &t)
    {
        const __m256i bits = nextBits(g);
        __m256d u;
        int accepted;
        __m256d value = fastDeviates(bits, t, u, accepted);
        if (accepted != 0xF) {
            // Through a copy, so that g itself never has its address taken and stays in
            // registers on the fast path.
            XoshiroLanes spilled = g;
            finish(s, spilled, bits, u, value, accepted);
            g = spilled;
        }
        return value;
    }

    /// Puts samplers s[0 .. 3] into the lanes of a register, writes their next @p count
    /// deviates to out[0 .. 3] and puts the states back.
    __attribute__((target("avx2"))) static void sweep(
        NormalSampler *s, double *const *out, std::int64_t count)
    {
        const Layers &t = layers();
        XoshiroLanes g;
        for (int w = 0; w < 4; ++w)
            g.s[w] = _mm256_set_epi64x(static_cast<long long>(s[3].m_rng.m_state[w]),
                static_cast<long long>(s[2].m_rng.m_state[w]),
                static_cast<long long>(s[1].m_rng.m_state[w]),
                static_cast<long long>(s[0].m_rng.m_state[w]));
        std::int64_t i = 0;
        // Four draws of each stream, then a 4 x 4 transpose: each column's four values are
        // stored together.
        for (; i + 4 <= count; i += 4) {
            __m256d v[4];
            for (int r = 0; r < 4; ++r)
                v[r] = next(s, g, t);
            const __m256d lo01 = _mm256_unpacklo_pd(v[0], v[1]);
            const __m256d hi01 = _mm256_unpackhi_pd(v[0], v[1]);
            const __m256d lo23 = _mm256_unpacklo_pd(v[2], v[3]);
            const __m256d hi23 = _mm256_unpackhi_pd(v[2], v[3]);
            _mm256_storeu_pd(out[0] + i, _mm256_permute2f128_pd(lo01, lo23, 0x20));
            _mm256_storeu_pd(out[1] + i, _mm256_permute2f128_pd(hi01, hi23, 0x20));
            _mm256_storeu_pd(out[2] + i, _mm256_permute2f128_pd(lo01, lo23, 0x31));
            _mm256_storeu_pd(out[3] + i, _mm256_permute2f128_pd(hi01, hi23, 0x31));
        }
        for (; i < count; ++i) {
            alignas(32) double lanes[4];
            _mm256_store_pd(lanes, next(s, g, t));
            for (int lane = 0; lane < 4; ++lane)
                out[lane][i] = lanes[lane];
        }
        alignas(32) std::uint64_t state[4][4];
        for (int w = 0; w < 4; ++w)
            _mm256_store_si256(reinterpret_cast<__m256i *>(state[w]), g.s[w]);
        for (int lane = 0; lane < 4; ++lane)
            for (int w = 0; w < 4; ++w)
                s[lane].m_rng.m_state[w] = state[w][lane];
    }

    /// NormalSampler::fillEach() for the first streams, four at a time; returns how many
    /// streams it filled. (Two registers of streams side by side were measured no faster:
    /// the step is bound by the number of instructions, not by their chain.)
    static int fillEach(NormalSampler *s, int streams, double *const *out, std::int64_t count)
    {
        int first = 0;
        for (; first + 4 <= streams; first += 4)
            sweep(s + first, out + first, count);
        return first;
    }
};

#endif

NormalSampler::NormalSampler(std::uint64_t seed)
    : m_rng(seed)
{
}

double NormalSampler::next()
{
    const Layers &t = layers();
    const std::uint64_t bits = m_rng.next();
    const int layer = static_cast<int>(bits & 0xFF);
    // The top 53 bits as a signed fraction in [-1, 1); the low byte picked the layer.
    const double u = static_cast<double>(static_cast<std::int64_t>(bits) >> 11) * 0x1.0p-52;
    if (std::abs(u) < t.inside[layer])
        return u * t.x[layer];
    return slowPath(u, layer);
}

void NormalSampler::fill(double *out, std::int64_t count)
{
    // The fast path of next(), written out so that it stays in this loop.
    const Layers &t = layers();
    for (std::int64_t i = 0; i < count; ++i) {
        const std::uint64_t bits = m_rng.next();
        const int layer = static_cast<int>(bits & 0xFF);
        const double u = static_cast<double>(static_cast<std::int64_t>(bits) >> 11) * 0x1.0p-52;
        out[i] = std::abs(u) < t.inside[layer] ? u * t.x[layer] : slowPath(u, layer);
    }
}

void NormalSampler::fillEach(
    NormalSampler *samplers, int streams, double *const *out, std::int64_t count)
{
    // Four streams per sweep: one xoshiro step is a chain of dependent operations, and four
    // chains keep the processor's units busy while their registers still fit.
    constexpr int width = 4;
    const Layers &t = layers();
    int first = 0;
#ifdef AE_SAMPLER_AVX2
    if (count > 0 && activeExpKernel() == ExpKernel::Avx2)
        first = NormalSamplerLanes::fillEach(samplers, streams, out, count);
#endif
    for (; first + width <= streams; first += width) {
        NormalSampler *s = samplers + first;
        double *const *o = out + first;
        for (std::int64_t i = 0; i < count; ++i) {
            for (int k = 0; k < width; ++k) {
                const std::uint64_t bits = s[k].m_rng.next();
                const int layer = static_cast<int>(bits & 0xFF);
                const double u
                    = static_cast<double>(static_cast<std::int64_t>(bits) >> 11) * 0x1.0p-52;
                o[k][i] = std::abs(u) < t.inside[layer] ? u * t.x[layer] : s[k].slowPath(u, layer);
            }
        }
    }
    for (; first < streams; ++first)
        samplers[first].fill(out[first], count);
}

double NormalSampler::slowPath(double u, int layer)
{
    const Layers &t = layers();
    for (;;) {
        if (layer == 0) {
            // Past the base rectangle: Marsaglia's exact sampler of the tail beyond r.
            double x, y;
            do {
                x = -std::log(1.0 - m_rng.uniform()) / tailStart;
                y = -std::log(1.0 - m_rng.uniform());
            } while (2.0 * y < x * x);
            return u < 0 ? -(tailStart + x) : tailStart + x;
        }
        // In the wedge between the rectangle's inner part and its edge: accept when a
        // uniform height in the layer falls under the curve.
        const double x = u * t.x[layer];
        const double bottom = t.height[layer];
        const double top = t.height[layer + 1];
        const double y = bottom + m_rng.uniform() * (top - bottom);
        // The lines bound the density; a relative margin of 1e-12 covers their rounding and
        // that of density() (a few units in the last place), so a height clear of them gets
        // the answer the exponential would give, without it.
        const double in = t.x[layer] - std::abs(x);
        const auto &low = t.below[layer];
        const auto &high = t.above[layer];
        if (y < (low[0] + low[1] * in) * (1.0 - 1e-12))
            return x;
        if (y <= (high[0] + high[1] * in) * (1.0 + 1e-12) && y < density(x))
            return x;
        const std::uint64_t bits = m_rng.next();
        layer = static_cast<int>(bits & 0xFF);
        u = static_cast<double>(static_cast<std::int64_t>(bits) >> 11) * 0x1.0p-52;
        if (std::abs(u) < t.inside[layer])
            return u * t.x[layer];
    }
}

} // namespace ae
