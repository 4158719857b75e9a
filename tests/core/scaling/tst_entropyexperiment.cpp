// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling experiment (core/scaling/entropyexperiment.h) against the PyTorch references
// entropy-keys10.json and scaling-keys10.json, the statistics its figures must show,
// determinism, bounds, cancellation and limits.

#include "scaling/entropyexperiment.h"
#include "session/sessionlimits.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <map>

using namespace ae;

Q_DECLARE_METATYPE(ae::EntropyExperimentConfig)

namespace {

/// The reference expectation: means and standard deviations of the mean of one run.
struct Reference
{
    std::vector<int> dims;
    std::vector<double> unscaled, scaled, unscaledSd, scaledSd;
    int keys = 0;
    int queries = 0;
};

std::vector<double> doubles(const QJsonValue &v)
{
    std::vector<double> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

} // namespace

/// Tests runEntropyExperiment() and validateExperiment().
class TestEntropyExperiment : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void withinReference_data();
    void withinReference();
    void deterministicForASeed();
    void seedsDiffer();
    void dimensionsAreIndependent();
    void figuresWithinReference_data();
    void figuresWithinReference();
    void scoreSpreadFollowsTheory_data();
    void scoreSpreadFollowsTheory();
    void gradientShape_data();
    void gradientShape();
    void boundedMemory();
    void boundedByLogKeys_data();
    void boundedByLogKeys();
    void cancellation_data();
    void cancellation();
    void validateRejects_data();
    void validateRejects();
    void validateAccepts_data();
    void validateAccepts();
    void edgeRunsStayFinite_data();
    void edgeRunsStayFinite();

private:
    Reference m_ref;
    QJsonObject m_scalingRef; ///< scaling-keys10.json
    EntropyExperimentResult m_defaultRun; ///< the default config, run once
};

