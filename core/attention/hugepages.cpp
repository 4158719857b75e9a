// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/hugepages.h"

#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace ae {

void adviseHugePages(Eigen::MatrixXd &m)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t huge = std::uintptr_t(2) * 1024 * 1024;
    const std::uintptr_t bytes = std::uintptr_t(m.size()) * sizeof(double);
    if (bytes < 2 * huge)
        return;
    const auto start = reinterpret_cast<std::uintptr_t>(m.data());
    const std::uintptr_t first = (start + huge - 1) & ~(huge - 1);
    const std::uintptr_t last = (start + bytes) & ~(huge - 1);
    // Advice only: a kernel without transparent huge pages refuses it, and nothing changes.
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
#else
    (void)m;
#endif
}

} // namespace ae
