// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file recentfolders.h
/// The folder each kind of file was last written to or read from, kept in QSettings, so that
/// a file dialog opens where the user went last for that kind, as Qt applications usually do.

#include <QString>

namespace ae {

/// Remembers, per kind of file, the folder last used.
class RecentFolders
{
public:
    /// The kinds of file the window's dialogs ask for (their settings keys).
    static constexpr const char *handout = "handout";
    static constexpr const char *lesson = "lesson";
    static constexpr const char *figure = "figure";
    static constexpr const char *trainingHistory = "trainingHistory";

    /// Where a dialog for @p kind opens: the folder last used for it while it still exists,
    /// else @p fallback when given and existing, else the user's documents folder (never the
    /// working folder the program happened to start in).
    static QString folder(const char *kind, const QString &fallback = QString());
    /// @p fileName (a bare name) in folder(@p kind, @p fallback).
    static QString suggestion(
        const char *kind, const QString &fileName, const QString &fallback = QString());
    /// Remembers the folder of @p chosen (a file's path) for @p kind; an empty path (a
    /// cancelled dialog) changes nothing.
    static void remember(const char *kind, const QString &chosen);
};

} // namespace ae