void TestEntropyExperiment::initTestCase()
{
    QFile file(QStringLiteral(AE_SHARED_DIR "/reference/entropy-keys10.json"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    for (const QJsonValue &d : o.value(QStringLiteral("dims")).toArray())
        m_ref.dims.push_back(d.toInt());
    m_ref.unscaled = doubles(o.value(QStringLiteral("unscaled")));
    m_ref.scaled = doubles(o.value(QStringLiteral("scaled")));
    m_ref.unscaledSd = doubles(o.value(QStringLiteral("unscaled_sd")));
    m_ref.scaledSd = doubles(o.value(QStringLiteral("scaled_sd")));
    m_ref.keys = o.value(QStringLiteral("keys")).toInt();
    m_ref.queries = o.value(QStringLiteral("sd_of_mean_at_queries")).toInt();
    QCOMPARE(m_ref.dims.size(), size_t(4));
    QCOMPARE(m_ref.unscaled.size(), m_ref.dims.size());
    QCOMPARE(m_ref.scaledSd.size(), m_ref.dims.size());
    // The reference was made with the seed article's defaults, which are also ours.
    const EntropyExperimentConfig defaults;
    QCOMPARE(defaults.dims, m_ref.dims);
    QCOMPARE(defaults.keys, m_ref.keys);
    QCOMPARE(defaults.queries, m_ref.queries);
    m_defaultRun = runEntropyExperiment(defaults);
    QFile scaling(QStringLiteral(AE_SHARED_DIR "/reference/scaling-keys10.json"));
    QVERIFY2(scaling.open(QIODevice::ReadOnly), qPrintable(scaling.fileName()));
    m_scalingRef = QJsonDocument::fromJson(scaling.readAll()).object();
    QCOMPARE(m_scalingRef.value(QStringLiteral("queries")).toInt(), defaults.queries);
    QCOMPARE(m_scalingRef.value(QStringLiteral("keys")).toInt(), defaults.keys);
}

void TestEntropyExperiment::withinReference_data()
{
    QTest::addColumn<int>("repeats");
    QTest::addColumn<std::uint64_t>("seed");
    QTest::newRow("one run, seed 0") << 1 << std::uint64_t(0);
    QTest::newRow("one run, seed 1") << 1 << std::uint64_t(1);
    QTest::newRow("one run, seed 2024") << 1 << std::uint64_t(2024);
    QTest::newRow("4 repeats, seed 0") << 4 << std::uint64_t(0);
    QTest::newRow("16 repeats, seed 3") << 16 << std::uint64_t(3);
    QTest::newRow("25 repeats, seed 5") << 25 << std::uint64_t(5);
}

void TestEntropyExperiment::withinReference()
{
    QFETCH(int, repeats);
    QFETCH(std::uint64_t, seed);
    EntropyExperimentConfig config;
    config.repeats = repeats;
    config.seed = seed;
    const EntropyExperimentResult r = runEntropyExperiment(config);
    QVERIFY(!r.cancelled);
    QCOMPARE(r.dims, m_ref.dims);
    // Independent draws average: the spread of the mean shrinks by sqrt(R). Four standard
    // deviations: a correct implementation fails about once in 16000 comparisons.
    const double shrink = std::sqrt(static_cast<double>(repeats));
    for (size_t i = 0; i < m_ref.dims.size(); ++i) {
        const double ub = 4 * m_ref.unscaledSd[i] / shrink;
        const double sb = 4 * m_ref.scaledSd[i] / shrink;
        QVERIFY2(std::abs(r.unscaled[i] - m_ref.unscaled[i]) <= ub,
            qPrintable(QStringLiteral("unscaled at d_k %1: %2, expected %3 +- %4")
                           .arg(m_ref.dims[i])
                           .arg(r.unscaled[i])
                           .arg(m_ref.unscaled[i])
                           .arg(ub)));
        QVERIFY2(std::abs(r.scaled[i] - m_ref.scaled[i]) <= sb,
            qPrintable(QStringLiteral("scaled at d_k %1: %2, expected %3 +- %4")
                           .arg(m_ref.dims[i])
                           .arg(r.scaled[i])
                           .arg(m_ref.scaled[i])
                           .arg(sb)));
    }
}

void TestEntropyExperiment::deterministicForASeed()
{
    EntropyExperimentConfig config;
    config.seed = 77;
    config.repeats = 2;
    const EntropyExperimentResult a = runEntropyExperiment(config);
    const EntropyExperimentResult b = runEntropyExperiment(config);
    QCOMPARE(a.unscaled, b.unscaled); // bit for bit
    QCOMPARE(a.scaled, b.scaled);
}

void TestEntropyExperiment::seedsDiffer()
{
    EntropyExperimentConfig config;
    config.seed = 1;
    const EntropyExperimentResult &a = m_defaultRun; // seed 0
    const EntropyExperimentResult b = runEntropyExperiment(config);
    for (size_t i = 0; i < a.dims.size(); ++i) {
        QVERIFY(a.unscaled[i] != b.unscaled[i]);
        QVERIFY(a.scaled[i] != b.scaled[i]);
    }
}

void TestEntropyExperiment::dimensionsAreIndependent()
{
    // A d_k keeps its numbers when other dimensions are added to or removed from the list, so
    // the plot does not jump when a student adds a point. (Its products are summed in other
    // slices then, so only rounding may differ.)
    EntropyExperimentConfig config;
    config.dims = { 32 };
    const EntropyExperimentResult alone = runEntropyExperiment(config);
    config.dims = { 64, 8, 32 };
    const EntropyExperimentResult among = runEntropyExperiment(config);
    const auto same = [](double a, double b) { return std::abs(a - b) <= 1e-12 * std::abs(b); };
    QVERIFY(same(among.unscaled[2], alone.unscaled[0]));
    QVERIFY(same(among.scaled[2], alone.scaled[0]));
    QVERIFY(same(among.unscaledGradNorm[2], alone.unscaledGradNorm[0]));
    QVERIFY(same(among.unscaledScoreStd[2], alone.unscaledScoreStd[0]));
    QCOMPARE(among.unscaledSaturated[2], alone.unscaledSaturated[0]);
}

void TestEntropyExperiment::figuresWithinReference_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("repeats");
    QTest::addColumn<std::uint64_t>("seed");
    for (const char *name : { "unscaled_score_std", "scaled_score_std", "unscaled_grad_norm",
             "scaled_grad_norm", "unscaled_saturated", "scaled_saturated" }) {
        QTest::addRow("%s, one run, seed 0", name)
            << QString::fromLatin1(name) << 1 << std::uint64_t(0);
        QTest::addRow("%s, 9 repeats, seed 4", name)
            << QString::fromLatin1(name) << 9 << std::uint64_t(4);
    }
}

void TestEntropyExperiment::figuresWithinReference()
{
    QFETCH(QString, name);
    QFETCH(int, repeats);
    QFETCH(std::uint64_t, seed);
    EntropyExperimentConfig config;
    config.repeats = repeats;
    config.seed = seed;
    const EntropyExperimentResult r
        = repeats == 1 && seed == 0 ? m_defaultRun : runEntropyExperiment(config);
    const std::vector<double> expected = doubles(m_scalingRef.value(name));
    const std::vector<double> sd = doubles(m_scalingRef.value(name + QStringLiteral("_sd")));
    const std::map<QString, const std::vector<double> *> got {
        { QStringLiteral("unscaled_score_std"), &r.unscaledScoreStd },
        { QStringLiteral("scaled_score_std"), &r.scaledScoreStd },
        { QStringLiteral("unscaled_grad_norm"), &r.unscaledGradNorm },
        { QStringLiteral("scaled_grad_norm"), &r.scaledGradNorm },
        { QStringLiteral("unscaled_saturated"), &r.unscaledSaturated },
        { QStringLiteral("scaled_saturated"), &r.scaledSaturated },
    };
    const std::vector<double> &values = *got.at(name);
    QCOMPARE(values.size(), expected.size());
    // As for the entropy: four standard deviations of one run, shrinking by sqrt(R). A share
    // that was 0 in all 200 reference runs gets the resolution of one row instead.
    for (size_t i = 0; i < expected.size(); ++i) {
        const double bound = std::max(4 * sd[i] / std::sqrt(double(repeats)), 1.0 / config.queries);
        QVERIFY2(std::abs(values[i] - expected[i]) <= bound,
            qPrintable(QStringLiteral("%1 at d_k %2: %3, expected %4 +- %5")
                           .arg(name)
                           .arg(r.dims[i])
                           .arg(values[i])
                           .arg(expected[i])
                           .arg(bound)));
    }
}

void TestEntropyExperiment::scoreSpreadFollowsTheory_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("repeats");
    QTest::newRow("10 keys, 16 repeats") << 10 << 16;
    QTest::newRow("64 keys, 4 repeats") << 64 << 4;
}

