// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer compute` run as a separate process with no display: the reference cases,
// exit statuses 0 / 1 / 2 with their messages, --help and --version.

#include "testsupportcli.h"

#include "attention/resultjson.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "session/sessionlimits.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

namespace {

/// The spec's example session (session-format.md §2), shared by every test folder.
const QByteArray specExample = [] {
    QFile file(QStringLiteral(AE_TEST_DATA_DIR "/spec-example.session.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}();

/// The example with the first occurrence of @p from replaced by @p to.
QByteArray exampleWith(const QByteArray &from, const QByteArray &to)
{
    QByteArray json = specExample;
    const int at = json.indexOf(from);
    Q_ASSERT(at >= 0);
    return json.replace(at, from.size(), to);
}

/// The example with one-hot target vectors of width 1 for its 2 distinct tokens (random
/// projections, so that only the one-hot rule is broken).
QByteArray exampleWithNarrowOneHot()
{
    QJsonObject root = QJsonDocument::fromJson(specExample).object();
    QJsonObject target = root.value(QStringLiteral("target")).toObject();
    target.insert(
        QStringLiteral("embeddings"), QJsonArray { QJsonArray { 1.0 }, QJsonArray { 0.0 } });
    target.insert(QStringLiteral("generator"),
        QJsonObject { { QStringLiteral("mode"), QStringLiteral("one_hot") } });
    root.insert(QStringLiteral("target"), target);
    QJsonObject attention = root.value(QStringLiteral("attention")).toObject();
    attention.insert(QStringLiteral("projections"),
        QJsonObject {
            { QStringLiteral("mode"), QStringLiteral("random") }, { QStringLiteral("seed"), 1 } });
    root.insert(QStringLiteral("attention"), attention);
    return QJsonDocument(root).toJson();
}

/// The example with a source of @p count tokens (one embedding row each).
QByteArray exampleWithTokens(int count)
{
    QJsonObject root = QJsonDocument::fromJson(specExample).object();
    QJsonArray tokens, rows;
    for (int i = 0; i < count; ++i) {
        tokens.append(QStringLiteral("w%1").arg(i));
        rows.append(QJsonArray { 0.1, 0.2, 0.3, 0.4 });
    }
    QJsonObject source { { QStringLiteral("tokens"), tokens },
        { QStringLiteral("embeddings"), rows } };
    root.insert(QStringLiteral("source"), source);
    return QJsonDocument(root).toJson();
}

} // namespace

/// Tests the compute subcommand end to end.
class TestComputeCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesReferenceCases_data();
    void matchesReferenceCases();
    void builtInExamplesCompute_data();
    void builtInExamplesCompute();
    void refusesMalformedSessions_data();
    void refusesMalformedSessions();
    void unreadableInputs_data();
    void unreadableInputs();
    void oversizedFileRefused();
    void usageErrors_data();
    void usageErrors();
    void helpAndVersion_data();
    void helpAndVersion();
    void worksWithAnUnusablePlatformPlugin();

private:
    QString writeFile(const QString &name, const QByteArray &bytes);
    QTemporaryDir m_dir;
};

void TestComputeCommand::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AE_APP_BINARY)).isExecutable(), AE_APP_BINARY);
    QVERIFY(m_dir.isValid());
    QVERIFY(test::referenceCaseNames().size() >= 11);
}

QString TestComputeCommand::writeFile(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QString();
    file.write(bytes);
    return path;
}

void TestComputeCommand::matchesReferenceCases_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : test::referenceCaseNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestComputeCommand::matchesReferenceCases()
{
    QFETCH(QString, name);
    const QString base = test::referenceCasesDir() + QLatin1Char('/') + name;
    const QString sessionFile = base + QStringLiteral(".session.json");
    const test::CliRun run = test::runCli({ QStringLiteral("compute"), sessionFile });
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &parseError);
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
    const QJsonObject expected
        = test::parseObject(test::readFileBytes(base + QStringLiteral(".expected.json")));
    QVERIFY(!expected.isEmpty());
    const QString why = test::compareJson(doc.object(), expected, 1e-9);
    QVERIFY2(why.isEmpty(), qPrintable(why));

    // The printed numbers read back to the very doubles the core computed.
    const SessionLoadResult loaded = loadSessionFile(sessionFile);
    QVERIFY(loaded.ok());
    const QJsonObject core = attentionResultToJson(loaded.session, computeSession(loaded.session));
    const QString exact = test::compareJson(doc.object(), core, 0.0);
    QVERIFY2(exact.isEmpty(), qPrintable(exact));
}

