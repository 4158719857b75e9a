// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file widekernels.h
/// The AVX-512 kernels of the attention forward pass (softmaxBlock() eight lanes wide, the
/// per-head products of headproducts.h): chosen at run time when the processor has AVX-512
/// Foundation; the binary stays portable x86-64.

namespace ae {

/// True when this processor (and its operating system) runs the AVX-512 kernels.
bool wideKernelsSupported();

/// Whether the AVX-512 kernels run: by default when supported.
bool wideKernelsActive();

/// Makes the forward pass use the AVX-512 kernels (@p wide) or not, in every thread (tests
/// compare the two). @return false, changing nothing, when @p wide is unsupported.
bool setWideKernels(bool wide);

} // namespace ae
