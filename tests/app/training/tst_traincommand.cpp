// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer train` run as a separate process with no display: the replay of every
// training reference (one-layer and transformer) to 1e-9, a training run's JSON and session,
// divergence, the transformer's runs (every task, the corpus's held-out figures, its default
// shape), and refusals of every option past its limit and of malformed replay files.

#include "testsupport.h"
#include "testsupportcli.h"
#include "testsupporttools.h"
#include "testsupporttraining.h"

#include "session/sessionjson.h"
#include "session/sessionvalidator.h"
#include "training/trainingtask.h"
#include "training/transformer/transformerspec.h"
#include "training/translationcorpus.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
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
    void transformerRun_data();
    void transformerRun();
    void transformerDefaults();
    void transformerSession_data();
    void transformerSession();
    void refusedOptions_data();
    void refusedOptions();
    void malformedReplay_data();
    void malformedReplay();
    void missingReplayFile();
    void progressOnATerminal();
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
    // The one-layer references and the transformer's (the architecture is read from the file).
    QTest::addColumn<QString>("file");
    for (const QString &name : test::trainingReferenceNames())
        QTest::newRow(qPrintable(name)) << referencePath(name);
    const QString transformers = test::transformerReferenceDir();
    const QStringList names = test::referenceNames(transformers);
    QVERIFY(names.size() >= 2);
    for (const QString &name : names)
        QTest::addRow("transformer %s", qPrintable(name))
            << transformers + QLatin1Char('/') + name + QStringLiteral(".json");
}

void TestTrainCommand::replay()
{
    QFETCH(QString, file);
    const test::CliRun run
        = test::runCli({ QStringLiteral("train"), QStringLiteral("--replay"), file });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject actual = test::parseObject(run.out);
    const QJsonObject expected
        = test::readJsonObject(file).value(QStringLiteral("expected")).toObject();
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

void TestTrainCommand::transformerRun_data()
{
    QTest::addColumn<QString>("task");
    QTest::addColumn<bool>("corpus");
    QTest::newRow("zh-en") << QStringLiteral("translate-zh-en") << true;
    QTest::newRow("en-zh") << QStringLiteral("translate-en-zh") << true;
    QTest::newRow("copy") << QStringLiteral("copy") << false;
    QTest::newRow("translate") << QStringLiteral("translate") << false;
}

void TestTrainCommand::transformerRun()
{
    QFETCH(QString, task);
    QFETCH(bool, corpus);
    const QStringList args { QStringLiteral("train"), QStringLiteral("--model"),
        QStringLiteral("transformer"), QStringLiteral("--task"), task, QStringLiteral("--layers"),
        QStringLiteral("1"), QStringLiteral("--d-model"), QStringLiteral("16"),
        QStringLiteral("--heads"), QStringLiteral("2"), QStringLiteral("--d-ff"),
        QStringLiteral("24"), QStringLiteral("--steps"), QStringLiteral("12"),
        QStringLiteral("--log-every"), QStringLiteral("5"), QStringLiteral("--batch"),
        QStringLiteral("8"), QStringLiteral("--scale"), QStringLiteral("none"),
        QStringLiteral("--length"), QStringLiteral("4"), QStringLiteral("--vocab"),
        QStringLiteral("5") };
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject o = test::parseObject(run.out);
    const QJsonObject config = o.value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("model")).toString(), QStringLiteral("transformer"));
    QCOMPARE(config.value(QStringLiteral("task")).toString(), task);
    QCOMPARE(config.value(QStringLiteral("layers")).toInt(), 1);
    QCOMPARE(config.value(QStringLiteral("d_model")).toInt(), 16);
    QCOMPARE(config.value(QStringLiteral("heads")).toInt(), 2);
    QCOMPARE(config.value(QStringLiteral("d_ff")).toInt(), 24);
    QCOMPARE(config.value(QStringLiteral("scale")).toString(), QStringLiteral("none"));
    // The source vocabulary: the corpus's words of the source language, or the task's own.
    const TrainingTask t(TaskConfig { *taskFromName(task), 4, 5 });
    QCOMPARE(config.value(QStringLiteral("vocab")).toInt(), int(t.sourceVocab().size()));
    if (corpus) {
        const TranslationCorpus &c = TranslationCorpus::builtin();
        QCOMPARE(config.value(QStringLiteral("vocab")).toInt(),
            int((task == u"translate-zh-en" ? c.chineseWords() : c.englishWords()).size()));
    }
    const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps, (QJsonArray { 0, 5, 10, 11 }));
    for (const char *key : { "loss", "accuracy", "max_weight", "entropy", "grad_norm" })
        QCOMPARE(o.value(QLatin1String(key)).toArray().size(), steps.size());
    QVERIFY(noNulls(o));
    QVERIFY(o.value(QStringLiteral("diverged_at_step")).isNull());
    for (const char *key : { "final_accuracy", "exact_match" }) {
        const double v = o.value(QLatin1String(key)).toDouble(-1);
        QVERIFY2(v >= 0 && v <= 1, key);
    }
    QVERIFY(o.value(QStringLiteral("final_loss")).toDouble() > 0);
    // The same options give the same bytes.
    QCOMPARE(test::runCli(args).out, run.out);
}

