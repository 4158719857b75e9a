// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer explain` run as a separate process with no display: agreement with
// `compute` on the reference cases, the Markdown and LaTeX derivations, and its refusals.

#include "testsupportcli.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

/// Tests the explain subcommand end to end.
class TestExplainCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void agreesWithCompute_data();
    void agreesWithCompute();
    void textFormats_data();
    void textFormats();
    void textCountsFromOne_data();
    void textCountsFromOne();
    void refusals_data();
    void refusals();
    void helpNamesTheOptions();
};

void TestExplainCommand::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AE_APP_BINARY)).isExecutable(), AE_APP_BINARY);
    QVERIFY(test::referenceCaseNames().size() >= 11);
}

void TestExplainCommand::agreesWithCompute_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : test::referenceCaseNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestExplainCommand::agreesWithCompute()
{
    QFETCH(QString, name);
    const QString file
        = test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json");
    const test::CliRun computed = test::runCli({ QStringLiteral("compute"), file });
    QVERIFY2(computed.exitCode == 0, qPrintable(test::describe(computed)));
    const QJsonObject result = test::parseObject(computed.out);
    const QJsonArray heads = result.value(QStringLiteral("heads")).toArray();
    const int lq = result.value(QStringLiteral("query_tokens")).toArray().size();
    const int lk = result.value(QStringLiteral("key_tokens")).toArray().size();
    // The last head's last cell and one cell in the middle, to keep the runs few.
    const int h = heads.size() - 1;
    for (const auto &[i, j] : { std::pair { lq - 1, lk - 1 }, std::pair { lq / 2, lk / 2 } }) {
        const test::CliRun run = test::runCli({ QStringLiteral("explain"), file,
            QStringLiteral("--head"), QString::number(h), QStringLiteral("--query"),
            QString::number(i), QStringLiteral("--key"), QString::number(j) });
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
        const QJsonObject o = test::parseObject(run.out);
        QCOMPARE(o.value(QStringLiteral("head")).toInt(-1), h);
        QCOMPARE(o.value(QStringLiteral("query_token")).toString(),
            result.value(QStringLiteral("query_tokens")).toArray().at(i).toString());
        const QJsonObject head = heads.at(h).toObject();
        const double weight
            = head.value(QStringLiteral("weights")).toArray().at(i).toArray().at(j).toDouble();
        // Bit for bit: both print the forward pass's own double, which JSON reads back exactly.
        QVERIFY(o.value(QStringLiteral("weight")).toDouble() == weight);
        const QJsonValue score
            = head.value(QStringLiteral("scores")).toArray().at(i).toArray().at(j);
        QCOMPARE(o.value(QStringLiteral("score")).isNull(), score.isNull());
        QCOMPARE(o.value(QStringLiteral("masked")).toBool(), score.isNull());
        const QJsonArray rowScores = o.value(QStringLiteral("row_scores")).toArray();
        const QJsonArray expectedRow
            = head.value(QStringLiteral("scores")).toArray().at(i).toArray();
        QCOMPARE(rowScores.size(), lk);
        for (int k = 0; k < lk; ++k) {
            QCOMPARE(rowScores.at(k).isNull(), expectedRow.at(k).isNull());
            QVERIFY(rowScores.at(k).toDouble() == expectedRow.at(k).toDouble());
        }
    }
}

void TestExplainCommand::textFormats_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("head");
    QTest::addColumn<QString>("marker");
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral("1")
                              << QStringLiteral("|---:");
    QTest::newRow("markdown mean")
        << QStringLiteral("markdown") << QStringLiteral("mean") << QStringLiteral("|---:");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral("0")
                           << QStringLiteral("\\begin{tabular}");
}

void TestExplainCommand::textFormats()
{
    QFETCH(QString, format);
    QFETCH(QString, head);
    QFETCH(QString, marker);
    const QString file
        = test::referenceCasesDir() + QStringLiteral("/seed-cross-2heads.session.json");
    const QStringList where { file, QStringLiteral("--head"), head, QStringLiteral("--query"),
        QStringLiteral("0"), QStringLiteral("--key"), QStringLiteral("1") };
    const test::CliRun json = test::runCli(QStringList { QStringLiteral("explain") } + where);
    QVERIFY2(json.exitCode == 0, qPrintable(test::describe(json)));
    const QJsonObject o = test::parseObject(json.out);
    const test::CliRun text = test::runCli(QStringList { QStringLiteral("explain") } + where
        + QStringList { QStringLiteral("--format"), format, QStringLiteral("--decimals"),
            QStringLiteral("5") });
    QVERIFY2(text.exitCode == 0, qPrintable(test::describe(text)));
    const QString out = QString::fromUtf8(text.out);
    QVERIFY(out.contains(marker));
    QVERIFY(out.contains(QStringLiteral("爱")));
    const QJsonArray perHead
        = head == u"mean" ? o.value(QStringLiteral("heads")).toArray() : QJsonArray { o };
    for (const QJsonValue &h : perHead) {
        for (const QJsonValue &p : h.toObject().value(QStringLiteral("products")).toArray())
            QVERIFY2(out.contains(QString::number(p.toDouble(), 'f', 5)), qPrintable(out));
    }
    QVERIFY(out.contains(QString::number(o.value(QStringLiteral("weight")).toDouble(), 'f', 5)));
}

