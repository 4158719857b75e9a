// SPDX-License-Identifier: GPL-3.0-or-later
// The training curves' running mean against TensorBoard's debiased exponential average,
// worked out by hand here.

#include "training/curvesmoothing.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace ae;

class TestCurveSmoothing : public QObject
{
    Q_OBJECT

private slots:
    void smooths_data();
    void smooths();
};

using Values = std::vector<double>;
Q_DECLARE_METATYPE(Values)

void TestCurveSmoothing::smooths_data()
{
    QTest::addColumn<Values>("values");
    QTest::addColumn<double>("weight");
    QTest::addColumn<Values>("expected");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("weight 0 keeps the values") << Values { 3, 1, 4 } << 0.0 << Values { 3, 1, 4 };
    // m1 = 0.5*3 = 1.5, /0.5 = 3; m2 = 0.75 + 0.5 = 1.25, /0.75 = 5/3; m3 = 0.625 + 2 = 2.625,
    // /0.875 = 3.
    QTest::newRow("weight 0.5") << Values { 3, 1, 4 } << 0.5 << Values { 3, 5.0 / 3.0, 3 };
    // A constant stays constant whatever the weight (the debiasing).
    QTest::newRow("constant") << Values { 2, 2, 2, 2 } << 0.9 << Values { 2, 2, 2, 2 };
    // A NaN passes through and does not enter the mean: as "weight 0.5" with it left out.
    QTest::newRow("non-finite skipped")
        << Values { 3, nan, 1, 4 } << 0.5 << Values { 3, nan, 5.0 / 3.0, 3 };
    QTest::newRow("empty") << Values {} << 0.6 << Values {};
    // Out of range: clamped below 1 (a weight of 1 would divide 0 by 0).
    QTest::newRow("weight 1 clamped") << Values { 5, 5 } << 1.0 << Values { 5, 5 };
}

void TestCurveSmoothing::smooths()
{
    QFETCH(Values, values);
    QFETCH(double, weight);
    QFETCH(Values, expected);
    const Values got = smoothedCurve(values, weight);
    QCOMPARE(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
        if (std::isnan(expected[i]))
            QVERIFY2(std::isnan(got[i]), qPrintable(QString::number(i)));
        else
            QVERIFY2(std::abs(got[i] - expected[i]) < 1e-12,
                qPrintable(QStringLiteral("%1: %2 vs %3").arg(i).arg(got[i]).arg(expected[i])));
    }
}

QTEST_APPLESS_MAIN(TestCurveSmoothing)
#include "tst_curvesmoothing.moc"
