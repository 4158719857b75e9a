// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file undobudget.h
/// What the undo history may hold, and what one session snapshot in it costs.

#include "session/session.h"

#include <cstddef>

namespace ae {

/// Most bytes of session snapshots the undo history holds. At the size limits (512 tokens of
/// width 1024 on both sides, explicit 1024 x 1024 projections) a snapshot is about 40 MB, so
/// the history keeps the newest five or six steps there and drops the older ones; small
/// sessions reach the step limit long before this.
constexpr std::size_t undoHistoryBudgetBytes = std::size_t(256) * 1024 * 1024;

/// The heap bytes one snapshot of @p session holds: its matrices, vectors, tokens and title.
/// Session::original is not counted: it is never edited, so every snapshot shares one copy
/// of it with the session that was opened. Tokens are counted in full although consecutive
/// snapshots usually share them, so the figure errs on the high side.
std::size_t sessionSnapshotBytes(const Session &session);

} // namespace ae
