// SPDX-License-Identifier: GPL-3.0-or-later
// Turning a projection spec into matrices (core/attention/projections.h): what
// concreteProjections() hands a computation, read in place or made.

#include "attention/projections.h"

#include <QtTest>

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
    std::optional<Projections> made;
    const Projections &p = concreteProjections(spec, dq, dkv, dModel, made);
    // Read in place: the very object passed in, nothing made.
    QCOMPARE(&p == &spec, inPlace);
    QCOMPARE(made.has_value(), !inPlace);
    if (!inPlace)
        QCOMPARE(&p, &*made);
    // Either way the same projections as materializeProjections() gives.
    QVERIFY(p == materializeProjections(spec, dq, dkv, dModel));
    QVERIFY(p.mode != ProjectionMode::Random);
}

QTEST_MAIN(TestProjections)
#include "tst_projections.moc"
