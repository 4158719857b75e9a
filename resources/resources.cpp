#include "resources.h"

namespace ae {

QString applicationIconPath()
{
    return QStringLiteral(":/icons/attention-explorer.svg");
}

} // namespace ae
