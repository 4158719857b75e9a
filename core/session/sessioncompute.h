// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessioncompute.h
/// Running the attention core on a whole session.

#include "attention/attentionresult.h"
#include "parallel/paralleloptions.h"
#include "session/session.h"

namespace ae {

/// Computes attention for a session: queries from attention.queryFrom, keys and values (and
/// the key padding) from attention.keyValueFrom, projections materialized from their spec.
/// @pre validateSession(session) found nothing.
/// @p options may give it more threads (the result is the same whatever their number) or
/// cancel it (then the result is incomplete and must be dropped).
AttentionResult computeSession(
    const Session &session, const ParallelOptions &options = ParallelOptions());

} // namespace ae
