// SPDX-License-Identifier: GPL-3.0-or-later
// The trained examples of resources/examples are what `train --save-session` makes today: each
// is retrained here with its fixed options and compared with the kept file, and its heatmap
// shows the alignment it was trained for.

#include "testsupport.h"
#include "testsupportcli.h"
#include "testsupporttraining.h"

#include "session/sessioncompute.h"
#include "session/sessionjson.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

class TestTrainedExamples : public QObject
{
    Q_OBJECT

private slots:
    void retrain_data();
    void retrain();
};

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

QTEST_MAIN(TestTrainedExamples)
#include "tst_trainedexamples.moc"
