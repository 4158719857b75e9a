// SPDX-License-Identifier: GPL-3.0-or-later
// The experiment's normal generator (core/scaling/normalsampler.h): moments and tail shares of many
// draws against N(0, 1), within bounds set from the sample size, and reproducibility.

#include "scaling/normalsampler.h"
#include "simd/vectorexp.h"

#include <QScopeGuard>
#include <QtTest>
#include <cmath>
#include <tuple>
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
    void pinnedDraws();

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
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("streams");
    QTest::addColumn<int>("count");
    const std::tuple<const char *, int, int> rows[] = {
        { "one stream", 1, 700 },
        { "three streams (no full group)", 3, 500 },
        { "four streams", 4, 3000 },
        { "nine streams (two groups and one left)", 9, 2000 },
        { "thirteen streams, draws outside the groups of four", 13, 1003 },
        { "six streams, two draws", 6, 2 },
        { "no draws", 5, 0 },
    };
    for (const auto &[name, streams, count] : rows)
        for (ExpKernel k : { ExpKernel::Portable, ExpKernel::Avx2 })
            QTest::addRow("%s (%s)", name, k == ExpKernel::Avx2 ? "AVX2" : "portable")
                << int(k) << streams << count;
}

void TestNormalSampler::fillEachMatchesFill()
{
    QFETCH(int, kernel);
    QFETCH(int, streams);
    QFETCH(int, count);
    if (!expKernelSupported(ExpKernel(kernel)))
        QSKIP("this processor lacks the kernel");
    const ExpKernel before = activeExpKernel();
    setExpKernel(ExpKernel(kernel));
    const auto restore = qScopeGuard([before] { setExpKernel(before); });
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
                QVERIFY(outTogether[size_t(i)][size_t(r)] == expected[size_t(r)]); // bit for bit
            // Nothing written past the count.
            QCOMPARE(outTogether[size_t(i)][size_t(count)], 9.0);
        }
    }
}

void TestNormalSampler::pinnedDraws()
{
    // Recorded from the generator before its vector kernel existed: the first draws, the
    // first three in the tail past r = 3.654 (which the slow path makes) and the sum of all.
    std::vector<double> draws(5000);
    NormalSampler(2024).fill(draws.data(), 5000);
    QVERIFY(draws[0] == 0x1.f97295f3eec63p-3);
    QVERIFY(draws[1] == -0x1.80c590f3f3affp-1);
    QVERIFY(draws[2] == 0x1.0d9e7443912f9p-1);
    QVERIFY(draws[504] == 0x1.d4aa9db976d8bp+1);
    QVERIFY(draws[3947] == -0x1.0bc8a9dbff54fp+2);
    QVERIFY(draws[4979] == -0x1.1a1d6b873bf94p+2);
    double sum = 0.0;
    for (double x : draws)
        sum += x;
    QVERIFY2(sum == -0x1.fe627ff997502p+5, qPrintable(QString::number(sum, 'g', 17)));
    // The 2^21 draws of the moment tests (some thirty thousand through the slow path): their
    // sum and sum of squares, recorded likewise.
    double sum1 = 0.0, sum2 = 0.0;
    for (double x : m_draws) {
        sum1 += x;
        sum2 += x * x;
    }
    QVERIFY2(sum1 == 0x1.f90f82c199eccp+9, qPrintable(QString::number(sum1, 'g', 17)));
    QVERIFY2(sum2 == 0x1.003a5fa61b1fdp+21, qPrintable(QString::number(sum2, 'g', 17)));
    // The same draws through fillEach() on every kernel.
    for (ExpKernel k : { ExpKernel::Portable, ExpKernel::Avx2 }) {
        if (!expKernelSupported(k))
            continue;
        const ExpKernel before = activeExpKernel();
        setExpKernel(k);
        std::vector<NormalSampler> samplers(8, NormalSampler(1));
        samplers[5] = NormalSampler(2024);
        std::vector<std::vector<double>> out(8, std::vector<double>(5000));
        std::vector<double *> pointers;
        for (auto &o : out)
            pointers.push_back(o.data());
        NormalSampler::fillEach(samplers.data(), 8, pointers.data(), 5000);
        setExpKernel(before);
        QVERIFY(out[5] == draws);
    }
}

QTEST_MAIN(TestNormalSampler)
#include "tst_normalsampler.moc"
