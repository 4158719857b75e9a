// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file studenttoken.h
/// The random token that identifies one student's device to the room.

#include <QString>

class QRandomGenerator;

namespace ae::classroom {

/// Student tokens: kTokenBytes random bytes as lowercase hexadecimal. A student's requests
/// carry it; nobody else can guess it, so nobody can answer for another student.
class StudentToken
{
public:
    /// A new token drawn from @p random (the server passes QRandomGenerator::system()).
    static QString generate(QRandomGenerator &random);
    /// True when @p token has the right length and only lowercase hexadecimal digits.
    static bool isWellFormed(const QString &token);
};

} // namespace ae::classroom
