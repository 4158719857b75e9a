// SPDX-License-Identifier: GPL-3.0-or-later
// Turning a projection spec into matrices (core/attention/projections.h): what
// concreteProjections() hands a computation, read in place or made.

#include "attention/projections.h"

#include <QtTest>
#include <atomic>
#include <thread>
#include <vector>

using namespace ae;

namespace {

constexpr int dq = 3;
constexpr int dkv = 5;
constexpr int dModel = 4;

Eigen::RowVectorXd bias(double start)
{
    return Eigen::RowVectorXd::LinSpaced(dModel, start, start + 1.0);
}

/// Explicit matrices of the right shapes with distinct entries, and every bias.
Projections explicitWithBiases()
{
    Projections p;
    p.mode = ProjectionMode::Explicit;
    p.wq = Eigen::MatrixXd::Constant(dq, dModel, 0.5);
    p.wk = Eigen::MatrixXd::Constant(dkv, dModel, -0.25);
    p.wv = Eigen::MatrixXd::Constant(dkv, dModel, 2.0);
    p.wo = Eigen::MatrixXd::Identity(dModel, dModel);
    p.bq = bias(0.1);
    p.bk = bias(0.2);
    p.bv = bias(0.3);
    p.bo = bias(0.4);
    return p;
}

} // namespace

Q_DECLARE_METATYPE(ae::Projections)

/// Tests concreteProjections() against materializeProjections().
class TestProjections : public QObject
{
    Q_OBJECT

private slots:
    void readInPlaceOrMade_data();
    void readInPlaceOrMade();
    void randomDrawShared_data();
    void randomDrawShared();
    void onlyTheLastDrawsKept();
    void explicitIsNotShared();
    void drawsFromManyThreads();
};

void TestProjections::readInPlaceOrMade_data()
{
    QTest::addColumn<Projections>("spec");
    QTest::addColumn<bool>("inPlace");

    QTest::newRow("identity") << Projections() << true;
    QTest::newRow("explicit, every bias") << explicitWithBiases() << true;
    Projections noOutputBias = explicitWithBiases();
    noOutputBias.bo = Eigen::RowVectorXd();
    QTest::newRow("explicit, no output bias") << noOutputBias << false;
    Projections noBiases = explicitWithBiases();
    noBiases.bq = noBiases.bk = noBiases.bv = noBiases.bo = Eigen::RowVectorXd();
    QTest::newRow("explicit, no biases") << noBiases << false;
    Projections random;
    random.mode = ProjectionMode::Random;
    random.seed = 7;
    QTest::newRow("random, seed 7") << random << false;
}

void TestProjections::readInPlaceOrMade()
{
    QFETCH(Projections, spec);
    QFETCH(bool, inPlace);
    MadeProjections made;
    const Projections &p = concreteProjections(spec, dq, dkv, dModel, made);
    // Read in place: the very object passed in, nothing made.
    QCOMPARE(&p == &spec, inPlace);
    QCOMPARE(made != nullptr, !inPlace);
    if (!inPlace)
        QCOMPARE(&p, made.get());
    // Either way the same projections as materializeProjections() gives.
    QVERIFY(p == materializeProjections(spec, dq, dkv, dModel));
    QVERIFY(p.mode != ProjectionMode::Random);
}

void TestProjections::randomDrawShared_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<quint64>("otherSeed");
    QTest::addColumn<int>("otherDq");
    QTest::addColumn<int>("otherDkv");
    QTest::addColumn<int>("otherDModel");
    // Each row its own seeds, so that no row finds another row's draws.
    QTest::newRow("another seed") << quint64(1000) << quint64(1001) << dq << dkv << dModel;
    QTest::newRow("another query width")
        << quint64(1010) << quint64(1010) << dq + 1 << dkv << dModel;
    QTest::newRow("another key width") << quint64(1020) << quint64(1020) << dq << dkv + 1 << dModel;
    QTest::newRow("another d_model") << quint64(1030) << quint64(1030) << dq << dkv << dModel + 2;
}

