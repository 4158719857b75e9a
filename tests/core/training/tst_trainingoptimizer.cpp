// SPDX-License-Identifier: GPL-3.0-or-later
// SGD and Adam updates against the formulas of the spec, computed entry by entry here.

#include "training/trainingoptimizer.h"

#include <QtTest>
#include <cmath>

using namespace ae;

class TestTrainingOptimizer : public QObject
{
    Q_OBJECT

private slots:
    void updates_data();
    void updates();
};

namespace {

TrainingModelSpec tinySpec()
{
    TrainingModelSpec spec;
    spec.sourceVocab = QStringList { QStringLiteral("a"), QStringLiteral("b") };
    spec.targetVocab = QStringList { QStringLiteral("<s>"), QStringLiteral("A") };
    spec.dModel = 2;
    spec.heads = 1;
    return spec;
}

/// A deterministic, varied value for entry @p i of tensor @p t at step @p s.
double value(int t, Eigen::Index i, int s)
{
    return std::sin(1.3 * t + 0.7 * double(i) + 2.1 * s) * std::pow(10.0, (t % 5) - 3);
}

} // namespace

void TestTrainingOptimizer::updates_data()
{
    QTest::addColumn<bool>("adam");
    QTest::addColumn<double>("lr");
    QTest::newRow("sgd 0.1") << false << 0.1;
    QTest::newRow("sgd 3") << false << 3.0;
    QTest::newRow("adam 0.05") << true << 0.05;
    QTest::newRow("adam 0.003") << true << 0.003;
}

void TestTrainingOptimizer::updates()
{
    QFETCH(bool, adam);
    QFETCH(double, lr);
    const TrainingModelSpec spec = tinySpec();
    OptimizerConfig config;
    config.kind = adam ? OptimizerKind::Adam : OptimizerKind::Sgd;
    config.lr = lr;
    TrainingOptimizer optimizer(config, spec);
    TrainingParameters params = TrainingParameters::zeros(spec);
    for (int t = 0; t < TrainingParameters::count; ++t)
        for (Eigen::Index i = 0; i < params.flat(t).size(); ++i)
            params.flat(t)(i) = value(t, i, -1);
    TrainingParameters expected = params;
    TrainingParameters m = TrainingParameters::zeros(spec);
    TrainingParameters v = TrainingParameters::zeros(spec);
    for (int step = 1; step <= 5; ++step) {
        TrainingParameters g = TrainingParameters::zeros(spec);
        for (int t = 0; t < TrainingParameters::count; ++t) {
            for (Eigen::Index i = 0; i < g.flat(t).size(); ++i) {
                const double gi = value(t, i, step);
                g.flat(t)(i) = gi;
                double &theta = expected.flat(t)(i);
                if (!adam) {
                    theta -= lr * gi;
                    continue;
                }
                // The spec's formulas, written plainly.
                double &mi = m.flat(t)(i);
                double &vi = v.flat(t)(i);
                mi = 0.9 * mi + 0.1 * gi;
                vi = 0.999 * vi + 0.001 * gi * gi;
                const double mHat = mi / (1 - std::pow(0.9, step));
                const double vHat = vi / (1 - std::pow(0.999, step));
                theta -= lr * mHat / (std::sqrt(vHat) + 1e-8);
            }
        }
        optimizer.apply(params, g);
        QCOMPARE(optimizer.steps(), step);
        for (int t = 0; t < TrainingParameters::count; ++t) {
            const double diff = (params.flat(t) - expected.flat(t)).cwiseAbs().maxCoeff();
            QVERIFY2(diff <= 1e-12 * std::max(1.0, expected.flat(t).cwiseAbs().maxCoeff()),
                qPrintable(QStringLiteral("step %1, %2: difference %3")
                               .arg(step)
                               .arg(QLatin1String(TrainingParameters::names()[size_t(t)]))
                               .arg(diff)));
        }
    }
}

QTEST_MAIN(TestTrainingOptimizer)
#include "tst_trainingoptimizer.moc"
