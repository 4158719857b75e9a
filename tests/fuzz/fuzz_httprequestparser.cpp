// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the class-answers server's HTTP/1.1 request parser (HttpRequestParser). The
// invariants: the same bytes give the same result whole and in two pieces; a complete request
// has a decoded path that begins with '/' and has no '.' or '..' segment and a body within the
// limit; a refusal has one of the parser's statuses and a reason; nothing crashes.

#include "classroom/classroomlimits.h"
#include "classroom/httprequestparser.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace {

using ae::classroom::HttpRequestParser;
using State = HttpRequestParser::State;

[[noreturn]] void broken(const char *why)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", why);
    std::fflush(stderr);
    __builtin_trap();
}

void check(const HttpRequestParser &parser)
{
    if (parser.state() == State::Failed) {
        const int s = parser.errorStatus();
        if (s != 400 && s != 413 && s != 414 && s != 431 && s != 501 && s != 505)
            broken("a refusal with an unexpected status");
        if (parser.errorReason().isEmpty())
            broken("a refusal without a reason");
        return;
    }
    if (parser.state() != State::Complete)
        return;
    const auto &r = parser.request();
    if (!r.path.startsWith(QLatin1Char('/')))
        broken("a path that does not begin with '/'");
    for (const QString &segment : r.path.split(QLatin1Char('/'))) {
        if (segment == QLatin1String(".") || segment == QLatin1String(".."))
            broken("a path with a dot segment");
    }
    if (r.path.contains(QLatin1Char('\\')) || r.path.contains(QChar(0)))
        broken("a path with a backslash or NUL");
    if (r.body.size() > ae::classroom::kMaxBodyBytes)
        broken("a body over the limit");
    if (r.method != "GET" && r.method != "HEAD" && r.method != "POST")
        broken("a method other than GET, HEAD and POST");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    HttpRequestParser whole;
    whole.feed(bytes);
    check(whole);
    // Split where the first byte says.
    const qsizetype cut
        = bytes.isEmpty() ? 0 : static_cast<unsigned char>(bytes.at(0)) % (bytes.size() + 1);
    HttpRequestParser pieces;
    pieces.feed(bytes.left(cut));
    pieces.feed(bytes.mid(cut));
    check(pieces);
    if (whole.state() != pieces.state())
        broken("bytes whole and in pieces end in different states");
    if (whole.state() == State::Failed && whole.errorStatus() != pieces.errorStatus())
        broken("bytes whole and in pieces refused with different statuses");
    if (whole.state() == State::Complete
        && (whole.request().path != pieces.request().path
            || whole.request().body != pieces.request().body))
        broken("bytes whole and in pieces give different requests");
    // Pipelined requests after the first: bounded, since each takes at least a few bytes.
    for (int i = 0; i < 64 && whole.state() == State::Complete; ++i) {
        whole.next();
        check(whole);
    }
    return 0;
}
