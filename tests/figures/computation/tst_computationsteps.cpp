// SPDX-License-Identifier: GPL-3.0-or-later
// The computation view's matrices (ui/figures/computation/computationsteps) against the core's
// intermediates, products written out as plain loops, and the PyTorch reference cases.

#include "computation/computationsteps.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportattention.h"

#include <QJsonArray>
#include <QtTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

Session loadCase(const QString &name)
{
    const SessionLoadResult loaded = loadSessionFile(
        test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json"));
    return loaded.ok() ? loaded.session : Session();
}

/// a · bᵀ by plain loops, in long double.
Eigen::MatrixXd timesTransposed(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    Eigen::MatrixXd c(a.rows(), b.rows());
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        for (Eigen::Index j = 0; j < b.rows(); ++j) {
            long double sum = 0;
            for (Eigen::Index m = 0; m < a.cols(); ++m)
                sum += static_cast<long double>(a(i, m)) * b(j, m);
            c(i, j) = static_cast<double>(sum);
        }
    }
    return c;
}

} // namespace

/// Tests ComputationSteps.
class TestComputationSteps : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void matricesAreTheCoreIntermediates_data();
    void matricesAreTheCoreIntermediates();
    void matricesAgreeWithTheReference_data();
    void matricesAgreeWithTheReference();
    void heatmapStateBeforeAndAfterSoftmax();
    void everyStepHasTitleAndFormula();
};

void TestComputationSteps::initTestCase()
{
    QVERIFY(test::referenceCaseNames().size() >= 11);
}

