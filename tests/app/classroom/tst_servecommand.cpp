// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer serve`: its usage errors, and a real run over 127.0.0.1 driven like a
// teacher and a class would: join, answer, change the answer, reveal (with the step's heatmap
// for the phones), the class record, a stream of hostile requests that leaves the room
// working, and quitting by q, by the end of standard input and by SIGTERM. Every wait is
// bounded.

#include "testsupportclassroom.h"
#include "testsupportcli.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;
using namespace ae::test;

namespace {

/// A running `serve` process and what its first line said.
struct Served
{
    QProcess process;
    quint16 port = 0;
    QByteArray room;
    QString url;
};

bool startServe(Served &s, const QStringList &extra)
{
    s.process.setProcessEnvironment(headlessEnvironment());
    s.process.start(QStringLiteral(AE_APP_BINARY),
        QStringList { QStringLiteral("serve"), QStringLiteral("cross-attention"),
            QStringLiteral("--bind"), QStringLiteral("127.0.0.1") }
            + extra);
    if (!s.process.waitForStarted(30000))
        return false;
    // Bounded: the first line comes within 60 s or the run failed.
    for (int i = 0; i < 600 && !s.process.canReadLine(); ++i)
        s.process.waitForReadyRead(100);
    const QJsonObject first = QJsonDocument::fromJson(s.process.readLine()).object();
    s.port = static_cast<quint16>(first.value(QStringLiteral("port")).toInt());
    s.room = first.value(QStringLiteral("room")).toString().toLatin1();
    s.url = first.value(QStringLiteral("url")).toString();
    return s.port != 0 && s.room.size() == 6;
}

bool waitForEnd(QProcess &p)
{
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit;
}

} // namespace

/// Tests the serve command.
class TestServeCommand : public QObject
{
    Q_OBJECT

private slots:
    void refused_data();
    void refused();
    void classAnswers();
    void hostile();
    void quitsOnEndOfInput();
    void quitsOnTerminate();
    void killKeepsAcknowledgedAnswers();
};

void TestServeCommand::refused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString lesson = QStringLiteral("cross-attention");
    QTest::newRow("no lesson") << QStringList { QStringLiteral("serve") }
                               << QStringLiteral("expected one LESSON");
    QTest::newRow("port too large") << QStringList { QStringLiteral("serve"), lesson,
        QStringLiteral("--port"), QStringLiteral("70000") }
                                    << QStringLiteral("--port");
    QTest::newRow("bad address") << QStringList { QStringLiteral("serve"), lesson,
        QStringLiteral("--bind"), QStringLiteral("classroom") }
                                 << QStringLiteral("--bind");
    QTest::newRow("record not csv") << QStringList { QStringLiteral("serve"), lesson,
        QStringLiteral("--record"), QStringLiteral("answers.txt") }
                                    << QStringLiteral("--record");
    QTest::newRow("bad language") << QStringList { QStringLiteral("serve"), lesson,
        QStringLiteral("--lang"), QStringLiteral("fr") }
                                  << QStringLiteral("--lang");
    QTest::newRow("unknown option") << QStringList { QStringLiteral("serve"), lesson,
        QStringLiteral("--public") } << QStringLiteral("public");
}

