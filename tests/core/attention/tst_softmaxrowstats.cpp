// SPDX-License-Identifier: GPL-3.0-or-later
// One softmax row's entropy, Jacobian norm and largest weight (core/attention/softmaxrowstats.h),
// against the definitions in long double and against finite differences of the softmax.

#include "attention/rng.h"
#include "attention/softmaxrowstats.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

using namespace ae;

namespace {

using Row = std::vector<double>;

/// softmax(factor * x) from the definition, in long double (max subtracted for range only).
std::vector<long double> softmaxLong(const Row &x, long double factor)
{
    long double peak = x[0];
    for (double v : x)
        peak = std::max<long double>(peak, v);
    std::vector<long double> p(x.size());
    long double sum = 0;
    for (size_t j = 0; j < x.size(); ++j) {
        p[j] = std::exp(factor * (x[j] - peak));
        sum += p[j];
    }
    for (long double &v : p)
        v /= sum;
    return p;
}

/// ||diag(p) - p p^T||_F by summing every entry of the matrix. The diagonal p_i - p_i^2 is
/// written p_i (1 - p_i) with 1 - p_i the sum of the other weights, which keeps its digits
/// when p_i is within 1e-18 of 1.
long double jacobianNormLong(const std::vector<long double> &p)
{
    long double sum = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        long double others = 0;
        for (size_t j = 0; j < p.size(); ++j)
            others += j == i ? 0.0L : p[j];
        for (size_t j = 0; j < p.size(); ++j) {
            const long double entry = i == j ? p[i] * others : -p[i] * p[j];
            sum += entry * entry;
        }
    }
    return std::sqrt(sum);
}

} // namespace

/// Tests softmaxRowStats().
class TestSoftmaxRowStats : public QObject
{
    Q_OBJECT

private slots:
    void againstDefinition_data();
    void againstDefinition();
    void jacobianByFiniteDifferences_data();
    void jacobianByFiniteDifferences();
};

void TestSoftmaxRowStats::againstDefinition_data()
{
    QTest::addColumn<Row>("scores");
    QTest::addColumn<double>("factor");
    QTest::newRow("one key") << Row { 3.5 } << 1.0;
    QTest::newRow("uniform") << Row { 2, 2, 2, 2 } << 1.0;
    QTest::newRow("two equal peaks") << Row { 5, 5, -20, -30 } << 1.0;
    QTest::newRow("mixed") << Row { 0.3, -1.2, 2.2, 0.0, 1.1 } << 0.5;
    QTest::newRow("near one-hot") << Row { 0, 14, 1, -3 } << 1.0;
    QTest::newRow("one-hot to rounding") << Row { 0, 40, 1, -3 } << 1.0;
    QTest::newRow("scaled down") << Row { 9, -7, 3 } << 1.0 / std::sqrt(512.0);
    // Finite scores whose differences, or their product with the factor, overflow a double.
    const double top = std::numeric_limits<double>::max();
    QTest::newRow("1e300 and -1e300") << Row { 1e300, -1e300, 0 } << 1.0;
    QTest::newRow("largest doubles of both signs") << Row { -top, top, -top } << 1.0;
    QTest::newRow("two peaks at the largest double") << Row { top, -top, top } << 1.0;
    QTest::newRow("1e300 spread, factor 1e10") << Row { 1e300, -1e300, 5e299 } << 1e10;
    QTest::newRow("tiny scores") << Row { 1e-300, -1e-300, 0 } << 1.0;
    Rng rng(7);
    for (int n : { 2, 10, 64 }) {
        Row r(static_cast<size_t>(n));
        for (double &v : r)
            v = 4.0 * rng.normal();
        QTest::addRow("random, %d keys", n) << r << 1.0;
        QTest::addRow("random, %d keys, factor 0.25", n) << r << 0.25;
    }
}

void TestSoftmaxRowStats::againstDefinition()
{
    QFETCH(Row, scores);
    QFETCH(double, factor);
    const SoftmaxRowStats s = softmaxRowStats(scores.data(), int(scores.size()), factor);
    const std::vector<long double> p = softmaxLong(scores, factor);
    // ln p_j = factor (x_j - max) - ln(sum), with ln(sum) = log1p(the exps other than the
    // largest's 1): ln of a p within 1e-18 of 1 would otherwise lose all its digits.
    long double peak = scores[0];
    size_t topIndex = 0;
    for (size_t j = 0; j < scores.size(); ++j)
        if (scores[j] > peak) {
            peak = scores[j];
            topIndex = j;
        }
    long double others = 0;
    for (size_t j = 0; j < scores.size(); ++j)
        if (j != topIndex)
            others += std::exp(factor * (scores[j] - peak));
    const long double logSum = std::log1p(others);
    long double entropy = 0, top = 0;
    for (size_t j = 0; j < p.size(); ++j) {
        entropy -= p[j] * (factor * (scores[j] - peak) - logSum);
        top = std::max(top, p[j]);
    }
    const long double norm = jacobianNormLong(p);
    // Every part is a sum of non-negative terms, so a few ulps relative to the value itself,
    // even when the value is tiny (a near one-hot row).
    const double rel = 1e-13;
    QVERIFY2(std::abs(s.entropy - double(entropy)) <= rel * double(entropy) + 1e-300,
        qPrintable(QStringLiteral("%1 vs %2")
                       .arg(s.entropy, 0, 'g', 17)
                       .arg(double(entropy), 0, 'g', 17)));
    QVERIFY2(std::abs(s.jacobianNorm - double(norm)) <= rel * double(norm) + 1e-300,
        qPrintable(QStringLiteral("%1 vs %2")
                       .arg(s.jacobianNorm, 0, 'g', 17)
                       .arg(double(norm), 0, 'g', 17)));
    QVERIFY(std::abs(s.maxWeight - double(top)) <= 1e-15);
}

void TestSoftmaxRowStats::jacobianByFiniteDifferences_data()
{
    QTest::addColumn<Row>("scores");
    QTest::newRow("three keys") << Row { 0.2, -0.4, 1.0 };
    QTest::newRow("sharp") << Row { 4.0, 0.0, -1.0, 0.5 };
    QTest::newRow("flat") << Row { 0.0, 0.0, 0.0, 0.0, 0.0 };
    QTest::newRow("ten keys") << Row { 1.3, -0.2, 0.7, 2.1, -1.5, 0.0, 0.4, -0.9, 1.8, -0.3 };
}

void TestSoftmaxRowStats::jacobianByFiniteDifferences()
{
    QFETCH(Row, scores);
    // Central differences of softmax, column by column, in long double: the error is
    // O(h^2) with h = 1e-5, far below the 1e-8 allowed.
    const long double h = 1e-5L;
    long double sum = 0;
    for (size_t j = 0; j < scores.size(); ++j) {
        Row up = scores, down = scores;
        up[j] += double(h);
        down[j] -= double(h);
        const long double step = (long double)(up[j]) - (long double)(down[j]);
        const std::vector<long double> pu = softmaxLong(up, 1), pd = softmaxLong(down, 1);
        for (size_t i = 0; i < scores.size(); ++i) {
            const long double d = (pu[i] - pd[i]) / step;
            sum += d * d;
        }
    }
    const double expected = double(std::sqrt(sum));
    const double got = softmaxRowStats(scores.data(), int(scores.size()), 1.0).jacobianNorm;
    QVERIFY2(std::abs(got - expected) < 1e-8,
        qPrintable(QStringLiteral("%1 vs %2").arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

QTEST_MAIN(TestSoftmaxRowStats)
#include "tst_softmaxrowstats.moc"
