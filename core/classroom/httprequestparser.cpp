// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/httprequestparser.h"

#include "classroom/classroomlimits.h"

#include <QStringDecoder>

namespace ae::classroom {

namespace {

/// Everything one request may hold, and so the most the parser ever buffers.
constexpr qsizetype kMaxBuffered = kMaxRequestLine + kMaxHeaderBytes + kMaxBodyBytes;

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    static const QByteArray extra("!#$%&'*+-.^_`|~");
    return extra.contains(c);
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

HttpRequestParser::State HttpRequestParser::feed(const QByteArray &bytes)
{
    if (m_state == State::Failed)
        return m_state;
    if (m_buffer.size() + bytes.size() > kMaxBuffered) {
        // Only the part the limits allow is kept; the checks below then refuse the request
        // with the status of the limit it crossed.
        const qsizetype room = qMax<qsizetype>(0, kMaxBuffered + 1 - m_buffer.size());
        m_buffer.append(bytes.left(room));
    } else {
        m_buffer.append(bytes);
    }
    if (m_state == State::Complete)
        return m_state;
    return parse();
}

HttpRequestParser::State HttpRequestParser::next()
{
    if (m_state != State::Complete)
        return m_state;
    m_request = HttpRequest();
    m_phase = Phase::RequestLine;
    m_headerBytes = 0;
    m_contentLength = -1;
    m_http11 = false;
    m_sawHost = false;
    m_state = State::NeedMore;
    return parse();
}

HttpRequestParser::State HttpRequestParser::fail(int status, const QString &reason)
{
    m_state = State::Failed;
    m_errorStatus = status;
    m_errorReason = reason;
    m_buffer.clear();
    return m_state;
}

HttpRequestParser::State HttpRequestParser::parse()
{
    // Each pass takes one line or the body; the loop ends because each pass consumes bytes or
    // returns.
    while (m_state == State::NeedMore) {
        if (m_phase == Phase::Body) {
            if (m_buffer.size() < m_contentLength)
                return m_state;
            m_request.body = m_buffer.left(m_contentLength);
            m_buffer.remove(0, m_contentLength);
            m_state = State::Complete;
            return m_state;
        }
        const qsizetype lf = m_buffer.indexOf('\n');
        const qsizetype limit
            = m_phase == Phase::RequestLine ? kMaxRequestLine : kMaxHeaderBytes - m_headerBytes;
        if (lf < 0) {
            if (m_buffer.size() > limit) {
                return m_phase == Phase::RequestLine
                    ? fail(414, tr("The request line is longer than the limit."))
                    : fail(431, tr("The request's headers are longer than the limit."));
            }
            if (m_buffer.size() >= kMaxBuffered)
                return fail(413, tr("The request is larger than the limit."));
            return m_state;
        }
        if (lf + 1 > limit) {
            return m_phase == Phase::RequestLine
                ? fail(414, tr("The request line is longer than the limit."))
                : fail(431, tr("The request's headers are longer than the limit."));
        }
        if (lf == 0 || m_buffer.at(lf - 1) != '\r')
            return fail(400, tr("A line of the request does not end with CR LF."));
        const QByteArray line = m_buffer.left(lf - 1);
        m_buffer.remove(0, lf + 1);
        if (m_phase == Phase::RequestLine) {
            if (!parseRequestLine(line))
                return m_state;
            m_phase = Phase::Headers;
            continue;
        }
        m_headerBytes += lf + 1;
        if (line.isEmpty()) {
            if (m_http11 && !m_sawHost)
                return fail(400, tr("An HTTP/1.1 request has no Host header."));
            m_phase = Phase::Body;
            if (m_contentLength < 0)
                m_contentLength = 0;
            continue;
        }
        if (!parseHeaderLine(line))
            return m_state;
    }
    return m_state;
}

bool HttpRequestParser::parseRequestLine(const QByteArray &line)
{
    const QList<QByteArray> parts = line.split(' ');
    if (parts.size() != 3 || parts[0].isEmpty() || parts[1].isEmpty()) {
        fail(400, tr("The request line is not \"METHOD /path HTTP/1.1\"."));
        return false;
    }
    for (const char c : parts[0]) {
        if (!isTokenChar(c)) {
            fail(400, tr("The request's method is not a word."));
            return false;
        }
    }
    if (parts[0] != "GET" && parts[0] != "HEAD" && parts[0] != "POST") {
        fail(501, tr("The request's method is not GET, HEAD or POST."));
        return false;
    }
    const QByteArray &version = parts[2];
    if (!version.startsWith("HTTP/") || version.size() != 8 || version.at(6) != '.') {
        fail(400, tr("The request line does not end with an HTTP version."));
        return false;
    }
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        fail(505, tr("Only HTTP/1.0 and HTTP/1.1 are spoken."));
        return false;
    }
    m_request.method = parts[0];
    m_http11 = version == "HTTP/1.1";
    m_request.keepAlive = m_http11;
    const QByteArray &target = parts[1];
    const qsizetype question = target.indexOf('?');
    const QByteArray rawPath = question < 0 ? target : target.left(question);
    m_request.query = question < 0 ? QByteArray() : target.mid(question + 1);
    for (const char c : m_request.query) {
        if (c <= 0x20 || c >= 0x7F) {
            fail(400, tr("The request's query holds a character that must be encoded."));
            return false;
        }
    }
    QString reason;
    if (!decodePath(rawPath, &m_request.path, &reason)) {
        fail(400, reason);
        return false;
    }
    return true;
}

bool HttpRequestParser::parseHeaderLine(const QByteArray &line)
{
    if (m_request.headers.size() >= kMaxHeaderCount) {
        fail(431, tr("The request has more header lines than the limit."));
        return false;
    }
    if (line.front() == ' ' || line.front() == '\t') {
        fail(400, tr("A header line is folded onto the next one."));
        return false;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0) {
        fail(400, tr("A header line has no name and colon."));
        return false;
    }
    QByteArray name = line.left(colon);
    for (const char c : name) {
        if (!isTokenChar(c)) {
            fail(400, tr("A header's name holds a character that is not allowed."));
            return false;
        }
    }
    name = name.toLower();
    const QByteArray value = line.mid(colon + 1).trimmed();
    for (const char c : value) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t') || u == 0x7F) {
            fail(400, tr("A header's value holds a control character."));
            return false;
        }
    }
    if (name == "transfer-encoding") {
        fail(501, tr("Transfer-Encoding is not supported; send Content-Length."));
        return false;
    }
    if (name == "content-length" || name == "host") {
        const bool repeated = name == "host" ? m_sawHost : m_contentLength >= 0;
        if (repeated) {
            fail(400, tr("A header that may appear once appears twice."));
            return false;
        }
    }
    if (name == "host")
        m_sawHost = true;
    if (name == "content-length") {
        if (value.isEmpty() || value.size() > 9) {
            fail(value.size() > 9 ? 413 : 400, tr("The Content-Length header is not a size."));
            return false;
        }
        qsizetype length = 0;
        for (const char c : value) {
            if (c < '0' || c > '9') {
                fail(400, tr("The Content-Length header is not a size."));
                return false;
            }
            length = length * 10 + (c - '0');
        }
        if (length > kMaxBodyBytes) {
            fail(413, tr("The request's body is larger than the limit."));
            return false;
        }
        m_contentLength = length;
    } else if (name == "connection") {
        const QByteArray v = value.toLower();
        if (v == "close")
            m_request.keepAlive = false;
        else if (v == "keep-alive")
            m_request.keepAlive = true;
    }
    m_request.headers.append({ name, value });
    return true;
}

