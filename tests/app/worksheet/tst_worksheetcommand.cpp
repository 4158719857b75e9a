// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer worksheet` run as a separate process with no display: the files it
// writes, answers that agree with `compute` and `explain` on the written sessions, the same
// bytes for the same seed, Chinese sheets, and its refusals.

#include "testsupportcli.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

/// Every file of @p dir with its bytes, by name.
QMap<QString, QByteArray> folderBytes(const QString &dir)
{
    QMap<QString, QByteArray> files;
    for (const QString &name : QDir(dir).entryList(QDir::Files))
        files.insert(name, test::readFileBytes(dir + QLatin1Char('/') + name));
    return files;
}

} // namespace

/// Tests the worksheet subcommand end to end.
class TestWorksheetCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void writesEveryFile_data();
    void writesEveryFile();
    void answersAgreeWithCompute();
    void sameSeedSameBytes_data();
    void sameSeedSameBytes();
    void chineseSheets();
    void refusals_data();
    void refusals();
    void unwritableFolder();
    void summaryLine_data();
    void summaryLine();

private:
    QTemporaryDir m_dir;
};

void TestWorksheetCommand::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AE_APP_BINARY)).isExecutable(), AE_APP_BINARY);
    QVERIFY(m_dir.isValid());
}

void TestWorksheetCommand::writesEveryFile_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("extension");
    QTest::addColumn<QByteArray>("start");
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral(".md")
                              << QByteArray("# Attention worksheet");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral(".tex")
                           << QByteArray("\\documentclass");
    QTest::newRow("pdf") << QStringLiteral("pdf") << QStringLiteral(".pdf") << QByteArray("%PDF");
}

void TestWorksheetCommand::writesEveryFile()
{
    QFETCH(QString, format);
    QFETCH(QString, extension);
    QFETCH(QByteArray, start);
    const QString dir = m_dir.filePath(QStringLiteral("every-") + format);
    const test::CliRun run = test::runCli({ QStringLiteral("worksheet"), QStringLiteral("-o"), dir,
        QStringLiteral("--students"), QStringLiteral("12"), QStringLiteral("--format"), format });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    for (int n = 1; n <= 12; ++n) {
        const QString stem = dir + QStringLiteral("/student-%1").arg(n, 2, 10, QLatin1Char('0'));
        QVERIFY2(test::readFileBytes(stem + extension).startsWith(start), qPrintable(stem));
        QVERIFY(QFileInfo::exists(stem + QStringLiteral(".session.json")));
        QVERIFY(test::readFileBytes(stem + QStringLiteral(".answers.md"))
                    .startsWith("# Answers · student"));
        // The session is one the app opens: compute accepts it.
        const test::CliRun computed
            = test::runCli({ QStringLiteral("compute"), stem + QStringLiteral(".session.json") });
        QVERIFY2(computed.exitCode == 0, qPrintable(test::describe(computed)));
        if (n > 2)
            break; // the rest are made by the same code; three runs of compute are enough
    }
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/student-12") + extension));
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/student-13") + extension));
    const QByteArray key = test::readFileBytes(dir + QStringLiteral("/answers.md"));
    QCOMPARE(key.count("# Answers · student"), 12);
    QCOMPARE(key.count("page-break-after"), 11);
    QCOMPARE(QJsonDocument::fromJson(test::readFileBytes(dir + QStringLiteral("/answers.json")))
                 .array()
                 .size(),
        12);
    if (format == u"pdf")
        QVERIFY(test::readFileBytes(dir + QStringLiteral("/answers.pdf")).startsWith("%PDF"));
}

