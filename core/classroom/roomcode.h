// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file roomcode.h
/// The short code a student types to join a room.

#include <QString>

class QRandomGenerator;

namespace ae::classroom {

/// Room codes: kRoomCodeLength capital letters from an alphabet without the letters that read
/// like digits or like each other (no B, G, I, L, O, Q, S, Z), so a code read off a projector
/// is typed right.
class RoomCode
{
public:
    /// The letters a code is made of.
    static QString alphabet();
    /// A new random code drawn from @p random.
    static QString generate(QRandomGenerator &random);
    /// The code as typed, made comparable: spaces and dashes dropped, letters upper-cased.
    static QString normalized(const QString &typed);
    /// True when @p code (already normalized) has the length and only alphabet letters.
    static bool isWellFormed(const QString &code);
    /// True when @p typed, normalized, is @p code. Compares every character (no early exit).
    static bool matches(const QString &typed, const QString &code);
};

} // namespace ae::classroom
