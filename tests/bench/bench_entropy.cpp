// Speed of the scaling experiment, which the GUI reruns in the background on every change.

#include "entropyexperiment.h"

#include <benchmark/benchmark.h>

namespace {

/// The seed article's experiment: dims 8, 32, 128, 512; 2048 queries; 10 keys; one draw.
void BM_EntropyExperiment_Default(benchmark::State &state)
{
    const ae::EntropyExperimentConfig config;
    for (auto _ : state) {
        ae::EntropyExperimentResult r = ae::runEntropyExperiment(config);
        benchmark::DoNotOptimize(r.scaled.data());
    }
}

/// The same with R repeats, for the smooth curve.
void BM_EntropyExperiment_Repeats(benchmark::State &state)
{
    ae::EntropyExperimentConfig config;
    config.repeats = static_cast<int>(state.range(0));
    for (auto _ : state) {
        ae::EntropyExperimentResult r = ae::runEntropyExperiment(config);
        benchmark::DoNotOptimize(r.scaled.data());
    }
}

/// The cost of polling the cancellation callback (it runs once per 64 queries).
void BM_EntropyExperiment_DefaultWithCallback(benchmark::State &state)
{
    const ae::EntropyExperimentConfig config;
    int polls = 0;
    for (auto _ : state) {
        ae::EntropyExperimentResult r = ae::runEntropyExperiment(config, [&] {
            ++polls;
            return false;
        });
        benchmark::DoNotOptimize(r.scaled.data());
    }
    benchmark::DoNotOptimize(polls);
}

} // namespace

BENCHMARK(BM_EntropyExperiment_Default)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EntropyExperiment_DefaultWithCallback)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EntropyExperiment_Repeats)->Arg(10)->Unit(benchmark::kMillisecond);