void TestTrainCommand::transformerDefaults()
{
    // Unless given, the transformer's shape is its own (2 + 2 layers, d_model 64, 4 heads,
    // d_ff 128), not the one-layer model's d_model and heads.
    const test::CliRun run = test::runCli(
        { QStringLiteral("train"), QStringLiteral("--model"), QStringLiteral("transformer"),
            QStringLiteral("--task"), QStringLiteral("reverse"), QStringLiteral("--steps"),
            QStringLiteral("1"), QStringLiteral("--length"), QStringLiteral("3") });
    QVERIFY2(run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject config
        = test::parseObject(run.out).value(QStringLiteral("config")).toObject();
    const TransformerSpec spec;
    QCOMPARE(config.value(QStringLiteral("layers")).toInt(), spec.encoderLayers);
    QCOMPARE(config.value(QStringLiteral("d_model")).toInt(), spec.dModel);
    QCOMPARE(config.value(QStringLiteral("heads")).toInt(), spec.heads);
    QCOMPARE(config.value(QStringLiteral("d_ff")).toInt(), spec.dimFeedforward);
    QCOMPARE(config.value(QStringLiteral("length")).toInt(), 3);
}

void TestTrainCommand::transformerSession_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<QString>("queries");
    QTest::addColumn<QString>("sentence"); ///< --sentence, if given
    QTest::addColumn<QString>("english"); ///< its translation
    QTest::newRow("encoder-self") << QStringLiteral("encoder-self") << false
                                  << QStringLiteral("source") << QString() << QString();
    QTest::newRow("decoder-self") << QStringLiteral("decoder-self") << true
                                  << QStringLiteral("target") << QString() << QString();
    QTest::newRow("cross") << QStringLiteral("cross") << false << QStringLiteral("target")
                           << QString() << QString();
    // --sentence: a sentence of the training split (a piece written without spaces is split
    // into the vocabulary's words), with the corpus's translation.
    QTest::newRow("cross, --sentence")
        << QStringLiteral("cross") << false << QStringLiteral("target")
        << QStringLiteral("我 昨天 看了 书") << QStringLiteral("i read a book yesterday");
}