void TestComputeCommand::builtInExamplesCompute_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(AE_SOURCE_DIR "/resources/examples"));
    for (const QString &f : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestComputeCommand::builtInExamplesCompute()
{
    QFETCH(QString, file);
    const test::CliRun run = test::runCli({ QStringLiteral("compute"), file });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject o = test::parseObject(run.out);
    QStringList keys = o.keys();
    keys.sort();
    QCOMPARE(keys,
        (QStringList { QStringLiteral("d_k"), QStringLiteral("fully_masked_rows"),
            QStringLiteral("heads"), QStringLiteral("key_tokens"), QStringLiteral("mean_weights"),
            QStringLiteral("output"), QStringLiteral("query_tokens") }));
    // Every unmasked row of the mean weights is a distribution.
    const QJsonArray masked = o.value(QStringLiteral("fully_masked_rows")).toArray();
    const QJsonArray mean = o.value(QStringLiteral("mean_weights")).toArray();
    for (int i = 0; i < mean.size(); ++i) {
        double sum = 0;
        for (const QJsonValue &w : mean.at(i).toArray())
            sum += w.toDouble();
        QVERIFY(std::abs(sum - (masked.contains(i) ? 0.0 : 1.0)) < 1e-12);
    }
}

void TestComputeCommand::refusesMalformedSessions_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("says");
    auto row = [](const char *name, const char *file, const QByteArray &json, const char *field,
                   const char *says) {
        QTest::newRow(name) << QString::fromUtf8(file) << json << QString::fromUtf8(field)
                            << QString::fromUtf8(says);
    };
    row("ragged embeddings", "ragged.json",
        exampleWith("[1.2, -0.2, 0.1, 0.4]", "[1.2, -0.2, 0.1]"), "source.embeddings[2]",
        "3 numbers, expected 4");
    row("heads do not divide d_model", "heads.json", exampleWith("\"heads\": 2", "\"heads\": 3"),
        "attention.heads", "3 does not divide d_model 4");
    row("unknown version", "v2.json", exampleWith("\"version\": 1", "\"version\": 2"), "version",
        "not supported");
    row("non-finite number", "inf.json", exampleWith("[0.5, 1.1,", "[0.5, 1e999,"),
        "source.embeddings[0][1]", "not a finite number");
    row("number past the magnitude limit", "big.json", exampleWith("[0.5, 1.1,", "[0.5, 1e300,"),
        "source.embeddings[0][1]", "limit");
    row("unknown query_from", "wiring.json",
        exampleWith("\"query_from\": \"target\"", "\"query_from\": \"decoder\""),
        "attention.query_from", "\"decoder\"");
    row("unknown projection mode", "mode.json", exampleWith("\"identity\"", "\"learned\""),
        "attention.projections.mode", "\"learned\"");
    row("identity with a width != d_model", "identity.json",
        exampleWith("\"d_model\": 4", "\"d_model\": 8"), "attention.projections", "d_model 8");
    row("padding length mismatch", "padding.json", exampleWith("[false, false]", "[false]"),
        "target.padding", "1 flags for 2 tokens");
    row("token count differs from rows", "tokens.json",
        exampleWith("\"深度\", \"学习\"]", "\"深度\"]"), "source.embeddings",
        "4 rows for 3 tokens");
    row("negative scale", "scale.json", exampleWith("\"sqrt_dk\"", "-1"), "attention.scale",
        "not positive");
    row("fractional d_model", "dmodel.json", exampleWith("\"d_model\": 4", "\"d_model\": 4.5"),
        "attention.d_model", "not a whole number");
    row("tokens past the limit", "long.json", exampleWithTokens(limits::maxTokens + 1),
        "source.tokens", "at most 512");
    // The window refuses a one-hot recipe narrower than the vocabulary; so does the command.
    row("one-hot vectors too narrow for the vocabulary", "onehot.json", exampleWithNarrowOneHot(),
        "target.generator", "width of at least 2, not 1");
    row("not JSON", "garbage.json", "{ this is not json", "", "not valid JSON");
    row("top level not an object", "array.json", "[1, 2]", "", "object");
    row("file name with spaces and CJK", "我的 会话.json",
        exampleWith("\"heads\": 2", "\"heads\": 0"), "attention.heads", "outside");
}