void TestExplainCommand::textCountsFromOne_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("markdown") << QStringLiteral("markdown");
    QTest::newRow("latex") << QStringLiteral("latex");
}

void TestExplainCommand::textCountsFromOne()
{
    // --head 1 --query 0 --key 1 count from 0 (the command line's options); the text for
    // people counts heads, queries, keys and dimensions from 1, as the window and handouts do.
    QFETCH(QString, format);
    const QString file
        = test::referenceCasesDir() + QStringLiteral("/seed-cross-2heads.session.json");
    const test::CliRun text
        = test::runCli({ QStringLiteral("explain"), file, QStringLiteral("--head"),
            QStringLiteral("1"), QStringLiteral("--query"), QStringLiteral("0"),
            QStringLiteral("--key"), QStringLiteral("1"), QStringLiteral("--format"), format });
    QVERIFY2(text.exitCode == 0, qPrintable(test::describe(text)));
    const QString out = QString::fromUtf8(text.out);
    QVERIFY2(out.contains(QStringLiteral("The weight of head 2 for query 1 ")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral(" and key 2 ")), qPrintable(out));
    if (format == u"markdown") {
        // The first dimension is m = 1, the chosen key (index 1) is row 2.
        QVERIFY2(out.contains(QStringLiteral("|---:|\n| 1 | ")), qPrintable(out));
        QVERIFY2(!out.contains(QStringLiteral("\n| 0 | ")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("\n| **2** | ")), qPrintable(out));
    }
}

void TestExplainCommand::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    const QString file = test::referenceCasesDir() + QStringLiteral("/padding.session.json");
    const QStringList ok { file, QStringLiteral("--head"), QStringLiteral("0"),
        QStringLiteral("--query"), QStringLiteral("0") };
    QTest::newRow("key past the last")
        << (ok + QStringList { QStringLiteral("--key"), QStringLiteral("99") }) << 2
        << file + QStringLiteral(": --key: 99 is outside 0..");
    QTest::newRow("head past the last") << QStringList { file, QStringLiteral("--head"),
        QStringLiteral("64"), QStringLiteral("--query"), QStringLiteral("0"),
        QStringLiteral("--key"),
        QStringLiteral("0") } << 2 << file + QStringLiteral(": --head: 64 is outside 0..");
    QTest::newRow("missing key") << ok << 2 << QStringLiteral("--key is required");
    QTest::newRow("negative head") << QStringList { file, QStringLiteral("--head"),
        QStringLiteral("-1"), QStringLiteral("--query"), QStringLiteral("0"),
        QStringLiteral("--key"), QStringLiteral("0") }
                                   << 2 << file + QStringLiteral(": --head: -1 is outside 0..");
    QTest::newRow("negative query") << QStringList { file, QStringLiteral("--head"),
        QStringLiteral("mean"), QStringLiteral("--query"), QStringLiteral("-3"),
        QStringLiteral("--key"), QStringLiteral("0") }
                                    << 2 << file + QStringLiteral(": --query: -3 is outside 0..");
    QTest::newRow("not a number") << (ok
        + QStringList { QStringLiteral("--key"), QStringLiteral("two") })
                                  << 2 << QStringLiteral("--key: \"two\" is not a whole number");
    QTest::newRow("unknown format") << (ok
        + QStringList { QStringLiteral("--key"), QStringLiteral("0"), QStringLiteral("--format"),
            QStringLiteral("html") })
                                    << 2 << QStringLiteral("--format: \"html\"");
    QTest::newRow("missing file") << QStringList { QStringLiteral("/nonexistent/s.json"),
        QStringLiteral("--head"), QStringLiteral("0"), QStringLiteral("--query"),
        QStringLiteral("0"), QStringLiteral("--key"), QStringLiteral("0") }
                                  << 1 << QStringLiteral("/nonexistent/s.json: ");
}

void TestExplainCommand::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const test::CliRun run = test::runCli(QStringList { QStringLiteral("explain") } + args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(QString::fromUtf8(run.err).contains(says), run.err.constData());
}

void TestExplainCommand::helpNamesTheOptions()
{
    const test::CliRun top = test::runCli({ QStringLiteral("--help") });
    QCOMPARE(top.exitCode, 0);
    QVERIFY(top.out.contains("attention-explorer explain SESSION.json --head H"));
    const test::CliRun own = test::runCli({ QStringLiteral("explain"), QStringLiteral("--help") });
    QCOMPARE(own.exitCode, 0);
    for (const char *option : { "--head", "--query", "--key", "--format", "--decimals" })
        QVERIFY2(own.out.contains(option), option);
}

QTEST_MAIN(TestExplainCommand)
#include "tst_explaincommand.moc"