void TestEntropyExperiment::scoreSpreadFollowsTheory()
{
    QFETCH(int, keys);
    QFETCH(int, repeats);
    EntropyExperimentConfig config;
    config.keys = keys;
    config.repeats = repeats;
    config.queries = 1024;
    const EntropyExperimentResult r = runEntropyExperiment(config);
    for (size_t i = 0; i < r.dims.size(); ++i) {
        const double dk = r.dims[i];
        // Given the keys, a score q.k has variance |k|^2, so the squared spread of one repeat
        // is about the mean of |k_j|^2, a chi-square with keys * d_k degrees of freedom over
        // keys * d_k: relative sd sqrt(2 / (keys d_k)), half that for the spread itself. The
        // queries add about sqrt(2 / (queries keys)) / 2 more. Averaged over R repeats, five
        // of those standard errors.
        const double relSd = 0.5
            * std::sqrt(2.0 / (keys * dk) + 2.0 / (double(config.queries) * keys))
            / std::sqrt(double(repeats));
        QVERIFY2(std::abs(r.unscaledScoreStd[i] / std::sqrt(dk) - 1.0) <= 5 * relSd,
            qPrintable(QStringLiteral("unscaled spread at d_k %1: %2")
                           .arg(dk)
                           .arg(r.unscaledScoreStd[i])));
        QVERIFY2(std::abs(r.scaledScoreStd[i] - 1.0) <= 5 * relSd,
            qPrintable(
                QStringLiteral("scaled spread at d_k %1: %2").arg(dk).arg(r.scaledScoreStd[i])));
    }
}

void TestEntropyExperiment::gradientShape_data()
{
    QTest::addColumn<std::uint64_t>("seed");
    QTest::newRow("seed 0") << std::uint64_t(0);
    QTest::newRow("seed 1") << std::uint64_t(1);
    QTest::newRow("seed 99") << std::uint64_t(99);
}

