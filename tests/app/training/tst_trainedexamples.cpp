// SPDX-License-Identifier: GPL-3.0-or-later
// The trained examples of resources/examples are what `train --save-session` makes today: each
// is retrained here with its fixed options and compared with the kept file, and its heatmap
// shows the alignment it was trained for. The transformer's three examples are one run, whose
// options scripts/make-transformer-examples.sh writes down: it is trained once, here, with the
// options parsed as `train` parses them.

#include "testsupport.h"
#include "testsupportcli.h"
#include "testsupporttraining.h"

#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "training/trainoptions.h"
#include "training/transformer/transformertrainer.h"

#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <map>

using namespace ae;

class TestTrainedExamples : public QObject
{
    Q_OBJECT

private slots:
    void retrain_data();
    void retrain();
    void transformerRetrains();

private:
    /// The value of the line "# NAME: VALUE" of scripts/make-transformer-examples.sh.
    static QString scriptLine(const QString &name);
};

QString TestTrainedExamples::scriptLine(const QString &name)
{
    QFile f(QStringLiteral(AE_SOURCE_DIR "/scripts/make-transformer-examples.sh"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QRegularExpression line(
        QStringLiteral("^# %1: (.+)$").arg(name), QRegularExpression::MultilineOption);
    return line.match(QString::fromUtf8(f.readAll())).captured(1).trimmed();
}

void TestTrainedExamples::retrain_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QList<int>>("alignment"); ///< the source position each target row looks at
    QTest::addColumn<QString>("words"); ///< source -> target tokens
    // The one place these examples' options are written down.
    QTest::newRow("translate") << QStringLiteral("trained-translate.json")
                               << QStringList { QStringLiteral("--task"),
                                      QStringLiteral("translate"), QStringLiteral("--d-model"),
                                      QStringLiteral("64"), QStringLiteral("--steps"),
                                      QStringLiteral("1000"), QStringLiteral("--lr"),
                                      QStringLiteral("0.003"), QStringLiteral("--seed"),
                                      QStringLiteral("138") }
                               << QList<int> { 0, 1, 2, 3 }
                               << QStringLiteral("我 爱 深度 学习 -> i love deep learning");
    QTest::newRow("reverse") << QStringLiteral("trained-reverse.json")
                             << QStringList { QStringLiteral("--task"), QStringLiteral("reverse"),
                                    QStringLiteral("--d-model"), QStringLiteral("32"),
                                    QStringLiteral("--steps"), QStringLiteral("600"),
                                    QStringLiteral("--lr"), QStringLiteral("0.01"),
                                    QStringLiteral("--seed"), QStringLiteral("1") }
                             << QList<int> { 5, 4, 3, 2, 1, 0 }
                             << QStringLiteral("b d l k h e -> E H K L D B");
}

void TestTrainedExamples::retrain()
{
    QFETCH(QString, file);
    QFETCH(QStringList, options);
    QFETCH(QList<int>, alignment);
    QFETCH(QString, words);
    QTemporaryDir dir;
    const QString fresh = dir.filePath(file);
    const test::CliRun run = test::runCli(QStringList { QStringLiteral("train") } + options
        + QStringList { QStringLiteral("-o"), dir.filePath(QStringLiteral("history.json")),
            QStringLiteral("--save-session"), fresh });
    QVERIFY2(run.exitCode == 0, qPrintable(test::describe(run)));
    const QString kept = QStringLiteral(AE_SOURCE_DIR "/resources/examples/") + file;
    // Equal to 1e-9 rather than byte for byte: a build for another processor (AVX instead of
    // SSE) sums the matrix products in another order, which moves the last bits.
    const QString why
        = test::compareTrainingJson(test::readJsonObject(fresh), test::readJsonObject(kept));
    QVERIFY2(why.isEmpty(), qPrintable(file + QStringLiteral(": ") + why));
    QCOMPARE(test::readJsonObject(fresh).keys(), test::readJsonObject(kept).keys());

    const SessionLoadResult loaded = loadSessionFile(kept);
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.session.source.tokens.join(QLatin1Char(' ')) + QStringLiteral(" -> ")
            + loaded.session.target.tokens.join(QLatin1Char(' ')),
        words);
    const AttentionResult r = computeSession(loaded.session);
    QCOMPARE(r.meanWeights.rows(), Eigen::Index(alignment.size()));
    for (int i = 0; i < alignment.size(); ++i) {
        Eigen::Index best = 0;
        r.meanWeights.row(i).maxCoeff(&best);
        QCOMPARE(int(best), alignment[i]);
    }
}

