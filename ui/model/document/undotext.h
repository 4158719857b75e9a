// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file undotext.h
/// The name of an undo step, as a function rather than a string.

#include <QString>
#include <functional>

namespace ae {

/// Makes an undo step's name in the current interface language. The stack asks again after
/// every language switch, so Edit ▸ Undo never names a step in the language it was made in.
/// Capture the values the name shows (a role, a token, a count), never a pointer to the
/// session.
using UndoText = std::function<QString()>;

} // namespace ae
