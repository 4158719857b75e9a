// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/autosavemanager.h"

#include "document/document.h"
#include "io/atomicfilewriter.h"
#include "io/boundedfilereader.h"
#include "session/sessionlimits.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>
#include <algorithm>

namespace ae {

namespace {

/// A lock file is written within microseconds of its creation; one still empty (or cut
/// short) after this long belongs to an instance killed in between.
constexpr qint64 unfinishedLockMs = 2000;

/// The managers alive in this process, for keepAllForNextStart() (GUI thread only).
QList<AutosaveManager *> &liveManagers()
{
    static QList<AutosaveManager *> managers;
    return managers;
}

QString endedBySystemKey()
{
    return QStringLiteral("ended_by_system");
}

QString lockFileFor(const QString &autosaveFile)
{
    QString base = autosaveFile;
    if (base.endsWith(QLatin1String(".json")))
        base.chop(5);
    return base + QStringLiteral(".lock");
}

} // namespace

AutosaveManager::AutosaveManager(Document *document, const QString &directory, QObject *parent)
    : AutosaveManager(
        Subject { QStringLiteral("session"), [document] { return document->isModified(); },
            [document] { return document->fileName(); },
            [document](bool *complete) -> std::optional<QJsonObject> {
                // An invalid session cannot be read back; the last valid one is
                // the work worth keeping.
                *complete = !document->error().has_value();
                if (!*complete && !document->hasResult())
                    return std::nullopt;
                return sessionToJson(*complete ? document->session() : document->resultSession());
            },
            [](const QJsonObject &root) { return root.value(QStringLiteral("title")).toString(); },
            limits::maxSessionFileBytes },
        directory, parent)
{
    connect(document, &Document::sessionChanged, this, &AutosaveManager::noteChanged);
    connect(document, &Document::modifiedChanged, this, &AutosaveManager::noteModified);
}

AutosaveManager::AutosaveManager(Subject subject, const QString &directory, QObject *parent)
    : QObject(parent)
    , m_subject(std::move(subject))
    , m_directory(directory.isEmpty()
              ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                  + QStringLiteral("/autosave")
              : directory)
    , m_id(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    removeLeftovers();
    liveManagers().append(this);
    m_timer.setTimerType(Qt::VeryCoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &AutosaveManager::autosaveNow);
}

AutosaveManager::~AutosaveManager()
{
    liveManagers().removeOne(this);
    if (!m_keep) {
        discard();
        return;
    }
    // Kept for the next start: the file stays, the lock goes (no instance holds the work now).
    if (m_lock)
        m_lock->unlock();
}

bool AutosaveManager::keepForNextStart()
{
    m_timer.stop();
    if (!m_subject.isModified()) {
        discard();
        return true;
    }
    if (!write(true))
        return false;
    m_keep = true;
    return true;
}

bool AutosaveManager::keepAllForNextStart()
{
    bool ok = true;
    for (AutosaveManager *manager : liveManagers())
        ok = manager->keepForNextStart() && ok;
    return ok;
}

QString AutosaveManager::filePrefix() const
{
    return m_subject.kind + QLatin1Char('-');
}

QString AutosaveManager::fileName() const
{
    return m_directory + QLatin1Char('/') + filePrefix() + m_id + QStringLiteral(".json");
}

QString AutosaveManager::metadataKey()
{
    return QStringLiteral("autosave");
}

void AutosaveManager::removeLeftovers() const
{
    // Half-written autosaves of instances killed while writing them.
    AtomicFileWriter::removeStaleTemporariesIn(m_directory);
    // Locks of killed instances that never finished an autosave guard nothing; nor do locks
    // they were killed while writing.
    const QDir dir(m_directory);
    const QStringList locks
        = dir.entryList({ filePrefix() + QStringLiteral("*.lock") }, QDir::Files);
    for (const QString &name : locks) {
        const QString path = dir.filePath(name);
        QString autosave = path;
        autosave.chop(5);
        if (QFileInfo::exists(autosave + QStringLiteral(".json")))
            continue;
        QLockFile lock(path);
        lock.setStaleLockTime(0);
        if (lock.tryLock(0)) {
            lock.unlock(); // removes the file
        } else if (qint64 pid = 0; !lock.getLockInfo(&pid, nullptr, nullptr)
                   && QFileInfo(path).lastModified().msecsTo(QDateTime::currentDateTime())
                       > unfinishedLockMs) {
            QFile::remove(path); // names no owner, so no running instance holds it
        }
    }
}

void AutosaveManager::start(int intervalMs)
{
    m_timer.start(intervalMs);
}

void AutosaveManager::noteChanged()
{
    m_dirty = true;
}

void AutosaveManager::noteModified(bool modified)
{
    if (!modified)
        discard(); // saved, or undone back to the saved state
}

bool AutosaveManager::ensureLock()
{
    if (m_lock)
        return true;
    auto lock = std::make_unique<QLockFile>(lockFileFor(fileName()));
    lock->setStaleLockTime(0); // only a dead owner makes it stale, never its age
    if (!lock->tryLock(0))
        return false;
    m_lock = std::move(lock);
    return true;
}

bool AutosaveManager::autosaveNow()
{
    if (!m_subject.isModified()) {
        discard();
        return false;
    }
    if (!m_dirty && m_written)
        return false;
    return write(false);
}

bool AutosaveManager::write(bool endedBySystem)
{
    bool complete = true;
    std::optional<QJsonObject> content = m_subject.content(&complete);
    if (!content)
        return false;
    QJsonObject root = std::move(*content);
    root.insert(metadataKey(),
        QJsonObject { { QStringLiteral("original_file"), m_subject.fileName() },
            { QStringLiteral("saved_at"),
                QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) },
            { QStringLiteral("complete"), complete }, { endedBySystemKey(), endedBySystem } });
    const QByteArray bytes = QJsonDocument(root).toJson(QJsonDocument::Indented);

