// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer train` run as a separate process with no display: the replay of every
// training reference to 1e-9, a training run's JSON and session, divergence, and refusals of
// every option past its limit and of malformed replay files.

#include "testsupport.h"
#include "testsupportcli.h"
#include "testsupporttraining.h"

#include "sessionjson.h"
#include "sessionvalidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace ae;

class TestTrainCommand : public QObject
{
    Q_OBJECT

private slots:
    void replay_data();
    void replay();
    void replayToFile();
    void trainingRun();
    void divergenceStopsCleanly();
    void refusedOptions_data();
    void refusedOptions();
    void malformedReplay_data();
    void malformedReplay();
    void missingReplayFile();
};

namespace {

QString referencePath(const QString &name)
{
    return test::trainingReferenceDir() + QLatin1Char('/') + name + QStringLiteral(".json");
}

/// True when every number in @p v is finite (NaN and infinity cannot even be written as JSON
/// numbers, so this checks that nothing became null instead).
bool noNulls(const QJsonValue &v)
{
    if (v.isNull())
        return false;
    if (v.isArray()) {
        for (const QJsonValue &x : v.toArray())
            if (!noNulls(x))
                return false;
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (it.key() != u"diverged_at_step" && !noNulls(it.value()))
                return false;
    }
    return true;
}

} // namespace

void TestTrainCommand::replay_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : test::trainingReferenceNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestTrainCommand::replay()
{
    QFETCH(QString, name);
    const test::CliRun run = test::runCli(
        { QStringLiteral("train"), QStringLiteral("--replay"), referencePath(name) });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject actual = test::parseObject(run.out);
    const QJsonObject expected
        = test::readJsonObject(referencePath(name)).value(QStringLiteral("expected")).toObject();
    for (const QString &field : { QStringLiteral("losses"), QStringLiteral("gradients_step0"),
             QStringLiteral("attention_step0_item0"), QStringLiteral("final") }) {
        QVERIFY(expected.contains(field));
        const QString why
            = test::compareTrainingJson(actual.value(field), expected.value(field), field);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }
}

void TestTrainCommand::replayToFile()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const QString ref = referencePath(QStringLiteral("unscaled-sgd"));
    const test::CliRun toFile = test::runCli(
        { QStringLiteral("train"), QStringLiteral("--replay"), ref, QStringLiteral("-o"), out });
    QVERIFY2(toFile.exitCode == 0, qPrintable(test::describe(toFile)));
    QVERIFY(toFile.out.isEmpty());
    const test::CliRun printed
        = test::runCli({ QStringLiteral("train"), QStringLiteral("--replay"), ref });
    QCOMPARE(test::readFileBytes(out), printed.out);
}

void TestTrainCommand::trainingRun()
{
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("s.json"));
    const test::CliRun run = test::runCli(
        { QStringLiteral("train"), QStringLiteral("--task"), QStringLiteral("translate"),
            QStringLiteral("--d-model"), QStringLiteral("8"), QStringLiteral("--heads"),
            QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("23"),
            QStringLiteral("--log-every"), QStringLiteral("5"), QStringLiteral("--batch"),
            QStringLiteral("4"), QStringLiteral("--save-session"), session });
    QVERIFY2(run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject o = test::parseObject(run.out);
    QCOMPARE(o.value(QStringLiteral("config")).toObject().value(QStringLiteral("task")).toString(),
        QStringLiteral("translate"));
    QCOMPARE(
        o.value(QStringLiteral("config")).toObject().value(QStringLiteral("d_model")).toInt(), 8);
    const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps, (QJsonArray { 0, 5, 10, 15, 20, 22 }));
    for (const char *key : { "loss", "accuracy", "alignment_accuracy", "max_weight", "entropy",
             "grad_norm_q", "grad_norm_k" })
        QCOMPARE(o.value(QLatin1String(key)).toArray().size(), steps.size());
    QVERIFY(noNulls(o));
    QVERIFY(o.value(QStringLiteral("diverged_at_step")).isNull());
    const double acc = o.value(QStringLiteral("final_accuracy")).toDouble(-1);
    QVERIFY(acc >= 0 && acc <= 1);
    QVERIFY(o.value(QStringLiteral("final_loss")).toDouble() > 0);
    const SessionLoadResult loaded = loadSessionFile(session);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    QCOMPARE(loaded.session.source.tokens.size(), 4);
    QCOMPARE(loaded.session.attention.projections.mode, ProjectionMode::Explicit);
    QCOMPARE(loaded.session.attention.config.heads, 2);
    // The same options give the same bytes.
    const test::CliRun again = test::runCli({ QStringLiteral("train"), QStringLiteral("--task"),
        QStringLiteral("translate"), QStringLiteral("--d-model"), QStringLiteral("8"),
        QStringLiteral("--heads"), QStringLiteral("2"), QStringLiteral("--steps"),
        QStringLiteral("23"), QStringLiteral("--log-every"), QStringLiteral("5"),
        QStringLiteral("--batch"), QStringLiteral("4") });
    QCOMPARE(again.out, run.out);
}

