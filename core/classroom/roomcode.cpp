// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/roomcode.h"

#include "classroom/classroomlimits.h"

#include <QRandomGenerator>

namespace ae::classroom {

QString RoomCode::alphabet()
{
    return QStringLiteral("ACDEFHJKMNPRTUVWXY");
}

QString RoomCode::generate(QRandomGenerator &random)
{
    const QString letters = alphabet();
    QString code;
    code.reserve(kRoomCodeLength);
    for (int i = 0; i < kRoomCodeLength; ++i)
        code.append(letters.at(static_cast<qsizetype>(random.bounded(letters.size()))));
    return code;
}

QString RoomCode::normalized(const QString &typed)
{
    QString code;
    // Bounded: a typed code longer than a few times the real one is not a code.
    const qsizetype limit = qMin<qsizetype>(typed.size(), 4 * kRoomCodeLength);
    for (qsizetype i = 0; i < limit; ++i) {
        const QChar c = typed.at(i);
        if (c == QLatin1Char(' ') || c == QLatin1Char('-'))
            continue;
        code.append(c.toUpper());
    }
    return code;
}

bool RoomCode::isWellFormed(const QString &code)
{
    if (code.size() != kRoomCodeLength)
        return false;
    const QString letters = alphabet();
    for (const QChar c : code) {
        if (!letters.contains(c))
            return false;
    }
    return true;
}

bool RoomCode::matches(const QString &typed, const QString &code)
{
    const QString candidate = normalized(typed);
    if (candidate.size() != code.size() || code.isEmpty())
        return false;
    int difference = 0;
    for (qsizetype i = 0; i < code.size(); ++i)
        difference |= candidate.at(i).unicode() ^ code.at(i).unicode();
    return difference == 0;
}

} // namespace ae::classroom