void TestTrainCommand::transformerSession()
{
    QFETCH(QString, kind);
    QFETCH(bool, causal);
    QFETCH(QString, queries);
    QFETCH(QString, sentence);
    QFETCH(QString, english);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("layer.json"));
    QStringList args { QStringLiteral("train"), QStringLiteral("--model"),
        QStringLiteral("transformer"), QStringLiteral("--task"), QStringLiteral("translate-zh-en"),
        QStringLiteral("--d-model"), QStringLiteral("16"), QStringLiteral("--d-ff"),
        QStringLiteral("16"), QStringLiteral("--steps"), QStringLiteral("3"),
        QStringLiteral("--save-session"), file, QStringLiteral("--layer"), QStringLiteral("1"),
        QStringLiteral("--kind"), kind };
    if (!sentence.isEmpty())
        args << QStringLiteral("--sentence") << sentence;
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(test::describe(run)));
    const SessionLoadResult loaded = loadSessionFile(file);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const Session &s = loaded.session;
    // The first held-out sentence pair, unpadded, the target closed by the end token; or the
    // sentence asked for.
    const SentencePair &pair = TranslationCorpus::builtin().test().front();
    const QStringList chinese = sentence.isEmpty()
        ? pair.chinese
        : QStringList { QStringLiteral("我"), QStringLiteral("昨天"), QStringLiteral("看"),
              QStringLiteral("了"), QStringLiteral("书") };
    const QStringList words = sentence.isEmpty() ? pair.english : english.split(QLatin1Char(' '));
    QCOMPARE(s.source.tokens, chinese);
    QCOMPARE(s.target.tokens, words + QStringList { QStringLiteral("</s>") });
    QCOMPARE(s.attention.config.dModel, 16);
    QCOMPARE(s.attention.config.heads, 4);
    QCOMPARE(s.attention.config.causal, causal);
    QCOMPARE(s.attention.projections.mode, ProjectionMode::Explicit);
    QCOMPARE(s.attention.queryFrom == SequenceRole::Source ? QStringLiteral("source")
                                                           : QStringLiteral("target"),
        queries);
    QVERIFY(s.title.contains(QStringLiteral("layer 1, ") + kind));
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
                              << QStringLiteral("--task: \"fly\" is not one of copy, reverse, "
                                                "rotate, translate, translate-zh-en, "
                                                "translate-en-zh");
    // The transformer's options and the corpus tasks.
    const QStringList tf { QStringLiteral("--model"), QStringLiteral("transformer"),
        QStringLiteral("--task"), QStringLiteral("translate-zh-en") };
    auto tfRow = [&](const char *name, const QStringList &extra, const char *message) {
        QTest::newRow(name) << (tf + extra) << QString::fromUtf8(message);
    };
    row("model", { QStringLiteral("--model"), QStringLiteral("gpt") },
        "--model: \"gpt\" is not one-layer or transformer");
    QTest::newRow("corpus task, one layer")
        << QStringList { QStringLiteral("--task"), QStringLiteral("translate-en-zh") }
        << QStringLiteral("--task: translate-en-zh is trained by the transformer only (--model "
                          "transformer)");
    row("layers, one layer", { QStringLiteral("--layers"), QStringLiteral("3") },
        "--layers: only the transformer has it (--model transformer)");
    row("d-ff, one layer", { QStringLiteral("--d-ff"), QStringLiteral("64") },
        "--d-ff: only the transformer has it (--model transformer)");
    tfRow("no layers", { QStringLiteral("--layers"), QStringLiteral("0") },
        "--layers: 0 is outside 1..24");
    tfRow("layers", { QStringLiteral("--layers"), QStringLiteral("25") },
        "--layers: 25 is outside 1..24");
    tfRow("layers word", { QStringLiteral("--layers"), QStringLiteral("two") },
        "--layers: \"two\" is not a whole number");
    tfRow("no d-ff", { QStringLiteral("--d-ff"), QStringLiteral("0") },
        "--d-ff: 0 is outside 1..8192");
    tfRow("d-ff", { QStringLiteral("--d-ff"), QStringLiteral("8193") },
        "--d-ff: 8193 is outside 1..8192");
    tfRow("transformer heads divide", { QStringLiteral("--heads"), QStringLiteral("3") },
        "--heads: 3 does not divide d_model 64");
    tfRow("transformer d-model", { QStringLiteral("--d-model"), QStringLiteral("2000") },
        "--d-model: 2000 is outside 1..1024");
    tfRow("transformer scale", { QStringLiteral("--scale"), QStringLiteral("sqrt") },
        "--scale: \"sqrt\" is not sqrt_dk, none or a number");
    row("layer, one layer", { QStringLiteral("--layer"), QStringLiteral("1") },
        "--layer: only the transformer has it (--model transformer)");
    tfRow("kind without a session", { QStringLiteral("--kind"), QStringLiteral("cross") },
        "--kind: chooses what --save-session writes; give --save-session FILE too");
    const QStringList save { QStringLiteral("--save-session"), QStringLiteral("s.json") };
    tfRow("layer past the model's",
        save + QStringList { QStringLiteral("--layer"), QStringLiteral("2") },
        "--layer: 2 is outside 0..1 (the model's 2 layers)");
    tfRow("negative layer", save + QStringList { QStringLiteral("--layer"), QStringLiteral("-1") },
        "--layer: -1 is outside 0..1");
    tfRow("layer word", save + QStringList { QStringLiteral("--layer"), QStringLiteral("last") },
        "--layer: \"last\" is not a whole number");
    tfRow("kind", save + QStringList { QStringLiteral("--kind"), QStringLiteral("self") },
        "--kind: \"self\" is not encoder-self, decoder-self or cross");
    tfRow("sentence without a session",
        { QStringLiteral("--sentence"), QStringLiteral("我 在 学校 学习") },
        "--sentence: chooses what --save-session writes; give --save-session FILE too");
    row("sentence, one layer", { QStringLiteral("--sentence"), QStringLiteral("a b c") },
        "--sentence: only the transformer has it (--model transformer)");
    tfRow("sentence of unknown words",
        save + QStringList { QStringLiteral("--sentence"), QStringLiteral("我 在 火星 学习") },
        "--sentence: \"火星\" is not a word of the task's source vocabulary");
    tfRow("sentence not in the corpus",
        save + QStringList { QStringLiteral("--sentence"), QStringLiteral("学校 我 学习 在") },
        "--sentence: \"学校 我 学习 在\" is not a source sentence of the task");
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
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("message");
    const QString oneLayer = referencePath(QStringLiteral("seed-words-adam"));
    const QString transformer = test::transformerReferenceDir() + QStringLiteral("/tiny-adam.json");
    QTest::newRow("heads") << oneLayer << "model.heads" << QJsonValue(3)
                           << "model.heads: 3 does not divide d_model 4";
    QTest::newRow("scale") << oneLayer << "model.scale" << QJsonValue(QStringLiteral("big"))
                           << "model.scale: expected";
    QTest::newRow("optimizer") << oneLayer << "optimizer.name"
                               << QJsonValue(QStringLiteral("rmsprop"))
                               << "optimizer.name: expected \"adam\" or \"sgd\"";
    QTest::newRow("short row") << oneLayer << "init.w_q[1]" << QJsonValue(QJsonArray { 1.0, 2.0 })
                               << "init.w_q[1]: 2 numbers, expected 4";
    QTest::newRow("bias length") << oneLayer << "init.b_out" << QJsonValue(QJsonArray { 1.0 })
                                 << "init.b_out: 1 numbers, expected 5";
    QTest::newRow("text in matrix")
        << oneLayer << "init.w_k[0][2]" << QJsonValue(QStringLiteral("x"))
        << "init.w_k[0][2]: not a number";
    QTest::newRow("missing tensor")
        << oneLayer << "init.w_v" << QJsonValue(QJsonValue::Undefined) << "init.w_v: missing";
    QTest::newRow("start token target") << oneLayer << "batches[0].target[0][1]" << QJsonValue(0)
                                        << "batches[0].target[0][1]: 0 is outside 1..4";
    QTest::newRow("source id") << oneLayer << "batches[2].source[1][0]" << QJsonValue(4)
                               << "batches[2].source[1][0]: 4 is outside 0..3";
    QTest::newRow("ragged") << oneLayer << "batches[1].source[2]" << QJsonValue(QJsonArray { 1, 2 })
                            << "batches[1].source[2]: 2 ids, expected 4";
    // Appended, not nested in braces: a braced QJsonArray holding one QJsonArray is a copy of
    // it for some compilers (Clang), a one-element array for others.
    QJsonArray oneExample;
    oneExample.append(QJsonArray { 1, 2, 3, 4 });
    QTest::newRow("examples") << oneLayer << "batches[0].target" << QJsonValue(oneExample)
                              << "batches[0].target: 1 examples, expected 3 as in source";
    QTest::newRow("batches") << oneLayer << "batches" << QJsonValue(QJsonArray())
                             << "batches: 0 batches, expected 1..100000";
    QTest::newRow("version") << oneLayer << "version" << QJsonValue(2)
                             << "version: unknown version";
    QTest::newRow("lr") << oneLayer << "optimizer.lr" << QJsonValue(QStringLiteral("0.1"))
                        << "optimizer.lr: not a number";
    // The train command's own limits of the optimiser, the one rule.
    QTest::newRow("negative lr") << oneLayer << "optimizer.lr" << QJsonValue(-1)
                                 << "optimizer.lr: -1 is not a number above 0 and at most 1e+06";
    QTest::newRow("lr past the limit")
        << oneLayer << "optimizer.lr" << QJsonValue(2e6)
        << "optimizer.lr: 2e+06 is not a number above 0 and at most 1e+06";
    QTest::newRow("beta1 1") << oneLayer << "optimizer.beta1" << QJsonValue(1)
                             << "optimizer.beta1: 1 is not a number from 0 up to";
    QTest::newRow("beta2 negative") << oneLayer << "optimizer.beta2" << QJsonValue(-0.5)
                                    << "optimizer.beta2: -0.5 is not a number from 0 up to";
    QTest::newRow("eps 0") << oneLayer << "optimizer.eps" << QJsonValue(0)
                           << "optimizer.eps: 0 is not a number above 0";
    QTest::newRow("transformer layers") << transformer << "model.encoder_layers" << QJsonValue(0)
                                        << "model.encoder_layers: 0 is outside 1..24";
    QTest::newRow("transformer d_ff")
        << transformer << "model.dim_feedforward" << QJsonValue(QStringLiteral("16"))
        << "model.dim_feedforward: not a whole number";
    QTest::newRow("transformer missing layers")
        << transformer << "model.decoder_layers" << QJsonValue(QJsonValue::Undefined)
        << "model.decoder_layers: missing";
    QTest::newRow("transformer source id")
        << transformer << "batches[1].source[0][2]" << QJsonValue(6)
        << "batches[1].source[0][2]: 6 is outside 0..5";
    QTest::newRow("unknown architecture")
        << transformer << "model.architecture" << QJsonValue(QStringLiteral("Transformer"))
        << "model.architecture: expected \"transformer\" or none";
}

