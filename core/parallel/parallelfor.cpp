// SPDX-License-Identifier: GPL-3.0-or-later
#include "parallel/parallelfor.h"

#include "blas/blasthreads.h"

#include <QSemaphore>
#include <QThreadPool>
#include <algorithm>

namespace ae {

void parallelForPooled(
    int count, const ParallelOptions &options, const std::function<void(int)> &body)
{
    // The helpers run BLAS products too: one BLAS thread each.
    useSingleThreadedBlas();
    std::atomic<int> next { 0 };
    const auto work = [&] {
        for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1)) {
            if (options.cancelled())
                return;
            body(i);
        }
    };
    QSemaphore finished;
    int helpers = 0;
    const int wanted = std::min(options.threads, count) - 1;
    for (; helpers < wanted; ++helpers) {
        // tryStart() only takes a thread that is free now: never more threads than the pool's
        // size, and never a wait for another task to finish.
        if (!QThreadPool::globalInstance()->tryStart([&] {
                work();
                finished.release();
            }))
            break;
    }
    work();
    finished.acquire(helpers);
}

} // namespace ae
