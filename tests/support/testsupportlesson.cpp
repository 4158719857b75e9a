// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportlesson.h"

#include "lesson/lessoncatalog.h"

namespace ae::test {

const QString sqrtLesson = QStringLiteral("why-sqrt-dk");

ResolvedLesson builtin(const QString &name)
{
    const LessonLoadResult loaded = LessonCatalog::load(name);
    if (!loaded.ok())
        qFatal("%s", qPrintable(loaded.error->toString()));
    return loaded.lesson;
}

} // namespace ae::test
