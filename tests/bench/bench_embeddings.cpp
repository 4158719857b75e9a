// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the embedding generators, which run as the user types tokens.

#include "attention/embeddings.h"

#include <benchmark/benchmark.h>

namespace {

QStringList tokens(int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list.append(QStringLiteral("token%1").arg(i % 300)); // repeats, as real text has
    return list;
}

void BM_HashedEmbedding_OneToken_Width512(benchmark::State &state)
{
    const QString token = QStringLiteral("深度学习");
    for (auto _ : state) {
        Eigen::RowVectorXd v = ae::hashedEmbedding(token, 512, 42);
        benchmark::DoNotOptimize(v.data());
    }
}

void BM_HashedEmbeddings_512Tokens_Width512(benchmark::State &state)
{
    const QStringList list = tokens(512);
    for (auto _ : state) {
        Eigen::MatrixXd m = ae::hashedEmbeddings(list, 512, 42);
        benchmark::DoNotOptimize(m.data());
    }
}

void BM_GenerateEmbeddings_HashedPlusPositions_512x512(benchmark::State &state)
{
    const QStringList list = tokens(512);
    ae::EmbeddingRecipe recipe;
    recipe.mode = ae::EmbeddingMode::Hashed;
    recipe.positional = true;
    for (auto _ : state) {
        auto m = ae::generateEmbeddings(recipe, list, 512);
        benchmark::DoNotOptimize(m->data());
    }
}

void BM_SinusoidalPositions_512x512(benchmark::State &state)
{
    for (auto _ : state) {
        Eigen::MatrixXd m = ae::sinusoidalPositions(512, 512);
        benchmark::DoNotOptimize(m.data());
    }
}

} // namespace

BENCHMARK(BM_HashedEmbedding_OneToken_Width512)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_HashedEmbeddings_512Tokens_Width512)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GenerateEmbeddings_HashedPlusPositions_512x512)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SinusoidalPositions_512x512)->Unit(benchmark::kMillisecond);
