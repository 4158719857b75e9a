// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classroomconnection.h"

#include "classroom/classroomlimits.h"

#include <QTcpSocket>

namespace ae {

using classroom::HttpRequestParser;

ClassroomConnection::ClassroomConnection(QTcpSocket *socket, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_peer(socket->peerAddress().toString())
{
    m_socket->setParent(this);
    // The socket holds at most this much unread; the parser refuses a request long before.
    m_socket->setReadBufferSize(16 * 1024);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ClassroomConnection::timedOut);
    connect(m_socket, &QTcpSocket::readyRead, this, &ClassroomConnection::readAvailable);
    connect(m_socket, &QTcpSocket::disconnected, this, &ClassroomConnection::close);
    m_timer.start(classroom::kRequestTimeoutMs);
    // Bytes may already be waiting.
    QTimer::singleShot(0, this, &ClassroomConnection::readAvailable);
}

QByteArray ClassroomConnection::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 415:
        return "Unsupported Media Type";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Error";
    }
}

void ClassroomConnection::readAvailable()
{
    if (m_closed || m_deferred)
        return;
    // Read at most what one request may hold plus a little at a time; the parser refuses more.
    const QByteArray bytes = m_socket->read(16 * 1024);
    if (bytes.isEmpty() && !m_parser.inProgress())
        return;
    if (m_eventStream) // a stream takes no more requests
        return;
    const bool wasIdle = !m_parser.inProgress();
    m_parser.feed(bytes);
    if (wasIdle && m_parser.inProgress())
        m_timer.start(classroom::kRequestTimeoutMs);
    handleParsed();
    if (!m_closed && !m_eventStream && m_socket->bytesAvailable() > 0)
        QTimer::singleShot(0, this, &ClassroomConnection::readAvailable);
}

void ClassroomConnection::handleParsed()
{
    // Bounded: each request answered consumes its bytes; a stream or a close ends the loop.
    for (int i = 0; i < 64 && !m_closed && !m_eventStream; ++i) {
        const HttpRequestParser::State state = m_parser.state();
        if (state == HttpRequestParser::State::Failed) {
            respond(m_parser.errorStatus(), "text/plain; charset=utf-8",
                m_parser.errorReason().toUtf8() + '\n', {}, true);
            return;
        }
        if (state != HttpRequestParser::State::Complete)
            return;
        m_closeAfter = !m_parser.request().keepAlive;
        emit requestReady(this, m_parser.request());
        if (m_closed || m_eventStream || m_deferred)
            return;
        m_parser.next();
        m_timer.start(
            m_parser.inProgress() ? classroom::kRequestTimeoutMs : classroom::kIdleTimeoutMs);
    }
    if (!m_closed && !m_eventStream && !m_deferred
        && m_parser.state() == HttpRequestParser::State::Complete) {
        respond(429, "text/plain; charset=utf-8", "Too many pipelined requests.\n", {}, true);
    }
}

void ClassroomConnection::respond(int status, const QByteArray &contentType, const QByteArray &body,
    const QList<QPair<QByteArray, QByteArray>> &headers, bool close)
{
    if (m_closed)
        return;
    const bool closing = close || m_closeAfter;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status)
        + "\r\nContent-Type: " + contentType
        + "\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\nContent-Security-Policy: default-src 'self'; script-src 'self'; style-src "
          "'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action "
          "'none'; frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\n"
          "Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n";
    for (const auto &h : headers)
        out += h.first + ": " + h.second + "\r\n";
    out += closing ? "Connection: close\r\n\r\n" : "\r\n";
    const bool head = m_parser.state() == HttpRequestParser::State::Complete
        && m_parser.request().method == "HEAD";
    if (!head)
        out += body;
    m_socket->write(out);
    if (closing) {
        m_closed = true;
        m_timer.stop();
        // The socket outlives this object until its bytes are written: it deletes itself once
        // disconnected.
        QTcpSocket *socket = m_socket;
        socket->disconnect(this);
        socket->setParent(nullptr);
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        socket->readAll(); // unread bytes are dropped
        socket->disconnectFromHost();
        if (socket->state() == QAbstractSocket::UnconnectedState)
            socket->deleteLater();
        m_socket = nullptr;
        emit closed(this);
        deleteLater();
        return;
    }
    if (m_deferred) {
        // The request answered late: on to the next one (already read, or still to come), in
        // a later turn.
        m_deferred = false;
        m_parser.next();
        m_timer.start(
            m_parser.inProgress() ? classroom::kRequestTimeoutMs : classroom::kIdleTimeoutMs);
        QTimer::singleShot(0, this, &ClassroomConnection::resume);
    }
}

void ClassroomConnection::deferResponse()
{
    if (m_closed || m_eventStream)
        return;
    m_deferred = true;
    m_timer.stop();
}

void ClassroomConnection::resume()
{
    if (m_closed || m_deferred || m_eventStream)
        return;
    handleParsed();
    if (!m_closed && !m_deferred && !m_eventStream && m_socket->bytesAvailable() > 0)
        readAvailable();
}

void ClassroomConnection::startEventStream()
{
    if (m_closed)
        return;
    m_eventStream = true;
    m_timer.stop();
    m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
                    "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                    "Referrer-Policy: no-referrer\r\nConnection: keep-alive\r\n\r\n");
}

void ClassroomConnection::sendEvent(const QByteArray &json)
{
    if (m_closed || !m_eventStream)
        return;
    m_socket->write("data: " + json + "\n\n");
}

void ClassroomConnection::close()
{
    if (m_closed)
        return;
    m_closed = true;
    m_timer.stop();
    if (m_socket)
        m_socket->abort();
    emit closed(this);
    deleteLater();
}

void ClassroomConnection::timedOut()
{
    if (m_closed || m_eventStream || m_deferred)
        return;
    if (m_parser.inProgress()) {
        respond(408, "text/plain; charset=utf-8", "The request took too long.\n", {}, true);
        return;
    }
    close();
}

} // namespace ae
