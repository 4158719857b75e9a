// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoncatalog.h
/// The built-in lessons (resources/lessons/NAME.aelesson.json, compiled in under ":/lessons/")
/// and the built-in examples they start from (":/examples/NAME.json"). The resources are linked
/// into the program only: here they are read by path, so the core stays free of them.

#include "lesson/lessonjson.h"

#include <QStringList>

namespace ae {

/// Finds and reads the built-in lessons.
class LessonCatalog
{
public:
    /// The names of the built-in lessons, sorted (empty when the resources are not linked).
    static QStringList builtinNames();
    /// The resource path of the built-in lesson @p name (which may not exist).
    static QString builtinPath(const QString &name);
    /// The built-in example session @p name, for LessonExampleSource.
    static std::optional<QByteArray> builtinExample(const QString &name);
    /// Reads @p nameOrFile: a built-in lesson's name, else a lesson file.
    static LessonLoadResult load(const QString &nameOrFile);
};

} // namespace ae
