// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/rng.h"

#include <cmath>

namespace ae {

std::uint64_t Rng::mix(std::uint64_t value)
{
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

Rng::Rng(std::uint64_t seed)
{
    // SplitMix64 stream: consecutive outputs fill the state, never all zero.
    std::uint64_t s = seed;
    for (auto &word : m_state) {
        word = mix(s);
        s += 0x9e3779b97f4a7c15ULL;
    }
}

double Rng::uniform(double lo, double hi)
{
    return lo + (hi - lo) * uniform();
}

double Rng::normal()
{
    if (m_hasSpare) {
        m_hasSpare = false;
        return m_spare;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double factor = std::sqrt(-2.0 * std::log(s) / s);
    m_spare = v * factor;
    m_hasSpare = true;
    return u * factor;
}

} // namespace ae
