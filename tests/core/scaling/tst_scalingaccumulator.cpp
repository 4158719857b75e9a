// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling experiment's figures (core/scaling/scalingaccumulator.h) on small seeded draws, fed
// in blocks over two repeats, against a plain long double implementation of their definitions.

#include "attention/rng.h"
#include "scaling/scalingaccumulator.h"
#include "testsupportproperties.h"

#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

/// The figures of one d_k, averaged over repeats, straight from the definitions.
struct Expected
{
    long double entropy[2] {}, grad[2] {}, saturated[2] {}, scoreStd[2] {};
    std::vector<long double> bins[2];
};

Eigen::MatrixXd draw(Rng &rng, int rows, int cols, double spread)
{
    Eigen::MatrixXd m(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            m(i, j) = spread * rng.normal();
    return m;
}

/// Adds one repeat's figures for @p dk to @p e (sums; the caller divides by repeats).
void addRepeat(const Eigen::MatrixXd &q, const Eigen::MatrixXd &k, int dk, Expected &e)
{
    const int rows = int(q.rows()), keys = int(k.rows());
    const long double factors[2] = { 1.0L, 1.0L / std::sqrt((long double)dk) };
    std::vector<long double> s(size_t(rows * keys));
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < keys; ++j) {
            long double dot = 0;
            for (int m = 0; m < dk; ++m)
                dot += (long double)q(i, m) * k(j, m);
            s[size_t(i * keys + j)] = dot;
        }
    const long double n = rows * keys;
    for (int v = 0; v < 2; ++v) {
        long double mean = 0, var = 0;
        for (long double x : s)
            mean += x * factors[v];
        mean /= n;
        for (long double x : s)
            var += (x * factors[v] - mean) * (x * factors[v] - mean);
        e.scoreStd[v] += std::sqrt(var / n);
        e.bins[v].resize(ScoreHistogram::binCount);
        const long double half = 4 * std::sqrt((long double)dk);
        for (long double x : s) {
            const long double at = (x * factors[v] + half) / (2 * half) * ScoreHistogram::binCount;
            if (at >= 0 && at < ScoreHistogram::binCount)
                e.bins[v][size_t(at)] += 1;
        }
        for (int i = 0; i < rows; ++i) {
            std::vector<long double> p(static_cast<size_t>(keys));
            long double sum = 0, top = 0;
            for (int j = 0; j < keys; ++j) {
                p[size_t(j)] = std::exp(factors[v] * s[size_t(i * keys + j)]);
                sum += p[size_t(j)];
            }
            long double h = 0, frob = 0;
            for (int j = 0; j < keys; ++j) {
                p[size_t(j)] /= sum;
                top = std::max(top, p[size_t(j)]);
                h -= p[size_t(j)] * std::log(p[size_t(j)]);
            }
            for (int a = 0; a < keys; ++a)
                for (int b = 0; b < keys; ++b) {
                    const long double x = (a == b ? p[size_t(a)] : 0) - p[size_t(a)] * p[size_t(b)];
                    frob += x * x;
                }
            e.entropy[v] += h / rows;
            e.grad[v] += std::sqrt(frob) / rows;
            e.saturated[v] += (top > saturationThreshold ? 1.0L : 0.0L) / rows;
        }
    }
}

bool close(double got, long double expected)
{
    return std::abs(got - double(expected)) <= 1e-12 * std::max(1.0, std::abs(double(expected)));
}

/// The sizes of one accumulation: queries and keys per draw, the widest d_k drawn, the rows
/// per block handed to the accumulator, the repeats and the draws' standard deviation.
struct Draws
{
    int queries;
    int keys;
    int largest;
    int blockRows;
    int repeats;
    double spread;
};

