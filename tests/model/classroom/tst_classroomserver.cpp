// SPDX-License-Identifier: GPL-3.0-or-later
// The class-answers server over 127.0.0.1: the page, joining, answering, changing, the
// reveal and its picture, the lesson's Markdown as plain text, the class record written
// before each acknowledgement (pipelined answers in order), the security headers,
// and hostile requests refused while the room keeps working. Every wait is bounded.

#include "classroom/classroomlimits.h"
#include "classroom/classroomrevealimages.h"
#include "classroom/classroomserver.h"
#include "testsupportclassroom.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;
using namespace ae::test;

namespace {

ClassroomQuestion threeChoices(int step)
{
    ClassroomQuestion q;
    q.step = step;
    q.prompt
        = { QStringLiteral("Which key does \"it\" attend to most?"), QStringLiteral("哪个键？") };
    q.choices = { { QStringLiteral("the"), QString() }, { QStringLiteral("cat"), QString() },
        { QStringLiteral("=mat"), QString() } };
    q.correct = 1;
    return q;
}

/// Pictures for the reveal: @p bytes for every step, counting the steps asked.
class FakeRevealImages : public ClassroomRevealImages
{
public:
    QByteArray bytes;
    QList<int> asked;
    QByteArray revealPng(int step) override
    {
        asked.append(step);
        return bytes;
    }
};

} // namespace

/// Tests ClassroomServer.
class TestClassroomServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void pages_data();
    void pages();
    void joinAnswerReveal();
    void eventStream();
    void unrecordedAnswerNotKept();
    void wrongCodesRateLimited();
    void connectionCap();
    void hostile_data();
    void hostile();
    void revealImage_data();
    void revealImage();
    void plainLessonText();
    void pipelinedAnswersInOrder();

private:
    QString join(const QString &nickname);
    HttpResponse answer(const QString &token, int step, int choice);

    ClassroomServer *m_server = nullptr;
    QTemporaryDir m_dir;
};

void TestClassroomServer::init()
{
    m_server = new ClassroomServer(this);
    QString error;
    QVERIFY2(m_server->start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QVERIFY(m_server->port() > 0);
    QVERIFY(m_server->setRecordFile(m_dir.filePath(QStringLiteral("record.csv")), &error));
}

void TestClassroomServer::cleanup()
{
    delete m_server;
    m_server = nullptr;
}

QString TestClassroomServer::join(const QString &nickname)
{
    return joinRoom(m_server->port(), m_server->roomCode(), nickname);
}

HttpResponse TestClassroomServer::answer(const QString &token, int step, int choice)
{
    return answerQuestion(m_server->port(), m_server->roomCode(), token, step, choice);
}

void TestClassroomServer::pages_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("type");
    QTest::newRow("page") << QByteArray("/") << 200 << QByteArray("text/html; charset=utf-8");
    QTest::newRow("page by name") << QByteArray("/index.html") << 200
                                  << QByteArray("text/html; charset=utf-8");
    QTest::newRow("script") << QByteArray("/app.js") << 200
                            << QByteArray("text/javascript; charset=utf-8");
    QTest::newRow("style") << QByteArray("/style.css") << 200
                           << QByteArray("text/css; charset=utf-8");
    QTest::newRow("join address") << QByteArray("/?room=ACDEFH") << 200
                                  << QByteArray("text/html; charset=utf-8");
    QTest::newRow("unknown") << QByteArray("/secret.txt") << 404 << QByteArray();
    QTest::newRow("a folder") << QByteArray("/classroom/") << 404 << QByteArray();
    QTest::newRow("resource path") << QByteArray("/:/classroom/app.js") << 404 << QByteArray();
    QTest::newRow("unknown api") << QByteArray("/api/teacher") << 404 << QByteArray();
}

void TestClassroomServer::pages()
{
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    QFETCH(QByteArray, type);
    const HttpResponse r = httpExchange(m_server->port(), httpGet(target));
    QCOMPARE(r.status, status);
    if (!type.isEmpty())
        QCOMPARE(r.headers.value("content-type"), type);
    QCOMPARE(r.headers.value("x-content-type-options"), QByteArray("nosniff"));
    QCOMPARE(r.headers.value("referrer-policy"), QByteArray("no-referrer"));
    QVERIFY(r.headers.value("content-security-policy").contains("script-src 'self'"));
    if (status == 200)
        QVERIFY(!r.body.isEmpty());
    if (target == "/")
        QVERIFY(!r.body.contains("<script>")); // no inline script
}

