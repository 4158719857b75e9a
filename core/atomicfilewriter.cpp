// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfilewriter.h"

#include <QSaveFile>

namespace ae {

bool AtomicFileWriter::write(const QString &fileName, const QByteArray &bytes, QString *error)
{
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    const qint64 written = file.write(bytes);
    if (written != bytes.size()) {
        if (error) {
            *error = written < 0 ? file.errorString()
                                 : tr("only %1 of %2 bytes could be written; the disk may be full")
                                       .arg(written)
                                       .arg(bytes.size());
        }
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace ae