void TestWorksheetCommand::answersAgreeWithCompute()
{
    const QString dir = m_dir.filePath(QStringLiteral("agree"));
    const test::CliRun run = test::runCli(
        { QStringLiteral("worksheet"), QStringLiteral("-o"), dir, QStringLiteral("--students"),
            QStringLiteral("4"), QStringLiteral("--seed"), QStringLiteral("42"),
            QStringLiteral("--tokens"), QStringLiteral("4"), QStringLiteral("--d-model"),
            QStringLiteral("4"), QStringLiteral("--heads"), QStringLiteral("2"),
            QStringLiteral("--wiring"), QStringLiteral("decoder"), QStringLiteral("--causal") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonArray students
        = QJsonDocument::fromJson(test::readFileBytes(dir + QStringLiteral("/answers.json")))
              .array();
    QCOMPARE(students.size(), 4);
    for (const QJsonValue &sv : students) {
        const QJsonObject student = sv.toObject();
        const QString session
            = dir + QLatin1Char('/') + student.value(QStringLiteral("session")).toString();
        const test::CliRun computed = test::runCli({ QStringLiteral("compute"), session });
        QVERIFY2(computed.exitCode == 0, qPrintable(test::describe(computed)));
        const QJsonArray heads
            = test::parseObject(computed.out).value(QStringLiteral("heads")).toArray();
        for (const QJsonValue &qv : student.value(QStringLiteral("questions")).toArray()) {
            const QJsonObject q = qv.toObject();
            const QString kind = q.value(QStringLiteral("kind")).toString();
            const int h = q.value(QStringLiteral("head")).toInt(-1);
            const int i = q.value(QStringLiteral("query")).toInt(-1);
            const double answer = q.value(QStringLiteral("answer")).toDouble();
            const QJsonObject head = heads.at(h).toObject();
            const QJsonArray weights
                = head.value(QStringLiteral("weights")).toArray().at(i).toArray();
            if (kind == u"argmax") {
                int best = 0;
                for (int j = 1; j < weights.size(); ++j) {
                    if (weights.at(j).toDouble() > weights.at(best).toDouble())
                        best = j;
                }
                QCOMPARE(q.value(QStringLiteral("answer")).toInt(-1), best);
            } else if (kind == u"output") {
                const int m = q.value(QStringLiteral("dim")).toInt(-1);
                const double expected = head.value(QStringLiteral("output"))
                                            .toArray()
                                            .at(i)
                                            .toArray()
                                            .at(m)
                                            .toDouble();
                QVERIFY(std::abs(answer - expected) <= 1e-12);
            } else if (kind == u"score") {
                const int j = q.value(QStringLiteral("key")).toInt(-1);
                const double expected = head.value(QStringLiteral("scores"))
                                            .toArray()
                                            .at(i)
                                            .toArray()
                                            .at(j)
                                            .toDouble();
                QVERIFY(std::abs(answer - expected) <= 1e-12);
            } else {
                QCOMPARE(kind, QStringLiteral("weight"));
                const int j = q.value(QStringLiteral("key")).toInt(-1);
                if (q.value(QStringLiteral("scale")).toString() == u"none") {
                    // The unscaled cell, through explain on a copy of the session with s = 1.
                    QJsonObject root = test::readJsonObject(session);
                    QJsonObject attention = root.value(QStringLiteral("attention")).toObject();
                    attention.insert(QStringLiteral("scale"), QStringLiteral("none"));
                    root.insert(QStringLiteral("attention"), attention);
                    const QString plain = dir + QStringLiteral("/unscaled.json");
                    QFile f(plain);
                    QVERIFY(f.open(QIODevice::WriteOnly));
                    f.write(test::toBytes(root));
                    f.close();
                    const test::CliRun explained = test::runCli({ QStringLiteral("explain"), plain,
                        QStringLiteral("--head"), QString::number(h), QStringLiteral("--query"),
                        QString::number(i), QStringLiteral("--key"), QString::number(j) });
                    QVERIFY2(explained.exitCode == 0, qPrintable(test::describe(explained)));
                    const double expected = test::parseObject(explained.out)
                                                .value(QStringLiteral("weight"))
                                                .toDouble();
                    QVERIFY(std::abs(answer - expected) <= 1e-12);
                    QFile::remove(plain);
                } else {
                    QVERIFY(std::abs(answer - weights.at(j).toDouble()) <= 1e-12);
                }
            }
        }
    }
}

void TestWorksheetCommand::sameSeedSameBytes_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("markdown") << QStringLiteral("markdown");
    QTest::newRow("latex") << QStringLiteral("latex");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestWorksheetCommand::sameSeedSameBytes()
{
    QFETCH(QString, format);
    QMap<QString, QByteArray> runs[2];
    for (int r = 0; r < 2; ++r) {
        const QString dir = m_dir.filePath(QStringLiteral("same-%1-%2").arg(format).arg(r));
        const test::CliRun run = test::runCli({ QStringLiteral("worksheet"), QStringLiteral("-o"),
            dir, QStringLiteral("--students"), QStringLiteral("5"), QStringLiteral("--seed"),
            QStringLiteral("9"), QStringLiteral("--format"), format });
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
        runs[r] = folderBytes(dir);
    }
    QCOMPARE(runs[0].keys(), runs[1].keys());
    QCOMPARE(runs[0].size(), 5 * 3 + (format == u"markdown" ? 2 : 3));
    for (auto it = runs[0].cbegin(); it != runs[0].cend(); ++it)
        QVERIFY2(it.value() == runs[1].value(it.key()), qPrintable(it.key()));
    // Students differ from each other.
    QVERIFY(runs[0].value(QStringLiteral("student-01.session.json"))
        != runs[0].value(QStringLiteral("student-02.session.json")));
}

void TestWorksheetCommand::chineseSheets()
{
    const QString dir = m_dir.filePath(QStringLiteral("zh"));
    const test::CliRun run = test::runCli(
        { QStringLiteral("worksheet"), QStringLiteral("-o"), dir, QStringLiteral("--students"),
            QStringLiteral("2"), QStringLiteral("--lang"), QStringLiteral("zh") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QString sheet
        = QString::fromUtf8(test::readFileBytes(dir + QStringLiteral("/student-01.md")));
    const QString answers
        = QString::fromUtf8(test::readFileBytes(dir + QStringLiteral("/student-01.answers.md")));
    for (const char *term : { "查询", "键", "值", "词元", "注意力权重" }) {
        QVERIFY2(sheet.contains(QString::fromUtf8(term)), term);
        QVERIFY2(answers.contains(QString::fromUtf8(term)), term);
    }
}

void TestWorksheetCommand::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no students") << QStringList { QStringLiteral("--students"),
        QStringLiteral("0") } << QStringLiteral("--students: 0 is outside 1..99");
    QTest::newRow("9 tokens") << QStringList { QStringLiteral("--tokens"), QStringLiteral("9") }
                              << QStringLiteral("--tokens: 9 is outside 2..4");
    QTest::newRow("heads not dividing") << QStringList { QStringLiteral("--d-model"),
        QStringLiteral("3"), QStringLiteral("--heads"), QStringLiteral("2") }
                                        << QStringLiteral("--heads: 2 does not divide d_model 3");
    QTest::newRow("unknown language") << QStringList { QStringLiteral("--lang"),
        QStringLiteral("fr") } << QStringLiteral("--lang: \"fr\" is not en or zh");
    QTest::newRow("unknown wiring")
        << QStringList { QStringLiteral("--wiring"), QStringLiteral("sideways") }
        << QStringLiteral("--wiring: \"sideways\" is not cross, self, reverse or decoder");
    QTest::newRow("unknown format")
        << QStringList { QStringLiteral("--format"), QStringLiteral("docx") }
        << QStringLiteral("--format: \"docx\" is not markdown, latex or pdf");
    QTest::newRow("students not a number") << QStringList { QStringLiteral("--students"),
        QStringLiteral("many") } << QStringLiteral("--students: \"many\" is not a whole number");
}

void TestWorksheetCommand::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString dir = m_dir.filePath(QStringLiteral("refused"));
    const test::CliRun run = test::runCli(
        QStringList { QStringLiteral("worksheet"), QStringLiteral("-o"), dir } + args);
    QVERIFY(run.finished && !run.crashed);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromLocal8Bit(run.err).contains(message), run.err.constData());
    QVERIFY(!QFileInfo::exists(dir));
    // Without -o there is nowhere to write.
    const test::CliRun noDir = test::runCli({ QStringLiteral("worksheet") });
    QCOMPARE(noDir.exitCode, 2);
    QVERIFY(noDir.err.contains("-o"));
}