void TestClassroomServer::joinAnswerReveal()
{
    m_server->setQuestion(threeChoices(2));
    const QString ada = join(QStringLiteral("Ada\u202E"));
    const QString bo = join(QStringLiteral("=HYPERLINK(\"x\")"));
    QVERIFY(!ada.isEmpty());
    QVERIFY(!bo.isEmpty());
    QVERIFY(ada != bo);
    QCOMPARE(m_server->book().studentCount(), 2);
    QCOMPARE(m_server->book().nickname(ada), QStringLiteral("Ada"));

    QCOMPARE(answer(ada, 2, 0).status, 200);
    QCOMPARE(answer(ada, 2, 1).status, 200); // changed
    QCOMPARE(answer(bo, 2, 2).status, 200);
    QCOMPARE(answer(bo, 2, 3).status, 400); // no such choice
    QCOMPARE(answer(bo, 1, 0).status, 409); // not the open question
    QCOMPARE(answer(QString(32, QLatin1Char('0')), 2, 0).status, 403); // unknown token

    // Before the teacher shows them, nobody sees the counts; each sees their own answer.
    const QByteArray state = "/api/state?room=" + m_server->roomCode().toLatin1() + "&token=";
    HttpResponse r = httpExchange(m_server->port(), httpGet(state + ada.toLatin1()));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.headers.value("cache-control"), QByteArray("no-store"));
    QCOMPARE(r.json().value(QStringLiteral("yourChoice")).toInt(), 1);
    QCOMPARE(r.json().value(QStringLiteral("answered")).toInt(), 2);
    QVERIFY(!r.json().contains(QStringLiteral("counts")));
    QVERIFY(
        !r.json().value(QStringLiteral("question")).toObject().contains(QStringLiteral("correct")));

    QVERIFY(m_server->reveal());
    QCOMPARE(answer(ada, 2, 2).status, 409); // final after the reveal
    r = httpExchange(m_server->port(), httpGet(state + bo.toLatin1()));
    QCOMPARE(r.json().value(QStringLiteral("counts")).toArray(), QJsonArray({ 0, 1, 1 }));
    QCOMPARE(r.json()
                 .value(QStringLiteral("question"))
                 .toObject()
                 .value(QStringLiteral("correct"))
                 .toInt(),
        1);
    QCOMPARE(m_server->book().majority(2).has_value(), false); // a tie

    // The record: one row per acknowledged answer (the change too), formula escaped.
    QFile file(m_dir.filePath(QStringLiteral("record.csv")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = file.readAll().split('\n');
    QCOMPARE(rows.size(), 5); // header, three answers, the empty rest after the last CRLF
    QCOMPARE(rows[0], QByteArray("time,nickname,step,question,choice,correct\r"));
    QVERIFY(rows[1].endsWith(",Ada,3,\"Which key does \"\"it\"\" attend to most?\",the,no\r"));
    QVERIFY(rows[2].endsWith(",Ada,3,\"Which key does \"\"it\"\" attend to most?\",cat,yes\r"));
    QVERIFY(rows[3].contains(",\"'=HYPERLINK(\"\"x\"\")\",3,"));
    QVERIFY(rows[3].endsWith(",'=mat,no\r"));
    QCOMPARE(m_server->record().rowCount(), 3);
}

void TestClassroomServer::unrecordedAnswerNotKept()
{
    // The record's folder turns into a file: the record cannot be written any more.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("class"));
    QVERIFY(QDir().mkpath(folder));
    QString error;
    QVERIFY(m_server->setRecordFile(folder + QStringLiteral("/record.csv"), &error));
    m_server->setQuestion(threeChoices(0));
    const QString ada = join(QStringLiteral("Ada"));
    QVERIFY(QDir(folder).removeRecursively());
    QFile blocker(folder);
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const HttpResponse r = answer(ada, 0, 1);
    QCOMPARE(r.status, 500);
    QVERIFY(r.json().value(QStringLiteral("error")).toString().contains(QStringLiteral("record")));
    // Not acknowledged, so not counted.
    QCOMPARE(m_server->book().answeredCount(0), 0);
    QCOMPARE(m_server->record().rowCount(), 0);
}

void TestClassroomServer::eventStream()
{
    const QString token = join(QStringLiteral("Ada"));
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(
        QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::ConnectedState; }, 5000));
    socket.write(httpGet(
        "/api/events?room=" + m_server->roomCode().toLatin1() + "&token=" + token.toLatin1()));
    QByteArray bytes;
    QVERIFY(QTest::qWaitFor(
        [&] {
            bytes += socket.readAll();
            return bytes.contains("\n\n");
        },
        5000));
    QVERIFY(bytes.startsWith("HTTP/1.1 200 OK\r\n"));
    QVERIFY(bytes.contains("Content-Type: text/event-stream"));
    QVERIFY(bytes.contains("data: {\"question\":null"));
    m_server->setQuestion(threeChoices(0));
    QVERIFY(QTest::qWaitFor(
        [&] {
            bytes += socket.readAll();
            return bytes.count("data: ") >= 2;
        },
        5000));
    QVERIFY(bytes.contains("\"prompt\":{\"en\":\"Which key"));
}

