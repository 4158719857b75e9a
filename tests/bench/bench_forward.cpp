// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the attention core's whole forward pass (per-head weights, mean, outputs, row
// entropies: everything the window shows), and of Eigen's own matrix product as the yardstick.

#include "attention/attention.h"
#include "benchsessions.h"
#include "blas/blasthreads.h"
#include "blas/product.h"
#include "session/sessioncompute.h"

#include <benchmark/benchmark.h>

namespace {

using ae::bench::Shape;

/// One forward pass of @p shape with random projections and biases, into a reused result
/// (as the window recomputes after an edit).
void forward(benchmark::State &state, Shape shape)
{
    const Eigen::MatrixXd xq = ae::bench::normalMatrix(shape.queries, shape.dModel, 1);
    const Eigen::MatrixXd xkv = ae::bench::normalMatrix(shape.keys, shape.dModel, 2);
    ae::AttentionConfig config;
    config.dModel = shape.dModel;
    config.heads = shape.heads;
    const ae::Projections projections = ae::bench::randomProjections(shape.dModel, 7);
    // One pass before timing: the result's storage is then in place, as in the window after
    // its first computation.
    ae::AttentionResult r;
    ae::computeAttention(xq, xkv, {}, config, projections, r);
    for (auto _ : state) {
        ae::computeAttention(xq, xkv, {}, config, projections, r);
        benchmark::DoNotOptimize(r.output.data());
        benchmark::ClobberMemory();
    }
    state.counters["FLOP/s"] = benchmark::Counter(
        ae::bench::forwardFlops(shape), benchmark::Counter::kIsIterationInvariantRate);
}

/// forward() into a fresh result every time, as the window's background computation makes one
/// per edit: the allocation and first touch of the heads' weights (128 MB at 1024 x 1024 x 16
/// heads) count too.
void forwardFresh(benchmark::State &state, Shape shape)
{
    const Eigen::MatrixXd xq = ae::bench::normalMatrix(shape.queries, shape.dModel, 1);
    const Eigen::MatrixXd xkv = ae::bench::normalMatrix(shape.keys, shape.dModel, 2);
    ae::AttentionConfig config;
    config.dModel = shape.dModel;
    config.heads = shape.heads;
    const ae::Projections projections = ae::bench::randomProjections(shape.dModel, 7);
    for (auto _ : state) {
        ae::AttentionResult r;
        ae::computeAttention(xq, xkv, {}, config, projections, r);
        benchmark::DoNotOptimize(r.output.data());
        benchmark::ClobberMemory();
    }
    state.counters["FLOP/s"] = benchmark::Counter(
        ae::bench::forwardFlops(shape), benchmark::Counter::kIsIterationInvariantRate);
}

/// The whole session path the window takes on every edit: computeSession() of a session with
/// seeded random projections and a fresh result. With @p newSeed every call asks for other
/// projections, which are drawn (an edit of the seed, d_model or a width); without, they are
/// drawn once and shared (an edit of a token, the scale, a mask).
void sessionRandom(benchmark::State &state, Shape shape, bool newSeed)
{
    ae::Session s = ae::bench::makeSession(shape, 3);
    s.attention.projections = ae::Projections();
    s.attention.projections.mode = ae::ProjectionMode::Random;
    s.attention.projections.seed = 11;
    for (auto _ : state) {
        if (newSeed)
            ++s.attention.projections.seed;
        ae::AttentionResult r = ae::computeSession(s);
        benchmark::DoNotOptimize(r.output.data());
    }
}

/// Eigen's own n x n times n x n product in double, one thread, with the build's flags.
void eigenGemm(benchmark::State &state, int n)
{
    const Eigen::MatrixXd a = ae::bench::normalMatrix(n, n, 1);
    const Eigen::MatrixXd b = ae::bench::normalMatrix(n, n, 2);
    Eigen::MatrixXd c(n, n);
    for (auto _ : state) {
        c.noalias() = a * b;
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    state.counters["FLOP/s"] = benchmark::Counter(
        2.0 * double(n) * n * n, benchmark::Counter::kIsIterationInvariantRate);
}

/// OpenBLAS's dgemm, one call through the core's multiplyInto(), one thread: the machine's
/// yardstick (registered in builds with AE_BLAS=ON).
void blasGemm(benchmark::State &state, int n)
{
    ae::useSingleThreadedBlas();
    const Eigen::MatrixXd a = ae::bench::normalMatrix(n, n, 1);
    const Eigen::MatrixXd b = ae::bench::normalMatrix(n, n, 2);
    Eigen::MatrixXd c(n, n);
    for (auto _ : state) {
        ae::multiplyInto(a, b, false, c);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    state.counters["FLOP/s"] = benchmark::Counter(
        2.0 * double(n) * n * n, benchmark::Counter::kIsIterationInvariantRate);
}

/// forward() on @p threads threads (the window's setting on this machine is two).
void forwardThreads(benchmark::State &state, Shape shape, int threads)
{
    const Eigen::MatrixXd xq = ae::bench::normalMatrix(shape.queries, shape.dModel, 1);
    const Eigen::MatrixXd xkv = ae::bench::normalMatrix(shape.keys, shape.dModel, 2);
    ae::AttentionConfig config;
    config.dModel = shape.dModel;
    config.heads = shape.heads;
    const ae::Projections projections = ae::bench::randomProjections(shape.dModel, 7);
    ae::ParallelOptions options;
    options.threads = threads;
    ae::AttentionResult r;
    ae::computeAttention(xq, xkv, {}, config, projections, r, options);
    for (auto _ : state) {
        ae::computeAttention(xq, xkv, {}, config, projections, r, options);
        benchmark::DoNotOptimize(r.output.data());
        benchmark::ClobberMemory();
    }
    state.counters["FLOP/s"] = benchmark::Counter(
        ae::bench::forwardFlops(shape), benchmark::Counter::kIsIterationInvariantRate);
}

const bool registered = [] {
    const Shape shapes[]
        = { { 2, 4, 4, 2 }, { 64, 64, 256, 8 }, { 256, 256, 512, 8 }, { 1024, 1024, 512, 16 } };
    for (const Shape &s : shapes) {
        const std::string name = "forward/" + ae::bench::shapeName(s).toStdString();
        benchmark::RegisterBenchmark(name.c_str(), forward, s)
            ->Unit(s.queries < 64 ? benchmark::kNanosecond : benchmark::kMicrosecond);
    }
    for (const Shape &s : { Shape { 256, 256, 512, 8 }, Shape { 1024, 1024, 512, 16 } }) {
        const std::string name = "forward/fresh/" + ae::bench::shapeName(s).toStdString();
        benchmark::RegisterBenchmark(name.c_str(), forwardFresh, s)->Unit(benchmark::kMicrosecond);
    }
    for (const Shape &s : { Shape { 512, 512, 512, 8 }, Shape { 12, 10, 1024, 8 } }) {
        for (const bool newSeed : { false, true }) {
            const std::string name
                = std::string(newSeed ? "session/random/drawn/" : "session/random/")
                + ae::bench::shapeName(s).toStdString();
            benchmark::RegisterBenchmark(name.c_str(), sessionRandom, s, newSeed)
                ->Unit(benchmark::kMillisecond);
        }
    }
    benchmark::RegisterBenchmark("eigen/gemm/1024", eigenGemm, 1024)->Unit(benchmark::kMillisecond);
    if (ae::usesOpenBlas())
        benchmark::RegisterBenchmark("blas/gemm/1024", blasGemm, 1024)
            ->Unit(benchmark::kMillisecond);
    // Wall time: the CPU time of the calling thread leaves out the helper's.
    for (const Shape &s : { Shape { 256, 256, 512, 8 }, Shape { 1024, 1024, 512, 16 } }) {
        const std::string name = "forward2/" + ae::bench::shapeName(s).toStdString();
        benchmark::RegisterBenchmark(name.c_str(), forwardThreads, s, 2)
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
    }
    return true;
}();

} // namespace
