// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file rng.h
/// A small, fast, portable pseudo-random generator (xoshiro256** seeded through SplitMix64).
/// Unlike the standard library's distributions, its uniform output is bit-identical on every
/// platform and compiler, so seeded sessions reproduce everywhere.

#include <cstdint>

namespace ae {

/// Deterministic pseudo-random number generator.
class Rng
{
public:
    /// Seeds the four state words from @p seed with SplitMix64.
    explicit Rng(std::uint64_t seed);

    /// Next raw 64-bit value (inline: the samplers draw millions in their loops).
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }
    /// Uniform double in [0, 1) with 53 random bits (exact, platform independent).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    /// Uniform double in [lo, hi).
    double uniform(double lo, double hi);
    /// Standard normal deviate (Marsaglia's polar method; uses log and sqrt).
    double normal();

    /// Mixes @p value into a well-distributed 64-bit hash (the SplitMix64 finaliser).
    static std::uint64_t mix(std::uint64_t value);

private:
    /// NormalSampler's vector sweep advances several generators' states in one register.
    friend struct NormalSamplerLanes;

    static constexpr std::uint64_t rotl(std::uint64_t x, int k)
    {
        return (x << k) | (x >> (64 - k));
    }

    std::uint64_t m_state[4];
    double m_spare = 0.0;
    bool m_hasSpare = false;
};

} // namespace ae
