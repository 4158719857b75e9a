// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file httprequest.h
/// One parsed HTTP/1.1 request.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace ae::classroom {

/// A request as HttpRequestParser read it: the method, the path (percent-decoded, checked
/// UTF-8, no `.` or `..` segment), the raw query, the headers (names lower-cased, in order)
/// and the body.
struct HttpRequest
{
    QByteArray method; ///< GET, HEAD or POST
    QString path; ///< decoded, starts with '/'
    QByteArray query; ///< after '?', still encoded; empty when none
    QList<QPair<QByteArray, QByteArray>> headers; ///< lower-cased names, trimmed values
    QByteArray body; ///< exactly Content-Length bytes
    bool keepAlive = true; ///< false after "Connection: close"

    /// The value of the first header named @p lowerName, or an empty array.
    QByteArray header(const QByteArray &lowerName) const
    {
        for (const auto &h : headers) {
            if (h.first == lowerName)
                return h.second;
        }
        return {};
    }
};

} // namespace ae::classroom