void TestProjections::randomDrawShared()
{
    // Asked again for the same seed and shapes: the same object, not a new draw; asked for
    // another seed or shape: a draw of its own. An undo and a redo between the two draw
    // neither again.
    QFETCH(quint64, seed);
    QFETCH(quint64, otherSeed);
    QFETCH(int, otherDq);
    QFETCH(int, otherDkv);
    QFETCH(int, otherDModel);
    Projections spec;
    spec.mode = ProjectionMode::Random;
    spec.seed = seed;
    Projections other = spec;
    other.seed = otherSeed;

    MadeProjections first;
    MadeProjections again;
    MadeProjections changed;
    MadeProjections back;
    concreteProjections(spec, dq, dkv, dModel, first);
    concreteProjections(spec, dq, dkv, dModel, again);
    QVERIFY(first);
    QCOMPARE(again.get(), first.get());
    QVERIFY(*first == materializeProjections(spec, dq, dkv, dModel));

    concreteProjections(other, otherDq, otherDkv, otherDModel, changed);
    QVERIFY(changed.get() != first.get());
    QVERIFY(*changed == materializeProjections(other, otherDq, otherDkv, otherDModel));
    QVERIFY(!(*changed == *first));

    concreteProjections(spec, dq, dkv, dModel, back);
    QCOMPARE(back.get(), first.get());
    MadeProjections forward;
    concreteProjections(other, otherDq, otherDkv, otherDModel, forward);
    QCOMPARE(forward.get(), changed.get());
}

void TestProjections::onlyTheLastDrawsKept()
{
    Projections spec;
    spec.mode = ProjectionMode::Random;
    spec.seed = 2000;
    MadeProjections first;
    concreteProjections(spec, dq, dkv, dModel, first);
    // As many other draws as are kept push the first out: asked again, it is drawn again,
    // the same numbers in a new object.
    for (int i = 1; i <= keptRandomDraws; ++i) {
        Projections next = spec;
        next.seed = spec.seed + std::uint64_t(i);
        MadeProjections made;
        concreteProjections(next, dq, dkv, dModel, made);
        QVERIFY(made.get() != first.get());
    }
    MadeProjections redrawn;
    concreteProjections(spec, dq, dkv, dModel, redrawn);
    QVERIFY(redrawn.get() != first.get());
    QVERIFY(*redrawn == *first);
}

void TestProjections::explicitIsNotShared()
{
    // Explicit matrices without biases are copied for each computation: two sessions with the
    // same shapes may hold different numbers.
    Projections spec = explicitWithBiases();
    spec.bo = Eigen::RowVectorXd();
    MadeProjections one;
    MadeProjections two;
    concreteProjections(spec, dq, dkv, dModel, one);
    spec.wo(0, 0) = 9.0;
    concreteProjections(spec, dq, dkv, dModel, two);
    QVERIFY(one && two && one.get() != two.get());
    QCOMPARE(one->wo(0, 0), 1.0);
    QCOMPARE(two->wo(0, 0), 9.0);
}

void TestProjections::drawsFromManyThreads()
{
    // The window computes on worker threads: many at once, over more seeds than are kept,
    // each gets its own seed's projections whole.
    constexpr int threads = 4;
    constexpr int calls = 40;
    std::vector<Projections> expected;
    for (std::uint64_t seed = 3000; seed < 3000 + keptRandomDraws + 1; ++seed) {
        Projections spec;
        spec.mode = ProjectionMode::Random;
        spec.seed = seed;
        expected.push_back(materializeProjections(spec, dq, dkv, dModel));
    }
    std::atomic<int> wrong { 0 };
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < calls; ++i) {
                const std::size_t which = std::size_t(t + i) % expected.size();
                Projections spec;
                spec.mode = ProjectionMode::Random;
                spec.seed = 3000 + which;
                MadeProjections made;
                const Projections &p = concreteProjections(spec, dq, dkv, dModel, made);
                if (!(p == expected[which]))
                    ++wrong;
            }
        });
    }
    for (std::thread &w : workers)
        w.join();
    QCOMPARE(wrong.load(), 0);
}

QTEST_MAIN(TestProjections)
#include "tst_projections.moc"
