// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/nickname.h"

#include "classroom/classroomlimits.h"

namespace ae::classroom {

bool Nickname::isRemoved(char32_t u)
{
    if (u < 0x20 || (u >= 0x7F && u <= 0x9F))
        return true;
    if (u == 0x061C || u == 0x200E || u == 0x200F)
        return true;
    if ((u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069))
        return true;
    if ((u >= 0x200B && u <= 0x200D) || u == 0x2060 || u == 0xFEFF)
        return true;
    if (u >= 0xD800 && u <= 0xDFFF) // an unpaired surrogate
        return true;
    if ((u >= 0xFDD0 && u <= 0xFDEF) || (u & 0xFFFE) == 0xFFFE)
        return true;
    return false;
}

QString Nickname::sanitized(const QString &typed)
{
    QString out;
    int codePoints = 0;
    bool pendingSpace = false;
    // Bounded: a long input is cut while reading, never scanned in full.
    const qsizetype limit = qMin<qsizetype>(typed.size(), 64 * kMaxNicknameLength);
    for (qsizetype i = 0; i < limit && codePoints < kMaxNicknameLength; ++i) {
        char32_t u = typed.at(i).unicode();
        qsizetype units = 1;
        if (QChar::isHighSurrogate(u) && i + 1 < limit && typed.at(i + 1).isLowSurrogate()) {
            u = QChar::surrogateToUcs4(typed.at(i), typed.at(i + 1));
            units = 2;
        }
        if (isRemoved(u)) {
            // dropped
        } else if (QChar::isSpace(u)) {
            pendingSpace = !out.isEmpty();
        } else {
            if (pendingSpace) {
                if (codePoints + 1 >= kMaxNicknameLength)
                    break;
                out.append(QLatin1Char(' '));
                ++codePoints;
                pendingSpace = false;
            }
            out.append(typed.mid(i, units));
            ++codePoints;
        }
        i += units - 1;
    }
    return out;
}

} // namespace ae::classroom