void TestClassroomServer::wrongCodesRateLimited()
{
    const QByteArray wrong = jsonBytes({ { QStringLiteral("room"), QStringLiteral("XXXXXX") } });
    for (int i = 0; i < classroom::kMaxWrongCodesPerWindow; ++i)
        QCOMPARE(httpExchange(m_server->port(), httpPost("/api/join", wrong)).status, 403);
    QCOMPARE(httpExchange(m_server->port(), httpPost("/api/join", wrong)).status, 429);
    // The limit holds for the right code too, from that address.
    QVERIFY(join(QStringLiteral("late")).isEmpty());
    QCOMPARE(m_server->book().studentCount(), 0);
}

void TestClassroomServer::connectionCap()
{
    QList<QTcpSocket *> open;
    for (int i = 0; i < classroom::kMaxConnectionsPerAddress; ++i) {
        auto *s = new QTcpSocket(this);
        s->connectToHost(QHostAddress::LocalHost, m_server->port());
        open.append(s);
    }
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (QTcpSocket *s : open) {
                if (s->state() != QAbstractSocket::ConnectedState)
                    return false;
            }
            return true;
        },
        5000));
    QTest::qWait(0);
    const HttpResponse refused = httpExchange(m_server->port(), httpGet("/"));
    QCOMPARE(refused.status, 503);
    qDeleteAll(open);
    // Once they are closed the address may connect again.
    QVERIFY(QTest::qWaitFor(
        [&] { return httpExchange(m_server->port(), httpGet("/")).status == 200; }, 5000));
}

