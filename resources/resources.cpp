// SPDX-License-Identifier: GPL-3.0-or-later
#include "resources.h"

namespace ae {

QString applicationIconPath()
{
    return QStringLiteral(":/icons/attention-explorer.svg");
}

QString applicationId()
{
    return QStringLiteral(AE_APP_ID_STRING);
}

QString sessionFileSuffix()
{
    return QStringLiteral(AE_SESSION_SUFFIX_STRING);
}

} // namespace ae
