// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling experiment's figures to the last bit: the same on the portable and the AVX2
// kernels (core/simd/vectorexp.h's switch), and equal to figures pinned from the original row
// by row implementation.

#include "scaling/entropyexperiment.h"
#include "simd/vectorexp.h"
#include "testsupport.h"

#include <QtTest>
#include <vector>

using namespace ae;

Q_DECLARE_METATYPE(ae::EntropyExperimentConfig)

namespace {

/// Every number of @p r, in a fixed order.
std::vector<double> allFigures(const EntropyExperimentResult &r)
{
    std::vector<double> out;
    for (const std::vector<double> *v :
        { &r.unscaled, &r.scaled, &r.unscaledScoreStd, &r.scaledScoreStd, &r.unscaledGradNorm,
            &r.scaledGradNorm, &r.unscaledSaturated, &r.scaledSaturated })
        out.insert(out.end(), v->begin(), v->end());
    for (const ScoreHistogram &h : r.histograms) {
        out.push_back(h.lo);
        out.push_back(h.hi);
        out.insert(out.end(), h.unscaled.begin(), h.unscaled.end());
        out.insert(out.end(), h.scaled.begin(), h.scaled.end());
    }
    return out;
}

EntropyExperimentResult runOn(ExpKernel kernel, const EntropyExperimentConfig &config)
{
    const ExpKernel before = activeExpKernel();
    setExpKernel(kernel);
    EntropyExperimentResult r = runEntropyExperiment(config);
    setExpKernel(before);
    return r;
}

} // namespace

/// Tests that runEntropyExperiment()'s numbers do not depend on the vector kernel.
class TestEntropyExperimentBits : public QObject
{
    Q_OBJECT

private slots:
    void kernelsAgree_data();
    void kernelsAgree();
    void pinnedFigures_data();
    void pinnedFigures();
};

void TestEntropyExperimentBits::kernelsAgree_data()
{
    QTest::addColumn<EntropyExperimentConfig>("config");
    QTest::newRow("the default run") << EntropyExperimentConfig {};
    // Key counts that take every branch of the vector sums (one key, an odd last key, pairs
    // and groups of four), query counts that leave rows and draws outside the groups of four,
    // stream counts that are not multiples of four.
    QTest::newRow("one key") << EntropyExperimentConfig { { 64, 601 }, 101, 1, 1, 9 };
    QTest::newRow("3 keys, repeats") << EntropyExperimentConfig { { 5, 2 }, 259, 3, 2, 7 };
    QTest::newRow("4 keys, one wide d_k") << EntropyExperimentConfig { { 2048 }, 300, 4, 1, 11 };
    QTest::newRow("17 keys, a repeated d_k")
        << EntropyExperimentConfig { { 1, 13, 300, 13 }, 517, 17, 3, 42 };
    QTest::newRow("33 keys, two blocks and a bit")
        << EntropyExperimentConfig { { 8, 32 }, 1030, 33, 2, 5 };
}

void TestEntropyExperimentBits::kernelsAgree()
{
    QFETCH(EntropyExperimentConfig, config);
    if (!expKernelSupported(ExpKernel::Avx2))
        QSKIP("this processor lacks AVX2: only the portable kernel runs");
    const std::vector<double> portable = allFigures(runOn(ExpKernel::Portable, config));
    const std::vector<double> avx2 = allFigures(runOn(ExpKernel::Avx2, config));
    QCOMPARE(avx2.size(), portable.size());
    for (size_t i = 0; i < portable.size(); ++i)
        QVERIFY2(test::sameBits(avx2[i], portable[i]),
            qPrintable(QStringLiteral("figure %1: AVX2 %2, portable %3")
                           .arg(i)
                           .arg(avx2[i], 0, 'g', 17)
                           .arg(portable[i], 0, 'g', 17)));
}

void TestEntropyExperimentBits::pinnedFigures_data()
{
    QTest::addColumn<int>("kernel");
    QTest::newRow("portable") << int(ExpKernel::Portable);
    QTest::newRow("AVX2") << int(ExpKernel::Avx2);
}

void TestEntropyExperimentBits::pinnedFigures()
{
    QFETCH(int, kernel);
    if (!expKernelSupported(ExpKernel(kernel)))
        QSKIP("this processor lacks the kernel");
#if defined(__FMA__)
    QSKIP("the pins hold for the portable x86-64 build; this build fuses multiply-adds");
#endif
    // Products this small stay in Eigen's unrolled loops with or without OpenBLAS, so the
    // figures are the same in every portable build. Recorded from the row by row
    // implementation (softmaxRowStats() per row, one stream per column) before the vector
    // kernels existed.
    const EntropyExperimentConfig config { { 5, 2 }, 9, 3, 1, 7 };
    const EntropyExperimentResult r = runOn(ExpKernel(kernel), config);
    const std::vector<std::pair<const std::vector<double> *, std::vector<double>>> pins {
        { &r.unscaled, { 0x1.fe71d74e382a7p-2, 0x1.aa25ae54ab01ap-1 } },
        { &r.scaled, { 0x1.a201c1d252942p-1, 0x1.e3b45992a8415p-1 } },
        { &r.unscaledScoreStd, { 0x1.0e798323e957p+1, 0x1.a6b0671d2de79p-1 } },
        { &r.scaledScoreStd, { 0x1.e3d6fb8df1181p-1, 0x1.2ae2e538817f7p-1 } },
        { &r.unscaledGradNorm, { 0x1.ff8d6e4131a1bp-3, 0x1.758dbef597183p-2 } },
        { &r.scaledGradNorm, { 0x1.7d118de006017p-2, 0x1.a635941d5e8a4p-2 } },
        { &r.unscaledSaturated, { 2.0 / 9.0, 0.0 } },
        { &r.scaledSaturated, { 0.0, 0.0 } },
    };
    for (size_t f = 0; f < pins.size(); ++f) {
        const std::vector<double> &got = *pins[f].first;
        QCOMPARE(got.size(), pins[f].second.size());
        for (size_t i = 0; i < got.size(); ++i)
            QVERIFY2(test::sameBits(got[i], pins[f].second[i]),
                qPrintable(QStringLiteral("figure %1 of d_k %2: %3, pinned %4")
                               .arg(f)
                               .arg(config.dims[i])
                               .arg(got[i], 0, 'g', 17)
                               .arg(pins[f].second[i], 0, 'g', 17)));
    }
    // Two of the 27 scores of d_k 5 fall in bin 17.
    QVERIFY(test::sameBits(r.histograms[0].unscaled[17], 2.0 / 27.0));
}

QTEST_MAIN(TestEntropyExperimentBits)
#include "tst_entropyexperimentbits.moc"
