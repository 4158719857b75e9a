// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file atomicfilewriter.h
/// Writing a whole file so that it is either completely new or untouched.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace ae {

/// Replaces a file's content atomically through QSaveFile, checking every step.
///
/// QSaveFile alone is not enough: in Qt 6.4 a write that fails part-way (a full disk, a file
/// size limit) is only noticed when the buffered data is flushed at commit(), and commit()
/// then still renames the truncated file over the old one. Writing unbuffered and comparing
/// the number of bytes written catches it, and the old file stays as it was.
class AtomicFileWriter
{
    Q_DECLARE_TR_FUNCTIONS(AtomicFileWriter)
public:
    /// Writes @p bytes to @p fileName. On failure returns false, leaves any existing file
    /// unchanged and sets @p error to the reason (without the file name).
    static bool write(const QString &fileName, const QByteArray &bytes, QString *error);
};

} // namespace ae
