// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessoncatalog.h"

#include "io/boundedfilereader.h"
#include "session/sessionlimits.h"

#include <QDir>
#include <QFile>

namespace ae {

namespace {

const QString lessonFolder = QStringLiteral(":/lessons");

} // namespace

QStringList LessonCatalog::builtinNames()
{
    QStringList names;
    const QString suffix = QLatin1String(lessonFileSuffix);
    for (const QString &file :
        QDir(lessonFolder).entryList({ QLatin1Char('*') + suffix }, QDir::Files, QDir::Name))
        names.append(file.chopped(suffix.size()));
    return names;
}

QString LessonCatalog::builtinPath(const QString &name)
{
    return lessonFolder + QLatin1Char('/') + name + QLatin1String(lessonFileSuffix);
}

std::optional<QByteArray> LessonCatalog::builtinExample(const QString &name)
{
    // Only plain names: a lesson must not reach outside the examples' folder.
    if (name.isEmpty() || name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('.')))
        return std::nullopt;
    const QString path = QStringLiteral(":/examples/") + name + QStringLiteral(".json");
    if (!QFile::exists(path))
        return std::nullopt;
    QString error;
    return BoundedFileReader::read(path, limits::maxSessionFileBytes, &error);
}

LessonLoadResult LessonCatalog::load(const QString &nameOrFile)
{
    const bool builtin = !nameOrFile.contains(QLatin1Char('/'))
        && !nameOrFile.endsWith(QLatin1String(".json")) && builtinNames().contains(nameOrFile);
    return loadLessonFile(builtin ? builtinPath(nameOrFile) : nameOrFile, builtinExample);
}

} // namespace ae
