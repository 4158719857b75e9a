// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/studenttoken.h"

#include "classroom/classroomlimits.h"

#include <QByteArray>
#include <QRandomGenerator>

namespace ae::classroom {

QString StudentToken::generate(QRandomGenerator &random)
{
    QByteArray bytes(kTokenBytes, '\0');
    for (char &b : bytes)
        b = static_cast<char>(random.bounded(256));
    return QString::fromLatin1(bytes.toHex());
}

bool StudentToken::isWellFormed(const QString &token)
{
    if (token.size() != 2 * kTokenBytes)
        return false;
    for (const QChar c : token) {
        const char16_t u = c.unicode();
        const bool digit = u >= u'0' && u <= u'9';
        const bool hex = u >= u'a' && u <= u'f';
        if (!digit && !hex)
            return false;
    }
    return true;
}

} // namespace ae::classroom
