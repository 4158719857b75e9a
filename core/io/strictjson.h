// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file strictjson.h
/// Reading a JSON file strictly: what QJsonDocument lets through silently is refused, the same
/// way for every JSON file the program reads (sessions, lessons, trained runs and replays,
/// imported attention).

#include "session/sessionerror.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <optional>

namespace ae {

/// What parseJsonStrictly() found: the document, or why it is refused.
struct StrictJsonResult
{
    QJsonDocument document; ///< the parsed document when error is empty
    std::optional<SessionError> error; ///< why the text is refused
};

/// QJsonDocument::fromJson() with its refusals explained (diagnoseJsonParseError()), and beyond
/// them strictJsonProblem().
StrictJsonResult parseJsonStrictly(const QByteArray &json);

/// What parseJsonObjectStrictly() found: the top-level object, or why the text is refused.
struct StrictJsonObjectResult
{
    QJsonObject object; ///< the top-level object when error is empty
    std::optional<SessionError> error; ///< why the text is refused
};

/// A file's text @p json, at most @p maxBytes long, read by parseJsonStrictly(); its top level
/// must be an object (sessions and lessons both are one).
StrictJsonObjectResult parseJsonObjectStrictly(const QByteArray &json, qsizetype maxBytes);

/// What Qt's parser accepts in valid JSON text @p json and the program does not, or nothing:
/// - a key that appears twice in one object (Qt keeps the last one silently), named with its
///   path and the line and column of both;
/// - a key holding a character textFieldProblem() refuses in a single line, or a string holding
///   one it refuses in multi-line text, named with its path (single-line fields, such as tokens
///   and titles, are checked again as such by their readers).
/// @pre QJsonDocument::fromJson() accepted @p json.
std::optional<SessionError> strictJsonProblem(const QByteArray &json);

} // namespace ae
