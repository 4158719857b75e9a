// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomconnection.h
/// One student's browser connection to the class-answers server.

#include "classroom/httprequestparser.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QTimer>

class QTcpSocket;

namespace ae {

/// Reads requests from one socket with the bounded parser, answers them and closes the
/// connection on a refusal, a slow request (kRequestTimeoutMs for a whole request), an idle
/// kept-alive connection (kIdleTimeoutMs) or a server-sent event stream's end. Every response
/// carries the security headers (Content-Security-Policy self only, nosniff, no referrer).
class ClassroomConnection : public QObject
{
    Q_OBJECT
public:
    /// Takes over @p socket (made its child).
    explicit ClassroomConnection(QTcpSocket *socket, QObject *parent = nullptr);

    /// The peer's address, as text.
    QString peer() const { return m_peer; }
    /// Sends a response; @p close ends the connection after it (also when the request asked).
    void respond(int status, const QByteArray &contentType, const QByteArray &body,
        const QList<QPair<QByteArray, QByteArray>> &headers = {}, bool close = false);
    /// Answers the current request later: the server calls respond() once, from a later turn
    /// of the event loop. Until then no further request of this connection is read (pipelined
    /// requests are answered in order) and no timeout runs.
    void deferResponse();
    /// Answers the current request with an open text/event-stream; sendEvent() then pushes.
    void startEventStream();
    /// True after startEventStream().
    bool isEventStream() const { return m_eventStream; }
    /// Pushes one event's data (a single line of JSON) on an event stream.
    void sendEvent(const QByteArray &json);
    /// Closes the connection now.
    void close();

    /// The standard reason phrase of @p status.
    static QByteArray reasonPhrase(int status);

signals:
    /// A whole request arrived; answer it with respond() or startEventStream().
    void requestReady(ae::ClassroomConnection *connection, const ae::classroom::HttpRequest &r);
    /// The connection is closed; the object deletes itself later.
    void closed(ae::ClassroomConnection *connection);

private:
    void readAvailable();
    void handleParsed();
    void timedOut();
    void resume();

    QTcpSocket *m_socket = nullptr;
    classroom::HttpRequestParser m_parser;
    QTimer m_timer;
    QString m_peer;
    bool m_closeAfter = false;
    bool m_eventStream = false;
    bool m_closed = false;
    bool m_deferred = false; ///< the current request's response comes later
};

} // namespace ae