void TestClassroomServer::hostile_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<int>("status");
    const QByteArray host = "Host: 127.0.0.1\r\n";
    QTest::newRow("traversal") << httpGet("/../../etc/passwd") << 400;
    QTest::newRow("encoded traversal") << httpGet("/%2e%2e/%2e%2e/etc/passwd") << 400;
    QTest::newRow("mixed traversal") << httpGet("/classroom/..%2f..%2fCMakeLists.txt") << 400;
    QTest::newRow("backslash traversal") << httpGet("/..%5c..%5cwin.ini") << 400;
    QTest::newRow("NUL in path") << httpGet("/index.html%00.js") << 400;
    QTest::newRow("bad utf-8 path") << httpGet("/%ff%fe") << 400;
    QTest::newRow("overlong slash") << httpGet("/%c0%af%c0%afetc") << 400;
    QTest::newRow("absolute url") << httpGet("http://127.0.0.1/") << 400;
    QTest::newRow("asterisk") << QByteArray("OPTIONS * HTTP/1.1\r\n" + host + "\r\n") << 501;
    QTest::newRow("long request line") << httpGet("/" + QByteArray(4000, 'a')) << 414;
    QTest::newRow("long header") << QByteArray(
        "GET / HTTP/1.1\r\n" + host + "X-A: " + QByteArray(8000, 'b') + "\r\n\r\n")
                                 << 431;
    QByteArray many = "GET / HTTP/1.1\r\n" + host;
    for (int i = 0; i < 40; ++i)
        many += "X-" + QByteArray::number(i) + ": 1\r\n";
    QTest::newRow("many headers") << QByteArray(many + "\r\n") << 431;
    QTest::newRow("huge body") << QByteArray(
        "POST /api/join HTTP/1.1\r\n" + host + "Content-Length: 100000000\r\n\r\n")
                               << 413;
    QTest::newRow("body just over") << QByteArray("POST /api/join HTTP/1.1\r\n" + host
        + "Content-Length: 4097\r\n\r\n" + QByteArray(4097, 'x'))
                                    << 413;
    QTest::newRow("chunked") << QByteArray("POST /api/join HTTP/1.1\r\n" + host
        + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
                             << 501;
    QTest::newRow("two lengths") << QByteArray(
        "POST /api/join HTTP/1.1\r\n" + host + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}")
                                 << 400;
    QTest::newRow("bare LF") << QByteArray("GET / HTTP/1.1\n" + host + "\n") << 400;
    QTest::newRow("no host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400;
    QTest::newRow("http/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") << 501;
    QTest::newRow("http/0.9") << QByteArray("GET /\r\n") << 400;
    QTest::newRow("tls hello") << QByteArrayLiteral(
        "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n")
                               << 400;
    QTest::newRow("unknown method") << QByteArray("PUT / HTTP/1.1\r\n" + host + "\r\n") << 501;
    QTest::newRow("lower-case method") << QByteArray("get / HTTP/1.1\r\n" + host + "\r\n") << 501;
    QTest::newRow("folded header")
        << QByteArray("GET / HTTP/1.1\r\n" + host + " folded\r\n\r\n") << 400;
    QTest::newRow("control in header")
        << QByteArray("GET / HTTP/1.1\r\n" + host + "X: \x1b[2J\r\n\r\n") << 400;
    QTest::newRow("join by GET") << httpGet("/api/join") << 405;
    QTest::newRow("state by POST") << httpPost("/api/state", "{}") << 405;
    QTest::newRow("page by POST") << httpPost("/", "{}") << 405;
    QTest::newRow("join not json") << httpPost("/api/join", "room=ACDEFH") << 400;
    QTest::newRow("join array") << httpPost("/api/join", "[1,2]") << 400;
    QTest::newRow("join bad utf-8") << httpPost("/api/join", "{\"room\":\"\xff\xfe\"}") << 400;
    QTest::newRow("join truncated json") << httpPost("/api/join", "{\"room\":") << 400;
    QTest::newRow("join no code") << httpPost("/api/join", "{\"nickname\":\"x\"}") << 403;
    QTest::newRow("join code as number") << httpPost("/api/join", "{\"room\":123456}") << 403;
    QTest::newRow("state without token") << QByteArray() << 403; // filled in hostile()
    QTest::newRow("state bad token") << QByteArray() << 403;
    QTest::newRow("answer bad token") << QByteArray() << 403;
    QTest::newRow("answer step as text") << QByteArray() << 400;
    QTest::newRow("answer huge choice") << QByteArray() << 400;
    QTest::newRow("answer wrong question") << QByteArray() << 409;
    QTest::newRow("html nickname") << QByteArray() << 200;
    QTest::newRow("formula nickname") << QByteArray() << 200;
    QTest::newRow("control nickname") << QByteArray() << 200;
    QTest::newRow("pipelined flood") << QByteArray() << 200;
    QTest::newRow("image without token") << QByteArray() << 403;
    QTest::newRow("image wrong room") << httpGet("/api/image?room=XXXXXX&step=0") << 403;
    QTest::newRow("image before the reveal") << QByteArray() << 409;
    QTest::newRow("image step as text") << QByteArray() << 409;
    QTest::newRow("image by POST") << httpPost("/api/image", "{}") << 405;
}

void TestClassroomServer::hostile()
{
    QFETCH(QByteArray, raw);
    QFETCH(int, status);
    m_server->setQuestion(threeChoices(0));
    const QString token = join(QStringLiteral("Ada"));
    QVERIFY(!token.isEmpty());
    const QByteArray room = m_server->roomCode().toLatin1();
    const QByteArray tag = QTest::currentDataTag();
    const auto body
        = [&](const QByteArray &extra) { return "{\"room\":\"" + room + "\"," + extra + "}"; };
    if (tag == "state without token")
        raw = httpGet("/api/state?room=" + room);
    else if (tag == "state bad token")
        raw = httpGet("/api/state?room=" + room + "&token=%3Cscript%3E");
    else if (tag == "answer bad token")
        raw = httpPost("/api/answer", body("\"token\":\"../../x\",\"step\":0,\"choice\":0"));
    else if (tag == "answer step as text")
        raw = httpPost("/api/answer",
            body("\"token\":\"" + token.toLatin1() + "\",\"step\":\"0\",\"choice\":0"));
    else if (tag == "answer huge choice")
        raw = httpPost("/api/answer",
            body("\"token\":\"" + token.toLatin1() + "\",\"step\":0,\"choice\":1e300"));
    else if (tag == "answer wrong question")
        raw = httpPost(
            "/api/answer", body("\"token\":\"" + token.toLatin1() + "\",\"step\":7,\"choice\":0"));
    else if (tag == "html nickname")
        raw = httpPost("/api/join", body("\"nickname\":\"<img src=x onerror=alert(1)>\""));
    else if (tag == "formula nickname")
        raw = httpPost("/api/join", body("\"nickname\":\"=cmd|'/c calc'!A1\""));
    else if (tag == "control nickname")
        raw = httpPost("/api/join", body("\"nickname\":\"\\u001b]0;pwned\\u0007\\u202eevil\""));
    else if (tag == "image without token")
        raw = httpGet("/api/image?room=" + room + "&step=0");
    else if (tag == "image before the reveal")
        raw = httpGet("/api/image?room=" + room + "&token=" + token.toLatin1() + "&step=0");
    else if (tag == "image step as text")
        raw = httpGet("/api/image?room=" + room + "&token=" + token.toLatin1() + "&step=..%2F1");
    else if (tag == "pipelined flood") {
        QByteArray flood;
        for (int i = 0; i < 200; ++i)
            flood += "GET /style.css HTTP/1.1\r\nHost: a\r\n\r\n";
        raw = flood;
    }
    const HttpResponse r = httpExchange(m_server->port(), raw);
    QCOMPARE(r.status, status);
    if (tag == "html nickname" || tag == "formula nickname" || tag == "control nickname") {
        const QString name = r.json().value(QStringLiteral("nickname")).toString();
        for (const QChar c : name)
            QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x202E, qPrintable(name));
    }
    // The room still works: the page loads and the student still answers.
    QCOMPARE(httpExchange(m_server->port(), httpGet("/")).status, 200);
    QCOMPARE(answer(token, 0, 2).status, 200);
    QCOMPARE(m_server->book().answerOf(token, 0).value_or(-1), 2);
}

