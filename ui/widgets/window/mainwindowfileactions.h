// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file mainwindowfileactions.h
/// Everything the File and Edit menus do with files, wired into the main window in one place:
/// session files, import, export, Copy As, the close guard, crash recovery and keeping the
/// work when the system ends the application.

#include <QObject>

namespace ae {

class CopyAsController;
class ExportDialog;
class ImportController;
class MainWindow;
class SessionFileController;
class WorksheetDialog;
struct ExportSource;

/// Fills the main window's File menu (above the examples) and Copy As menu, routes its
/// messages to the window's note bar, and asks about unsaved changes before it closes.
class MainWindowFileActions : public QObject
{
    Q_OBJECT
public:
    /// @p autosaveDirectory empty: the application's data folder.
    explicit MainWindowFileActions(
        MainWindow *window, const QString &autosaveDirectory = QString());

    SessionFileController *files() const { return m_files; }
    ImportController *imports() const { return m_imports; }
    CopyAsController *copyAs() const { return m_copyAs; }

    /// What File ▸ Export… offers now: the document's latest result, the view shown large and
    /// the scaling plot as on screen.
    ExportSource exportSource() const;
    /// Opens the export dialog (non-blocking) and returns it.
    ExportDialog *openExportDialog();
    /// Opens File ▸ Make Worksheets… (non-blocking) and returns it.
    WorksheetDialog *openWorksheetDialog();
    /// The system ends the application (SIGTERM, SIGHUP, SIGINT): nobody is there to answer
    /// "save changes?", so the unsaved work (session and lesson) is autosaved and kept for the
    /// next start, which offers it as kept work, not as a crash; then the application quits.
    void endForSystem();

private:
    MainWindow *m_window;
    SessionFileController *m_files;
    ImportController *m_imports;
    CopyAsController *m_copyAs;
};

} // namespace ae
