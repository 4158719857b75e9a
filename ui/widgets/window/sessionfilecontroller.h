// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionfilecontroller.h
/// File ▸ New, Open…, Open Recent, Save, Save As…, Revert; opening dropped files; asking
/// before unsaved work is thrown away; autosave and recovery after a crash.

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;
class QMimeData;
class QWidget;

namespace ae {

class AutosaveManager;
class Document;

/// Reads and writes the document's session files. Saving is atomic (AtomicFileWriter: a named
/// temporary beside the file, every byte checked, renamed over the old file):
/// a failed save leaves the old file as it was, says why, and keeps the work open. Opening a
/// file the core refuses shows the core's message and leaves the current session untouched.
class SessionFileController : public QObject
{
    Q_OBJECT
public:
    /// Files for @p document; dialogs are parented to @p window. @p autosaveDirectory empty:
    /// the application's data folder.
    SessionFileController(Document *document, QWidget *window,
        const QString &autosaveDirectory = QString(), QObject *parent = nullptr);
    ~SessionFileController() override;

    /// Inserts New, Open…, Open Recent, Save, Save As… and Revert into @p menu before
    /// @p before (null: at the end).
    void fillMenu(QMenu *menu, QAction *before);

    /// @name Actions (each returns true when it did what it was asked)
    /// @{
    /// Replaces the session with a new, simple one (after asking about unsaved changes).
    bool newSession();
    /// Asks for a file and opens it.
    bool open();
    /// Opens @p fileName (after asking about unsaved changes). On failure the current session
    /// stays and message() carries the core's reason, naming the field.
    bool openFile(const QString &fileName);
    /// Saves to the current file, or asks for one.
    bool save();
    /// Asks for a file name and saves there.
    bool saveAs();
    /// Writes the session to @p fileName atomically and makes it the document's file.
    bool saveTo(const QString &fileName);
    /// Rereads the current file, dropping the changes since (after confirming).
    bool revert();
    /// Before unsaved work would be lost: asks Save / Discard / Cancel. True when it may go.
    bool maybeSave();
    /// @}

    /// Looks for work left by an instance that crashed and offers to recover it (a
    /// non-blocking question; nothing happens when there is none).
    void offerRecovery();
    /// Recovers the newest autosave left by a crashed instance without asking; false when
    /// there is none or it cannot be read.
    bool recoverNewest();

    /// The most recently opened or saved files, newest first (existing or not).
    QStringList recentFiles() const;
    void clearRecentFiles();
    /// Most entries of Open Recent.
    static constexpr int maxRecentFiles = 10;

    AutosaveManager *autosave() const { return m_autosave; }
    /// The last problem reported through message(), or an empty string.
    QString lastError() const { return m_lastError; }
    /// A simple valid session for File ▸ New.
    static QString newSessionTitle();

    /// The local session file (a .json) a drag carries, or an empty string.
    static QString droppedSessionFile(const QMimeData *mime);

signals:
    /// Something to tell the user inline: a failure (@p isError) or a note.
    void message(const QString &text, bool isError);
    /// A file was opened or saved (for Open Recent).
    void recentFilesChanged();
    /// A session file was opened (or reverted to, or recovered work was installed).
    void opened(const QString &fileName);

protected:
    /// Handles dragging a session file onto the window.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void report(const QString &text, bool isError);
    void addRecentFile(const QString &fileName);
    void rebuildRecentMenu();
    void updateActions();
    QString dialogDirectory() const;

    Document *m_document;
    QWidget *m_window;
    AutosaveManager *m_autosave;
    QMenu *m_recentMenu = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_revertAction = nullptr;
    QString m_lastError;
};

} // namespace ae
