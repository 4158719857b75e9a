// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file parallelfor.h
/// A loop whose iterations run on a few threads: the caller and idle threads of Qt's global
/// pool.

#include "parallel/paralleloptions.h"

#include <functional>
#include <utility>

namespace ae {

/// Calls @p body(i) once for every i in [0, @p count), on up to @p options.threads threads:
/// the caller's and helpers taken from QThreadPool::globalInstance() only when one is idle
/// (so a pool already busy, say with the computation that calls this, is never
/// oversubscribed; the caller then does the work alone). Each thread takes the next index in
/// turn. Stops handing out indices once @p options asks to cancel. Returns when every body
/// that started has finished. The bodies must write disjoint data.
/// The caller's thread alone does the work (with no allocation) when options.threads <= 1.
template <typename Body> void parallelFor(int count, const ParallelOptions &options, Body &&body);

/// parallelFor() with helper threads; call parallelFor() instead.
void parallelForPooled(
    int count, const ParallelOptions &options, const std::function<void(int)> &body);

template <typename Body> void parallelFor(int count, const ParallelOptions &options, Body &&body)
{
    if (options.threads > 1 && count > 1) {
        // A reference wrapper fits in std::function's own storage: no allocation.
        parallelForPooled(count, options, std::function<void(int)>(std::ref(body)));
        return;
    }
    for (int i = 0; i < count && !options.cancelled(); ++i)
        body(i);
}

} // namespace ae
