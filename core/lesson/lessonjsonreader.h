// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonjsonreader.h
/// Typed reading of a lesson file's JSON values: each accessor returns the value or throws a
/// LessonJsonReader::Failure naming the JSON path and what is wrong.

#include "session/sessionerror.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace ae {

/// The accessors the lesson loader reads its file with.
class LessonJsonReader
{
    Q_DECLARE_TR_FUNCTIONS(LessonJsonReader)
public:
    /// Thrown by the accessors; the loader turns it into its result's error.
    struct Failure
    {
        SessionError error;
    };

    /// Throws a Failure for @p path.
    [[noreturn]] static void fail(const QString &path, const QString &message);

    /// "path.key" (or "key" at the top level).
    static QString join(const QString &path, const QString &key);
    /// "path[index]".
    static QString at(const QString &path, int index);

    /// The value of @p key in @p o, refused when missing.
    static QJsonValue required(const QJsonObject &o, const QString &path, const QString &key);
    static QJsonObject asObject(const QJsonValue &v, const QString &path);
    /// An array of at most @p maxSize entries (checked before any entry is read).
    static QJsonArray asArray(const QJsonValue &v, const QString &path, int maxSize);
    /// A string of at most @p maxLength UTF-16 code units.
    static QString asString(const QJsonValue &v, const QString &path, int maxLength);
    /// A string that must be one of @p names.
    static QString asName(const QJsonValue &v, const QString &path, const QStringList &names);
    static bool asBool(const QJsonValue &v, const QString &path);
    /// A finite number in [lo, hi].
    static double asNumber(const QJsonValue &v, const QString &path, double lo, double hi);
    /// A whole number of any size (a finite number without a fraction).
    static double asWhole(const QJsonValue &v, const QString &path);
    /// A whole number in [lo, hi].
    static int asInteger(const QJsonValue &v, const QString &path, int lo, int hi);
    /// Refuses any key of @p o that is not in @p known (a misspelt field would otherwise be
    /// silently ignored).
    static void onlyKnownKeys(const QJsonObject &o, const QString &path, const QStringList &known);
};

} // namespace ae
