// SPDX-License-Identifier: GPL-3.0-or-later
// The forward pass on several threads (core/parallel): parallelFor() runs every index once and
// stops when cancelled, and computeAttention() returns the same bits on one thread as on two
// or four, masked or not, with projections or without.

#include "attention/attention.h"
#include "attention/projections.h"
#include "blas/blasthreads.h"
#include "parallel/parallelfor.h"
#include "testsupport.h"

#include <QThreadPool>
#include <QtTest>
#include <mutex>
#include <set>

using namespace ae;

class TestParallelForward : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyIndexOnce_data();
    void everyIndexOnce();
    void cancelStopsHandingOutWork();
    void blasIsSingleThreaded();
    void sameBitsOnAnyThreadCount_data();
    void sameBitsOnAnyThreadCount();
};

void TestParallelForward::initTestCase()
{
    // Enough pool threads for helpers to start even on a one-core runner.
    QThreadPool::globalInstance()->setMaxThreadCount(4);
}

void TestParallelForward::everyIndexOnce_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("threads");
    QTest::newRow("none") << 0 << 2;
    QTest::newRow("one on two threads") << 1 << 2;
    QTest::newRow("many on one thread") << 37 << 1;
    QTest::newRow("many on two threads") << 37 << 2;
    QTest::newRow("many on four threads") << 1000 << 4;
}

void TestParallelForward::everyIndexOnce()
{
    QFETCH(int, count);
    QFETCH(int, threads);
    std::vector<std::atomic<int>> calls(static_cast<size_t>(count));
    ParallelOptions options;
    options.threads = threads;
    parallelFor(count, options, [&](int i) { calls[static_cast<size_t>(i)].fetch_add(1); });
    for (int i = 0; i < count; ++i)
        QCOMPARE(calls[static_cast<size_t>(i)].load(), 1);
}

void TestParallelForward::cancelStopsHandingOutWork()
{
    for (int threads : { 1, 2 }) {
        std::atomic<bool> cancel { false };
        std::atomic<int> done { 0 };
        ParallelOptions options;
        options.threads = threads;
        options.cancel = &cancel;
        parallelFor(100000, options, [&](int) {
            if (done.fetch_add(1) + 1 == 10)
                cancel.store(true);
        });
        // Every thread finishes the body it holds when the flag turns, and takes no other.
        QVERIFY2(done.load() >= 10 && done.load() < 10 + threads,
            qPrintable(QString::number(done.load())));
    }
}

void TestParallelForward::blasIsSingleThreaded()
{
    const QString description = QString::fromStdString(blasDescription());
    if (usesOpenBlas()) {
        QVERIFY2(description.contains(QStringLiteral("OpenBLAS")), qPrintable(description));
        QVERIFY2(description.endsWith(QStringLiteral(", 1 thread)")), qPrintable(description));
    } else {
        QVERIFY2(description.startsWith(QStringLiteral("none")), qPrintable(description));
    }
}

void TestParallelForward::sameBitsOnAnyThreadCount_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("padded");
    QTest::addColumn<bool>("identity");
    QTest::newRow("seed size") << 2 << 4 << 4 << 2 << false << false << false;
    QTest::newRow("one block, causal") << 40 << 40 << 16 << 4 << true << false << false;
    QTest::newRow("row blocks and projection pieces")
        << 600 << 300 << 96 << 3 << false << true << false;
    QTest::newRow("many blocks, identity, causal") << 300 << 700 << 64 << 8 << true << true << true;
}

void TestParallelForward::sameBitsOnAnyThreadCount()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(bool, causal);
    QFETCH(bool, padded);
    QFETCH(bool, identity);
    const Eigen::MatrixXd xq = test::seededMatrix(queries, dModel, 1.0, 1);
    const Eigen::MatrixXd xkv = test::seededMatrix(keys, dModel, 1.0, 2);
    std::vector<bool> padding;
    if (padded) {
        padding.assign(static_cast<size_t>(keys), false);
        padding.back() = true;
        padding.front() = true;
    }
    AttentionConfig config;
    config.dModel = dModel;
    config.heads = heads;
    config.causal = causal;
    Projections spec;
    if (!identity) {
        spec.mode = ProjectionMode::Random;
        spec.seed = 5;
    }
    Projections p = materializeProjections(spec, dModel, dModel, dModel);
    if (!identity) {
        p.bq = test::seededMatrix(1, dModel, 1.0, 3);
        p.bk = test::seededMatrix(1, dModel, 1.0, 4);
        p.bv = test::seededMatrix(1, dModel, 1.0, 5);
        p.bo = test::seededMatrix(1, dModel, 1.0, 6);
    }

    AttentionResult one;
    computeAttention(xq, xkv, padding, config, p, one);
    for (int threads : { 2, 4 }) {
        ParallelOptions options;
        options.threads = threads;
        AttentionResult many;
        computeAttention(xq, xkv, padding, config, p, many, options);
        QVERIFY(test::sameBits(one.q, many.q) && test::sameBits(one.k, many.k)
            && test::sameBits(one.v, many.v));
        QVERIFY(one.visible == many.visible);
        QCOMPARE(many.heads.size(), one.heads.size());
        for (size_t h = 0; h < one.heads.size(); ++h) {
            const HeadResult &a = one.heads[h];
            const HeadResult &b = many.heads[h];
            QVERIFY(test::sameBits(one.dotProducts(int(h)), many.dotProducts(int(h))));
            QVERIFY(test::sameBits(a.weights, b.weights));
            QVERIFY(test::sameBits(a.output, b.output));
            QVERIFY(test::sameBits(a.entropy, b.entropy));
        }
        QVERIFY(test::sameBits(one.concat, many.concat));
        QVERIFY(test::sameBits(one.output, many.output));
        QVERIFY(test::sameBits(one.meanWeights, many.meanWeights));
        QVERIFY(test::sameBits(one.meanEntropy, many.meanEntropy));
        QCOMPARE(many.fullyMaskedRows, one.fullyMaskedRows);
    }
}

QTEST_MAIN(TestParallelForward)
#include "tst_parallelforward.moc"
