// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer entropy` run as a separate process with no display: the output format,
// the defaults and options, agreement with tests/data/shared/reference/entropy-keys10.json, and
// clear refusals of bad options.

#include "testsupportcli.h"

#include "scaling/entropyexperiment.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>
#include <cmath>
#include <map>

using namespace ae;

Q_DECLARE_METATYPE(ae::EntropyExperimentConfig)
Q_DECLARE_METATYPE(std::vector<int>)

namespace {

std::vector<double> doubles(const QJsonValue &v)
{
    std::vector<double> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

std::vector<int> ints(const QJsonValue &v)
{
    std::vector<int> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toInt());
    return out;
}

/// The arrays of the scaling lab, aligned with dims.
const char *const figureKeys[] = { "unscaled_score_std", "scaled_score_std", "unscaled_grad_norm",
    "scaled_grad_norm", "unscaled_saturated", "scaled_saturated" };

/// The parsed output of a successful run.
struct EntropyOutput
{
    std::vector<int> dims;
    std::vector<double> unscaled, scaled;
    std::map<QString, std::vector<double>> figures; ///< by the keys above
};

} // namespace

/// Tests the entropy subcommand end to end.
class TestEntropyCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void outputFormat();
    void withinReference_data();
    void withinReference();
    void sameAsTheCore_data();
    void sameAsTheCore();
    void largestScoresInBoundedMemory();
    void deterministicForASeed();
    void options_data();
    void options();
    void badOptions_data();
    void badOptions();
    void help();

private:
    /// Runs entropy with @p args, checks it succeeded, and parses what it printed.
    bool runOk(const QStringList &args, EntropyOutput &out, QByteArray *raw = nullptr);

    std::vector<int> m_refDims;
    std::vector<double> m_refUnscaled, m_refScaled, m_refUnscaledSd, m_refScaledSd;
};

void TestEntropyCommand::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AE_APP_BINARY)).isExecutable(), AE_APP_BINARY);
    const QJsonObject ref = test::parseObject(
        test::readFileBytes(QStringLiteral(AE_SHARED_DIR "/reference/entropy-keys10.json")));
    m_refDims = ints(ref.value(QStringLiteral("dims")));
    m_refUnscaled = doubles(ref.value(QStringLiteral("unscaled")));
    m_refScaled = doubles(ref.value(QStringLiteral("scaled")));
    m_refUnscaledSd = doubles(ref.value(QStringLiteral("unscaled_sd")));
    m_refScaledSd = doubles(ref.value(QStringLiteral("scaled_sd")));
    QCOMPARE(m_refDims.size(), size_t(4));
    QCOMPARE(ref.value(QStringLiteral("keys")).toInt(), 10);
}

bool TestEntropyCommand::runOk(const QStringList &args, EntropyOutput &out, QByteArray *raw)
{
    const test::CliRun run = test::runCli(QStringList { QStringLiteral("entropy") } + args);
    if (!run.finished || run.crashed || run.exitCode != 0 || !run.err.isEmpty()) {
        qWarning("%s", qPrintable(test::describe(run)));
        return false;
    }
    const QJsonObject o = test::parseObject(run.out);
    out.dims = ints(o.value(QStringLiteral("dims")));
    out.unscaled = doubles(o.value(QStringLiteral("unscaled")));
    out.scaled = doubles(o.value(QStringLiteral("scaled")));
    for (const char *key : figureKeys) {
        out.figures[QLatin1String(key)] = doubles(o.value(QLatin1String(key)));
        if (out.figures[QLatin1String(key)].size() != out.dims.size())
            return false;
    }
    if (raw)
        *raw = run.out;
    return out.dims.size() == out.unscaled.size() && out.dims.size() == out.scaled.size();
}

