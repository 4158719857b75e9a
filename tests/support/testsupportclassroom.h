// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportclassroom.h
/// A student's side of the class-answers server, for the suites that talk to it over
/// 127.0.0.1: one HTTP request and its response, joining a room and answering.

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace ae::test {

/// One response as read off the socket.
struct HttpResponse
{
    int status = 0; ///< 0: the connection closed (or timed out) without a response
    QHash<QByteArray, QByteArray> headers; ///< lower-cased names
    QByteArray body;
    /// The body as a JSON object (empty when it is not one).
    QJsonObject json() const;
};

/// Parses @p bytes as one response into @p r; false while it is incomplete.
bool parseHttpResponse(const QByteArray &bytes, HttpResponse *r);
/// Sends @p raw on a new connection to 127.0.0.1:@p port and reads one response, waiting at
/// most 5 s to connect and 5 s for the response (the event loop runs meanwhile).
HttpResponse httpExchange(quint16 port, const QByteArray &raw);
/// A GET of @p target that closes the connection after the response.
QByteArray httpGet(const QByteArray &target);
/// A POST of @p body (JSON) to @p path that closes the connection after the response.
QByteArray httpPost(const QByteArray &path, const QByteArray &body);
/// @p o as compact JSON bytes.
QByteArray jsonBytes(const QJsonObject &o);

/// Joins room @p room on 127.0.0.1:@p port as @p nickname; the student's token, or an empty
/// string when the server refused.
QString joinRoom(quint16 port, const QString &room, const QString &nickname);
/// Answers @p choice to step @p step's question as the student with @p token.
HttpResponse answerQuestion(
    quint16 port, const QString &room, const QString &token, int step, int choice);
/// True when nothing accepts a connection on 127.0.0.1:@p port (waits at most 5 s).
bool portRefuses(quint16 port);

} // namespace ae::test
