// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/boundedfilereader.h"

#include "io/binarydata.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace ae {

namespace {
/// How much one read from a pipe asks for.
constexpr qint64 pipeStepBytes = 64 * 1024;
} // namespace

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
    return readDevice(file, maxBytes);
}

BoundedFileReader::Outcome BoundedFileReader::readDevice(QIODevice &device, qint64 maxBytes)
{
    Outcome out;
    const auto readFailed = [&] {
        out.problem = Problem::Unreadable;
        out.systemError = device.errorString();
        return out;
    };
    // A pipe delivers what it holds at the moment: read until the bytes wanted are in, or its
    // end (an empty read). Each read lands in place and asks for no more than a file has left
    // (one byte more, to see its end) or a pipe's step: QIODevice::read(n) allocates n bytes
    // first, and n was the limit itself, megabytes for every example of a few kilobytes.
    QByteArray bytes;
    const auto readUpTo = [&](qint64 wanted) {
        while (bytes.size() < wanted) {
            const qint64 left = device.isSequential()
                ? pipeStepBytes
                : std::max<qint64>(device.size() - device.pos(), 0) + 1;
            const qint64 step = std::min(wanted - qint64(bytes.size()), left);
            const qsizetype before = bytes.size();
            bytes.resize(before + qsizetype(step));
            const qint64 got = device.read(bytes.data() + before, step);
            bytes.resize(before + qsizetype(std::max<qint64>(got, 0)));
            if (got <= 0)
                return;
        }
    };
    const auto failed = [&] {
        const auto *file = qobject_cast<const QFileDevice *>(&device);
        return file && file->error() != QFileDevice::NoError;
    };
    const qint64 head = std::min<qint64>(binaryCheckBytes, maxBytes + 1);
    readUpTo(head);
    if (failed())
        return readFailed();
    if (const qsizetype nul = binaryDataOffset(bytes); nul >= 0) {
        out.problem = Problem::Binary;
        out.binaryOffset = nul;
        return out;
    }
    if (bytes.size() == head)
        readUpTo(maxBytes + 1);
    if (failed())
        return readFailed();
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
    case Problem::Binary:
        *error = tr("the file is binary data, not text: it holds a NUL byte at offset %1")
                     .arg(out.binaryOffset);
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
