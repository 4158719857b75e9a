// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionvalidator.h
/// The semantic rules of a session (sizes agree, limits hold, numbers are finite).

#include "session/sequencerole.h"
#include "session/session.h"
#include "session/sessionerror.h"

#include <optional>

namespace ae {

/// Checks @p session against every rule of the session format and the limits of
/// sessionlimits.h, including the embedding recipes (a one-hot vocabulary must fit the width).
/// Returns the first problem found, with the JSON path of the field, or nothing. The file
/// loader, the command line and the editing document all call this, so a session that
/// validates can always be computed and saved, and each refuses the same sessions.
std::optional<SessionError> validateSession(const Session &session);

} // namespace ae
