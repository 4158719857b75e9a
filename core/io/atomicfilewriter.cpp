// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/atomicfilewriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSet>
#include <atomic>
#include <filesystem>
#include <system_error>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <cstring>
#include <unistd.h>
#endif

namespace ae {

namespace {

/// The temporaries this process is writing right now (absolute paths).
QMutex inFlightMutex;
QSet<QString> inFlight;

std::filesystem::path nativePath(const QString &fileName)
{
    return std::filesystem::path(fileName.toStdU16String());
}

/// The file a write to @p fileName changes: the end of its chain of symbolic links.
QString resolvedTarget(const QString &fileName)
{
    QFileInfo info(fileName);
    for (int depth = 0; depth < 128 && info.isSymLink(); ++depth)
        info.setFile(info.symLinkTarget());
    return info.absoluteFilePath();
}

/// The PID in a temporary's name, or 0 when it has none.
qint64 ownerOf(const QString &temporaryName)
{
    // ".NAME.PID-N.ae-tmp": the PID sits between the last '.' before "-N" and the '-'.
    const QString stem = temporaryName.chopped(AtomicFileWriter::temporarySuffix().size());
    const qsizetype dot = stem.lastIndexOf(QLatin1Char('.'));
    const qsizetype dash = stem.lastIndexOf(QLatin1Char('-'));
    if (dot < 0 || dash < dot)
        return 0;
    bool ok = false;
    const qint64 pid = stem.mid(dot + 1, dash - dot - 1).toLongLong(&ok);
    return ok && pid > 0 ? pid : 0;
}

bool processRunning(qint64 pid)
{
#ifdef Q_OS_UNIX
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#else
    Q_UNUSED(pid);
    return true; // without a way to ask, only this process's own temporaries are removed
#endif
}

/// True when no running write owns the temporary @p path.
bool isStale(const QString &path)
{
    const qint64 owner = ownerOf(QFileInfo(path).fileName());
    if (owner == 0)
        return false;
    if (owner == QCoreApplication::applicationPid()) {
        const QMutexLocker locker(&inFlightMutex);
        return !inFlight.contains(path);
    }
    return !processRunning(owner);
}

/// The temporaries in @p directory: of @p fileName only, or of every target when it is empty.
QStringList temporariesIn(const QString &directory, const QString &fileName)
{
    QStringList found;
    const QDir dir(directory);
    const QStringList names
        = dir.entryList({ QLatin1String(".*") + AtomicFileWriter::temporarySuffix() },
            QDir::Files | QDir::Hidden | QDir::System);
    for (const QString &name : names) {
        const QString path = dir.absoluteFilePath(name);
        if (fileName.isEmpty() ? ownerOf(name) != 0
                               : AtomicFileWriter::isTemporaryOf(path, fileName))
            found << path;
    }
    return found;
}

int removeStale(const QStringList &temporaries)
{
    int removed = 0;
    for (const QString &path : temporaries) {
        if (isStale(path) && QFile::remove(path))
            ++removed;
    }
    return removed;
}

} // namespace

QString AtomicFileWriter::temporarySuffix()
{
    return QStringLiteral(".ae-tmp");
}

bool AtomicFileWriter::isTemporaryOf(const QString &path, const QString &fileName)
{
    const QFileInfo temporary(path);
    const QFileInfo target(fileName);
    if (temporary.absolutePath() != target.absolutePath())
        return false;
    const QString name = temporary.fileName();
    const QString prefix = QLatin1Char('.') + target.fileName() + QLatin1Char('.');
    if (!name.startsWith(prefix) || !name.endsWith(temporarySuffix()))
        return false;
    // Exactly "PID-N" between the target's name and the suffix.
    const QString middle
        = name.mid(prefix.size(), name.size() - prefix.size() - temporarySuffix().size());
    const qsizetype dash = middle.indexOf(QLatin1Char('-'));
    bool pidOk = false, serialOk = false;
    if (dash <= 0)
        return false;
    middle.left(dash).toULongLong(&pidOk);
    middle.mid(dash + 1).toULongLong(&serialOk);
    return pidOk && serialOk;
}

int AtomicFileWriter::removeStaleTemporaries(const QString &fileName)
{
    const QString target = resolvedTarget(fileName);
    return removeStale(temporariesIn(QFileInfo(target).absolutePath(), target));
}

int AtomicFileWriter::removeStaleTemporariesIn(const QString &directory)
{
    return removeStale(temporariesIn(directory, QString()));
}

bool AtomicFileWriter::write(const QString &fileName, const QByteArray &bytes, QString *error)
{
    const auto fail = [error](const QString &reason) {
        if (error)
            *error = reason;
        return false;
    };
    const QString target = resolvedTarget(fileName);
    const QFileInfo existing(target);
    if (existing.isDir())
        return fail(tr("it is a folder"));
    if (existing.exists() && !existing.isWritable())
        return fail(tr("the file is read-only"));
    removeStaleTemporaries(target);

    static std::atomic<quint64> serial { 0 };
    const QString temporary = existing.absolutePath() + QLatin1String("/.") + existing.fileName()
        + QLatin1Char('.') + QString::number(QCoreApplication::applicationPid()) + QLatin1Char('-')
        + QString::number(++serial) + temporarySuffix();
    {
        const QMutexLocker locker(&inFlightMutex);
        inFlight.insert(temporary);
    }
    const auto finish = [&temporary](bool keep) {
        if (!keep)
            QFile::remove(temporary);
        const QMutexLocker locker(&inFlightMutex);
        inFlight.remove(temporary);
    };

    QFile file(temporary);
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly | QIODevice::Unbuffered)) {
        const QString reason = file.errorString();
        finish(false);
        return fail(reason);
    }
    if (existing.exists())
        file.setPermissions(existing.permissions());
    const qint64 written = file.write(bytes);
    if (written != bytes.size()) {
        const QString reason = written < 0
            ? file.errorString()
            : tr("only %1 of %2 bytes could be written; the disk may be full")
                  .arg(written)
                  .arg(bytes.size());
        file.close();
        finish(false);
        return fail(reason);
    }
#ifdef Q_OS_UNIX
    // On the disk before the rename makes it the file, or a power cut could leave it empty.
    if (::fsync(file.handle()) != 0 && errno != EINVAL) {
        const QString reason = QString::fromLocal8Bit(std::strerror(errno));
        file.close();
        finish(false);
        return fail(reason);
    }
#endif
    file.close();
    if (file.error() != QFileDevice::NoError) {
        const QString reason = file.errorString();
        finish(false);
        return fail(reason);
    }
    std::error_code code;
    std::filesystem::rename(nativePath(temporary), nativePath(target), code);
    if (code) {
        finish(false);
        return fail(QString::fromStdString(code.message()));
    }
    finish(true);
    return true;
}

} // namespace ae