/// Feeds the same draws to @p acc (made for @p dims) in blocks and to the plain loops in
/// @p expected (one entry per d_k).
void accumulateBoth(Rng &rng, const std::vector<int> &dims, const Draws &n, ScalingAccumulator &acc,
    std::vector<Expected> &expected)
{
    for (int rep = 0; rep < n.repeats; ++rep) {
        const Eigen::MatrixXd q = draw(rng, n.queries, n.largest, n.spread);
        const Eigen::MatrixXd k = draw(rng, n.keys, n.largest, n.spread);
        for (int first = 0; first < n.queries; first += n.blockRows)
            QVERIFY(acc.addBlock(q.middleRows(first, std::min(n.blockRows, n.queries - first)), k));
        acc.endRepeat();
        for (size_t d = 0; d < dims.size(); ++d)
            addRepeat(q, k, dims[d], expected[d]);
    }
}

} // namespace

/// Tests ScalingAccumulator.
class TestScalingAccumulator : public QObject
{
    Q_OBJECT

private slots:
    void againstDefinition_data();
    void againstDefinition();
    void randomConfigurations_data();
    void randomConfigurations();
    void stopsWhenAsked();
};

void TestScalingAccumulator::againstDefinition_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("blockRows");
    QTest::addColumn<double>("spread");
    QTest::addColumn<bool>("wide");
    QTest::newRow("7 queries, 5 keys, blocks of 4") << 7 << 5 << 4 << 1.0 << false;
    QTest::newRow("9 queries, 1 key, blocks of 2") << 9 << 1 << 2 << 1.0 << false;
    QTest::newRow("6 queries, 3 keys, one block, saturating") << 6 << 3 << 6 << 3.0 << false;
    QTest::newRow("d_k 300, past a slice of 256 columns") << 5 << 4 << 3 << 1.0 << true;
}

void TestScalingAccumulator::againstDefinition()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(int, blockRows);
    QFETCH(double, spread);
    QFETCH(bool, wide);
    // Unsorted, with a repeated entry, or one past a product slice of 256 columns.
    const std::vector<int> dims
        = wide ? std::vector<int> { 300, 2, 7 } : std::vector<int> { 6, 1, 3, 6 };
    const int largest = *std::max_element(dims.begin(), dims.end());
    Rng rng(2024);
    ScalingAccumulator acc(dims, keys);
    std::vector<Expected> expected(dims.size());
    const int repeats = 2;
    accumulateBoth(
        rng, dims, { queries, keys, largest, blockRows, repeats, spread }, acc, expected);
    if (QTest::currentTestFailed())
        return;
    const EntropyExperimentResult r = acc.result();
    QCOMPARE(r.dims, dims);
    QCOMPARE(r.histograms.size(), dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        const Expected &e = expected[d];
        const QByteArray at = "d_k " + QByteArray::number(dims[d]);
        QVERIFY2(close(r.unscaled[d], e.entropy[0] / repeats), at);
        QVERIFY2(close(r.scaled[d], e.entropy[1] / repeats), at);
        QVERIFY2(close(r.unscaledGradNorm[d], e.grad[0] / repeats), at);
        QVERIFY2(close(r.scaledGradNorm[d], e.grad[1] / repeats), at);
        QVERIFY2(close(r.unscaledScoreStd[d], e.scoreStd[0] / repeats), at);
        QVERIFY2(close(r.scaledScoreStd[d], e.scoreStd[1] / repeats), at);
        QCOMPARE(r.unscaledSaturated[d], double(e.saturated[0] / repeats));
        QCOMPARE(r.scaledSaturated[d], double(e.saturated[1] / repeats));
        const ScoreHistogram &h = r.histograms[d];
        QCOMPARE(h.hi, 4 * std::sqrt(double(dims[d])));
        QCOMPARE(h.lo, -h.hi);
        for (int b = 0; b < ScoreHistogram::binCount; ++b) {
            const long double all = (long double)queries * keys * repeats;
            QVERIFY2(close(h.unscaled[size_t(b)], e.bins[0][size_t(b)] / all), at);
            QVERIFY2(close(h.scaled[size_t(b)], e.bins[1][size_t(b)] / all), at);
        }
    }
    if (spread > 1.0)
        QVERIFY2(r.unscaledSaturated.back() > 0.0, "the saturating row should saturate");
}