void TestClassroomServer::revealImage_data()
{
    QTest::addColumn<QByteArray>("png"); // what the pictures give
    QTest::addColumn<bool>("shown");
    QTest::newRow("a picture") << QByteArray("\x89PNG\r\n\x1a\n" + QByteArray(300, 'p')) << true;
    QTest::newRow("no picture") << QByteArray() << false;
    QTest::newRow("at the cap") << QByteArray(classroom::kMaxRevealImageBytes, 'p') << true;
    QTest::newRow("over the cap") << QByteArray(classroom::kMaxRevealImageBytes + 1, 'p') << false;
}

void TestClassroomServer::revealImage()
{
    QFETCH(QByteArray, png);
    QFETCH(bool, shown);
    FakeRevealImages images;
    images.bytes = png;
    m_server->setRevealImages(&images);
    m_server->setQuestion(threeChoices(4));
    const QString token = join(QStringLiteral("Ada"));
    const QByteArray query
        = "?room=" + m_server->roomCode().toLatin1() + "&token=" + token.toLatin1() + "&step=4";
    // Before the reveal: no picture, none drawn, and the state says nothing of one.
    QCOMPARE(httpExchange(m_server->port(), httpGet("/api/image" + query)).status, 409);
    HttpResponse state = httpExchange(m_server->port(), httpGet("/api/state" + query));
    QVERIFY(!state.json().contains(QStringLiteral("image")));
    QVERIFY(images.asked.isEmpty());

    QVERIFY(m_server->reveal());
    QCOMPARE(images.asked, QList<int> { 4 });
    state = httpExchange(m_server->port(), httpGet("/api/state" + query));
    QCOMPARE(state.json().value(QStringLiteral("image")).toBool(), shown);
    const HttpResponse r = httpExchange(m_server->port(), httpGet("/api/image" + query));
    QCOMPARE(r.status, shown ? 200 : 404);
    QCOMPARE(r.headers.value("cache-control"), QByteArray("no-store"));
    if (shown) {
        QCOMPARE(r.headers.value("content-type"), QByteArray("image/png"));
        QCOMPARE(r.body, png);
    }
    // Another step's picture is not this one's; the picture is drawn once per reveal.
    QCOMPARE(
        httpExchange(m_server->port(), httpGet("/api/image" + query.left(query.size() - 1) + "3"))
            .status,
        409);
    QCOMPARE(
        httpExchange(m_server->port(), httpGet("/api/image" + query)).status, shown ? 200 : 404);
    QCOMPARE(images.asked.size(), 1);
    // The next step has none until its own reveal.
    m_server->setQuestion(threeChoices(5));
    QCOMPARE(
        httpExchange(m_server->port(), httpGet("/api/image" + query.left(query.size() - 1) + "5"))
            .status,
        409);
    m_server->setRevealImages(nullptr);
}

