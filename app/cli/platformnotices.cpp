// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/platformnotices.h"

#include <QtGlobal>
#include <cstdio>

namespace ae {

namespace {

void platformNoticeFilter(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (isKnownPlatformNotice(message) && !qEnvironmentVariableIsSet("AE_DEBUG"))
        return;
    // As Qt's default handler writes it (QT_MESSAGE_PATTERN applies).
    const QString line = qFormatLogMessage(type, context, message);
    if (line.isEmpty())
        return;
    std::fputs(line.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
    std::fflush(stderr);
}

} // namespace

bool isKnownPlatformNotice(const QString &message)
{
    // The runtime folder Qt falls back to on a server or in a container (it works).
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return true;
    // A platform plugin without window management (offscreen, minimal): the calls do
    // nothing there, and nothing needs them to.
    return message.startsWith(QLatin1String("This plugin does not support "));
}

void installPlatformNoticeFilter()
{
    qInstallMessageHandler(platformNoticeFilter);
}

} // namespace ae
