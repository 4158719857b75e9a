// SPDX-License-Identifier: GPL-3.0-or-later
#include "normalsampler.h"

#include <array>
#include <cmath>

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
    }
};

const Layers &layers()
{
    static const Layers table;
    return table;
}

} // namespace

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
        const double bottom = density(t.x[layer]);
        const double top = density(t.x[layer + 1]);
        if (bottom + m_rng.uniform() * (top - bottom) < density(x))
            return x;
        const std::uint64_t bits = m_rng.next();
        layer = static_cast<int>(bits & 0xFF);
        u = static_cast<double>(static_cast<std::int64_t>(bits) >> 11) * 0x1.0p-52;
        if (std::abs(u) < t.inside[layer])
            return u * t.x[layer];
    }
}

} // namespace ae
