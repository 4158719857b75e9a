// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file jsonparsediagnosis.h
/// Explaining why QJsonDocument refused a session file, in words a person can act on.

#include "session/sessionerror.h"

#include <QByteArray>
#include <QJsonParseError>

namespace ae {

/// Turns a refusal of QJsonDocument::fromJson() into a SessionError: the line and column, and
/// where possible the JSON path of the value and what is wrong with it. Qt refuses numbers a
/// double cannot hold (1e999, 1e-999) and the NaN / Infinity some writers emit without saying
/// which field they are in; those are reported at their path, e.g.
/// `source.embeddings[0][1]: 1e999 is not a finite number (line 5, column 20)`. A file that is
/// a single JSON value rather than an object is reported as such; so are binary data (a NUL
/// byte, with its offset) and UTF-16 text.
/// @param json the text that was parsed; @param error the parser's error (not NoError).
SessionError diagnoseJsonParseError(const QByteArray &json, const QJsonParseError &error);

/// The refusal of binary data (see binaryDataOffset()): "the file is binary data, not text: it
/// holds a NUL byte at offset N".
SessionError binaryDataError(qsizetype offset);

} // namespace ae
