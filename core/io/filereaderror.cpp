// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/filereaderror.h"

#include "io/jsonparsediagnosis.h"

#include <QCoreApplication>

namespace ae {

namespace {

struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(FileReadError)
};

} // namespace

SessionError fileReadError(const BoundedFileReader::Outcome &read, qint64 maxBytes)
{
    switch (read.problem) {
    case BoundedFileReader::Problem::Folder:
        return { SessionError::Kind::Io, QString(), Msg::tr("is a folder, not a file") };
    case BoundedFileReader::Problem::TooLarge:
        // A pipe reports no size: it is known to hold at least one byte past the limit.
        return { SessionError::Kind::Invalid, QString(),
            Msg::tr("%1 bytes, more than the limit of %2 bytes")
                .arg(read.size >= 0 ? read.size : maxBytes + 1)
                .arg(maxBytes) };
    case BoundedFileReader::Problem::Binary:
        return binaryDataError(read.binaryOffset);
    case BoundedFileReader::Problem::None:
    case BoundedFileReader::Problem::Missing:
    case BoundedFileReader::Problem::Unreadable:
        break;
    }
    return { SessionError::Kind::Io, QString(),
        Msg::tr("cannot be read: %1").arg(read.systemError) };
}

} // namespace ae
