// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file atomicfilewriter.h
/// Writing a whole file so that it is either completely new or untouched.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace ae {

/// Replaces a file's content atomically: the bytes go to a temporary file beside it, which is
/// checked (every byte written, flushed to disk) and only then renamed over the old file. A
/// process killed at any moment leaves either the old or the new file, never a mixture.
///
/// The temporary is always a named file, `.NAME.PID-N.ae-tmp` in the target's folder (NAME
/// the target's file name, PID the writing process): a process killed while writing can leave
/// it behind, and the name says whose it is. Each write first removes the temporaries of the
/// same target that no running write owns (see removeStaleTemporaries()). (QSaveFile is not
/// used: its temporary is unnamed on one file system and `NAME.XXXXXX` on another, which cannot
/// be told from a user's file.)
///
/// Writing checks the number of bytes written, so a write that fails part-way (a full disk, a
/// file size limit) leaves the old file as it was.
class AtomicFileWriter
{
    Q_DECLARE_TR_FUNCTIONS(AtomicFileWriter)
public:
    /// Writes @p bytes to @p fileName (through a symbolic link, to the file it names). On
    /// failure returns false, leaves any existing file unchanged and sets @p error to the
    /// reason (without the file name).
    static bool write(const QString &fileName, const QByteArray &bytes, QString *error);

    /// The ending of every temporary file name: ".ae-tmp".
    static QString temporarySuffix();
    /// True when @p path names a temporary of @p fileName (by its name alone).
    static bool isTemporaryOf(const QString &path, const QString &fileName);
    /// Removes the temporaries of @p fileName whose writer is gone: another process that no
    /// longer runs, or this process outside a write. Returns how many were removed.
    static int removeStaleTemporaries(const QString &fileName);
    /// removeStaleTemporaries() for every target in @p directory.
    static int removeStaleTemporariesIn(const QString &directory);
};

} // namespace ae
