// SPDX-License-Identifier: GPL-3.0-or-later
// addSoftmaxRowSums() (core/simd/softmaxrowsums.h): on each kernel, bit for bit the sums a
// loop over softmaxRowStats() gives, for every key count branch, row counts outside the groups
// of four and extreme rows.

#include "attention/softmaxrowstats.h"
#include "simd/softmaxrowsums.h"
#include "simd/vectorexp.h"
#include "testsupport.h"

#include <QtTest>
#include <array>
#include <vector>

using namespace ae;

namespace {

} // namespace

/// Tests addSoftmaxRowSums() on every kernel the processor has.
class TestSoftmaxRowSums : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheRowLoop_data();
    void matchesTheRowLoop();
};

void TestSoftmaxRowSums::matchesTheRowLoop_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("keys");
    QTest::addColumn<std::vector<double>>("scores");
    QTest::addColumn<double>("factor"); // the second factor; the first is 1

    struct Case
    {
        const char *name;
        int keys;
        std::vector<double> scores;
        double factor;
    };
    std::vector<Case> cases;
    // Every key count up to 13 and a few larger ones, each with 4k + 3 rows.
    for (int keys : { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 31, 64, 257 }) {
        const size_t rows = 4 * 5 + 3;
        cases.push_back({ "scores of spread 6", keys,
            test::seededValues(rows * size_t(keys), -6.0, 6.0, unsigned(keys)),
            1.0 / std::sqrt(32.0) });
        cases.push_back({ "scores of spread 60 (near one-hot rows)", keys,
            test::seededValues(rows * size_t(keys), -60.0, 60.0, unsigned(keys) + 100), 1.0 });
    }
    // Rows where weights fall below DBL_MIN, hit the -1000 clamp, or tie for the largest.
    std::vector<double> extreme = { 0.0, -800.0, -2000.0, 5.0, 5.0, -1e300, 1e300, 3.0, //
        1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, //
        -1e300, -1e300, -1e300, -1e300, 7.0, -7.0, 0.5, -0.5, //
        2.0, 2.0 - 1e-15, 1.0, 0.0, -1.0, -2.0, -3.0, 710.0, //
        1e-300, -1e-300, 0.0, 0.0, 4.0, 4.0, 4.0, 4.5 };
    cases.push_back({ "extreme rows, factor 1", 8, extreme, 1.0 });
    cases.push_back({ "extreme rows, factor 1e-3", 8, extreme, 1e-3 });
    cases.push_back({ "extreme rows, factor 40", 8, extreme, 40.0 });
    cases.push_back({ "extreme rows as 5 keys", 5, extreme, 0.3 });
    for (const Case &c : cases)
        for (ExpKernel k : { ExpKernel::Portable, ExpKernel::Avx2 })
            QTest::addRow(
                "%s, %d keys (%s)", c.name, c.keys, k == ExpKernel::Avx2 ? "AVX2" : "portable")
                << int(k) << c.keys << c.scores << c.factor;
}

void TestSoftmaxRowSums::matchesTheRowLoop()
{
    QFETCH(int, kernel);
    QFETCH(int, keys);
    QFETCH(std::vector<double>, scores);
    QFETCH(double, factor);
    if (!expKernelSupported(ExpKernel(kernel)))
        QSKIP("this processor lacks the kernel");
    const Eigen::Index rows = Eigen::Index(scores.size()) / keys;
    const double threshold = 0.9;
    const std::array<double, 2> factors { 1.0, factor };
    // The sums continue from where they stand, as over the blocks of a run.
    std::array<SoftmaxRowSums, 2> expected { { { 0.25, 0.5, 2.0 }, { 1.5, 0.125, 3.0 } } };
    std::array<SoftmaxRowSums, 2> got = expected;
    for (Eigen::Index r = 0; r < rows; ++r) {
        for (size_t v = 0; v < 2; ++v) {
            const SoftmaxRowStats s = softmaxRowStats(scores.data() + r * keys, keys, factors[v]);
            expected[v].entropy += s.entropy;
            expected[v].jacobianNorm += s.jacobianNorm;
            expected[v].saturated += s.maxWeight > threshold ? 1.0 : 0.0;
        }
    }
    const ExpKernel before = activeExpKernel();
    setExpKernel(ExpKernel(kernel));
    addSoftmaxRowSums(scores.data(), rows, keys, factors, threshold, got);
    setExpKernel(before);
    for (size_t v = 0; v < 2; ++v) {
        QVERIFY2(test::sameBits(got[v].entropy, expected[v].entropy),
            qPrintable(QStringLiteral("factor %1: entropy %2, expected %3")
                           .arg(factors[v])
                           .arg(got[v].entropy, 0, 'g', 17)
                           .arg(expected[v].entropy, 0, 'g', 17)));
        QVERIFY2(test::sameBits(got[v].jacobianNorm, expected[v].jacobianNorm),
            qPrintable(QStringLiteral("factor %1: Jacobian norm %2, expected %3")
                           .arg(factors[v])
                           .arg(got[v].jacobianNorm, 0, 'g', 17)
                           .arg(expected[v].jacobianNorm, 0, 'g', 17)));
        QCOMPARE(got[v].saturated, expected[v].saturated);
    }
    // With two keys or more some row has weight to spread: the sums moved.
    if (keys > 1)
        QVERIFY(got[1].entropy > 1.5);
}

QTEST_MAIN(TestSoftmaxRowSums)
#include "tst_softmaxrowsums.moc"