void TestWorksheetCommand::unwritableFolder()
{
    // A folder below a plain file cannot be made, whoever runs the test.
    const QString file = m_dir.filePath(QStringLiteral("plain-file"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const QString dir = file + QStringLiteral("/sheets");
    const test::CliRun run
        = test::runCli({ QStringLiteral("worksheet"), QStringLiteral("-o"), dir });
    QVERIFY(run.finished && !run.crashed);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("plain-file/sheets") && run.err.contains("cannot be made"),
        run.err.constData());
}

void TestWorksheetCommand::summaryLine_data()
{
    QTest::addColumn<int>("students");
    QTest::addColumn<QString>("noun");
    QTest::newRow("one") << 1 << QStringLiteral("student");
    QTest::newRow("two") << 2 << QStringLiteral("students");
}

void TestWorksheetCommand::summaryLine()
{
    // The count of students and files in English's plural forms (tr() with %n and
    // attention-explorer_en.ts): "1 student", never "1 students".
    QFETCH(int, students);
    QFETCH(QString, noun);
    const QString dir = m_dir.filePath(QStringLiteral("summary-%1").arg(students));
    const test::CliRun run = test::runCli({ QStringLiteral("worksheet"), QStringLiteral("-o"), dir,
        QStringLiteral("--students"), QString::number(students) });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const qsizetype files = QDir(dir).entryList(QDir::Files).size();
    // Many files either way: "files".
    QVERIFY(files > 1);
    QCOMPARE(QString::fromLocal8Bit(run.out),
        QStringLiteral("%1 %2, %3 files written to %4\n")
            .arg(students)
            .arg(noun)
            .arg(files)
            .arg(dir));
}

QTEST_MAIN(TestWorksheetCommand)
#include "tst_worksheetcommand.moc"
