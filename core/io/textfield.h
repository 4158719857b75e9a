// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file textfield.h
/// What a text field of a session, a lesson or any other file the program reads may hold: the
/// one rule, used by the readers, the strict JSON scan and the window's editors alike.

#include <QString>
#include <optional>

namespace ae {

/// Whether a text field may span lines.
enum class TextLines {
    Single, ///< tokens, titles, keys: no tab, no line break
    Multi ///< captions, notes, questions: tab and newline allowed
};

/// Why @p text may not be held by a text field, or nothing when it may. Refused are the C0
/// controls (U+0000–U+001F, except tab and newline in a Multi field), DEL and the C1 controls
/// (U+007F–U+009F), which a terminal obeys (ESC sequences set its title or clear it), and the
/// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make
/// text read differently from what it holds. The reason names the character as U+XXXX and its
/// position (counted in characters from 1), e.g. "U+001B (a control character) at character 3
/// is not allowed in text".
std::optional<QString> textFieldProblem(const QString &text, TextLines lines);

} // namespace ae