void TestScalingAccumulator::randomConfigurations_data()
{
    QTest::addColumn<int>("index");
    // A few hundred by default; AE_PROPERTY_CASES runs more.
    const int count = propertyCaseCount(300);
    for (int i = 0; i < count; ++i)
        QTest::addRow("configuration %d", i) << i;
}

void TestScalingAccumulator::randomConfigurations()
{
    QFETCH(int, index);
    // Everything drawn from the index: dimensions (unsorted, repeats allowed, some past a
    // slice of 256 columns), queries, keys, block size, repeats and a spread from 0.01 to 10
    // (scores from nearly flat to one-hot rows).
    Rng rng(0x5ca1e000ULL + std::uint64_t(index));
    auto pick = [&](int lo, int hi) { return lo + int(rng.next() % std::uint64_t(hi - lo + 1)); };
    std::vector<int> dims(size_t(pick(1, 5)));
    for (int &d : dims)
        d = pick(0, 9) == 0 ? pick(250, 300) : pick(1, 40);
    const int queries = pick(1, 20), keys = pick(1, 12), blockRows = pick(1, queries);
    const int repeats = pick(1, 3);
    const double spread = std::pow(10.0, pick(-20, 10) / 10.0);
    const int largest = *std::max_element(dims.begin(), dims.end());
    ScalingAccumulator acc(dims, keys);
    std::vector<Expected> expected(dims.size());
    accumulateBoth(
        rng, dims, { queries, keys, largest, blockRows, repeats, spread }, acc, expected);
    if (QTest::currentTestFailed())
        return;
    const EntropyExperimentResult r = acc.result();
    QCOMPARE(r.dims, dims);
    for (size_t d = 0; d < dims.size(); ++d) {
        const Expected &e = expected[d];
        const QByteArray at = "d_k " + QByteArray::number(dims[d]);
        QVERIFY2(close(r.unscaled[d], e.entropy[0] / repeats), at);
        QVERIFY2(close(r.scaled[d], e.entropy[1] / repeats), at);
        QVERIFY2(close(r.unscaledGradNorm[d], e.grad[0] / repeats), at);
        QVERIFY2(close(r.scaledGradNorm[d], e.grad[1] / repeats), at);
        QVERIFY2(close(r.unscaledScoreStd[d], e.scoreStd[0] / repeats), at);
        QVERIFY2(close(r.scaledScoreStd[d], e.scoreStd[1] / repeats), at);
        QCOMPARE(r.unscaledSaturated[d], double(e.saturated[0] / repeats));
        QCOMPARE(r.scaledSaturated[d], double(e.saturated[1] / repeats));
        const long double all = (long double)queries * keys * repeats;
        for (size_t b = 0; b < size_t(ScoreHistogram::binCount); ++b) {
            // Counts, not only shares: share * all must be the whole number counted here.
            QCOMPARE(std::round(r.histograms[d].unscaled[b] * double(all)), double(e.bins[0][b]));
            QCOMPARE(std::round(r.histograms[d].scaled[b] * double(all)), double(e.bins[1][b]));
            QVERIFY2(close(r.histograms[d].unscaled[b], e.bins[0][b] / all), at);
            QVERIFY2(close(r.histograms[d].scaled[b], e.bins[1][b] / all), at);
        }
    }
}

void TestScalingAccumulator::stopsWhenAsked()
{
    Rng rng(1);
    const Eigen::MatrixXd q = draw(rng, 4, 600, 1.0), k = draw(rng, 3, 600, 1.0);
    ScalingAccumulator acc({ 8, 600 }, 3);
    int polls = 0;
    // 8 columns, then 592 in slices of 256: four polls in all; stop at the third.
    QVERIFY(!acc.addBlock(q, k, [&] { return ++polls == 3; }));
    QCOMPARE(polls, 3);
    polls = 0;
    QVERIFY(acc.addBlock(q, k, [&] { return ++polls > 4; }));
    QCOMPARE(polls, 4);
}

QTEST_MAIN(TestScalingAccumulator)
#include "tst_scalingaccumulator.moc"
