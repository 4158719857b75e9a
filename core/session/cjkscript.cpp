// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/cjkscript.h"

#include <QChar>

namespace ae {

bool isCjkScript(char32_t codePoint)
{
    switch (QChar::script(codePoint)) {
    case QChar::Script_Han:
    case QChar::Script_Hiragana:
    case QChar::Script_Katakana:
    case QChar::Script_Hangul:
    case QChar::Script_Bopomofo:
        return true;
    default:
        return false;
    }
}

} // namespace ae