void TestComputeCommand::refusesMalformedSessions()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, says);
    const QString path = writeFile(fileName, json);
    QVERIFY(!path.isEmpty());
    const test::CliRun run = test::runCli({ QStringLiteral("compute"), path });
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    const QString err = QString::fromUtf8(run.err);
    // "compute: <file>: <field>: <what is wrong>" on one line.
    const QString prefix = field.isEmpty()
        ? QStringLiteral("compute: ") + path + QStringLiteral(": ")
        : QStringLiteral("compute: ") + path + QStringLiteral(": ") + field + QStringLiteral(": ");
    QVERIFY2(err.startsWith(prefix), qPrintable(err));
    QVERIFY2(err.contains(says), qPrintable(err));
    QVERIFY(err.endsWith(QLatin1Char('\n')));
}

void TestComputeCommand::unreadableInputs_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("says");
    QTest::newRow("missing file") << m_dir.filePath(QStringLiteral("does-not-exist.json"))
                                  << QStringLiteral("cannot be read");
    QTest::newRow("a folder") << m_dir.path() << QStringLiteral("folder");
}

void TestComputeCommand::unreadableInputs()
{
    QFETCH(QString, path);
    QFETCH(QString, says);
    const test::CliRun run = test::runCli({ QStringLiteral("compute"), path });
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(
        err.startsWith(QStringLiteral("compute: ") + path + QStringLiteral(": ")), qPrintable(err));
    QVERIFY2(err.contains(says), qPrintable(err));
}

void TestComputeCommand::oversizedFileRefused()
{
    // One byte past the limit, sparse: refused as input (2) from its size alone.
    const QString path = m_dir.filePath(QStringLiteral("huge.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QVERIFY(file.resize(limits::maxSessionFileBytes + 1));
    file.close();
    const test::CliRun run = test::runCli({ QStringLiteral("compute"), path });
    QFile::remove(path);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(
        err.startsWith(QStringLiteral("compute: ") + path + QStringLiteral(": ")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("limit")), qPrintable(err));
}

void TestComputeCommand::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    const QString example = test::referenceCasesDir() + QStringLiteral("/padding.session.json");
    QTest::newRow("no session file")
        << QStringList { QStringLiteral("compute") }
        << QStringLiteral("compute: expected one SESSION.json, got 0 arguments");
    QTest::newRow("two session files") << QStringList { QStringLiteral("compute"), example,
        example } << QStringLiteral("compute: expected one SESSION.json, got 2 arguments");
    QTest::newRow("unknown option")
        << QStringList { QStringLiteral("compute"), QStringLiteral("--fast"), example }
        << QStringLiteral("fast");
}

void TestComputeCommand::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(QString::fromUtf8(run.err).contains(says), run.err.constData());
}

void TestComputeCommand::helpAndVersion_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("says");
    const QStringList usage { QStringLiteral("compute"), QStringLiteral("entropy"),
        QStringLiteral("export"), QStringLiteral("Exit status") };
    QTest::newRow("--help") << QStringList { QStringLiteral("--help") } << usage;
    QTest::newRow("-h") << QStringList { QStringLiteral("-h") } << usage;
    QTest::newRow("help") << QStringList { QStringLiteral("help") } << usage;
    QTest::newRow("compute --help") << QStringList { QStringLiteral("compute"),
        QStringLiteral("--help") } << QStringList { QStringLiteral("session") };
    QTest::newRow("--version") << QStringList { QStringLiteral(
        "--version") } << QStringList { QStringLiteral("attention-explorer " AE_VERSION_STRING) };
    QTest::newRow("-v") << QStringList { QStringLiteral("-v") }
                        << QStringList { QStringLiteral("attention-explorer " AE_VERSION_STRING) };
}

void TestComputeCommand::helpAndVersion()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, says);
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    for (const QString &s : says)
        QVERIFY2(QString::fromUtf8(run.out).contains(s), run.out.constData());
}

void TestComputeCommand::worksWithAnUnusablePlatformPlugin()
{
    // Asking for a platform that cannot start (xcb with no X server) must not matter: the
    // subcommands never create a GUI application.
    QProcessEnvironment env = test::headlessEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    const test::CliRun run
        = test::runCli({ QStringLiteral("compute"),
                           test::referenceCasesDir() + QStringLiteral("/unscaled.session.json") },
            env);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    QVERIFY(test::parseObject(run.out).contains(QStringLiteral("mean_weights")));
}

QTEST_MAIN(TestComputeCommand)
#include "tst_computecommand.moc"
