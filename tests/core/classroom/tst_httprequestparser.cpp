// SPDX-License-Identifier: GPL-3.0-or-later
// The bounded HTTP/1.1 request parser: whole requests, requests in pieces, pipelining, and
// every refusal with its status.

#include "classroom/classroomlimits.h"
#include "classroom/httprequestparser.h"

#include <QtTest>

using namespace ae::classroom;
using State = HttpRequestParser::State;

/// Tests HttpRequestParser.
class TestHttpRequestParser : public QObject
{
    Q_OBJECT

private slots:
    void requests_data();
    void requests();
    void byteByByte();
    void pipelined();
    void refusedStaysRefused();
};

namespace {
QByteArray get(const QByteArray &target)
{
    return "GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n";
}
} // namespace

void TestHttpRequestParser::requests_data()
{
    // status 0: the request is complete; -1: more bytes are needed; else the refusal's status.
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    const QByteArray big(kMaxBodyBytes, 'x');
    QTest::newRow("root") << get("/") << 0 << QStringLiteral("/") << QByteArray();
    QTest::newRow("query") << get("/state?room=ACDEFH") << 0 << QStringLiteral("/state")
                           << QByteArray();
    QTest::newRow("encoded utf-8")
        << get("/%E4%B8%AD.css") << 0 << QStringLiteral("/中.css") << QByteArray();
    QTest::newRow("post body") << QByteArray(
        "POST /answer HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello")
                               << 0 << QStringLiteral("/answer") << QByteArray("hello");
    QTest::newRow("largest body") << QByteArray("POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: "
        + QByteArray::number(kMaxBodyBytes) + "\r\n\r\n" + big)
                                  << 0 << QStringLiteral("/a") << big;
    QTest::newRow("http/1.0 without host")
        << QByteArray("GET / HTTP/1.0\r\n\r\n") << 0 << QStringLiteral("/") << QByteArray();
    QTest::newRow("incomplete headers")
        << QByteArray("GET / HTTP/1.1\r\nHost: a\r\n") << -1 << QString() << QByteArray();
    QTest::newRow("incomplete body")
        << QByteArray("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9\r\n\r\nabc") << -1
        << QString() << QByteArray();
    QTest::newRow("body too large") << QByteArray("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: "
        + QByteArray::number(kMaxBodyBytes + 1) + "\r\n\r\n")
                                    << 413 << QString() << QByteArray();
    QTest::newRow("huge content length")
        << QByteArray("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n")
        << 413 << QString() << QByteArray();
    QTest::newRow("negative content length")
        << QByteArray("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n") << 400
        << QString() << QByteArray();
    QTest::newRow("two content lengths") << QByteArray(
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n"
        "\r\nx") << 400 << QString() << QByteArray();
    QTest::newRow("chunked") << QByteArray("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: "
                                           "chunked\r\n\r\n")
                             << 501 << QString() << QByteArray();
    QTest::newRow("long request line")
        << get("/" + QByteArray(kMaxRequestLine, 'a')) << 414 << QString() << QByteArray();
    QTest::newRow("long line without end")
        << QByteArray("GET /" + QByteArray(kMaxRequestLine + 10, 'a')) << 414 << QString()
        << QByteArray();
    QTest::newRow("long header") << QByteArray(
        "GET / HTTP/1.1\r\nHost: a\r\nX: " + QByteArray(kMaxHeaderBytes, 'b') + "\r\n\r\n")
                                 << 431 << QString() << QByteArray();
    QByteArray many("GET / HTTP/1.1\r\nHost: a\r\n");
    for (int i = 0; i < kMaxHeaderCount; ++i)
        many += "X" + QByteArray::number(i) + ": 1\r\n";
    QTest::newRow("too many headers")
        << QByteArray(many + "\r\n") << 431 << QString() << QByteArray();
    QTest::newRow("bare LF") << QByteArray("GET / HTTP/1.1\nHost: a\n\n") << 400 << QString()
                             << QByteArray();
    QTest::newRow("no host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400 << QString()
                             << QByteArray();
    QTest::newRow("two hosts") << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") << 400
                               << QString() << QByteArray();
    QTest::newRow("header without colon")
        << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nBroken\r\n\r\n") << 400 << QString()
        << QByteArray();
    QTest::newRow("folded header") << QByteArray("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n")
                                   << 400 << QString() << QByteArray();
    QTest::newRow("control in header")
        << QByteArray("GET / HTTP/1.1\r\nHost: a\x01\r\n\r\n") << 400 << QString() << QByteArray();
    QTest::newRow("unknown method")
        << QByteArray("DELETE / HTTP/1.1\r\nHost: a\r\n\r\n") << 501 << QString() << QByteArray();
    QTest::newRow("bad method") << QByteArray("G(T / HTTP/1.1\r\nHost: a\r\n\r\n") << 400
                                << QString() << QByteArray();
    QTest::newRow("http/2") << QByteArray("GET / HTTP/2.0\r\nHost: a\r\n\r\n") << 505 << QString()
                            << QByteArray();
    QTest::newRow("no version") << QByteArray("GET /\r\n\r\n") << 400 << QString() << QByteArray();
    QTest::newRow("two spaces") << QByteArray("GET  / HTTP/1.1\r\nHost: a\r\n\r\n") << 400
                                << QString() << QByteArray();
    QTest::newRow("absolute form") << get("http://evil/") << 400 << QString() << QByteArray();
    QTest::newRow("traversal") << get("/../etc/passwd") << 400 << QString() << QByteArray();
    QTest::newRow("encoded traversal")
        << get("/%2e%2e/%2E%2E/etc/passwd") << 400 << QString() << QByteArray();
    QTest::newRow("encoded slash traversal")
        << get("/a%2f..%2fb") << 400 << QString() << QByteArray();
    QTest::newRow("dot segment") << get("/./index.html") << 400 << QString() << QByteArray();
    QTest::newRow("backslash") << get("/..%5c..%5cwin.ini") << 400 << QString() << QByteArray();
    QTest::newRow("encoded NUL") << get("/index.html%00.png") << 400 << QString() << QByteArray();
    QTest::newRow("bad utf-8") << get("/%C3%28") << 400 << QString() << QByteArray();
    QTest::newRow("overlong utf-8") << get("/%C0%AF") << 400 << QString() << QByteArray();
    QTest::newRow("raw high byte") << get("/\xC3\xA9") << 400 << QString() << QByteArray();
    QTest::newRow("bad percent") << get("/%zz") << 400 << QString() << QByteArray();
    QTest::newRow("cut percent") << get("/a%4") << 400 << QString() << QByteArray();
    QTest::newRow("space in query")
        << QByteArray("GET /?a b HTTP/1.1\r\nHost: a\r\n\r\n") << 400 << QString() << QByteArray();
    QTest::newRow("empty line first")
        << QByteArray("\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n") << 400 << QString() << QByteArray();
    QTest::newRow("binary noise") << QByteArrayLiteral(
        "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n")
                                  << 400 << QString() << QByteArray();
}

void TestHttpRequestParser::requests()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, status);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    HttpRequestParser parser;
    const State state = parser.feed(bytes);
    if (status == 0) {
        QCOMPARE(state, State::Complete);
        QCOMPARE(parser.request().path, path);
        QCOMPARE(parser.request().body, body);
    } else if (status < 0) {
        QCOMPARE(state, State::NeedMore);
        QVERIFY(parser.inProgress());
    } else {
        QCOMPARE(state, State::Failed);
        QCOMPARE(parser.errorStatus(), status);
        QVERIFY(!parser.errorReason().isEmpty());
    }
}

