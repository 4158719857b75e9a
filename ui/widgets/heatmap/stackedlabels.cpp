// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/stackedlabels.h"

#include "session/cjkscript.h"

#include <algorithm>

namespace ae {

namespace {

/// True for characters set upright in vertical text: Han, kana, Hangul, CJK punctuation.
bool isUprightCharacter(QChar c)
{
    if (isCjkScript(c.unicode()))
        return true;
    const char16_t u = c.unicode();
    return (u >= 0x3000 && u <= 0x303f) || (u >= 0xff00 && u <= 0xffef);
}

} // namespace

bool stackUpright(const QStringList &labels)
{
    if (labels.isEmpty())
        return false;
    for (const QString &label : labels) {
        if (label.isEmpty() || label.size() > maxStackedChars
            || !std::all_of(label.begin(), label.end(), isUprightCharacter))
            return false;
    }
    return true;
}

QString stackedLabel(const QString &label)
{
    QStringList characters;
    for (QChar c : label)
        characters.append(QString(c));
    return characters.join(QLatin1Char('\n'));
}

} // namespace ae
