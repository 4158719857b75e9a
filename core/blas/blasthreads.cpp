// SPDX-License-Identifier: GPL-3.0-or-later
#include "blas/blasthreads.h"

#include <mutex>

#ifdef AE_USE_OPENBLAS
#include <cblas.h>
#endif

namespace ae {

void useSingleThreadedBlas()
{
#ifdef AE_USE_OPENBLAS
    static std::once_flag once;
    // OpenBLAS starts one thread per core when loaded; with one thread it runs every call on
    // the caller, which our pool already spreads over the cores.
    std::call_once(once, [] { openblas_set_num_threads(1); });
#endif
}

bool usesOpenBlas()
{
#ifdef AE_USE_OPENBLAS
    return true;
#else
    return false;
#endif
}

std::string blasDescription()
{
#ifdef AE_USE_OPENBLAS
    useSingleThreadedBlas();
    return std::string(openblas_get_config()) + " (core " + openblas_get_corename() + ", "
        + std::to_string(openblas_get_num_threads()) + " thread)";
#else
    return "none (Eigen's own products)";
#endif
}

} // namespace ae
