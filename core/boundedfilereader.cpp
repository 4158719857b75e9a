#include "boundedfilereader.h"

#include <QFile>
#include <QFileInfo>

namespace ae {

std::optional<QByteArray> BoundedFileReader::read(const QString &fileName, qint64 maxBytes,
                                                  QString *error)
{
    const QFileInfo info(fileName);
    const qint64 megabytes = maxBytes / (1024 * 1024);
    if (!info.exists()) {
        *error = tr("the file does not exist");
        return std::nullopt;
    }
    if (info.size() > maxBytes) {
        *error = tr("the file is %1 MB; files of at most %2 MB are read")
                         .arg(info.size() / (1024.0 * 1024.0), 0, 'f', 1)
                         .arg(megabytes);
        return std::nullopt;
    }
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read the file: %1").arg(file.errorString());
        return std::nullopt;
    }
    QByteArray bytes = file.read(maxBytes + 1);
    if (bytes.size() > maxBytes) {
        *error = tr("the file is larger than %1 MB").arg(megabytes);
        return std::nullopt;
    }
    return bytes;
}

} // namespace ae