    if (!QDir().mkpath(m_directory)) {
        m_error
            = tr("cannot create the autosave folder %1").arg(QDir::toNativeSeparators(m_directory));
        return false;
    }
    if (!ensureLock()) {
        m_error
            = tr("cannot lock the autosave file in %1").arg(QDir::toNativeSeparators(m_directory));
        return false;
    }
    QString reason;
    if (!AtomicFileWriter::write(fileName(), bytes, &reason)) {
        m_error = tr("cannot write the autosave %1: %2")
                      .arg(QDir::toNativeSeparators(fileName()), reason);
        return false;
    }
    m_error.clear();
    m_dirty = false;
    m_written = true;
    return true;
}

void AutosaveManager::discard()
{
    if (m_written || QFile::exists(fileName()))
        QFile::remove(fileName());
    m_written = false;
    m_keep = false;
    m_dirty = true; // the next change after this is new unsaved work
    if (m_lock) {
        m_lock->unlock(); // removes the lock file
        m_lock.reset();
    }
}

QList<AutosaveManager::Recovery> AutosaveManager::recoverable() const
{
    QList<Recovery> found;
    const QDir dir(m_directory);
    const QStringList names
        = dir.entryList({ filePrefix() + QStringLiteral("*.json") }, QDir::Files);
    for (const QString &name : names) {
        const QString path = dir.filePath(name);
        if (path == fileName())
            continue;
        // A lock we can take belongs to nobody: its instance ended without cleaning up.
        QLockFile lock(lockFileFor(path));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue;
        lock.unlock();

        Recovery r;
        r.autosaveFile = path;
        r.savedAt = QFileInfo(path).lastModified();
        // The file format's limit, checked before anything is read: a larger autosave is
        // listed without its title and refused with the usual message when opened.
        const BoundedFileReader::Outcome read
            = BoundedFileReader::readFile(path, m_subject.maxBytes);
        if (read.problem == BoundedFileReader::Problem::None) {
            const QJsonObject root = QJsonDocument::fromJson(read.bytes).object();
            const QJsonObject meta = root.value(metadataKey()).toObject();
            r.originalFile = meta.value(QStringLiteral("original_file")).toString();
            const QDateTime saved = QDateTime::fromString(
                meta.value(QStringLiteral("saved_at")).toString(), Qt::ISODateWithMs);
            if (saved.isValid())
                r.savedAt = saved.toLocalTime();
            r.title = m_subject.title(root);
            r.endedBySystem = meta.value(endedBySystemKey()).toBool();
        }
        found << r;
    }
    std::sort(found.begin(), found.end(),
        [](const Recovery &a, const Recovery &b) { return a.savedAt > b.savedAt; });
    return found;
}

SessionLoadResult AutosaveManager::load(const Recovery &recovery)
{
    SessionLoadResult loaded = loadSessionFile(recovery.autosaveFile);
    if (loaded.ok())
        loaded.session.original.remove(metadataKey());
    return loaded;
}

void AutosaveManager::remove(const Recovery &recovery)
{
    QFile::remove(recovery.autosaveFile);
    QLockFile lock(lockFileFor(recovery.autosaveFile));
    lock.setStaleLockTime(0);
    if (lock.tryLock(0))
        lock.unlock();
}

} // namespace ae