void TestTrainCommand::malformedReplay()
{
    QFETCH(QString, reference);
    QFETCH(QString, path);
    QFETCH(QJsonValue, value);
    QFETCH(QString, message);
    const QJsonObject ref = test::readJsonObject(reference);
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
    QVERIFY2(
        err.startsWith(QStringLiteral("train: ") + file + QStringLiteral(": ")), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
}

void TestTrainCommand::missingReplayFile()
{
    const test::CliRun run = test::runCli({ QStringLiteral("train"), QStringLiteral("--replay"),
        QStringLiteral("/nonexistent/r.json") });
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.err.startsWith("train: /nonexistent/r.json: "));
}

void TestTrainCommand::progressOnATerminal()
{
    AE_REQUIRE_TOOL("script", "bsdutils");
    // 2000 steps: seconds of training on any machine (four on this project's 2-core machines).
    const QStringList args { QStringLiteral("train"), QStringLiteral("--task"),
        QStringLiteral("reverse"), QStringLiteral("--steps"), QStringLiteral("2000"),
        QStringLiteral("--log-every"), QStringLiteral("500") };
    const test::CliRun shown = test::runCliOnTerminal(args);
    QVERIFY2(shown.finished && shown.exitCode == 0, qPrintable(test::describe(shown)));
    // The first line comes after a second of work, later on a busy machine.
    QVERIFY2(QRegularExpression(QStringLiteral(R"(train: running, \d+ s \(step )"))
                 .match(QString::fromUtf8(shown.out))
                 .hasMatch(),
        shown.out.constData());
    QVERIFY2(shown.out.contains(" of 2000)"), shown.out.constData());
    // Piped: the JSON only, nothing on stderr. The same training as the terminal run, so the
    // same time limit (instrumented, 2000 steps take a minute or more).
    const test::CliRun piped = test::runCli(args, test::headlessEnvironment(), 240000);
    QVERIFY2(piped.finished && piped.exitCode == 0, qPrintable(test::describe(piped)));
    QVERIFY2(piped.err.isEmpty(), piped.err.constData());
    QCOMPARE(test::parseObject(piped.out).value(QStringLiteral("steps")).toArray().size(), 5);
}

QTEST_MAIN(TestTrainCommand)
#include "tst_traincommand.moc"