void TestEntropyExperiment::gradientShape()
{
    QFETCH(std::uint64_t, seed);
    EntropyExperimentConfig config; // dims 8, 32, 128, 512; 10 keys; one run
    config.seed = seed;
    const EntropyExperimentResult r = runEntropyExperiment(config);
    const std::vector<double> sd
        = doubles(m_scalingRef.value(QStringLiteral("unscaled_grad_norm_sd")));
    const std::vector<double> mean
        = doubles(m_scalingRef.value(QStringLiteral("unscaled_grad_norm")));
    for (size_t i = 1; i < r.dims.size(); ++i) {
        // The expected steps (0.10, 0.09, 0.055) are over four times the sum of the two runs'
        // standard deviations, so one run falls at every step.
        QVERIFY(mean[i - 1] - mean[i] > 4 * (sd[i - 1] + sd[i]));
        QVERIFY2(r.unscaledGradNorm[i] < r.unscaledGradNorm[i - 1],
            qPrintable(QStringLiteral("unscaled gradient rises at d_k %1").arg(r.dims[i])));
    }
    // Scaled, the gradient stays where it was: the exact means differ by 0.004 from d_k 8 to
    // 512 (the scores are not quite normal at small d_k); one run adds at most 4 sd (0.016).
    const double first = r.scaledGradNorm.front();
    for (size_t i = 0; i < r.dims.size(); ++i)
        QVERIFY2(std::abs(r.scaledGradNorm[i] - first) < 0.02,
            qPrintable(QStringLiteral("scaled gradient at d_k %1: %2")
                           .arg(r.dims[i])
                           .arg(r.scaledGradNorm[i])));
    QVERIFY(r.unscaledGradNorm.back() < 0.25 * r.scaledGradNorm.back());
}

void TestEntropyExperiment::boundedMemory()
{
    // The largest scores matrix the limits allow (65536 x 4096 doubles: 2 GB) is never held:
    // the run keeps one block of queries.
    EntropyExperimentConfig big;
    big.dims = { 1 };
    big.queries = limits::maxExperimentQueries;
    big.keys = limits::maxExperimentKeys;
    QVERIFY(!validateExperiment(big));
    QVERIFY2(
        experimentMemoryBytes(big) < 20e6, qPrintable(QString::number(experimentMemoryBytes(big))));
    // The widest run the limits allow holds its keys, 4096 x 8192, and a block: under 400 MB.
    EntropyExperimentConfig wide;
    wide.dims = { limits::maxExperimentDim };
    wide.queries = 1;
    wide.keys = limits::maxExperimentKeys;
    QVERIFY(!validateExperiment(wide));
    QVERIFY(experimentMemoryBytes(wide) < 400e6);
    QVERIFY(
        experimentMemoryBytes(wide) > 8.0 * limits::maxExperimentKeys * limits::maxExperimentDim);
}

void TestEntropyExperiment::boundedByLogKeys_data()
{
    QTest::addColumn<int>("keys");
    QTest::newRow("1 key") << 1;
    QTest::newRow("2 keys") << 2;
    QTest::newRow("10 keys") << 10;
    QTest::newRow("100 keys") << 100;
}

void TestEntropyExperiment::boundedByLogKeys()
{
    QFETCH(int, keys);
    EntropyExperimentConfig config;
    config.keys = keys;
    config.queries = 512;
    config.dims = { 1, 2, 8, 64, 512 };
    const EntropyExperimentResult r = runEntropyExperiment(config);
    const double ceiling = std::log(static_cast<double>(keys));
    for (size_t i = 0; i < r.dims.size(); ++i) {
        QVERIFY(r.unscaled[i] >= 0.0 && r.scaled[i] >= 0.0);
        // The maximum entropy over `keys` outcomes is never exceeded (up to rounding).
        QVERIFY2(r.unscaled[i] <= ceiling + 1e-12, qPrintable(QString::number(r.unscaled[i])));
        QVERIFY2(r.scaled[i] <= ceiling + 1e-12, qPrintable(QString::number(r.scaled[i])));
        if (keys == 1) {
            QCOMPARE(r.unscaled[i], 0.0);
            QCOMPARE(r.scaled[i], 0.0);
        } else {
            // Scaled scores have unit variance whatever d_k is, so the entropy stays close to
            // the ceiling: within its top half for every d_k.
            QVERIFY2(r.scaled[i] > 0.5 * ceiling, qPrintable(QString::number(r.scaled[i])));
        }
    }
    if (keys > 1) {
        // Without the scale, the softmax saturates as d_k grows: entropy falls far below.
        QVERIFY(r.unscaled.back() < r.unscaled.front());
        QVERIFY(r.unscaled.back() < 0.25 * ceiling);
    }
}

