// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-written backward pass against central finite differences of the loss, for every
// entry of every parameter, on random small models.

#include "attention/rng.h"
#include "training/trainingmodel.h"

#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::ScaleSpec)

class TestTrainingGradients : public QObject
{
    Q_OBJECT

private slots:
    void finiteDifferences_data();
    void finiteDifferences();
    void saturatedSoftmaxStaysFinite();
};

namespace {

TrainingModelSpec smallSpec(int d, int heads, ScaleSpec scale, int vs, int vt)
{
    TrainingModelSpec spec;
    for (int i = 0; i < vs; ++i)
        spec.sourceVocab << QStringLiteral("s%1").arg(i);
    spec.targetVocab << QStringLiteral("<s>");
    for (int i = 1; i < vt; ++i)
        spec.targetVocab << QStringLiteral("t%1").arg(i);
    spec.dModel = d;
    spec.heads = heads;
    spec.scale = scale;
    return spec;
}

/// Every entry uniform in [-1, 1], biases included, so that their gradients matter.
TrainingParameters randomParameters(const TrainingModelSpec &spec, Rng &rng)
{
    TrainingParameters p = TrainingParameters::zeros(spec);
    for (int t = 0; t < TrainingParameters::count; ++t)
        for (Eigen::Index i = 0; i < p.flat(t).size(); ++i)
            p.flat(t)(i) = rng.uniform(-1.0, 1.0);
    return p;
}

TrainingBatch randomBatch(int b, int ls, int lt, int vs, int vt, Rng &rng)
{
    TrainingBatch batch;
    batch.source.resize(b, ls);
    batch.target.resize(b, lt);
    for (Eigen::Index i = 0; i < batch.source.size(); ++i)
        batch.source.data()[i] = static_cast<int>(rng.next() % std::uint64_t(vs));
    for (Eigen::Index i = 0; i < batch.target.size(); ++i)
        batch.target.data()[i] = 1 + static_cast<int>(rng.next() % std::uint64_t(vt - 1));
    return batch;
}

} // namespace

void TestTrainingGradients::finiteDifferences_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("heads");
    QTest::addColumn<ScaleSpec>("scale");
    QTest::addColumn<int>("ls");
    QTest::addColumn<int>("lt");
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("batchSize"); ///< with 1 example B Lt < Vt: W_o and W_out apart
    const ScaleSpec sqrtDk { ScaleMode::SqrtDk, 1.0 };
    const ScaleSpec none { ScaleMode::None, 1.0 };
    const ScaleSpec custom { ScaleMode::Custom, 2.5 };
    QTest::newRow("1 head sqrt") << 4 << 1 << sqrtDk << 3 << 3 << 1 << 3;
    QTest::newRow("2 heads sqrt") << 4 << 2 << sqrtDk << 3 << 4 << 2 << 3;
    QTest::newRow("1 head none") << 6 << 1 << none << 4 << 2 << 3 << 3;
    QTest::newRow("3 heads none") << 6 << 3 << none << 2 << 5 << 4 << 3;
    QTest::newRow("2 heads custom") << 6 << 2 << custom << 5 << 3 << 5 << 3;
    QTest::newRow("4 heads custom, one key") << 8 << 4 << custom << 1 << 3 << 6 << 3;
    QTest::newRow("1 example, 1 head sqrt") << 4 << 1 << sqrtDk << 3 << 2 << 7 << 1;
    QTest::newRow("1 example, 2 heads none") << 6 << 2 << none << 2 << 3 << 8 << 1;
}

void TestTrainingGradients::finiteDifferences()
{
    QFETCH(int, d);
    QFETCH(int, heads);
    QFETCH(ScaleSpec, scale);
    QFETCH(int, ls);
    QFETCH(int, lt);
    QFETCH(int, seed);
    QFETCH(int, batchSize);
    Rng rng(static_cast<std::uint64_t>(seed));
    const TrainingModelSpec spec = smallSpec(d, heads, scale, 5, 4);
    TrainingParameters p = randomParameters(spec, rng);
    const TrainingBatch batch = randomBatch(batchSize, ls, lt, 5, 4, rng);
    TrainingModel model(spec);
    TrainingParameters g;
    model.forwardBackward(p, batch, g);
    QVERIFY(g.fits(spec));
    const double h = 1e-5;
    for (int t = 0; t < TrainingParameters::count; ++t) {
        for (Eigen::Index i = 0; i < p.flat(t).size(); ++i) {
            const double keep = p.flat(t)(i);
            p.flat(t)(i) = keep + h;
            const double up = model.forward(p, batch).loss;
            p.flat(t)(i) = keep - h;
            const double down = model.forward(p, batch).loss;
            p.flat(t)(i) = keep;
            const double numeric = (up - down) / (2 * h);
            const double analytic = g.flat(t)(i);
            // Central differences are exact to O(h^2) ~ 1e-10 here, plus rounding ~1e-11.
            QVERIFY2(std::abs(numeric - analytic) <= 1e-7 * std::max(1.0, std::abs(numeric)),
                qPrintable(QStringLiteral("%1[%2]: analytic %3, numeric %4")
                               .arg(QLatin1String(TrainingParameters::names()[size_t(t)]))
                               .arg(i)
                               .arg(analytic, 0, 'g', 12)
                               .arg(numeric, 0, 'g', 12)));
        }
    }
}

void TestTrainingGradients::saturatedSoftmaxStaysFinite()
{
    // Scores of 1e6 make every attention row one-hot: the loss and every gradient stay finite
    // (the weights' gradient is exactly 0 through a saturated row).
    Rng rng(9);
    const TrainingModelSpec spec = smallSpec(4, 1, { ScaleMode::Custom, 1e-6 }, 5, 4);
    const TrainingParameters p = randomParameters(spec, rng);
    const TrainingBatch batch = randomBatch(2, 3, 3, 5, 4, rng);
    TrainingModel model(spec);
    TrainingParameters g;
    const StepMetrics m = model.forwardBackward(p, batch, g);
    QVERIFY(std::isfinite(m.loss));
    QVERIFY(g.allFinite());
    QCOMPARE(m.maxWeight, 1.0);
    QCOMPARE(m.gradNormQ, 0.0);
    QCOMPARE(m.gradNormK, 0.0);
}

QTEST_MAIN(TestTrainingGradients)
#include "tst_traininggradients.moc"
