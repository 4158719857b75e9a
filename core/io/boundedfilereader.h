// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file boundedfilereader.h
/// Reading a whole file that must not exceed a size limit (session files and imports).

#include <QByteArray>
#include <QCoreApplication>
#include <QIODevice>
#include <QString>
#include <optional>

namespace ae {

/// Reads files whole, refusing large ones before reading them.
class BoundedFileReader
{
    Q_DECLARE_TR_FUNCTIONS(BoundedFileReader)
public:
    /// Why a read gave no bytes.
    enum class Problem {
        None, ///< the bytes were read
        Missing, ///< nothing exists at the path
        Folder, ///< the path names a folder
        Unreadable, ///< the file could not be opened or read
        TooLarge, ///< the file holds more than the limit
        Binary ///< the file is binary data (binaryDataOffset()), found in its first bytes
    };

    /// What readFile() found: the bytes, or the problem with what is known about it.
    struct Outcome
    {
        QByteArray bytes; ///< the whole file when problem is None
        Problem problem = Problem::None;
        qint64 size = -1; ///< the file's size when known (a pipe reports none)
        QString systemError; ///< the system's words for a Missing or Unreadable file
        qint64 binaryOffset = -1; ///< where a Binary file holds its first NUL byte
    };

    /// Reads @p fileName whole. A file larger than @p maxBytes is refused before it is read; a
    /// pipe or device that reports no size is read to one byte past the limit at most.
    static Outcome readFile(const QString &fileName, qint64 maxBytes);

    /// Reads the open @p device (a file, a pipe, standard input) to its end, at most one byte
    /// past @p maxBytes. Its first binaryCheckBytes are read first: binary data is refused
    /// before the rest is read (400 MB of zero bytes on a pipe cost 64 KiB).
    static Outcome readDevice(QIODevice &device, qint64 maxBytes);

    /// readFile() for the importers: the bytes, or nothing with @p error set to a sentence
    /// saying why (missing, unreadable, or larger than @p maxBytes).
    static std::optional<QByteArray> read(const QString &fileName, qint64 maxBytes, QString *error);
};

} // namespace ae
