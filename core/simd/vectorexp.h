// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file vectorexp.h
/// The exponential of an array, on the widest vector unit the processor has: the softmax's
/// hot loop. The binary stays portable x86-64; the AVX2 kernel is chosen at run time.

#include <Eigen/Core>
#include <cmath>
#include <limits>

namespace ae {

/// ln DBL_MIN (about -708.4): below it the core's exponentials give exactly 0, so a weight
/// that small adds nothing to a sum (expInto(), the softmax kernels, the row statistics).
inline const double minExpArgument = std::log(std::numeric_limits<double>::min());

/// The implementations of expInto(). The scaling experiment's vector kernels
/// (NormalSampler::fillEach(), addSoftmaxRowSums()) follow the same choice.
enum class ExpKernel {
    Portable, ///< Eigen's array exponential, as compiled for the whole build (SSE2 on x86-64)
    Avx2, ///< four doubles at a time with fused multiply-adds (x86-64 with AVX2 and FMA)
};

/// True when this processor (and its operating system) runs @p kernel.
bool expKernelSupported(ExpKernel kernel);

/// The kernel expInto() uses: the fastest supported one unless setExpKernel() chose another.
ExpKernel activeExpKernel();

/// Makes expInto() use @p kernel from now on, in every thread (tests compare the kernels).
/// @return false, changing nothing, when the processor lacks @p kernel.
bool setExpKernel(ExpKernel kernel);

/// @p out[i] = e^@p x[i] for i in [0, @p n), within two units in the last place for x up to
/// ln DBL_MAX. Below ln DBL_MIN (about -708.4, where the exponential leaves the normal
/// doubles) and for -inf the result is exactly 0, so a weight that small adds nothing to a
/// sum. Arrays of fewer than four elements always take the portable kernel (a call into the
/// vector kernel would cost more than the arithmetic); from four on, the AVX2 kernel gives
/// every element the same arithmetic wherever it lies, its last one to three included. NaN
/// gives NaN on the AVX2 kernel and an unspecified finite value on the portable one; callers
/// detect NaN in their inputs.
/// @p x and @p out do not overlap.
void expInto(const double *x, double *out, Eigen::Index n);

} // namespace ae
