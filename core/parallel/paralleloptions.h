// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file paralleloptions.h
/// How much of the machine one computation may use, and how to stop it.

#include <atomic>

namespace ae {

/// Options of a computation that change how it runs, never what it returns: the results are
/// bit-identical whatever the thread count (the work is cut into pieces that depend on the
/// shapes only, and each piece is summed in the same order on any thread).
struct ParallelOptions
{
    /// Threads working on the computation, the calling one included (1: all on the caller).
    /// Helpers come from Qt's global thread pool and only when it has one idle, so the pool is
    /// never oversubscribed; BLAS runs single-threaded inside each of them.
    int threads = 1;
    /// When set and it turns true, the computation stops at the next piece of work and its
    /// result is incomplete (the caller drops it).
    const std::atomic<bool> *cancel = nullptr;

    /// True when @ref cancel asks to stop.
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

} // namespace ae
