// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file nickname.h
/// What is left of the nickname a student typed.

#include <QString>

namespace ae::classroom {

/// Nicknames: a student's text reaches the teacher's screen and the class record, so it is
/// cleaned before it is kept.
class Nickname
{
public:
    /// @p typed with the C0 and C1 controls (U+0000–U+001F, U+007F–U+009F), the bidirectional
    /// marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069), the zero-width characters (U+200B–U+200D, U+2060, U+FEFF), unpaired
    /// surrogates and noncharacters removed; runs of white space made one space; trimmed; and
    /// cut to kMaxNicknameLength code points (never inside a surrogate pair).
    static QString sanitized(const QString &typed);
    /// True when code point @p u is removed by sanitized().
    static bool isRemoved(char32_t u);
};

} // namespace ae::classroom
