#pragma once

/// @file sessionvalidator.h
/// The semantic rules of a session (sizes agree, limits hold, numbers are finite).

#include "session.h"
#include "sessionerror.h"

#include <optional>

namespace ae {

/// Checks @p session against every rule of the session file (README) and the limits of
/// sessionlimits.h. Returns the first problem found, with the JSON path of the field, or nothing.
/// Both the file loader and the editing document call this, so a session that validates can
/// always be computed and saved.
std::optional<SessionError> validateSession(const Session &session);

/// The JSON name of a sequence role ("source" or "target").
QString roleName(SequenceRole role);

} // namespace ae
