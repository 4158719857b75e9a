// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file autosavemanager.h
/// Autosave of unsaved work and its recovery after a crash.

#include "session/sessionjson.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QTimer>
#include <functional>
#include <memory>
#include <optional>

class QLockFile;

namespace ae {

class Document;

/// Every minute, writes the unsaved work (a session, or a lesson being written) to its own file in
/// the autosave folder (QStandardPaths::AppDataLocation/autosave unless told otherwise),
/// atomically. The file is removed once the work is saved, discarded or the application closes
/// cleanly; a lock file held while the application runs tells a crashed instance's file from a
/// running one's. At start the folder is cleared of what killed instances leave besides their
/// autosaves.
class AutosaveManager : public QObject
{
    Q_OBJECT
public:
    /// An autosave left behind by an instance that did not close cleanly.
    struct Recovery
    {
        QString autosaveFile; ///< the autosaved session
        QString originalFile; ///< the file the work belonged to; empty when never saved
        QString title; ///< the session's title
        QDateTime savedAt; ///< when it was autosaved
        /// The instance was ended by the system (SIGTERM at a shutdown or log-out) and kept its
        /// unsaved work on purpose: no crash.
        bool endedBySystem = false;
    };

    /// What is autosaved: how to ask the work for its state and its JSON.
    struct Subject
    {
        /// The autosave files' name prefix (e.g. "session"): each kind of work finds its own.
        QString kind;
        std::function<bool()> isModified;
        /// The file the work belongs to; empty when never saved.
        std::function<QString()> fileName;
        /// The JSON to autosave, or nothing when there is nothing readable to keep; sets
        /// @p complete to false when it is an older, readable state of the work.
        std::function<std::optional<QJsonObject>(bool *complete)> content;
        /// The work's title as a recovery lists it, read from autosaved JSON.
        std::function<QString(const QJsonObject &root)> title;
        /// The largest autosave read back (the file format's own limit).
        qint64 maxBytes = 0;
    };

    /// Autosaves @p document's session into @p directory (empty: the application's data
    /// folder).
    explicit AutosaveManager(
        Document *document, const QString &directory = QString(), QObject *parent = nullptr);
    /// Autosaves @p subject into @p directory; its owner calls noteChanged() and
    /// noteModified() as the work changes.
    AutosaveManager(Subject subject, const QString &directory, QObject *parent = nullptr);
    /// Removes this instance's autosave (a clean exit).
    ~AutosaveManager() override;

    /// The folder autosaves go to.
    QString directory() const { return m_directory; }
    /// This instance's autosave file (it exists only while there is unsaved work).
    QString fileName() const;
    /// Autosaves every @p intervalMs milliseconds (default one minute).
    void start(int intervalMs = 60 * 1000);
    int interval() const { return m_timer.interval(); }
    bool isActive() const { return m_timer.isActive(); }

    /// Writes the autosave now when there are unsaved changes not yet autosaved. Returns true
    /// when a file was written; on a failed write, false, and error() says why.
    bool autosaveNow();
    /// Removes this instance's autosave (the work was saved or discarded).
    void discard();
    /// The application is being ended by the system: writes the unsaved work now, marked as
    /// kept on purpose, and keeps it (and no lock) when this manager is destroyed, so that the
    /// next start offers it as work kept at the end of the last session, not after a crash.
    /// Nothing is kept for unmodified work. Returns false when the write failed (error()).
    bool keepForNextStart();
    /// keepForNextStart() for every manager of this process (the session's, a lesson's).
    static bool keepAllForNextStart();
    /// Why the last autosave failed, or an empty string.
    QString error() const { return m_error; }

    /// The work changed: the next autosave writes it.
    void noteChanged();
    /// The work's modified state changed; unmodified work (saved, or undone back to the saved
    /// state) has no autosave.
    void noteModified(bool modified);

    /// Autosaves of this kind in the folder left by instances that are no longer running, newest
    /// first.
    QList<Recovery> recoverable() const;
    /// Reads a recovery: the session, with the autosave's own bookkeeping removed.
    static SessionLoadResult load(const Recovery &recovery);
    /// Deletes a recovery's files (recovered or declined).
    static void remove(const Recovery &recovery);

    /// The key of the bookkeeping object added to autosaved session files.
    static QString metadataKey();

private:
    /// Removes what killed instances left in the folder besides their autosaves: temporaries
    /// of an autosave being written, and lock files without an autosave.
    void removeLeftovers() const;
    QString filePrefix() const;
    bool ensureLock();
    /// Writes the autosave file; @p endedBySystem marks it as kept on purpose.
    bool write(bool endedBySystem);

    Subject m_subject;
    QString m_directory;
    QString m_id;
    QTimer m_timer;
    std::unique_ptr<QLockFile> m_lock;
    bool m_dirty = false; ///< changed since the last autosave
    bool m_written = false; ///< an autosave file exists
    bool m_keep = false; ///< kept for the next start (the system ended the application)
    QString m_error;
};

} // namespace ae
