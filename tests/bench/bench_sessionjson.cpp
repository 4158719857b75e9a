// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of reading, validating and writing a large session file: 512 tokens on each side, width
// 512, explicit 512 x 512 projections with biases (about 1.5 million numbers).

#include "attention/rng.h"
#include "session/sessionjson.h"
#include "session/sessionvalidator.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>

namespace {

Eigen::MatrixXd uniformMatrix(int rows, int cols, ae::Rng &rng)
{
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = rng.uniform(-1.0, 1.0);
    return m;
}

/// The large session, made once.
const ae::Session &largeSession()
{
    static const ae::Session session = [] {
        ae::Rng rng(5);
        ae::Session s;
        s.title = QStringLiteral("benchmark: 512 x 512 with explicit projections");
        for (int i = 0; i < 512; ++i) {
            s.source.tokens.append(QStringLiteral("源%1").arg(i));
            s.target.tokens.append(QStringLiteral("tgt%1").arg(i));
        }
        s.source.embeddings = uniformMatrix(512, 512, rng);
        s.target.embeddings = uniformMatrix(512, 512, rng);
        s.target.padding.assign(512, false);
        s.attention.config.dModel = 512;
        s.attention.config.heads = 8;
        ae::Projections &p = s.attention.projections;
        p.mode = ae::ProjectionMode::Explicit;
        p.wq = uniformMatrix(512, 512, rng);
        p.wk = uniformMatrix(512, 512, rng);
        p.wv = uniformMatrix(512, 512, rng);
        p.wo = uniformMatrix(512, 512, rng);
        p.bq = p.bk = p.bv = p.bo = Eigen::RowVectorXd::Constant(512, 0.125);
        return s;
    }();
    return session;
}

const QByteArray &largeSessionBytes()
{
    static const QByteArray bytes = ae::sessionToJsonBytes(largeSession());
    return bytes;
}

void BM_SessionFromJson_Large(benchmark::State &state)
{
    const QByteArray &bytes = largeSessionBytes();
    for (auto _ : state) {
        ae::SessionLoadResult r = ae::sessionFromJson(bytes);
        if (!r.ok())
            state.SkipWithError("the benchmark session was refused");
        benchmark::DoNotOptimize(r.session.source.embeddings.data());
    }
    state.SetBytesProcessed(state.iterations() * bytes.size());
    state.counters["file_MB"] = bytes.size() / 1e6;
}

/// The floor: Qt's JSON parser alone on the same bytes, for comparison with the full load.
void BM_QJsonParseOnly_Large(benchmark::State &state)
{
    const QByteArray &bytes = largeSessionBytes();
    for (auto _ : state) {
        QJsonDocument doc = QJsonDocument::fromJson(bytes);
        benchmark::DoNotOptimize(doc.isObject());
    }
    state.SetBytesProcessed(state.iterations() * bytes.size());
}

void BM_LoadSessionFile_Large(benchmark::State &state)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("large.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(largeSessionBytes()) != largeSessionBytes().size()) {
        state.SkipWithError("cannot write the temporary file");
        return;
    }
    file.close();
    for (auto _ : state) {
        ae::SessionLoadResult r = ae::loadSessionFile(path);
        if (!r.ok())
            state.SkipWithError("the benchmark session was refused");
        benchmark::DoNotOptimize(r.session.source.embeddings.data());
    }
    state.SetBytesProcessed(state.iterations() * largeSessionBytes().size());
}

/// What the document pays on every edit of a large session.
void BM_ValidateSession_Large(benchmark::State &state)
{
    const ae::Session &s = largeSession();
    for (auto _ : state) {
        auto error = ae::validateSession(s);
        benchmark::DoNotOptimize(error.has_value());
    }
}

void BM_SessionToJsonBytes_Large(benchmark::State &state)
{
    const ae::Session &s = largeSession();
    for (auto _ : state) {
        QByteArray bytes = ae::sessionToJsonBytes(s);
        benchmark::DoNotOptimize(bytes.data());
    }
}

} // namespace

BENCHMARK(BM_SessionFromJson_Large)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_QJsonParseOnly_Large)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadSessionFile_Large)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ValidateSession_Large)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SessionToJsonBytes_Large)->Unit(benchmark::kMillisecond);
