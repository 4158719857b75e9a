// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile files and streams on the command line: control characters meant for the terminal,
// duplicate keys and binary data on standard input are refused with the JSON path (or the
// offset) before anything is printed or written.

#include "testsupportcli.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

/// Tests what the commands do with untrusted input.
class TestUntrustedInput : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusedBeforeAnythingIsWritten_data();
    void refusedBeforeAnythingIsWritten();
    void zeroBytesOnStandardInputAreBinaryData();

private:
    /// Writes @p bytes to @p name in the temporary folder; returns its path.
    QString write(const QString &name, const QByteArray &bytes);

    QTemporaryDir m_dir;
};

void TestUntrustedInput::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AE_APP_BINARY)).isExecutable(), AE_APP_BINARY);
    QVERIFY(m_dir.isValid());
}

QString TestUntrustedInput::write(const QString &name, const QByteArray &bytes)
{
    QFile file(m_dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        return QString();
    return file.fileName();
}

void TestUntrustedInput::refusedBeforeAnythingIsWritten_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("args"); // FILE stands for the file
    QTest::addColumn<QString>("error"); // FILE stands for the file

    QByteArray lesson
        = test::readFileBytes(QStringLiteral(AE_TEST_DATA_DIR "/lessons/good.aelesson.json"));
    lesson.replace("\"Without the scale.\"",
        "\"bell \\u0007 title \\u001b]0;pwned\\u0007 clear \\u001b[2J nul \\u0000\"");
    QTest::newRow("lesson --check: terminal controls in a caption")
        << QStringLiteral("controls.aelesson.json") << lesson
        << QStringList { QStringLiteral("lesson"), QStringLiteral("FILE"),
               QStringLiteral("--check") }
        << QStringLiteral("lesson: FILE: steps[2].caption.en: U+0007 (a control character) at "
                          "character 6 is not allowed in text");
    QTest::newRow("lesson --handout: terminal controls in a caption")
        << QStringLiteral("controls.aelesson.json") << lesson
        << QStringList { QStringLiteral("lesson"), QStringLiteral("FILE"),
               QStringLiteral("--handout"), QStringLiteral("OUT") }
        << QStringLiteral("lesson: FILE: steps[2].caption.en: U+0007 (a control character) at "
                          "character 6 is not allowed in text");

    QByteArray session = test::specExampleJson();
    QByteArray token = session;
    token.replace("\"love\"", "\"love\\u001b]0;pwned\\u0007\"");
    QTest::newRow("explain --format markdown: ESC and BEL in a token")
        << QStringLiteral("token.json") << token
        << QStringList { QStringLiteral("explain"), QStringLiteral("FILE"),
               QStringLiteral("--head"), QStringLiteral("0"), QStringLiteral("--query"),
               QStringLiteral("1"), QStringLiteral("--key"), QStringLiteral("0"),
               QStringLiteral("--format"), QStringLiteral("markdown") }
        << QStringLiteral("explain: FILE: target.tokens[1]: U+001B (a control character) at "
                          "character 5 is not allowed in text");
    QByteArray twice = session;
    twice.replace("\"version\": 1,", "\"version\": 1, \"title\": \"x\",");
    QTest::newRow("compute: two titles")
        << QStringLiteral("twice.json") << twice
        << QStringList { QStringLiteral("compute"), QStringLiteral("FILE") }
        << QStringLiteral("compute: FILE: title: the key \"title\" appears twice in one object, "
                          "at line 3, column 17 and at line 4, column 3; give each key once");
}

void TestUntrustedInput::refusedBeforeAnythingIsWritten()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, json);
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    const QString file = write(name, json);
    QVERIFY(!file.isEmpty());
    const QString out = m_dir.filePath(QStringLiteral("handout.md"));
    args.replaceInStrings(QStringLiteral("FILE"), file);
    args.replaceInStrings(QStringLiteral("OUT"), out);
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    const QStringList lines = QString::fromUtf8(run.err).split(QLatin1Char('\n'));
    QVERIFY2(
        lines.contains(QString(error).replace(QStringLiteral("FILE"), file)), run.err.constData());
    QVERIFY(!run.err.contains('\x1b'));
    QVERIFY(!run.err.contains('\x07'));
    QVERIFY(!QFileInfo::exists(out));
}

void TestUntrustedInput::zeroBytesOnStandardInputAreBinaryData()
{
    QProcess process;
    process.setProcessEnvironment(test::headlessEnvironment());
    process.start(
        QStringLiteral(AE_APP_BINARY), { QStringLiteral("compute"), QStringLiteral("-") });
    QVERIFY(process.waitForStarted());
    process.write(QByteArray(16 * 1024 * 1024, '\0'));
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(process.readAllStandardError()),
        QStringLiteral("compute: (standard input): the file is binary data, not text: it holds a "
                       "NUL byte at offset 0\n"));
    QVERIFY(process.readAllStandardOutput().isEmpty());
}

QTEST_MAIN(TestUntrustedInput)
#include "tst_untrustedinput.moc"
