// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file filereaderror.h
/// Why a session or lesson file could not be read, as the loaders report it.

#include "io/boundedfilereader.h"
#include "session/sessionerror.h"

namespace ae {

/// The refusal for a BoundedFileReader::readFile() outcome with a problem: an Io error for a
/// folder, a missing or an unreadable file, an Invalid one for a file larger than @p maxBytes.
/// Must not be called for Problem::None.
SessionError fileReadError(const BoundedFileReader::Outcome &read, qint64 maxBytes);

} // namespace ae
