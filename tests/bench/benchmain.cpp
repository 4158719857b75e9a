// SPDX-License-Identifier: GPL-3.0-or-later
// attention-bench's entry point: a headless Qt application (the export benchmarks draw text),
// and a note of the build in the benchmark context so that results say what they measured.

#include "blas/blasthreads.h"
#include "simd/widekernels.h"

#include <Eigen/Core>
#include <QGuiApplication>
#include <benchmark/benchmark.h>

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
#ifdef AE_NATIVE_BUILD
    benchmark::AddCustomContext("ae_build", "native (-march=native)");
#else
    benchmark::AddCustomContext("ae_build", "portable (default flags)");
#endif
    // Google Benchmark prints "Library was built as DEBUG" when its own library was compiled
    // without NDEBUG (Debian's libbenchmark is); this line says how the measured code was.
#ifdef NDEBUG
    benchmark::AddCustomContext(
        "ae_assertions", "off (NDEBUG; a DEBUG warning below is about libbenchmark)");
#else
    benchmark::AddCustomContext("ae_assertions", "on (not an optimised build: timings mislead)");
#endif
    benchmark::AddCustomContext("forward_kernels",
        ae::wideKernelsActive() ? "AVX-512 (run-time choice)" : "AVX2 or portable, BLAS products");
    benchmark::AddCustomContext("eigen_simd", Eigen::SimdInstructionSetsInUse());
    benchmark::AddCustomContext("eigen_threads", std::to_string(Eigen::nbThreads()));
    benchmark::AddCustomContext("blas", ae::blasDescription());
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
