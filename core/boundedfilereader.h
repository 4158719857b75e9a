#pragma once

/// @file boundedfilereader.h
/// Reading a whole file that must not exceed a size limit, for the import readers.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ae {

/// Reads small files whole, refusing large ones before reading them.
class BoundedFileReader
{
    Q_DECLARE_TR_FUNCTIONS(BoundedFileReader)
public:
    /// The bytes of @p fileName, or nothing with @p error set to a sentence saying why (missing,
    /// unreadable, or larger than @p maxBytes; a pipe that reports no size is cut at the limit).
    static std::optional<QByteArray> read(const QString &fileName, qint64 maxBytes, QString *error);
};

} // namespace ae
