// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedfilereader.h"

#include <QFile>
#include <QFileInfo>

namespace ae {

BoundedFileReader::Outcome BoundedFileReader::readFile(const QString &fileName, qint64 maxBytes)
{
    Outcome out;
    const QFileInfo info(fileName);
    if (info.isDir()) {
        out.problem = Problem::Folder;
        return out;
    }
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        out.problem = info.exists() ? Problem::Unreadable : Problem::Missing;
        out.systemError = file.errorString();
        return out;
    }
    // A pipe or device reports size 0 until read, so the limit is checked again after reading.
    if (!file.isSequential()) {
        out.size = file.size();
        if (out.size > maxBytes) {
            out.problem = Problem::TooLarge;
            return out;
        }
    }
    QByteArray bytes = file.read(maxBytes + 1);
    if (file.error() != QFileDevice::NoError) {
        out.problem = Problem::Unreadable;
        out.systemError = file.errorString();
        return out;
    }
    if (bytes.size() > maxBytes) {
        out.problem = Problem::TooLarge;
        out.size = -1; // only known to be past the limit
        return out;
    }
    out.bytes = std::move(bytes);
    out.size = out.bytes.size();
    return out;
}

std::optional<QByteArray> BoundedFileReader::read(
    const QString &fileName, qint64 maxBytes, QString *error)
{
    Outcome out = readFile(fileName, maxBytes);
    const qint64 megabytes = maxBytes / (1024 * 1024);
    switch (out.problem) {
    case Problem::None:
        return std::move(out.bytes);
    case Problem::Missing:
        *error = tr("the file does not exist");
        break;
    case Problem::Folder:
        *error = tr("cannot read the file: %1").arg(tr("it is a folder"));
        break;
    case Problem::Unreadable:
        *error = tr("cannot read the file: %1").arg(out.systemError);
        break;
    case Problem::TooLarge:
        *error = out.size >= 0 ? tr("the file is %1 MB; files of at most %2 MB are read")
                                     .arg(out.size / (1024.0 * 1024.0), 0, 'f', 1)
                                     .arg(megabytes)
                               : tr("the file is larger than %1 MB").arg(megabytes);
        break;
    }
    return std::nullopt;
}

} // namespace ae
