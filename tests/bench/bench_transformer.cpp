// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the training lab's transformer (spec training.md, section 5): one training step
// (forward, backward, Adam) of the default shape, d_model 64, 4 heads, 2 + 2 layers,
// dim_feedforward 128, on batches of 32 examples of length 8 over 40-word vocabularies.
// compare_torch.py times torch.nn.Transformer float64 on the same step.

#include "attention/rng.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformeroptimizer.h"

#include <QString>
#include <benchmark/benchmark.h>
#include <vector>

namespace {

constexpr int vocab = 40;

/// The default transformer between two vocabularies of @p words words.
ae::TransformerSpec defaultSpec(int words)
{
    ae::TransformerSpec spec;
    for (int i = 0; i < words; ++i) {
        spec.sourceVocab << QStringLiteral("s%1").arg(i);
        spec.targetVocab << QStringLiteral("t%1").arg(i);
    }
    return spec;
}

/// A batch of @p batch examples of length @p length: sources 0 .. vocab-1 and targets
/// 1 .. vocab-1 drawn from @p rng, nothing padded.
ae::TransformerBatch randomBatch(ae::Rng &rng, int batch, int length)
{
    ae::TransformerBatch b;
    b.source.resize(batch, length);
    b.target.resize(batch, length);
    for (int e = 0; e < batch; ++e) {
        for (int i = 0; i < length; ++i) {
            b.source(e, i) = static_cast<int>(rng.next() % vocab);
            b.target(e, i) = 1 + static_cast<int>(rng.next() % (vocab - 1));
        }
    }
    return b;
}

/// One step (forward, backward, Adam 0.003) on one of eight fixed batches in turn, after a
/// first step that sizes every workspace (as in a run after its first step).
void step(benchmark::State &state, int batch, int length)
{
    const ae::TransformerSpec spec = defaultSpec(vocab);
    ae::TransformerModel model(spec);
    ae::TransformerParameters params = ae::TransformerParameters::initial(spec, 1);
    ae::TransformerParameters grads = ae::TransformerParameters::zeros(spec);
    const ae::OptimizerConfig adam; // Adam, 0.003
    ae::TransformerOptimizer optimizer(adam, spec);
    ae::Rng rng(7);
    std::vector<ae::TransformerBatch> batches;
    for (int i = 0; i < 8; ++i)
        batches.push_back(randomBatch(rng, batch, length));
    size_t next = 0;
    auto once = [&] {
        const ae::TransformerStepResult r = model.forwardBackward(params, batches[next], grads);
        optimizer.apply(params, grads);
        next = (next + 1) % batches.size();
        return r.loss;
    };
    once();
    for (auto _ : state)
        benchmark::DoNotOptimize(once());
    state.counters["steps/s"]
        = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
}

const bool registered = [] {
    benchmark::RegisterBenchmark("train/transformer/step/d64x4heads-2+2layers-b32-l8", step, 32, 8)
        ->Unit(benchmark::kMillisecond);
    return true;
}();

} // namespace
