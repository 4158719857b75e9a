// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportguiabuse.h
/// The window under random abuse (tst_guiabuse, tst_guiabuseregressions): a shown main window
/// with its undo history recorded, the user's edits performed as a user would, and the checks
/// after each edit and along the whole history.

#include "session/session.h"

class QElapsedTimer;
class QString;
class QWidget;

namespace ae {
class MainWindow;
class UndoHistoryRecorder;
struct GuiAction;
} // namespace ae

namespace ae::test {

/// The main window the abuse suites drive; they derive from it and call isolateAbuseSettings()
/// from initTestCase() and createWindow() and destroyWindow() around each test.
class GuiAbuseFixture
{
protected:
    /// The integer in environment variable @p name, or @p fallback when unset or not a number.
    static int env(const char *name, int fallback);
    /// Isolates the settings as @p suite and removes an autosave left by a run cut short.
    static void isolateAbuseSettings(const QString &suite);

    /// Shows a new main window (1280 x 800) with no close guard and starts recording its
    /// undo history.
    void createWindow();
    /// Deletes the window.
    void destroyWindow();

    /// Performs @p action as a user would; false when the window offered no way to do it.
    void perform(const GuiAction &action);
    /// Undoes (@p undo) or redoes up to @p times steps, checking each against the record.
    void step(bool undo, int times, bool shortcut);
    /// Waits for the window to answer and the result to arrive, then checks every view.
    void check(const QString &after);
    /// Undoes to the bottom of the history and redoes to the top, checking every step.
    void walkHistory(const QString &after);
    /// The spin box of @p which: 0 heads, 1 d_model, 2 the source's width, else the target's.
    QWidget *spinOf(int which) const;
    /// Fails when an action kept the event loop waiting past the hang bound
    /// (AE_ABUSE_HANG_MS, default 20 s: far beyond any edit, even under a sanitizer).
    void answered(const QElapsedTimer &since, const QString &what) const;

    MainWindow *m_window = nullptr;
    UndoHistoryRecorder *m_recorder = nullptr;
    Session m_initial;
};

} // namespace ae::test
