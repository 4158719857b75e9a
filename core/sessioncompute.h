// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessioncompute.h
/// Running the attention core on a whole session.

#include "attentionresult.h"
#include "session.h"

namespace ae {

/// Computes attention for a session: queries from attention.queryFrom, keys and values (and
/// the key padding) from attention.keyValueFrom, projections materialized from their spec.
/// @pre validateSession(session) found nothing.
AttentionResult computeSession(const Session &session);

} // namespace ae