bool HttpRequestParser::decodePath(const QByteArray &raw, QString *path, QString *reason)
{
    if (!raw.startsWith('/')) {
        *reason = tr("The request's target is not a path that begins with '/'.");
        return false;
    }
    QByteArray decoded;
    decoded.reserve(raw.size());
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const char c = raw.at(i);
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7F) {
            *reason = tr("The request's path holds a character that must be encoded.");
            return false;
        }
        if (c != '%') {
            decoded.append(c);
            continue;
        }
        const int high = i + 2 < raw.size() ? hexValue(raw.at(i + 1)) : -1;
        const int low = i + 2 < raw.size() ? hexValue(raw.at(i + 2)) : -1;
        if (high < 0 || low < 0) {
            *reason = tr("The request's path has a '%' without two hexadecimal digits.");
            return false;
        }
        decoded.append(static_cast<char>(high * 16 + low));
        i += 2;
    }
    for (const char c : decoded) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F || c == '\\') {
            *reason = tr("The request's path holds a control character or a backslash.");
            return false;
        }
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8.decode(decoded);
    if (utf8.hasError()) {
        *reason = tr("The request's path is not valid UTF-8.");
        return false;
    }
    const QStringList segments = text.split(QLatin1Char('/'));
    for (const QString &segment : segments) {
        if (segment == QLatin1String(".") || segment == QLatin1String("..")) {
            *reason = tr("The request's path has a '.' or '..' segment.");
            return false;
        }
    }
    *path = text;
    return true;
}

} // namespace ae::classroom