void TestComputationSteps::matricesAreTheCoreIntermediates_data()
{
    QTest::addColumn<QString>("caseName");
    for (const QString &name : test::referenceCaseNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestComputationSteps::matricesAreTheCoreIntermediates()
{
    QFETCH(QString, caseName);
    const Session s = loadCase(caseName);
    QVERIFY(s.source.length() > 0);
    const AttentionResult r = computeSession(s);
    const int dK = r.dK;
    for (int h = 0; h < static_cast<int>(r.heads.size()); ++h) {
        const HeadResult &head = r.heads[static_cast<size_t>(h)];
        const auto split = ComputationSteps::matrices(s, r, h, ComputationStep::Split);
        QCOMPARE(split.size(), size_t(3));
        QCOMPARE(split[0].values, Eigen::MatrixXd(r.q.middleCols(h * dK, dK)));
        QCOMPARE(split[1].values, Eigen::MatrixXd(r.k.middleCols(h * dK, dK)));
        QCOMPARE(split[2].values, Eigen::MatrixXd(r.v.middleCols(h * dK, dK)));
        QCOMPARE(split[0].rowLabels, s.querySequence().tokens);
        QCOMPARE(split[1].rowLabels, s.keyValueSequence().tokens);
        QCOMPARE(split[0].columnLabels.size(), dK);
        QCOMPARE(split[0].columnLabels.first(), QString::number(h * dK + 1));

        const auto scores = ComputationSteps::matrices(s, r, h, ComputationStep::Scores);
        QCOMPARE(scores.front().values, r.dotProducts(h));
        // S = Q_h K_hᵀ, multiplied out here independently.
        QVERIFY(test::maxAbsDifference(
                    scores.front().values, timesTransposed(split[0].values, split[1].values))
            < 1e-12);
        QCOMPARE(scores.front().columnLabels, s.keyValueSequence().tokens);
        const auto scaled = ComputationSteps::matrices(s, r, h, ComputationStep::Scaled);
        QVERIFY(
            test::maxAbsDifference(scaled.front().values, scores.front().values / r.scale) < 1e-12);
        QCOMPARE(scaled.front().visible.size(), Eigen::Index(0));
        const auto masked = ComputationSteps::matrices(s, r, h, ComputationStep::Masked);
        // The very values the softmax was given: the dot products times 1 / scale.
        QCOMPARE(masked.front().values, Eigen::MatrixXd(r.dotProducts(h) * (1.0 / r.scale)));
        QVERIFY(masked.front().visible == r.visible);
        const auto softmax = ComputationSteps::matrices(s, r, h, ComputationStep::Softmax);
        QCOMPARE(softmax.front().values, head.weights);
        const auto output = ComputationSteps::matrices(s, r, h, ComputationStep::HeadOutput);
        QVERIFY(
            test::maxAbsDifference(output.front().values, head.weights * split[2].values) < 1e-12);
        QCOMPARE(output.front().values, head.output);
        QCOMPARE(
            ComputationSteps::matrices(s, r, h, ComputationStep::Concat).front().values, r.concat);
        const auto wo = ComputationSteps::matrices(s, r, h, ComputationStep::OutputProjection);
        QCOMPARE(wo.size(), size_t(2));
        Eigen::MatrixXd projected = r.concat * wo[0].values;
        projected.rowwise() += wo[1].values.row(0);
        const auto out = ComputationSteps::matrices(s, r, h, ComputationStep::Output);
        QVERIFY(test::maxAbsDifference(out.front().values, projected) < 1e-12);
        QCOMPARE(out.front().values, r.output);
    }
}

void TestComputationSteps::matricesAgreeWithTheReference_data()
{
    matricesAreTheCoreIntermediates_data();
}

void TestComputationSteps::matricesAgreeWithTheReference()
{
    QFETCH(QString, caseName);
    const Session s = loadCase(caseName);
    const AttentionResult r = computeSession(s);
    const QJsonObject expected = test::readJsonObject(
        test::referenceCasesDir() + QLatin1Char('/') + caseName + QStringLiteral(".expected.json"));
    const QJsonArray heads = expected.value(QStringLiteral("heads")).toArray();
    QCOMPARE(heads.size(), static_cast<int>(r.heads.size()));
    for (int h = 0; h < heads.size(); ++h) {
        const QString prefix = QStringLiteral("heads[%1].").arg(h);
        QVERIFY(test::maxAbsDifference(
                    ComputationSteps::matrices(s, r, h, ComputationStep::Softmax).front().values,
                    T::referenceMatrix(caseName, prefix + QStringLiteral("weights")))
            < 1e-9);
        QVERIFY(test::maxAbsDifference(
                    ComputationSteps::matrices(s, r, h, ComputationStep::HeadOutput).front().values,
                    T::referenceMatrix(caseName, prefix + QStringLiteral("output")))
            < 1e-9);
        // The masked scores: a number exactly where PyTorch has one, -inf (hidden) where null.
        const LabelledMatrix masked
            = ComputationSteps::matrices(s, r, h, ComputationStep::Masked).front();
        const QJsonArray rows = heads.at(h).toObject().value(QStringLiteral("scores")).toArray();
        for (int i = 0; i < rows.size(); ++i) {
            for (int j = 0; j < rows.at(i).toArray().size(); ++j) {
                const QJsonValue e = rows.at(i).toArray().at(j);
                QCOMPARE(masked.isVisible(i, j), !e.isNull());
                if (!e.isNull())
                    QVERIFY(std::abs(masked.values(i, j) - e.toDouble()) < 1e-9);
            }
        }
    }
    QVERIFY(test::maxAbsDifference(
                ComputationSteps::matrices(s, r, 0, ComputationStep::Output).front().values,
                T::referenceMatrix(caseName, QStringLiteral("output")))
        < 1e-9);
}

void TestComputationSteps::heatmapStateBeforeAndAfterSoftmax()
{
    const Session s = loadCase(QStringLiteral("decoder-causal"));
    const AttentionResult r = computeSession(s);
    QVERIFY(!ComputationSteps::heatmapState(s, r, 0, ComputationStep::Split));
    QVERIFY(!ComputationSteps::heatmapState(s, r, 0, ComputationStep::Softmax));
    QVERIFY(!ComputationSteps::heatmapState(s, r, 0, ComputationStep::Output));
    const auto unscaled = ComputationSteps::heatmapState(s, r, 0, ComputationStep::Scores);
    QVERIFY(unscaled);
    QCOMPARE(unscaled->values, r.dotProducts(0));
    const auto masked = ComputationSteps::heatmapState(s, r, 0, ComputationStep::Masked);
    QVERIFY(masked);
    QCOMPARE(masked->values, Eigen::MatrixXd(r.dotProducts(0) * (1.0 / r.scale)));
    QVERIFY(masked->visible == r.visible);
    // The colours span the visible scores.
    double lo = 1e300, hi = -1e300;
    const Eigen::MatrixXd scores = r.scores(0);
    for (int i = 0; i < masked->rows(); ++i) {
        for (int j = 0; j < masked->columns(); ++j) {
            if (r.visible(i, j)) {
                lo = std::min(lo, scores(i, j));
                hi = std::max(hi, scores(i, j));
            }
        }
    }
    QCOMPARE(masked->minimum, lo);
    QCOMPARE(masked->maximum, hi);
}

void TestComputationSteps::everyStepHasTitleAndFormula()
{
    QCOMPARE(ComputationSteps::count(), 9);
    QStringList titles;
    for (ComputationStep step : ComputationSteps::all()) {
        QVERIFY(!ComputationSteps::title(step).isEmpty());
        QVERIFY(!ComputationSteps::formula(step).isEmpty());
        QVERIFY(!ComputationSteps::explanation(step).isEmpty());
        titles.append(ComputationSteps::title(step));
    }
    titles.removeDuplicates();
    QCOMPARE(titles.size(), 9);
    QVERIFY(
        ComputationSteps::formula(ComputationStep::Softmax).contains(QStringLiteral("softmax")));
}

QTEST_MAIN(TestComputationSteps)
#include "tst_computationsteps.moc"