void TestClassroomServer::plainLessonText()
{
    // A choice question whose prompt and options are Markdown, as lesson files write them.
    ResolvedLessonStep step;
    LessonQuestion question;
    question.kind = LessonQuestionKind::Choice;
    question.prompt = { QStringLiteral("Which words does **love** attend to?"),
        QStringLiteral("**爱**看哪些词？") };
    question.options = { { QStringLiteral("*i love*"), QStringLiteral("*我爱*") },
        { QStringLiteral("[the paper](https://example.org/)"), QString() } };
    question.correctOption = 0;
    step.question = question;
    step.answer.index = 0;
    ResolvedLesson lesson;
    lesson.steps = { step };
    QVERIFY(m_server->showLessonStep(lesson, 0));
    const QString token = join(QStringLiteral("Ada"));
    const HttpResponse state = httpExchange(m_server->port(),
        httpGet(
            "/api/state?room=" + m_server->roomCode().toLatin1() + "&token=" + token.toLatin1()));
    const QJsonObject q = state.json().value(QStringLiteral("question")).toObject();
    const QJsonObject prompt = q.value(QStringLiteral("prompt")).toObject();
    QCOMPARE(prompt.value(QStringLiteral("en")).toString(),
        QStringLiteral("Which words does love attend to?"));
    QCOMPARE(prompt.value(QStringLiteral("zh")).toString(), QStringLiteral("爱看哪些词？"));
    const QJsonArray choices = q.value(QStringLiteral("choices")).toArray();
    QCOMPARE(
        choices.at(0).toObject().value(QStringLiteral("en")).toString(), QStringLiteral("i love"));
    QCOMPARE(
        choices.at(0).toObject().value(QStringLiteral("zh")).toString(), QStringLiteral("我爱"));
    QCOMPARE(choices.at(1).toObject().value(QStringLiteral("en")).toString(),
        QStringLiteral("the paper"));
    QCOMPARE(answer(token, 0, 0).status, 200);
    QFile file(m_dir.filePath(QStringLiteral("record.csv")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray record = file.readAll();
    QVERIFY2(record.contains(",Ada,1,Which words does love attend to?,i love,yes\r\n"),
        record.constData());
    QVERIFY(!record.contains('*'));
}

void TestClassroomServer::pipelinedAnswersInOrder()
{
    m_server->setQuestion(threeChoices(0));
    const QString token = join(QStringLiteral("Ada"));
    const QByteArray room = m_server->roomCode().toLatin1();
    const auto keepAlive
        = [](QByteArray request) { return request.replace("Connection: close\r\n", ""); };
    const auto post = [&](int choice) {
        return keepAlive(httpPost("/api/answer",
            "{\"room\":\"" + room + "\",\"token\":\"" + token.toLatin1()
                + "\",\"step\":0,\"choice\":" + QByteArray::number(choice) + "}"));
    };
    // Three requests in one write: each answer is acknowledged after its write, in order,
    // and the state after them sees the last.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(
        QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::ConnectedState; }, 5000));
    socket.write(
        post(2) + post(1) + httpGet("/api/state?room=" + room + "&token=" + token.toLatin1()));
    QByteArray bytes;
    QVERIFY(QTest::qWaitFor(
        [&] {
            bytes += socket.readAll();
            return socket.state() == QAbstractSocket::UnconnectedState
                || (bytes.count("HTTP/1.1 ") >= 3 && bytes.endsWith("}"));
        },
        5000));
    QCOMPARE(bytes.count("HTTP/1.1 200 OK"), 3);
    const qsizetype first = bytes.indexOf("{\"choice\":2");
    const qsizetype second = bytes.indexOf("{\"choice\":1");
    const qsizetype state = bytes.indexOf("\"yourChoice\":1");
    QVERIFY2(first >= 0 && first < second && second < state, bytes.constData());
    QCOMPARE(m_server->record().rowCount(), 2);
}

QTEST_MAIN(TestClassroomServer)
#include "tst_classroomserver.moc"