void TestEntropyCommand::outputFormat()
{
    const test::CliRun run = test::runCli({ QStringLiteral("entropy") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QVERIFY(doc.isObject());
    QStringList keys = doc.object().keys();
    keys.sort();
    QStringList expected { QStringLiteral("dims"), QStringLiteral("scaled"),
        QStringLiteral("unscaled") };
    for (const char *key : figureKeys)
        expected.append(QLatin1String(key));
    expected.sort();
    QCOMPARE(keys, expected);
    // The seed's defaults: dims 8, 32, 128, 512, as whole numbers.
    const QJsonArray dims = doc.object().value(QStringLiteral("dims")).toArray();
    QCOMPARE(dims, (QJsonArray { 8, 32, 128, 512 }));
    for (const QString &key : expected) {
        const QJsonArray values = doc.object().value(key).toArray();
        QCOMPARE(values.size(), 4);
        for (const QJsonValue &v : values)
            QVERIFY(v.isDouble() && std::isfinite(v.toDouble()));
    }
}

void TestEntropyCommand::withinReference_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("repeats");
    QTest::newRow("defaults") << QStringList() << 1;
    QTest::newRow("defaults spelled out") << QStringList { QStringLiteral("--dims"),
        QStringLiteral("8,32,128,512"), QStringLiteral("--queries"), QStringLiteral("2048"),
        QStringLiteral("--keys"), QStringLiteral("10"), QStringLiteral("--repeats"),
        QStringLiteral("1"), QStringLiteral("--seed"), QStringLiteral("0") }
                                          << 1;
    QTest::newRow("seed 9") << QStringList { QStringLiteral("--seed"), QStringLiteral("9") } << 1;
    QTest::newRow("16 repeats") << QStringList { QStringLiteral("--repeats"), QStringLiteral("16") }
                                << 16;
    QTest::newRow("--repeats=25 --seed=3")
        << QStringList { QStringLiteral("--repeats=25"), QStringLiteral("--seed=3") } << 25;
}

void TestEntropyCommand::withinReference()
{
    QFETCH(QStringList, args);
    QFETCH(int, repeats);
    EntropyOutput out;
    QVERIFY(runOk(args, out));
    QCOMPARE(out.dims, m_refDims);
    // Four standard deviations of the mean, shrinking by sqrt(R) with R repeats.
    const double shrink = std::sqrt(static_cast<double>(repeats));
    for (size_t i = 0; i < out.dims.size(); ++i) {
        QVERIFY2(std::abs(out.unscaled[i] - m_refUnscaled[i]) <= 4 * m_refUnscaledSd[i] / shrink,
            qPrintable(QStringLiteral("unscaled d_k %1: %2 vs %3")
                           .arg(out.dims[i])
                           .arg(out.unscaled[i])
                           .arg(m_refUnscaled[i])));
        QVERIFY2(std::abs(out.scaled[i] - m_refScaled[i]) <= 4 * m_refScaledSd[i] / shrink,
            qPrintable(QStringLiteral("scaled d_k %1: %2 vs %3")
                           .arg(out.dims[i])
                           .arg(out.scaled[i])
                           .arg(m_refScaled[i])));
    }
}

void TestEntropyCommand::sameAsTheCore_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<EntropyExperimentConfig>("config");
    EntropyExperimentConfig c;
    QTest::newRow("defaults") << QStringList() << c;
    c.dims = { 3, 7 };
    c.queries = 100;
    c.keys = 4;
    c.repeats = 2;
    c.seed = 18446744073709551615ULL;
    QTest::newRow("every option, largest seed") << QStringList { QStringLiteral("--dims"),
        QStringLiteral("3,7"), QStringLiteral("--queries"), QStringLiteral("100"),
        QStringLiteral("--keys"), QStringLiteral("4"), QStringLiteral("--repeats"),
        QStringLiteral("2"), QStringLiteral("--seed"), QStringLiteral("18446744073709551615") }
                                                << c;
}

void TestEntropyCommand::sameAsTheCore()
{
    // The command is a thin shell around the core: its printed numbers read back to exactly
    // what runEntropyExperiment() gives for the same parameters.
    QFETCH(QStringList, args);
    QFETCH(EntropyExperimentConfig, config);
    EntropyOutput out;
    QVERIFY(runOk(args, out));
    const EntropyExperimentResult core = runEntropyExperiment(config);
    QCOMPARE(out.dims, core.dims);
    QCOMPARE(out.unscaled, core.unscaled);
    QCOMPARE(out.scaled, core.scaled);
    QCOMPARE(out.figures[QStringLiteral("unscaled_score_std")], core.unscaledScoreStd);
    QCOMPARE(out.figures[QStringLiteral("scaled_score_std")], core.scaledScoreStd);
    QCOMPARE(out.figures[QStringLiteral("unscaled_grad_norm")], core.unscaledGradNorm);
    QCOMPARE(out.figures[QStringLiteral("scaled_grad_norm")], core.scaledGradNorm);
    QCOMPARE(out.figures[QStringLiteral("unscaled_saturated")], core.unscaledSaturated);
    QCOMPARE(out.figures[QStringLiteral("scaled_saturated")], core.scaledSaturated);
}