void TestTrainCommand::divergenceStopsCleanly()
{
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("blown.json"));
    const test::CliRun run = test::runCli({ QStringLiteral("train"), QStringLiteral("--task"),
        QStringLiteral("reverse"), QStringLiteral("--optimizer"), QStringLiteral("sgd"),
        QStringLiteral("--lr"), QStringLiteral("100"), QStringLiteral("--d-model"),
        QStringLiteral("32"), QStringLiteral("--steps"), QStringLiteral("200"),
        QStringLiteral("--save-session"), session });
    // The history is printed; the blown-up weights are past the session limits, so the session
    // is refused with exit status 1 instead of writing a file that could not be opened.
    QVERIFY2(run.exitCode == 1, qPrintable(test::describe(run)));
    QVERIFY(!QFile::exists(session));
    QVERIFY(run.err.contains("not written: the trained model is not a valid session"));
    const QJsonObject o = test::parseObject(run.out);
    const int at = o.value(QStringLiteral("diverged_at_step")).toInt(-1);
    QVERIFY(at >= 1 && at < 200);
    QVERIFY(run.err.contains(QByteArray("non-finite at step ") + QByteArray::number(at)));
    QVERIFY(!run.out.contains("nan") && !run.out.contains("inf"));
    QVERIFY(!o.contains(QStringLiteral("final_accuracy")));
    const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.last().toInt(), at - 1);
    QVERIFY(noNulls(o));
}

void TestTrainCommand::refusedOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList rev { QStringLiteral("--task"), QStringLiteral("reverse") };
    auto row = [&](const char *name, const QStringList &extra, const char *message) {
        QTest::newRow(name) << (rev + extra) << QString::fromUtf8(message);
    };
    QTest::newRow("no task") << QStringList() << QStringLiteral("--task is required");
    QTest::newRow("bad task") << QStringList { QStringLiteral("--task"), QStringLiteral("fly") }
                              << QStringLiteral(
                                     "--task: \"fly\" is not copy, reverse, rotate or translate");
    row("heads divide", { QStringLiteral("--heads"), QStringLiteral("3") },
        "--heads: 3 does not divide d_model 128");
    row("zero steps", { QStringLiteral("--steps"), QStringLiteral("0") },
        "--steps: 0 is outside 1..1000000");
    row("steps", { QStringLiteral("--steps"), QStringLiteral("1000001") },
        "--steps: 1000001 is outside 1..1000000");
    row("huge steps", { QStringLiteral("--steps"), QStringLiteral("99999999999") },
        "--steps: 99999999999 is outside 1..1000000");
    row("length", { QStringLiteral("--length"), QStringLiteral("65") },
        "--length: 65 is outside 2..64");
    row("short", { QStringLiteral("--length"), QStringLiteral("1") },
        "--length: 1 is outside 2..64");
    row("vocab", { QStringLiteral("--vocab"), QStringLiteral("1001") },
        "--vocab: 1001 is outside 2..1000");
    row("d-model", { QStringLiteral("--d-model"), QStringLiteral("1025") },
        "--d-model: 1025 is outside 1..1024");
    row("heads", { QStringLiteral("--heads"), QStringLiteral("65") },
        "--heads: 65 is outside 1..64");
    row("batch", { QStringLiteral("--batch"), QStringLiteral("4097") },
        "--batch: 4097 is outside 1..4096");
    row("activations",
        { QStringLiteral("--batch"), QStringLiteral("4096"), QStringLiteral("--d-model"),
            QStringLiteral("1024"), QStringLiteral("--length"), QStringLiteral("64") },
        "--batch: batch x length x d_model is 2.68435e+08, more than 5e+07");
    row("log-every", { QStringLiteral("--log-every"), QStringLiteral("0") },
        "--log-every: 0 is outside 1..1000000");
    row("lr", { QStringLiteral("--lr"), QStringLiteral("2e6") },
        "--lr: 2e+06 is not a number above 0 and at most 1e+06");
    row("negative lr", { QStringLiteral("--lr"), QStringLiteral("-1") },
        "--lr: -1 is not a number above 0");
    row("lr word", { QStringLiteral("--lr"), QStringLiteral("fast") },
        "--lr: \"fast\" is not a number");
    row("scale", { QStringLiteral("--scale"), QStringLiteral("0") },
        "--scale: \"0\" is not sqrt_dk, none or a number from 1e-12 to 1e+12");
    row("optimizer", { QStringLiteral("--optimizer"), QStringLiteral("rmsprop") },
        "--optimizer: \"rmsprop\" is not adam or sgd");
    row("seed", { QStringLiteral("--seed"), QStringLiteral("-1") },
        "--seed: \"-1\" is not a whole number");
    row("steps word", { QStringLiteral("--steps"), QStringLiteral("many") },
        "--steps: \"many\" is not a whole number");
    row("replay and task", { QStringLiteral("--replay"), QStringLiteral("x.json") },
        "--replay: cannot be combined with --task");
    row("unknown option", { QStringLiteral("--epochs"), QStringLiteral("3") },
        "train: unknown option --epochs");
    row("stray argument", { QStringLiteral("file.json") },
        "train: unexpected argument \"file.json\"");
}