void TestTrainedExamples::transformerRetrains()
{
    // The script's options, parsed as `train` parses them.
    const QString options = scriptLine(QStringLiteral("options"));
    const QString sentence = scriptLine(QStringLiteral("sentence"));
    QVERIFY(!options.isEmpty() && !sentence.isEmpty());
    const ParsedCommand<TrainOptions> parsed
        = parseTrainArgs(QStringList { QStringLiteral("train") }
            + options.split(QLatin1Char(' '), Qt::SkipEmptyParts)
            + QStringList { QStringLiteral("--save-session"), QStringLiteral("x.json"),
                QStringLiteral("--sentence"), sentence });
    QVERIFY2(parsed.outcome == ParseOutcome::Run, qPrintable(parsed.text));
    const TrainOptions &o = parsed.options;
    QCOMPARE(o.config.model, ModelKind::Transformer);
    TransformerTrainer trainer(o.config);
    while (trainer.step()) { }
    QVERIFY(!trainer.divergedAt());

    std::map<TransformerAttentionKind, AttentionResult> computed;
    for (TransformerAttentionKind kind : { TransformerAttentionKind::EncoderSelf,
             TransformerAttentionKind::DecoderSelf, TransformerAttentionKind::Cross }) {
        const QString file
            = QStringLiteral("trained-transformer-%1.json").arg(attentionKindName(kind));
        const Session fresh = transformerLayerSession(trainer.spec(), trainer.parameters(),
            o.sessionSource, o.sessionTarget, o.sessionLayer, kind,
            transformerSessionTitle(taskName(o.config.task.kind), o.sessionLayer, kind,
                trainer.stepsDone(), o.config.seed));
        const QString kept = QStringLiteral(AE_SOURCE_DIR "/resources/examples/") + file;
        const QJsonObject freshJson = QJsonDocument::fromJson(sessionToJsonBytes(fresh)).object();
        const QString why = test::compareTrainingJson(freshJson, test::readJsonObject(kept));
        QVERIFY2(why.isEmpty(), qPrintable(file + QStringLiteral(": ") + why));
        QCOMPARE(freshJson.keys(), test::readJsonObject(kept).keys());
        const SessionLoadResult loaded = loadSessionFile(kept);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.session.source.tokens.join(QLatin1Char(' ')), sentence);
        QCOMPARE(loaded.session.target.tokens.join(QLatin1Char(' ')),
            QStringLiteral("i study at school </s>"));
        computed.emplace(kind, computeSession(loaded.session));
    }

    // The encoder's self-attention: every word sees every word.
    const Eigen::MatrixXd &encoder = computed[TransformerAttentionKind::EncoderSelf].meanWeights;
    QCOMPARE(encoder.rows(), Eigen::Index(4));
    QVERIFY(encoder.minCoeff() > 0.0);
    // The decoder's: the causal triangle, exactly zero above the diagonal.
    const Eigen::MatrixXd &decoder = computed[TransformerAttentionKind::DecoderSelf].meanWeights;
    QCOMPARE(decoder.rows(), Eigen::Index(5));
    for (Eigen::Index i = 0; i < decoder.rows(); ++i) {
        for (Eigen::Index j = i + 1; j < decoder.cols(); ++j)
            QCOMPARE(decoder(i, j), 0.0);
        QVERIFY(decoder(i, i) > 0.0);
    }
    QCOMPARE(decoder(0, 0), 1.0);
    // Cross-attention, the last layer: i -> 我, study -> 学习, at -> 在, school -> 学校; the
    // line of study crosses those of at and school.
    const Eigen::MatrixXd &cross = computed[TransformerAttentionKind::Cross].meanWeights;
    const QList<int> alignment { 0, 3, 1, 2 };
    for (int i = 0; i < alignment.size(); ++i) {
        Eigen::Index best = 0;
        cross.row(i).maxCoeff(&best);
        QCOMPARE(int(best), alignment[i]);
        QVERIFY2(cross(i, best) > 0.5, qPrintable(QString::number(cross(i, best))));
    }
}

QTEST_MAIN(TestTrainedExamples)
#include "tst_trainedexamples.moc"