void TestEntropyCommand::largestScoresInBoundedMemory()
{
    // 65536 queries x 4096 keys would be 2 GB of scores per matrix; under a 3 GB address
    // space the run streams its queries and finishes.
    QProcess process;
    QProcessEnvironment environment = test::headlessEnvironment();
#ifdef AE_SANITIZED
    // AddressSanitizer reserves terabytes of address space, so the bound is on resident memory.
    environment.insert(QStringLiteral("ASAN_OPTIONS"),
        environment.value(QStringLiteral("ASAN_OPTIONS"))
            + QStringLiteral(":hard_rss_limit_mb=3000"));
    const QString limit = QStringLiteral("true");
#else
    const QString limit = QStringLiteral("ulimit -v 3000000");
#endif
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral("/bin/sh"),
        { QStringLiteral("-c"),
            limit + QStringLiteral(" && exec \"$0\" entropy --queries 65536 --keys 4096 --dims 1"),
            QStringLiteral(AE_APP_BINARY) });
    QVERIFY(process.waitForStarted());
    QVERIFY2(process.waitForFinished(280000), "the run did not finish");
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    const QJsonObject o = test::parseObject(process.readAllStandardOutput());
    QCOMPARE(o.value(QStringLiteral("dims")).toArray(), QJsonArray { 1 });
    // With d_k = 1 a score is a product of two normals: its spread is 1 either way, up to
    // the keys' draw (relative sd sqrt(2 / 4096) / 2 = 0.011; nine of them allowed).
    const double spread = o.value(QStringLiteral("scaled_score_std")).toArray().at(0).toDouble();
    QVERIFY2(std::abs(spread - 1.0) < 0.1, qPrintable(QString::number(spread)));
}

void TestEntropyCommand::deterministicForASeed()
{
    const QStringList args { QStringLiteral("--seed"), QStringLiteral("5"),
        QStringLiteral("--queries"), QStringLiteral("500") };
    EntropyOutput a, b, c;
    QByteArray rawA, rawB;
    QVERIFY(runOk(args, a, &rawA));
    QVERIFY(runOk(args, b, &rawB));
    QCOMPARE(rawA, rawB);
    QVERIFY(runOk({ QStringLiteral("--seed"), QStringLiteral("6"), QStringLiteral("--queries"),
                      QStringLiteral("500") },
        c));
    QVERIFY(c.unscaled != a.unscaled);
}

void TestEntropyCommand::options_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<std::vector<int>>("dims");
    QTest::addColumn<int>("keys");
    QTest::newRow("custom dims, queries, keys") << QStringList { QStringLiteral("--dims"),
        QStringLiteral("4,16"), QStringLiteral("--queries"), QStringLiteral("100"),
        QStringLiteral("--keys"), QStringLiteral("3") }
                                                << std::vector<int> { 4, 16 } << 3;
    QTest::newRow("one dimension, spaces in the list")
        << QStringList { QStringLiteral("--dims"), QStringLiteral(" 64 ") }
        << std::vector<int> { 64 } << 10;
    QTest::newRow("dims in any order") << QStringList { QStringLiteral("--dims=256,1,32") }
                                       << std::vector<int> { 256, 1, 32 } << 10;
    QTest::newRow("a range of powers of two")
        << QStringList { QStringLiteral("--dims"), QStringLiteral("8..512"),
               QStringLiteral("--queries"), QStringLiteral("64") }
        << std::vector<int> { 8, 16, 32, 64, 128, 256, 512 } << 10;
    QTest::newRow("a range and a list, with spaces")
        << QStringList { QStringLiteral("--dims=4..16, 100 ,3") }
        << std::vector<int> { 4, 8, 16, 100, 3 } << 10;
    QTest::newRow("a range not starting at a power of two")
        << QStringList { QStringLiteral("--dims"), QStringLiteral("5..40"),
               QStringLiteral("--queries"), QStringLiteral("64") }
        << std::vector<int> { 8, 16, 32 } << 10;
    QTest::newRow("a single key: entropy 0") << QStringList { QStringLiteral("--keys"),
        QStringLiteral("1"), QStringLiteral("--queries"), QStringLiteral("64") }
                                             << std::vector<int> { 8, 32, 128, 512 } << 1;
    QTest::newRow("many keys") << QStringList { QStringLiteral("--keys"), QStringLiteral("1000"),
        QStringLiteral("--queries"), QStringLiteral("64"), QStringLiteral("--dims"),
        QStringLiteral("16") } << std::vector<int> { 16 }
                               << 1000;
}

void TestEntropyCommand::options()
{
    QFETCH(QStringList, args);
    QFETCH(std::vector<int>, dims);
    QFETCH(int, keys);
    EntropyOutput out;
    QVERIFY(runOk(args, out));
    QCOMPARE(out.dims, dims);
    const double ceiling = std::log(static_cast<double>(keys));
    for (size_t i = 0; i < dims.size(); ++i) {
        QVERIFY(out.unscaled[i] >= 0.0 && out.unscaled[i] <= ceiling + 1e-12);
        QVERIFY(out.scaled[i] >= 0.0 && out.scaled[i] <= ceiling + 1e-12);
        if (keys == 1) {
            QCOMPARE(out.unscaled[i], 0.0);
            QCOMPARE(out.scaled[i], 0.0);
        }
    }
}

