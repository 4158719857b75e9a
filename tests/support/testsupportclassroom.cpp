// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportclassroom.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QList>
#include <QTcpSocket>
#include <QTest>

namespace ae::test {

QJsonObject HttpResponse::json() const
{
    return QJsonDocument::fromJson(body).object();
}

bool parseHttpResponse(const QByteArray &bytes, HttpResponse *r)
{
    const qsizetype end = bytes.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = bytes.left(end).split('\n');
    const QList<QByteArray> status = lines.value(0).split(' ');
    r->status = status.value(1).toInt();
    r->headers.clear();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        r->headers.insert(
            lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = r->headers.value("content-length").toLongLong();
    if (bytes.size() < end + 4 + length)
        return false;
    r->body = bytes.mid(end + 4, length);
    return true;
}

HttpResponse httpExchange(quint16 port, const QByteArray &raw)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    HttpResponse r;
    if (!QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::ConnectedState; }, 5000))
        return r;
    socket.write(raw);
    QByteArray bytes;
    // A reply cut short is read below either way; the caller checks its status.
    static_cast<void>(QTest::qWaitFor(
        [&] {
            bytes += socket.readAll();
            return parseHttpResponse(bytes, &r)
                || socket.state() == QAbstractSocket::UnconnectedState;
        },
        5000));
    bytes += socket.readAll();
    parseHttpResponse(bytes, &r);
    return r;
}

QByteArray httpGet(const QByteArray &target)
{
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
}

QByteArray httpPost(const QByteArray &path, const QByteArray &body)
{
    return "POST " + path
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          "Content-Length: "
        + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

QByteArray jsonBytes(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString joinRoom(quint16 port, const QString &room, const QString &nickname)
{
    const HttpResponse r = httpExchange(port,
        httpPost("/api/join",
            jsonBytes(
                { { QStringLiteral("room"), room }, { QStringLiteral("nickname"), nickname } })));
    return r.status == 200 ? r.json().value(QStringLiteral("token")).toString() : QString();
}

HttpResponse answerQuestion(
    quint16 port, const QString &room, const QString &token, int step, int choice)
{
    return httpExchange(port,
        httpPost("/api/answer",
            jsonBytes({ { QStringLiteral("room"), room }, { QStringLiteral("token"), token },
                { QStringLiteral("step"), step }, { QStringLiteral("choice"), choice } })));
}

bool portRefuses(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    // The state after the wait is the answer, whether or not the wait timed out.
    static_cast<void>(QTest::qWaitFor(
        [&] {
            return socket.state() == QAbstractSocket::UnconnectedState
                || socket.state() == QAbstractSocket::ConnectedState;
        },
        5000));
    return socket.state() == QAbstractSocket::UnconnectedState
        && socket.error() == QAbstractSocket::ConnectionRefusedError;
}

} // namespace ae::test