void TestEntropyExperiment::cancellation_data()
{
    QTest::addColumn<int>("stopAfterPolls");
    QTest::newRow("stop at the first poll") << 0;
    QTest::newRow("stop after 5 polls") << 5;
    QTest::newRow("stop in the seventh block") << 40;
}

void TestEntropyExperiment::cancellation()
{
    QFETCH(int, stopAfterPolls);
    // 2048 queries in 8 blocks of 256; per block one poll, then one per slice of columns
    // (8, 24, 96 and 2 x 256 for 384): 6 per block, 48 in all.
    EntropyExperimentConfig config;
    int polls = 0;
    const EntropyExperimentResult r
        = runEntropyExperiment(config, [&] { return polls++ >= stopAfterPolls; });
    QVERIFY(r.cancelled);
    // It stops at the poll that said so, not later, and hands back nothing half done.
    QCOMPARE(polls, stopAfterPolls + 1);
    QVERIFY(r.dims.empty() && r.unscaled.empty() && r.scaled.empty() && r.histograms.empty());
    int all = 0;
    QVERIFY(!runEntropyExperiment(config, [&] { return ++all < 0; }).cancelled);
    QCOMPARE(all, 48);
}

void TestEntropyExperiment::validateRejects_data()
{
    QTest::addColumn<EntropyExperimentConfig>("config");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("says");
    const EntropyExperimentConfig base;
    auto with = [&](auto change) {
        EntropyExperimentConfig c = base;
        change(c);
        return c;
    };
    QTest::newRow("no dimensions") << with([](auto &c) { c.dims.clear(); })
                                   << QStringLiteral("dims") << QStringLiteral("empty");
    QTest::newRow("too many dimensions")
        << with([](auto &c) { c.dims.assign(limits::maxExperimentDims + 1, 8); })
        << QStringLiteral("dims") << QStringLiteral("at most 64");
    QTest::newRow("zero dimension") << with([](auto &c) {
        c.dims = { 8, 32, 0 };
    }) << QStringLiteral("dims[2]") << QStringLiteral("0 is outside 1..8192");
    QTest::newRow("negative dimension")
        << with([](auto &c) { c.dims = { -4 }; }) << QStringLiteral("dims[0]")
        << QStringLiteral("-4 is outside");
    QTest::newRow("dimension past the limit") << with([](auto &c) {
        c.dims = { 8, limits::maxExperimentDim + 1 };
    }) << QStringLiteral("dims[1]") << QStringLiteral("8193 is outside 1..8192");
    QTest::newRow("zero queries") << with([](auto &c) { c.queries = 0; })
                                  << QStringLiteral("queries") << QStringLiteral("0 is outside");
    QTest::newRow("too many queries")
        << with([](auto &c) { c.queries = limits::maxExperimentQueries + 1; })
        << QStringLiteral("queries") << QStringLiteral("65537 is outside 1..65536");
    QTest::newRow("zero keys") << with([](auto &c) { c.keys = 0; }) << QStringLiteral("keys")
                               << QStringLiteral("0 is outside");
    QTest::newRow("too many keys")
        << with([](auto &c) { c.keys = limits::maxExperimentKeys + 1; }) << QStringLiteral("keys")
        << QStringLiteral("4097 is outside 1..4096");
    QTest::newRow("zero repeats") << with([](auto &c) { c.repeats = 0; })
                                  << QStringLiteral("repeats") << QStringLiteral("0 is outside");
    QTest::newRow("too many repeats")
        << with([](auto &c) { c.repeats = limits::maxExperimentRepeats + 1; })
        << QStringLiteral("repeats") << QStringLiteral("1001 is outside 1..1000");
    // Each parameter within its limit, but together too much work.
    QTest::newRow("too many draws in total") << with([](auto &c) {
        c.dims = { 8192 };
        c.queries = 65536;
    }) << QString() << QStringLiteral("random numbers");
}

