// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/parsedcommand.h"

#include <cstdio>

namespace ae {

int reportParseOutcome(ParseOutcome outcome, const QString &text)
{
    if (outcome == ParseOutcome::Help) {
        const QByteArray bytes = text.toUtf8();
        std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
        std::fflush(stdout);
        return 0;
    }
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
    return 2;
}

} // namespace ae
