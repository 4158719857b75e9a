// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/textfield.h"

#include <QCoreApplication>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(TextField)
};

bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

bool isBidiControl(char32_t c)
{
    return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/// The character as U+XXXX.
QString codeName(char32_t c)
{
    return QStringLiteral("U+")
        + QString::number(static_cast<uint>(c), 16).toUpper().rightJustified(4, QLatin1Char('0'));
}

} // namespace

std::optional<QString> textFieldProblem(const QString &text, TextLines lines)
{
    qsizetype position = 0;
    for (const char32_t c : QStringView(text).toUcs4()) {
        ++position;
        const bool lineBreakOrTab = c == U'\n' || c == U'\t';
        if (isControl(c) && !(lineBreakOrTab && lines == TextLines::Multi)) {
            const QString code = codeName(c);
            if (lineBreakOrTab)
                return Msg::tr("%1 (%2) at character %3 is not allowed: this text is a single line")
                    .arg(code, c == U'\n' ? Msg::tr("a line break") : Msg::tr("a tab"))
                    .arg(position);
            return Msg::tr("%1 (a control character) at character %2 is not allowed in text")
                .arg(code)
                .arg(position);
        }
        if (isBidiControl(c))
            return Msg::tr("%1 (a bidirectional override) at character %2 is not allowed in text: "
                           "it makes text read differently from what it holds")
                .arg(codeName(c))
                .arg(position);
    }
    return std::nullopt;
}

} // namespace ae
