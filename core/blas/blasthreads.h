// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file blasthreads.h
/// The BLAS library under Eigen's products (OpenBLAS when built with AE_BLAS), kept
/// single-threaded: the core runs its own threads (parallelFor()), and BLAS threads on top of
/// them would oversubscribe the cores.

#include <string>

namespace ae {

/// Makes the BLAS library run every call on the calling thread. Cheap after the first call;
/// computeAttention() and parallelFor() call it, and so should any core code that runs large
/// Eigen products before them. Nothing to do without BLAS.
void useSingleThreadedBlas();

/// True when the core's products run on OpenBLAS (a build with AE_BLAS=ON).
bool usesOpenBlas();

/// The BLAS in use, e.g. "OpenBLAS 0.3.21 ... (core Haswell, 1 thread)", or "none (Eigen's own
/// products)" in a build with AE_BLAS=OFF.
std::string blasDescription();

} // namespace ae
