// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionjson.h
/// Reading and writing session files (README, "The math and the session file").

#include "session/session.h"
#include "session/sessionerror.h"

#include <QByteArray>
#include <QJsonObject>
#include <optional>

namespace ae {

/// The outcome of reading a session: a session, or why it was refused.
struct SessionLoadResult
{
    Session session; ///< valid only when error is empty
    std::optional<SessionError> error;

    bool ok() const { return !error.has_value(); }
};

/// The format name every session file carries.
inline constexpr char sessionFormatName[] = "attention-explorer-session";
/// The only format version this program reads and writes.
inline constexpr int sessionFormatVersion = 1;

/// Parses and validates session JSON. Sizes are checked against sessionlimits.h before anything of
/// that size is allocated; the first problem is reported with its JSON path.
SessionLoadResult sessionFromJson(const QByteArray &json);

/// sessionFromJson() on a JSON object already parsed (e.g. a session inside a lesson file).
SessionLoadResult sessionFromJsonObject(const QJsonObject &root);

/// Reads a session file. A missing or unreadable file gives an Io error; a file larger than
/// limits::maxSessionFileBytes is refused before it is read.
SessionLoadResult loadSessionFile(const QString &fileName);

/// The session as a JSON object. Fields of session.original that this version does not know
/// are kept, at every level of nesting.
QJsonObject sessionToJson(const Session &session);

/// The fields of @p original (the object a session was read from) that this version does not
/// know, at every level of nesting: what sessionToJson() writes back besides the session's own
/// fields. Empty when there are none.
QJsonObject unknownSessionFields(const QJsonObject &original);

/// sessionToJson() as indented UTF-8 text.
QByteArray sessionToJsonBytes(const Session &session);

} // namespace ae