void TestHttpRequestParser::byteByByte()
{
    const QByteArray bytes("POST /answer?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                           "application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n"
                           "{\"choice\":1}");
    HttpRequestParser parser;
    State state = State::NeedMore;
    for (qsizetype i = 0; i < bytes.size() - 1; ++i) {
        state = parser.feed(bytes.mid(i, 1));
        if (state != State::NeedMore)
            break;
    }
    QCOMPARE(state, State::Complete);
    const HttpRequest &r = parser.request();
    QCOMPARE(r.method, QByteArray("POST"));
    QCOMPARE(r.path, QStringLiteral("/answer"));
    QCOMPARE(r.query, QByteArray("x=1"));
    QCOMPARE(r.header("content-type"), QByteArray("application/json"));
    QCOMPARE(r.body, QByteArray("{\"choice\":1"));
    QVERIFY(!r.keepAlive);
}

void TestHttpRequestParser::pipelined()
{
    HttpRequestParser parser;
    QCOMPARE(parser.feed(get("/one") + get("/two") + "GET /thr"), State::Complete);
    QCOMPARE(parser.request().path, QStringLiteral("/one"));
    QVERIFY(parser.request().keepAlive);
    QCOMPARE(parser.next(), State::Complete);
    QCOMPARE(parser.request().path, QStringLiteral("/two"));
    QCOMPARE(parser.next(), State::NeedMore);
    QCOMPARE(parser.feed("ee HTTP/1.1\r\nHost: a\r\n\r\n"), State::Complete);
    QCOMPARE(parser.request().path, QStringLiteral("/three"));
    QCOMPARE(parser.next(), State::NeedMore);
    QVERIFY(!parser.inProgress());
}

void TestHttpRequestParser::refusedStaysRefused()
{
    HttpRequestParser parser;
    QCOMPARE(parser.feed("BREW / HTTP/1.1\r\n"), State::Failed);
    QCOMPARE(parser.errorStatus(), 501);
    QCOMPARE(parser.feed(get("/")), State::Failed);
    QCOMPARE(parser.next(), State::Failed);
}

QTEST_MAIN(TestHttpRequestParser)
#include "tst_httprequestparser.moc"
