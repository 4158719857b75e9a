// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the scaling experiment, which the GUI reruns in the background on every change.

#include "scaling/entropyexperiment.h"
#include "scaling/normalsampler.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

/// The seed article's experiment: dims 8, 32, 128, 512; 2048 queries; 10 keys; one draw;
/// every figure of the scaling lab (entropy, score spread, softmax gradient, saturation and
/// the score histograms).
void BM_EntropyDefault(benchmark::State &state)
{
    const ae::EntropyExperimentConfig config;
    for (auto _ : state) {
        ae::EntropyExperimentResult r = ae::runEntropyExperiment(config);
        benchmark::DoNotOptimize(r.scaled.data());
    }
}

/// The same with R repeats, for the smooth curve.
void BM_EntropyRepeats(benchmark::State &state)
{
    ae::EntropyExperimentConfig config;
    config.repeats = static_cast<int>(state.range(0));
    for (auto _ : state) {
        ae::EntropyExperimentResult r = ae::runEntropyExperiment(config);
        benchmark::DoNotOptimize(r.scaled.data());
    }
}

/// The cost of polling the cancellation callback.
void BM_EntropyDefaultWithCallback(benchmark::State &state)
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

/// One million standard normal deviates from the experiment's generator.
void BM_NormalSamplerMillion(benchmark::State &state)
{
    ae::NormalSampler sampler(1);
    std::vector<double> out(1 << 20);
    for (auto _ : state) {
        sampler.fill(out.data(), static_cast<std::int64_t>(out.size()));
        benchmark::DoNotOptimize(out.data());
    }
}

} // namespace

BENCHMARK(BM_EntropyDefault)->Name("entropy/default")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EntropyDefaultWithCallback)
    ->Name("entropy/default-with-callback")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EntropyRepeats)->Name("entropy/repeats")->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NormalSamplerMillion)->Name("entropy/normals-1M")->Unit(benchmark::kMillisecond);