void TestServeCommand::refused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(args);
    QVERIFY2(run.finished, qPrintable(describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

void TestServeCommand::classAnswers()
{
    QTemporaryDir dir;
    const QString record = dir.filePath(QStringLiteral("class.csv"));
    Served s;
    QVERIFY(startServe(s, { QStringLiteral("--record"), record }));
    QCOMPARE(s.url,
        QStringLiteral("http://127.0.0.1:%1/?room=%2")
            .arg(s.port)
            .arg(QString::fromLatin1(s.room)));
    QCOMPARE(httpExchange(s.port, httpGet("/")).status, 200);

    const HttpResponse joined = httpExchange(
        s.port, httpPost("/api/join", "{\"room\":\"" + s.room + "\",\"nickname\":\"=Ada\"}"));
    QCOMPARE(joined.status, 200);
    const QByteArray token = joined.json().value(QStringLiteral("token")).toString().toLatin1();
    const QByteArray state = "/api/state?room=" + s.room + "&token=" + token;

    // Enter goes step by step to the first step with a question (bounded by the lesson).
    QJsonObject question;
    for (int i = 0; i < 30; ++i) {
        question = httpExchange(s.port, httpGet(state))
                       .json()
                       .value(QStringLiteral("question"))
                       .toObject();
        if (!question.isEmpty())
            break;
        s.process.write("\n");
        s.process.waitForBytesWritten(1000);
        QTest::qWait(200);
    }
    QVERIFY(!question.isEmpty());
    const int step = question.value(QStringLiteral("step")).toInt();
    const int choices
        = static_cast<int>(question.value(QStringLiteral("choices")).toArray().size());
    QVERIFY(choices >= 2);
    const auto answer = [&](int choice) {
        return httpExchange(s.port,
            httpPost("/api/answer",
                "{\"room\":\"" + s.room + "\",\"token\":\"" + token
                    + "\",\"step\":" + QByteArray::number(step)
                    + ",\"choice\":" + QByteArray::number(choice) + "}"));
    };
    QCOMPARE(answer(0).status, 200);
    QCOMPARE(answer(1).status, 200);
    QCOMPARE(
        httpExchange(s.port, httpGet(state)).json().value(QStringLiteral("yourChoice")).toInt(), 1);

    s.process.write("r\n");
    s.process.waitForBytesWritten(1000);
    QJsonObject revealed;
    for (int i = 0; i < 50 && !revealed.value(QStringLiteral("revealed")).toBool(); ++i) {
        QTest::qWait(100);
        revealed = httpExchange(s.port, httpGet(state)).json();
    }
    QVERIFY(revealed.value(QStringLiteral("revealed")).toBool());
    QCOMPARE(revealed.value(QStringLiteral("counts")).toArray().at(1).toInt(), 1);
    QCOMPARE(answer(0).status, 409);
    // The revealed step's heatmap, drawn headless, for the students' pages only.
    QVERIFY(revealed.value(QStringLiteral("image")).toBool());
    const QByteArray image
        = "/api/image?room=" + s.room + "&token=" + token + "&step=" + QByteArray::number(step);
    const HttpResponse png = httpExchange(s.port, httpGet(image));
    QCOMPARE(png.status, 200);
    QCOMPARE(png.headers.value("content-type"), QByteArray("image/png"));
    QCOMPARE(png.headers.value("cache-control"), QByteArray("no-store"));
    QVERIFY(png.body.startsWith("\x89PNG\r\n\x1a\n"));
    QVERIFY(!QImage::fromData(png.body, "PNG").isNull());
    QCOMPARE(httpExchange(s.port, httpGet(image.left(image.indexOf("&token=")) + "&step=0")).status,
        403);

    s.process.write("q\n");
    QVERIFY(waitForEnd(s.process));
    QCOMPARE(s.process.exitCode(), 0);
    const QByteArray out = s.process.readAllStandardOutput();
    QVERIFY2(out.contains("Revealed."), out.constData());

    QFile file(record);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = file.readAll().split('\n');
    QCOMPARE(rows.size(), 4); // header, two answers, the empty rest
    QCOMPARE(rows[0], QByteArray("time,nickname,step,question,choice,correct\r"));
    QVERIFY2(rows[1].contains(",'=Ada," + QByteArray::number(step + 1) + ","), rows[1].constData());
    QVERIFY(rows[2].contains(",'=Ada,"));
}

void TestServeCommand::hostile()
{
    Served s;
    QVERIFY(startServe(s, {}));
    const QByteArray host = "Host: 127.0.0.1\r\n";
    const QByteArray room = "{\"room\":\"" + s.room + "\",";
    QByteArray manyHeaders = "GET / HTTP/1.1\r\n" + host;
    for (int i = 0; i < 40; ++i)
        manyHeaders += "X-" + QByteArray::number(i) + ": 1\r\n";
    const QList<QPair<QByteArray, int>> requests {
        { httpGet("/../../etc/passwd"), 400 },
        { httpGet("/%2e%2e/%2e%2e/etc/passwd"), 400 },
        { httpGet("/..%2f..%2fetc%2fpasswd"), 400 },
        { httpGet("/..%5c..%5cboot.ini"), 400 },
        { httpGet("/index.html%00.js"), 400 },
        { httpGet("/%ff%fe%fd"), 400 },
        { httpGet("/%c0%ae%c0%ae/"), 400 },
        { httpGet("/%zz"), 400 },
        { httpGet("http://127.0.0.1/"), 400 },
        { httpGet("/etc/passwd"), 404 },
        { httpGet("/classroom/"), 404 },
        { httpGet("/.git/config"), 404 },
        { httpGet("/" + QByteArray(5000, 'a')), 414 },
        { "GET / HTTP/1.1\r\n" + host + "X: " + QByteArray(9000, 'b') + "\r\n\r\n", 431 },
        { manyHeaders + "\r\n", 431 },
        { "POST /api/join HTTP/1.1\r\n" + host + "Content-Length: 999999999\r\n\r\n", 413 },
        { "POST /api/join HTTP/1.1\r\n" + host + "Content-Length: 5000\r\n\r\n"
                + QByteArray(5000, '{'),
            413 },
        { "POST /api/join HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            501 },
        { "POST /api/join HTTP/1.1\r\n" + host + "Content-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
            400 },
        { "GET / HTTP/1.1\n" + host + "\n", 400 },
        { "GET / HTTP/1.1\r\n\r\n", 400 },
        { "GET / HTTP/3.0\r\n" + host + "\r\n", 505 },
        { "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 501 },
        { "DELETE /api/join HTTP/1.1\r\n" + host + "\r\n", 501 },
        { "GET /\r\n", 400 },
        { QByteArrayLiteral("\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n"), 400 },
        { "GET / HTTP/1.1\r\n" + host + " folded: yes\r\n\r\n", 400 },
        { "GET / HTTP/1.1\r\n" + host + "X: \x1b]0;title\x07\r\n\r\n", 400 },
        { httpGet("/api/join"), 405 },
        { httpPost("/", "{}"), 405 },
        { httpPost("/api/join", "room=" + s.room), 400 },
        { httpPost("/api/join", "{\"room\":\"\xff\xfe\"}"), 400 },
        { httpPost("/api/join", "[\"" + s.room + "\"]"), 400 },
        { httpPost("/api/join", "{\"room\":"), 400 },
        { httpPost("/api/answer", room + "\"token\":\"<script>\",\"step\":0,\"choice\":0}"), 403 },
        { httpGet("/api/state?room=" + s.room + "&token=../../etc"), 403 },
        { httpGet("/api/events?room=" + s.room), 403 },
        { httpPost("/api/join", room + "\"nickname\":\"<img src=x onerror=alert(1)>\"}"), 200 },
        { httpPost("/api/join", room + "\"nickname\":\"=cmd|' /C calc'!A0\"}"), 200 },
        { httpPost("/api/join", room + "\"nickname\":\"\\u202egnp.exe\\u0000\\u001b[2J\"}"), 200 },
        { httpPost("/api/join", room + "\"nickname\":\"" + QByteArray(3000, 'n') + "\"}"), 200 },
        { httpGet("/api/teacher"), 404 },
    };
    QVERIFY(requests.size() >= 40);
    for (const auto &[raw, status] : requests) {
        const HttpResponse r = httpExchange(s.port, raw);
        QVERIFY2(r.status == status,
            qPrintable(QStringLiteral("%1 for %2")
                           .arg(r.status)
                           .arg(QString::fromLatin1(raw.left(60).toPercentEncoding(" /:")))));
        if (status == 200) {
            const QString name = r.json().value(QStringLiteral("nickname")).toString();
            QVERIFY(name.size() <= 24);
            for (const QChar c : name)
                QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x202E, qPrintable(name));
        }
        QCOMPARE(httpExchange(s.port, httpGet("/style.css")).status, 200);
    }
    // Wrong codes: ten are refused as wrong, then the address is rate limited; a flood of
    // pipelined requests on one connection is answered and cut off.
    for (int i = 0; i < 10; ++i)
        QCOMPARE(httpExchange(s.port, httpPost("/api/join", "{\"room\":\"AAAAAA\"}")).status, 403);
    QCOMPARE(httpExchange(s.port, httpPost("/api/join", "{\"room\":\"AAAAAA\"}")).status, 429);
    QByteArray flood;
    for (int i = 0; i < 100; ++i)
        flood += "GET /app.js HTTP/1.1\r\nHost: a\r\n\r\n";
    QCOMPARE(httpExchange(s.port, flood).status, 200);
    QCOMPARE(httpExchange(s.port, httpGet("/")).status, 200);
    s.process.write("q\n");
    QVERIFY(waitForEnd(s.process));
    QCOMPARE(s.process.exitCode(), 0);
}

void TestServeCommand::quitsOnEndOfInput()
{
    Served s;
    QVERIFY(startServe(s, {}));
    s.process.closeWriteChannel();
    QVERIFY(waitForEnd(s.process));
    QCOMPARE(s.process.exitCode(), 0);
    // The port is closed once it quit.
    QCOMPARE(httpExchange(s.port, httpGet("/")).status, 0);
}

void TestServeCommand::quitsOnTerminate()
{
    Served s;
    QVERIFY(startServe(s, {}));
    s.process.terminate();
    QVERIFY(waitForEnd(s.process));
    QCOMPARE(s.process.exitCode(), 0);
}

void TestServeCommand::killKeepsAcknowledgedAnswers()
{
    QTemporaryDir dir;
    const QString record = dir.filePath(QStringLiteral("killed.csv"));
    Served s;
    QVERIFY(startServe(s, { QStringLiteral("--record"), record }));
    // Twelve students join; the teacher goes on to the first question.
    QList<QByteArray> tokens;
    for (int i = 0; i < 12; ++i) {
        const HttpResponse r = httpExchange(s.port,
            httpPost("/api/join",
                "{\"room\":\"" + s.room + "\",\"nickname\":\"s" + QByteArray::number(i) + "\"}"));
        QCOMPARE(r.status, 200);
        tokens.append(r.json().value(QStringLiteral("token")).toString().toLatin1());
    }
    const QByteArray state = "/api/state?room=" + s.room + "&token=" + tokens.first();
    int step = -1;
    for (int i = 0; i < 30 && step < 0; ++i) {
        const QJsonObject q = httpExchange(s.port, httpGet(state))
                                  .json()
                                  .value(QStringLiteral("question"))
                                  .toObject();
        if (!q.isEmpty()) {
            step = q.value(QStringLiteral("step")).toInt();
            break;
        }
        s.process.write("\n");
        s.process.waitForBytesWritten(1000);
        QTest::qWait(200);
    }
    QVERIFY(step >= 0);
    int acknowledged = 0;
    for (const QByteArray &token : tokens) {
        const HttpResponse r = httpExchange(s.port,
            httpPost("/api/answer",
                "{\"room\":\"" + s.room + "\",\"token\":\"" + token
                    + "\",\"step\":" + QByteArray::number(step) + ",\"choice\":1}"));
        acknowledged += r.status == 200 ? 1 : 0;
    }
    QCOMPARE(acknowledged, 12);
    // SIGKILL: no chance to save anything more.
    s.process.kill();
    QVERIFY(s.process.waitForFinished(30000));
    QFile file(record);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray csv = file.readAll();
    QCOMPARE(csv.count("\r\n"), 13); // the header and every acknowledged answer
    for (int i = 0; i < 12; ++i)
        QVERIFY2(
            csv.contains(",s" + QByteArray::number(i) + "," + QByteArray::number(step + 1) + ","),
            csv.constData());
}

QTEST_MAIN(TestServeCommand)
#include "tst_servecommand.moc"
