// SPDX-License-Identifier: GPL-3.0-or-later
#include "resources.h"

namespace ae {

QString applicationIconPath()
{
    return QStringLiteral(":/icons/attention-explorer.svg");
}

} // namespace ae