void TestEntropyCommand::badOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("says");
    auto row = [](const char *name, const QStringList &args, const QStringList &says) {
        QTest::newRow(name) << args << says;
    };
    const QString dims = QStringLiteral("--dims"), queries = QStringLiteral("--queries"),
                  keys = QStringLiteral("--keys"), repeats = QStringLiteral("--repeats"),
                  seed = QStringLiteral("--seed");
    auto s = [](const char *text) { return QString::fromUtf8(text); };
    // The same sentences as the scaling dock's d_k field (ScalingDims).
    row("dims not numbers", { dims, s("eight") },
        { s("entropy: --dims: \u201ceight\u201d (entry 1) is not a whole number from 1 to 8192") });
    row("dims with an empty entry", { dims, s("8,,32") },
        { s("entropy: --dims: entry 2 is empty") });
    row("dims repeated", { dims, s("8"), dims, s("16") },
        { s("entropy: --dims is given more than once") });
    row("dims empty", { dims, s("") }, { s("--dims: enter at least one d_k") });
    row("dims fractional", { dims, s("8,8.5") }, { s("--dims: \u201c8.5\u201d (entry 2)") });
    row("range downwards", { dims, s("512..8") },
        { s("--dims: the range 512..8 (entry 1) runs downwards") });
    row("range without a power of two", { dims, s("9..15") },
        { s("--dims: the range 9..15 (entry 1) holds no power of two") });
    row("range with a missing end", { dims, s("8..") },
        { s("--dims: \u201c8..\u201d (entry 1) is not a range such as 8..512") });
    row("range past the limit", { dims, s("4096..16384") },
        { s("--dims[2]: 16384 is outside 1..8192") });
    row("dim zero", { dims, s("8,0") }, { s("--dims[1]: 0 is outside 1..8192") });
    row("dim past the limit", { dims, s("10000") }, { s("--dims[0]: 10000 is outside 1..8192") });
    row("queries zero", { queries, s("0") }, { s("--queries: 0 is outside 1..65536") });
    row("queries negative", { queries, s("-5") }, { s("--queries: -5 is outside") });
    row("queries not a number", { queries, s("many") },
        { s("--queries: \"many\" is not a whole number") });
    row("queries past the limit", { queries, s("70000") },
        { s("--queries: 70000 is outside 1..65536") });
    row("queries overflowing an int", { queries, s("99999999999") },
        { s("--queries: 99999999999 is outside 1..65536") });
    row("keys zero", { keys, s("0") }, { s("--keys: 0 is outside 1..4096") });
    row("keys past the limit", { keys, s("5000") }, { s("--keys: 5000 is outside 1..4096") });
    row("repeats zero", { repeats, s("0") }, { s("--repeats: 0 is outside 1..1000") });
    row("repeats fractional", { repeats, s("1.5") },
        { s("--repeats: \"1.5\" is not a whole number") });
    row("repeats past the limit", { repeats, s("1001") },
        { s("--repeats: 1001 is outside 1..1000") });
    row("seed negative", { seed, s("-1") }, { s("--seed"), s("\"-1\"") });
    row("seed not a number", { seed, s("abc") }, { s("--seed"), s("\"abc\"") });
    row("seed past 2^64", { seed, s("18446744073709551616") }, { s("--seed") });
    row("too much work in total", { dims, s("8192"), queries, s("65536") },
        { s("entropy: "), s("random numbers"), s("limit") });
    row("unknown option", { s("--bogus") }, { s("entropy: unknown option --bogus") });
    row("mistyped option", { s("--qeuries"), s("5") },
        { s("entropy: unknown option --qeuries; did you mean --queries?") });
    row("missing option value", { queries }, { s("queries") });
    row("stray argument", { s("extra") }, { s("unexpected argument"), s("\"extra\"") });
}

void TestEntropyCommand::badOptions()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, says);
    const test::CliRun run = test::runCli(QStringList { QStringLiteral("entropy") } + args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    const QString err = QString::fromUtf8(run.err);
    for (const QString &s : says)
        QVERIFY2(err.contains(s),
            qPrintable(QStringLiteral("\"%1\" does not say \"%2\"").arg(err.trimmed(), s)));
    for (const QString &line : err.trimmed().split(QLatin1Char('\n')))
        QVERIFY2(line.startsWith(QStringLiteral("entropy: ")), qPrintable(line));
}

void TestEntropyCommand::help()
{
    const test::CliRun run = test::runCli({ QStringLiteral("entropy"), QStringLiteral("--help") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QString out = QString::fromUtf8(run.out);
    for (const char *option : { "--dims", "--queries", "--keys", "--repeats", "--seed" })
        QVERIFY2(out.contains(QLatin1String(option)), option);
}

QTEST_MAIN(TestEntropyCommand)
#include "tst_entropycommand.moc"