void TestTrainCommand::refusedOptions()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const test::CliRun run = test::runCli(QStringList { QStringLiteral("train") } + args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), qPrintable(test::describe(run)));
    QVERIFY(run.out.isEmpty());
}

void TestTrainCommand::malformedReplay_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("heads") << "model.heads" << QJsonValue(3)
                           << "model.heads: 3 does not divide d_model 4";
    QTest::newRow("scale") << "model.scale" << QJsonValue(QStringLiteral("big"))
                           << "model.scale: expected";
    QTest::newRow("optimizer") << "optimizer.name" << QJsonValue(QStringLiteral("rmsprop"))
                               << "optimizer.name: expected \"adam\" or \"sgd\"";
    QTest::newRow("short row") << "init.w_q[1]" << QJsonValue(QJsonArray { 1.0, 2.0 })
                               << "init.w_q[1]: 2 numbers, expected 4";
    QTest::newRow("bias length") << "init.b_out" << QJsonValue(QJsonArray { 1.0 })
                                 << "init.b_out: 1 numbers, expected 5";
    QTest::newRow("text in matrix")
        << "init.w_k[0][2]" << QJsonValue(QStringLiteral("x")) << "init.w_k[0][2]: not a number";
    QTest::newRow("missing tensor")
        << "init.w_v" << QJsonValue(QJsonValue::Undefined) << "init.w_v: missing";
    QTest::newRow("start token target") << "batches[0].target[0][1]" << QJsonValue(0)
                                        << "batches[0].target[0][1]: 0 is outside 1..4";
    QTest::newRow("source id") << "batches[2].source[1][0]" << QJsonValue(4)
                               << "batches[2].source[1][0]: 4 is outside 0..3";
    QTest::newRow("ragged") << "batches[1].source[2]" << QJsonValue(QJsonArray { 1, 2 })
                            << "batches[1].source[2]: 2 ids, expected 4";
    // Appended, not nested in braces: a braced QJsonArray holding one QJsonArray is a copy of
    // it for some compilers (Clang), a one-element array for others.
    QJsonArray oneExample;
    oneExample.append(QJsonArray { 1, 2, 3, 4 });
    QTest::newRow("examples") << "batches[0].target" << QJsonValue(oneExample)
                              << "batches[0].target: 1 examples, expected 3 as in source";
    QTest::newRow("batches") << "batches" << QJsonValue(QJsonArray())
                             << "batches: 0 batches, expected 1..100000";
    QTest::newRow("version") << "version" << QJsonValue(2) << "version: unknown version";
    QTest::newRow("lr") << "optimizer.lr" << QJsonValue(QStringLiteral("0.1"))
                        << "optimizer.lr: not a number";
}

void TestTrainCommand::malformedReplay()
{
    QFETCH(QString, path);
    QFETCH(QJsonValue, value);
    QFETCH(QString, message);
    const QJsonObject ref = test::readJsonObject(referencePath(QStringLiteral("seed-words-adam")));
    const QJsonObject bad
        = value.isUndefined() ? test::withoutValue(ref, path) : test::withValue(ref, path, value);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("bad.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(bad).toJson());
    f.close();
    const test::CliRun run
        = test::runCli({ QStringLiteral("train"), QStringLiteral("--replay"), file });
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith(QStringLiteral("train: ") + file + QStringLiteral(": ")), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
}

void TestTrainCommand::missingReplayFile()
{
    const test::CliRun run = test::runCli({ QStringLiteral("train"), QStringLiteral("--replay"),
        QStringLiteral("/nonexistent/r.json") });
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.err.startsWith("train: /nonexistent/r.json: "));
}

QTEST_MAIN(TestTrainCommand)
#include "tst_traincommand.moc"
