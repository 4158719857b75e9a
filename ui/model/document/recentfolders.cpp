// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/recentfolders.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace ae {

namespace {

QString settingsKey(const char *kind)
{
    return QStringLiteral("recentFolders/") + QLatin1String(kind);
}

bool isFolder(const QString &path)
{
    return !path.isEmpty() && QFileInfo(path).isDir();
}

} // namespace

QString RecentFolders::folder(const char *kind, const QString &fallback)
{
    const QString last = QSettings().value(settingsKey(kind)).toString();
    if (isFolder(last))
        return last;
    if (isFolder(fallback))
        return fallback;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return isFolder(documents) ? documents : QDir::homePath();
}

QString RecentFolders::suggestion(
    const char *kind, const QString &fileName, const QString &fallback)
{
    return QDir(folder(kind, fallback)).filePath(fileName);
}

void RecentFolders::remember(const char *kind, const QString &chosen)
{
    if (chosen.isEmpty())
        return;
    QSettings().setValue(settingsKey(kind), QFileInfo(chosen).absolutePath());
}

} // namespace ae
