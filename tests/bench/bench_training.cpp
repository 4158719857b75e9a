// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the training lab's core: whole runs and single steps (forward, backward, Adam) of
// the spec's reverse configuration. compare_torch.py times PyTorch on the same steps.

#include "training/trainer.h"

#include <benchmark/benchmark.h>

namespace {

/// The spec's reverse run: length 6, vocabulary 12, batch 32, Adam 0.003, one head.
ae::RunConfig reverseRun(int dModel, int heads, int steps)
{
    ae::RunConfig c;
    c.task.kind = ae::TaskKind::Reverse;
    c.dModel = dModel;
    c.heads = heads;
    c.steps = steps;
    return c;
}

/// A whole run of @p steps steps from a fresh trainer (batches drawn, metrics measured).
void run(benchmark::State &state, int dModel, int steps)
{
    for (auto _ : state) {
        ae::Trainer trainer(reverseRun(dModel, 1, steps));
        while (trainer.step()) { }
        benchmark::DoNotOptimize(trainer.parameters().wq.data());
    }
    state.counters["steps/s"]
        = benchmark::Counter(double(steps), benchmark::Counter::kIsIterationInvariantRate);
}

/// One training step of a long run (the workspace in place, as in the lab after its first step).
void step(benchmark::State &state, int dModel, int heads)
{
    ae::Trainer trainer(reverseRun(dModel, heads, 1000000));
    trainer.step();
    for (auto _ : state) {
        auto m = trainer.step();
        benchmark::DoNotOptimize(m);
    }
}

const bool registered = [] {
    benchmark::RegisterBenchmark("train/reverse/d128", run, 128, 600)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark("train/step/d128", step, 128, 1)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("train/step/d512x8heads", step, 512, 8)
        ->Unit(benchmark::kMicrosecond);
    return true;
}();

} // namespace
