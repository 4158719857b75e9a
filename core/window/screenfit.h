// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file screenfit.h
/// Where a window may go on a screen: the rule that keeps a window, frame included, inside a
/// screen's available area, and the screen-size classes a dock arrangement is kept for.
/// Everything is in logical (device-independent) pixels, as Qt reports screens and windows.

#include <QMargins>
#include <QRect>
#include <QSize>
#include <QString>

namespace ae {

/// The kind of screen a dock arrangement is kept for.
enum class ScreenClass {
    Narrow, ///< under ScreenFit::wideWidth logical pixels wide (projectors, laptops at 150 %)
    Wide, ///< desk monitors
};

/// What ScreenFit::fitWindow() is asked to fit.
struct WindowFitRequest
{
    /// The window's client area as wanted (restored, moved or resized), without the frame.
    QRect geometry;
    /// The window manager's frame around the client area; zero while unknown or absent.
    QMargins frame;
    /// The area the frame must stay inside: the screen's available geometry (without panels
    /// and task bars), or the whole screen for a full-screen window.
    QRect available;
    /// The smallest client size the window accepts.
    QSize minimumSize;
};

/// What ScreenFit::fitWindow() decided.
struct WindowFitResult
{
    /// The client area that fits (frame excluded), in the same coordinates as the request.
    QRect geometry;
    /// The size had to shrink.
    bool resized = false;
    /// The position had to change.
    bool moved = false;
    /// Even the minimum size is larger than the available area; the top-left corner, with the
    /// title bar, is then kept on the screen.
    bool overflows = false;
};

/// The placement rules, shared by the main window, full-screen modes and the tests.
class ScreenFit
{
public:
    /// Screens at least this many logical pixels wide are ScreenClass::Wide.
    static constexpr int wideWidth = 1400;
    /// The size a window opens at the first time, before it is fitted to the screen.
    static constexpr QSize preferredSize { 1600, 1000 };

    /// The class of a screen whose available area is @p logicalWidth pixels wide.
    static ScreenClass classify(int logicalWidth);
    /// A short, stable name of @p screenClass ("narrow", "wide"), used in settings keys.
    static QString key(ScreenClass screenClass);

    /// The client area closest to @p request.geometry whose frame lies wholly within
    /// @p request.available: the size shrinks to what fits (never below the minimum size), then
    /// the window moves the least distance needed. When the window cannot fit, its left and top
    /// edges win, so the title bar and menus stay reachable.
    static WindowFitResult fitWindow(const WindowFitRequest &request);

    /// The client area of a window opening for the first time on a screen with @p available
    /// area and a frame of @p frame: preferredSize or less, centred.
    static QRect initialGeometry(const QRect &available, const QMargins &frame = {});
};

} // namespace ae
