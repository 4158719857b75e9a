// SPDX-License-Identifier: GPL-3.0-or-later
#include "simd/widekernels.h"

#include "simd/exp8.h"

#include <atomic>

namespace ae {

namespace {

std::atomic<bool> &chosen()
{
    static std::atomic<bool> wide { wideKernelsSupported() };
    return wide;
}

} // namespace

bool wideKernelsSupported()
{
#ifdef AE_SIMD_AVX512
    return simd::avx512Supported();
#else
    return false;
#endif
}

bool wideKernelsActive()
{
    return chosen().load(std::memory_order_relaxed);
}

bool setWideKernels(bool wide)
{
    if (wide && !wideKernelsSupported())
        return false;
    chosen().store(wide);
    return true;
}

} // namespace ae
