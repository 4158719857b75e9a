// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file httprequestparser.h
/// The bounded, incremental HTTP/1.1 request parser the class-answers server reads with.

#include "classroom/httprequest.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace ae::classroom {

/// Reads one HTTP/1.1 request from bytes that arrive in pieces. It never holds more than the
/// limits of classroomlimits.h allow: a request line longer than kMaxRequestLine is refused
/// with 414, a header block over kMaxHeaderBytes or kMaxHeaderCount lines with 431, a body over
/// kMaxBodyBytes with 413; a method other than GET, HEAD and POST with 501, a version other
/// than HTTP/1.0 or HTTP/1.1 with 505, Transfer-Encoding with 501, and anything malformed
/// (bare LF, a header without a colon, a bad or repeated Content-Length, a target that is not
/// a path, bad percent-encoding or UTF-8, a NUL, a `.` or `..` segment) with 400. After an
/// error the parser takes no more bytes; the connection is answered and closed.
class HttpRequestParser
{
    Q_DECLARE_TR_FUNCTIONS(HttpRequestParser)
public:
    /// Where the parser stands.
    enum class State {
        NeedMore, ///< the request is not complete yet
        Complete, ///< request() holds a whole request
        Failed ///< errorStatus() and errorReason() say why
    };

    /// Takes @p bytes. Bytes after a complete request stay for the next one (pipelining):
    /// call next() to go on. Returns the new state.
    State feed(const QByteArray &bytes);
    /// The state after the last feed() or next().
    State state() const { return m_state; }
    /// The complete request (valid in state Complete).
    const HttpRequest &request() const { return m_request; }
    /// The HTTP status of the refusal (valid in state Failed): 400, 413, 414, 431, 501 or 505.
    int errorStatus() const { return m_errorStatus; }
    /// Why the request was refused, in plain words (valid in state Failed).
    QString errorReason() const { return m_errorReason; }
    /// True when some bytes of a request arrived but not all of it.
    bool inProgress() const
    {
        return m_state == State::NeedMore && (m_phase != Phase::RequestLine || !m_buffer.isEmpty());
    }
    /// Forgets the complete request and parses any bytes already received after it.
    State next();

    /// Decodes a request target's path: percent-decoding, UTF-8, no NUL, no `.` or `..`
    /// segment, starts with '/'. Returns false and sets @p reason on a bad path.
    static bool decodePath(const QByteArray &raw, QString *path, QString *reason);

private:
    State parse();
    State fail(int status, const QString &reason);
    bool parseRequestLine(const QByteArray &line);
    bool parseHeaderLine(const QByteArray &line);

    enum class Phase { RequestLine, Headers, Body };
    Phase m_phase = Phase::RequestLine;
    State m_state = State::NeedMore;
    QByteArray m_buffer;
    HttpRequest m_request;
    qsizetype m_headerBytes = 0;
    qsizetype m_contentLength = -1;
    bool m_http11 = false;
    bool m_sawHost = false;
    int m_errorStatus = 0;
    QString m_errorReason;
};

} // namespace ae::classroom
