// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file examplecatalog.h
/// The built-in example sessions (resources/examples/*.json, compiled in under ":/examples/").

#include "session/sessionjson.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace ae {

/// Lists and reads the built-in examples, with translated names.
class ExampleCatalog
{
    Q_DECLARE_TR_FUNCTIONS(ExampleCatalog)
public:
    /// One built-in example.
    struct Entry
    {
        QString path; ///< resource path, e.g. ":/examples/decoder-causal.json"
        QString name; ///< translated menu text
        QString description; ///< translated one-line description (status tip)
    };

    /// Every built-in example, the application's default first, then by name of file.
    static QList<Entry> entries();
    /// The resource path of the example the application opens on.
    static QString defaultExamplePath();
    /// Reads the example at @p path.
    static SessionLoadResult load(const QString &path);
    /// The translated menu text of the example at @p path, or @p fallback for a path that is
    /// not a built-in example.
    static QString name(const QString &path, const QString &fallback);
    /// What a window calls a session titled @p sessionTitle: for a built-in example's title,
    /// the example's short name in the language of the moment (no head count or wiring, which
    /// the user may change); any other title as it is.
    static QString displayTitle(const QString &sessionTitle);
};

} // namespace ae
