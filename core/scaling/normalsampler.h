// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file normalsampler.h
/// Fast standard normal deviates on the project's generator: the ziggurat method with 256
/// layers, about four times faster than Rng::normal()'s polar method (most draws cost one
/// 64-bit number, one multiply and one compare). Used where millions of draws are needed.

#include "attention/rng.h"

#include <cstdint>

namespace ae {

/// A stream of N(0, 1) deviates; the same seed gives the same numbers on every platform up
/// to the last bit of std::exp / std::log on the rare slow paths (about 1 % of draws).
class NormalSampler
{
public:
    /// Starts a stream whose xoshiro state is seeded from @p seed (see Rng).
    explicit NormalSampler(std::uint64_t seed);

    /// The next deviate.
    double next();
    /// Writes the next @p count deviates to @p out.
    void fill(double *out, std::int64_t count);
    /// Sampler i of @p samplers (@p streams of them) writes its next @p count deviates to
    /// @p out[i]: the very numbers fill() would give, faster, because the streams are
    /// independent: groups of four run side by side, in the lanes of one vector register when
    /// activeExpKernel() is the AVX2 kernel (the vector kernels share that switch), else
    /// interleaved so that the processor overlaps their arithmetic.
    static void fillEach(
        NormalSampler *samplers, int streams, double *const *out, std::int64_t count);

private:
    /// The rare cases: a wedge between two layers, or the tail past the base layer.
    double slowPath(double u, int layer);
    /// fillEach()'s AVX2 kernel (normalsampler.cpp): the fast path in vector lanes, the rare
    /// rest handed to each stream's slowPath().
    friend struct NormalSamplerLanes;

    Rng m_rng;
};

} // namespace ae
