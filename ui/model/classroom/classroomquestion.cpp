// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classroomquestion.h"

#include <QJsonArray>

namespace ae {

namespace {
QJsonObject textJson(const LessonText &text)
{
    return QJsonObject { { QStringLiteral("en"), text.in(false) },
        { QStringLiteral("zh"), text.in(true) } };
}
} // namespace

QJsonObject ClassroomQuestion::toJson(bool revealed) const
{
    QJsonArray options;
    for (const LessonText &c : choices)
        options.append(textJson(c));
    QJsonObject o { { QStringLiteral("step"), step },
        { QStringLiteral("prompt"), textJson(prompt) }, { QStringLiteral("choices"), options } };
    if (revealed)
        o.insert(QStringLiteral("correct"), correct);
    return o;
}

} // namespace ae
