// SPDX-License-Identifier: GPL-3.0-or-later
// The experiment's normal generator (core/normalsampler.h): moments and tail shares of many
// draws against N(0, 1), within bounds set from the sample size, and reproducibility.

#include "normalsampler.h"

#include <QtTest>
#include <cmath>
#include <vector>

using namespace ae;

/// Tests NormalSampler.
class TestNormalSampler : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void moments();
    void shares_data();
    void shares();
    void sameSeedSameNumbers();
    void nextMatchesFill();
    void fillEachMatchesFill_data();
    void fillEachMatchesFill();

private:
    static constexpr int drawCount = 1 << 21;
    std::vector<double> m_draws;
};

void TestNormalSampler::initTestCase()
{
    m_draws.resize(drawCount);
    NormalSampler(12345).fill(m_draws.data(), drawCount);
}

void TestNormalSampler::moments()
{
    long double m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    for (double x : m_draws) {
        const long double v = x;
        m1 += v;
        m2 += v * v;
        m3 += v * v * v;
        m4 += v * v * v * v;
    }
    const double n = drawCount;
    // Standard errors of the sample moments of N(0, 1): sqrt(Var(x^k) / n) with
    // Var(x) = 1, Var(x^2) = 2, Var(x^3) = 15, Var(x^4) = 96. Five of them: a correct
    // generator fails about once in 1.7 million checks.
    QVERIFY2(std::abs(double(m1 / n)) < 5 * std::sqrt(1 / n),
        qPrintable(QString::number(double(m1 / n))));
    QVERIFY2(std::abs(double(m2 / n) - 1) < 5 * std::sqrt(2 / n),
        qPrintable(QString::number(double(m2 / n))));
    QVERIFY2(std::abs(double(m3 / n)) < 5 * std::sqrt(15 / n),
        qPrintable(QString::number(double(m3 / n))));
    QVERIFY2(std::abs(double(m4 / n) - 3) < 5 * std::sqrt(96 / n),
        qPrintable(QString::number(double(m4 / n))));
}

void TestNormalSampler::shares_data()
{
    QTest::addColumn<double>("below");
    // Phi(x) for x across the body, the wedges between layers and the tail past 3.654.
    QTest::addColumn<double>("phi");
    QTest::newRow("-4") << -4.0 << 0.5 * std::erfc(4.0 / std::sqrt(2.0));
    QTest::newRow("-3.7 (tail)") << -3.7 << 0.5 * std::erfc(3.7 / std::sqrt(2.0));
    QTest::newRow("-2") << -2.0 << 0.5 * std::erfc(2.0 / std::sqrt(2.0));
    QTest::newRow("-1") << -1.0 << 0.5 * std::erfc(1.0 / std::sqrt(2.0));
    QTest::newRow("-0.3") << -0.3 << 0.5 * std::erfc(0.3 / std::sqrt(2.0));
    QTest::newRow("0") << 0.0 << 0.5;
    QTest::newRow("0.5") << 0.5 << 0.5 * std::erfc(-0.5 / std::sqrt(2.0));
    QTest::newRow("1.5") << 1.5 << 0.5 * std::erfc(-1.5 / std::sqrt(2.0));
    QTest::newRow("2.5") << 2.5 << 0.5 * std::erfc(-2.5 / std::sqrt(2.0));
    QTest::newRow("3.7 (tail)") << 3.7 << 0.5 * std::erfc(-3.7 / std::sqrt(2.0));
}

void TestNormalSampler::shares()
{
    QFETCH(double, below);
    QFETCH(double, phi);
    double count = 0;
    for (double x : m_draws)
        count += x < below ? 1 : 0;
    const double n = drawCount;
    // A share is binomial: standard error sqrt(phi (1 - phi) / n); five of them.
    const double share = count / n;
    QVERIFY2(std::abs(share - phi) < 5 * std::sqrt(phi * (1 - phi) / n),
        qPrintable(
            QStringLiteral("share below %1: %2, expected %3").arg(below).arg(share).arg(phi)));
}

void TestNormalSampler::sameSeedSameNumbers()
{
    std::vector<double> again(1000), other(1000);
    NormalSampler(12345).fill(again.data(), 1000);
    NormalSampler(12346).fill(other.data(), 1000);
    for (int i = 0; i < 1000; ++i)
        QCOMPARE(again[size_t(i)], m_draws[size_t(i)]);
    int same = 0;
    for (int i = 0; i < 1000; ++i)
        same += other[size_t(i)] == m_draws[size_t(i)] ? 1 : 0;
    QCOMPARE(same, 0);
}

void TestNormalSampler::nextMatchesFill()
{
    NormalSampler s(12345);
    for (int i = 0; i < 1000; ++i)
        QCOMPARE(s.next(), m_draws[size_t(i)]);
}

void TestNormalSampler::fillEachMatchesFill_data()
{
    QTest::addColumn<int>("streams");
    QTest::addColumn<int>("count");
    QTest::newRow("one stream") << 1 << 700;
    QTest::newRow("three streams (no full group)") << 3 << 500;
    QTest::newRow("four streams") << 4 << 3000;
    QTest::newRow("nine streams (two groups and one left)") << 9 << 2000;
    QTest::newRow("no draws") << 5 << 0;
}

void TestNormalSampler::fillEachMatchesFill()
{
    QFETCH(int, streams);
    QFETCH(int, count);
    std::vector<NormalSampler> together, alone;
    std::vector<std::vector<double>> outTogether(
        size_t(streams), std::vector<double>(size_t(count) + 1, 9.0));
    std::vector<double *> pointers;
    for (int i = 0; i < streams; ++i) {
        together.emplace_back(1000 + i);
        alone.emplace_back(1000 + i);
        pointers.push_back(outTogether[size_t(i)].data());
    }
    // Twice, so the second call continues each stream where the first left it.
    for (int round = 0; round < 2; ++round) {
        NormalSampler::fillEach(together.data(), streams, pointers.data(), count);
        for (int i = 0; i < streams; ++i) {
            std::vector<double> expected(static_cast<size_t>(count));
            alone[size_t(i)].fill(expected.data(), count);
            for (int r = 0; r < count; ++r)
                QCOMPARE(outTogether[size_t(i)][size_t(r)], expected[size_t(r)]);
            // Nothing written past the count.
            QCOMPARE(outTogether[size_t(i)][size_t(count)], 9.0);
        }
    }
}

QTEST_MAIN(TestNormalSampler)
#include "tst_normalsampler.moc"
