// Speed of the attention core at the sizes the app meets: the seed article's example, a
// classroom-sized model, and the largest session the limits allow along the sequence axis.

#include "attention.h"
#include "projections.h"
#include "rng.h"
#include "sessioncompute.h"

#include <benchmark/benchmark.h>

namespace {

Eigen::MatrixXd normalMatrix(int rows, int cols, std::uint64_t seed)
{
    ae::Rng rng(seed);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = rng.normal();
    return m;
}

/// computeAttention for @p tokens queries and keys, d_model @p dModel, @p heads heads;
/// identity projections for the seed example, random (materialized once) otherwise.
void computeAttentionAt(
    benchmark::State &state, int tokens, int keys, int dModel, int heads, bool identity)
{
    const Eigen::MatrixXd xq = normalMatrix(tokens, dModel, 1);
    const Eigen::MatrixXd xkv = normalMatrix(keys, dModel, 2);
    ae::AttentionConfig config;
    config.dModel = dModel;
    config.heads = heads;
    ae::Projections spec;
    if (!identity) {
        spec.mode = ae::ProjectionMode::Random;
        spec.seed = 7;
    }
    const ae::Projections projections = ae::materializeProjections(spec, dModel, dModel, dModel);
    for (auto _ : state) {
        ae::AttentionResult r = ae::computeAttention(xq, xkv, {}, config, projections);
        benchmark::DoNotOptimize(r.output.data());
    }
    state.counters["tokens"] = tokens;
    state.counters["d_model"] = dModel;
}

void BM_ComputeAttention_SeedExample(benchmark::State &state)
{
    // 我爱深度学习 -> i love: 2 queries, 4 keys, d_model 4, 2 heads, identity.
    computeAttentionAt(state, 2, 4, 4, 2, true);
}

void BM_ComputeAttention_64Tokens_D64_H8(benchmark::State &state)
{
    computeAttentionAt(state, 64, 64, 64, 8, false);
}

void BM_ComputeAttention_512Tokens_D512_H8(benchmark::State &state)
{
    computeAttentionAt(state, 512, 512, 512, 8, false);
}

/// The whole session path the GUI takes on every edit: materialize seeded random projections
/// and compute (512 tokens, d_model 512, 8 heads).
void BM_ComputeSession_512Tokens_D512_H8_Random(benchmark::State &state)
{
    ae::Session s;
    s.source.tokens.reserve(512);
    for (int i = 0; i < 512; ++i)
        s.source.tokens.append(QStringLiteral("w%1").arg(i));
    s.target.tokens = s.source.tokens;
    s.source.embeddings = normalMatrix(512, 512, 3);
    s.target.embeddings = normalMatrix(512, 512, 4);
    s.attention.config.dModel = 512;
    s.attention.config.heads = 8;
    s.attention.projections.mode = ae::ProjectionMode::Random;
    s.attention.projections.seed = 11;
    for (auto _ : state) {
        ae::AttentionResult r = ae::computeSession(s);
        benchmark::DoNotOptimize(r.output.data());
    }
}

} // namespace

BENCHMARK(BM_ComputeAttention_SeedExample);
BENCHMARK(BM_ComputeAttention_64Tokens_D64_H8)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ComputeAttention_512Tokens_D512_H8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ComputeSession_512Tokens_D512_H8_Random)->Unit(benchmark::kMillisecond);