void TestEntropyExperiment::validateRejects()
{
    QFETCH(EntropyExperimentConfig, config);
    QFETCH(QString, path);
    QFETCH(QString, says);
    const std::optional<SessionError> e = validateExperiment(config);
    QVERIFY(e.has_value());
    QCOMPARE(e->path, path);
    QVERIFY2(e->message.contains(says), qPrintable(e->message));
}

void TestEntropyExperiment::validateAccepts_data()
{
    QTest::addColumn<EntropyExperimentConfig>("config");
    QTest::newRow("defaults") << EntropyExperimentConfig();
    EntropyExperimentConfig edges;
    edges.dims = { 1, limits::maxExperimentDim };
    edges.queries = 1;
    edges.keys = limits::maxExperimentKeys;
    QTest::newRow("dimension and key limits") << edges;
    EntropyExperimentConfig most;
    most.dims = { 8 };
    most.queries = limits::maxExperimentQueries;
    most.repeats = 100;
    QTest::newRow("query limit with repeats") << most;
    EntropyExperimentConfig many;
    many.dims.assign(limits::maxExperimentDims, 4);
    QTest::newRow("dimension count limit") << many;
}

void TestEntropyExperiment::validateAccepts()
{
    QFETCH(EntropyExperimentConfig, config);
    const std::optional<SessionError> e = validateExperiment(config);
    QVERIFY2(!e.has_value(), qPrintable(e ? e->toString() : QString()));
}

void TestEntropyExperiment::edgeRunsStayFinite_data()
{
    QTest::addColumn<EntropyExperimentConfig>("config");
    EntropyExperimentConfig single;
    single.dims = { 1 };
    single.queries = 1;
    single.keys = 1;
    QTest::newRow("one query, one key, d_k 1") << single;
    EntropyExperimentConfig widest = single;
    widest.dims = { limits::maxExperimentDim, 1 };
    widest.keys = 3;
    QTest::newRow("largest d_k, one query") << widest;
    EntropyExperimentConfig keys = single;
    keys.dims = { 2, 1, 2 };
    keys.queries = 3;
    keys.keys = limits::maxExperimentKeys;
    keys.repeats = 2;
    QTest::newRow("most keys, repeated dimension") << keys;
}

void TestEntropyExperiment::edgeRunsStayFinite()
{
    QFETCH(EntropyExperimentConfig, config);
    QVERIFY(!validateExperiment(config));
    const EntropyExperimentResult r = runEntropyExperiment(config);
    QVERIFY(!r.cancelled);
    QCOMPARE(r.dims, config.dims);
    const double ceiling = std::log(double(config.keys));
    for (size_t d = 0; d < r.dims.size(); ++d) {
        for (const std::vector<double> *v :
            { &r.unscaled, &r.scaled, &r.unscaledScoreStd, &r.scaledScoreStd, &r.unscaledGradNorm,
                &r.scaledGradNorm, &r.unscaledSaturated, &r.scaledSaturated }) {
            QVERIFY(std::isfinite((*v)[d]));
            QVERIFY((*v)[d] >= 0.0);
        }
        QVERIFY(r.unscaled[d] <= ceiling + 1e-12 && r.scaled[d] <= ceiling + 1e-12);
        QVERIFY(r.unscaledSaturated[d] <= 1.0 && r.scaledSaturated[d] <= 1.0);
        const ScoreHistogram &h = r.histograms[d];
        QVERIFY(std::isfinite(h.lo) && std::isfinite(h.hi) && h.lo < h.hi);
        for (const std::vector<double> *bins : { &h.unscaled, &h.scaled }) {
            double total = 0.0;
            for (double share : *bins) {
                QVERIFY(std::isfinite(share) && share >= 0.0);
                total += share;
            }
            QVERIFY(total <= 1.0 + 1e-12);
        }
    }
}

QTEST_MAIN(TestEntropyExperiment)
#include "tst_entropyexperiment.moc"
