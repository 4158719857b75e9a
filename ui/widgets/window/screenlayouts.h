// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file screenlayouts.h
/// One saved window geometry and dock arrangement per class of screen, so that a layout made on
/// a desk monitor never squeezes a projector and the projector's own layout is kept as well.

#include "window/screenfit.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <functional>

class QMainWindow;
class QScreen;

namespace ae {

class WindowPlacement;

/// Saves and restores a main window's geometry and dock state under the class of the screen it
/// is on (settings keys "<group>/narrow/…" and "<group>/wide/…"), falls back to the default
/// arrangement for that class when nothing fitting was saved, and switches arrangements when
/// the window moves to a screen of another class.
class ScreenLayouts : public QObject
{
    Q_OBJECT
public:
    /// Puts every dock in its default place for a class of screen (and shows it); @p compact
    /// asks for the arrangement that needs the least height (side docks sharing tabs).
    using Arrange = std::function<void(ScreenClass screenClass, bool compact)>;

    /// Works on @p window (the parent) as placed by @p placement; @p stateVersion is passed to
    /// QMainWindow::saveState() so that layouts of older docks are not applied.
    ScreenLayouts(QMainWindow *window, WindowPlacement *placement, const QString &group,
        int stateVersion, Arrange arrangeDefault);

    /// Before the window is shown: the geometry and arrangement saved for the screen it opens
    /// on, or the default ones; then fitted to that screen.
    void restore();
    /// Saves the geometry and arrangement under the class they were made for.
    void save() const;

    /// A dock arrangement and the class of screen it was made for.
    struct Arrangement
    {
        QByteArray state; ///< QMainWindow::saveState(); empty: none
        ScreenClass screenClass = ScreenClass::Wide;
    };
    /// The window's arrangement as it is now, for putBack().
    Arrangement current() const;
    /// Gives the window back @p arrangement when it is still on that class of screen; false
    /// (and nothing changes) when not, or when @p arrangement is empty.
    bool putBack(const Arrangement &arrangement);
    /// The class of screen the current arrangement belongs to.
    ScreenClass layoutClass() const { return m_class; }
    /// While paused (e.g. presentation mode hides docks) screen changes do not rearrange the
    /// docks; resuming catches up with the screen the window is on by then.
    void setPaused(bool paused);
    /// True while paused (see setPaused()).
    bool isPaused() const { return m_paused; }

    /// True when @p window's minimum size (docks included) fits @p screen's available area.
    static bool arrangementFits(const QMainWindow *window, const QScreen *screen);

signals:
    /// The docks are in their default places for @p screenClass (nothing fitting was saved).
    void defaultArrangementApplied(ScreenClass screenClass);

private:
    QString key(ScreenClass screenClass, const char *what) const;
    QString key(const char *what) const;
    /// Applies the state saved for @p screenClass, or the default when none fits.
    void applyArrangement(ScreenClass screenClass, const QByteArray &state);
    /// The default arrangement for @p screenClass, compact when the usual one is too tall.
    void arrangeDefault(ScreenClass screenClass);
    /// Once shown, the window's real frame and panel widths are known: a default arrangement
    /// that turns out too tall becomes the compact one.
    void checkDefaultOnScreen();
    void switchTo(ScreenClass screenClass);

    QMainWindow *m_window;
    WindowPlacement *m_placement;
    QString m_group;
    int m_stateVersion;
    Arrange m_arrangeDefault;
    ScreenClass m_class = ScreenClass::Wide;
    bool m_paused = false;
    bool m_compact = false; ///< the default arrangement in use is the compact one
    bool m_checkDefault = false; ///< a default arrangement waits for checkDefaultOnScreen()
};

} // namespace ae
