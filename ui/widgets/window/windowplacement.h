// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file windowplacement.h
/// Keeps a top-level window on the screen it is on: never larger than that screen, placed fully
/// on it after restoring or moving to another screen, and full screen exactly on it.

#include "window/screenfit.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QRect>
#include <QTimer>

class QScreen;
class QWidget;

namespace ae {

/// Watches one top-level window (its parent) and applies ScreenFit's rule to it: when it is
/// shown, when it moves to another screen (QWindow::screenChanged), when that screen changes
/// size, and whenever the window would grow beyond the screen. Also the full-screen mode that
/// fills exactly the window's screen, with or without a window manager.
class WindowPlacement : public QObject
{
    Q_OBJECT
public:
    /// Watches @p window, a top-level widget, which becomes the parent.
    explicit WindowPlacement(QWidget *window);

    /// The screen the window is on (before it is shown: the one it will open on).
    QScreen *screen() const;
    /// The class of screen(), which decides the dock arrangement.
    ScreenClass screenClass() const;

    /// The fit-into-screen rule for any top-level window: its frame within the available area
    /// of @p screen (the window's own screen when null), never larger, fully on it; a full-screen
    /// window covers exactly its screen. Returns true when the geometry changed.
    static bool fitIntoScreen(QWidget *window, QScreen *screen = nullptr);
    /// fitIntoScreen() for the watched window, now.
    bool fitIntoScreen();

    /// Full screen on the screen the window is on, never larger than it.
    void showFullScreen();
    /// Leaves full screen: back to the maximized state or the geometry from before, fitted to
    /// the screen the window is on now.
    void showNormal();

signals:
    /// The window is now on @p screen (moved there, or the screen's class changed).
    void screenChanged(QScreen *screen);
    /// The window's screen is of another class than before.
    void screenClassChanged(ScreenClass screenClass);
    /// The window has settled after being shown, moved or resized, and was fitted if needed.
    void settled();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Follows the window's QWindow once it exists.
    void watchWindowHandle();
    void onScreenChanged(QScreen *screen);
    void watchScreen(QScreen *screen);
    /// Fits once the window has stopped moving (a drag or the window manager's placement).
    void scheduleFit();
    void fitNow();
    /// True when the window is larger than its screen's room, or its top edge above it.
    bool breaksTheScreen() const;

    QWidget *m_window;
    QPointer<QScreen> m_screen;
    ScreenClass m_class;
    QMetaObject::Connection m_screenGeometryConnection;
    QTimer m_settle;
    /// Set when the window was shown or moved to another screen: the next fit places it fully on
    /// the screen; afterwards only breaking the screen (being larger, title bar above) is fixed.
    bool m_placePending = true;
    bool m_watchingHandle = false;
    QRect m_normalGeometry;
    bool m_wasMaximized = false;
};

} // namespace ae
