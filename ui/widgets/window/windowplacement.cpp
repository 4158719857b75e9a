// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowplacement.h"

#include <QEvent>
#include <QGuiApplication>
#include <QScreen>
#include <QWidget>
#include <QWindow>

namespace ae {

namespace {

/// How long a window must stay still before it is fitted: a drag across screens or a window
/// manager placing it sends many moves, and fitting in between would fight them.
constexpr int settleMs = 150;

/// The window manager's frame around @p window; empty before it is shown or without one.
QMargins frameMargins(const QWidget *window)
{
    if (!window->isVisible())
        return {};
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    return QMargins(client.left() - frame.left(), client.top() - frame.top(),
        frame.right() - client.right(), frame.bottom() - client.bottom());
}

QSize minimumSizeOf(const QWidget *window)
{
    return window->minimumSizeHint().expandedTo(window->minimumSize());
}

} // namespace

WindowPlacement::WindowPlacement(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_screen(window->screen())
    , m_class(ScreenClass::Wide)
{
    if (m_screen)
        m_class = ScreenFit::classify(m_screen->availableGeometry().width());
    m_settle.setSingleShot(true);
    m_settle.setInterval(settleMs);
    connect(&m_settle, &QTimer::timeout, this, &WindowPlacement::fitNow);
    window->installEventFilter(this);
    watchScreen(m_screen);
}

QScreen *WindowPlacement::screen() const
{
    if (m_window->windowHandle())
        return m_window->windowHandle()->screen();
    // Not shown yet: the window opens on the screen under its centre.
    if (QScreen *under = QGuiApplication::screenAt(m_window->geometry().center()))
        return under;
    return m_window->screen();
}

ScreenClass WindowPlacement::screenClass() const
{
    QScreen *s = screen();
    return s ? ScreenFit::classify(s->availableGeometry().width()) : m_class;
}

bool WindowPlacement::fitIntoScreen(QWidget *window, QScreen *screen)
{
    if (!screen)
        screen = window->windowHandle() ? window->windowHandle()->screen() : window->screen();
    if (!screen || window->isMinimized())
        return false;
    if (window->isFullScreen()) {
        // Without a window manager nothing resizes a full-screen window; with one, this asks
        // for what it does anyway.
        if (window->geometry() == screen->geometry())
            return false;
        // Through the QWindow: QWidget::setGeometry() would drop the full-screen state.
        if (QWindow *handle = window->windowHandle())
            handle->setGeometry(screen->geometry());
        else
            window->setGeometry(screen->geometry());
        return true;
    }
    const WindowFitResult fit = ScreenFit::fitWindow({ window->geometry(), frameMargins(window),
        screen->availableGeometry(), minimumSizeOf(window) });
    if (fit.geometry == window->geometry())
        return false;
    window->setGeometry(fit.geometry);
    return true;
}

bool WindowPlacement::fitIntoScreen()
{
    return fitIntoScreen(m_window, screen());
}

void WindowPlacement::showFullScreen()
{
    if (m_window->isFullScreen())
        return;
    m_wasMaximized = m_window->isMaximized();
    m_normalGeometry = m_wasMaximized ? m_window->normalGeometry() : m_window->geometry();
    QScreen *target = screen();
    m_window->showFullScreen();
    fitIntoScreen(m_window, target);
    // Once the window system has applied the state, check again.
    scheduleFit();
}

void WindowPlacement::showNormal()
{
    if (!m_window->isFullScreen())
        return;
    if (m_wasMaximized) {
        m_window->showMaximized();
    } else {
        m_window->showNormal();
        // Without a window manager the window keeps the screen's size: give it back its own.
        if (m_normalGeometry.isValid())
            m_window->setGeometry(m_normalGeometry);
    }
    // The window may have been taken to another, smaller screen while full screen.
    m_placePending = true;
    fitIntoScreen(m_window, screen());
    scheduleFit();
}

bool WindowPlacement::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        switch (event->type()) {
        case QEvent::Show:
            watchWindowHandle();
            m_placePending = true;
            fitIntoScreen(m_window, screen());
            // The window manager adds its frame after the window appears: fit again then.
            scheduleFit();
            break;
        case QEvent::Move:
        case QEvent::Resize:
            if (m_window->isVisible() && (m_placePending || breaksTheScreen()))
                scheduleFit();
            break;
        case QEvent::WindowStateChange:
            if (m_window->isVisible())
                scheduleFit();
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void WindowPlacement::watchWindowHandle()
{
    if (m_watchingHandle || !m_window->windowHandle())
        return;
    m_watchingHandle = true;
    connect(
        m_window->windowHandle(), &QWindow::screenChanged, this, &WindowPlacement::onScreenChanged);
    if (m_window->windowHandle()->screen() != m_screen)
        onScreenChanged(m_window->windowHandle()->screen());
}

void WindowPlacement::onScreenChanged(QScreen *screen)
{
    watchScreen(screen);
    m_placePending = true;
    scheduleFit();
    emit screenChanged(screen);
    const ScreenClass now
        = screen ? ScreenFit::classify(screen->availableGeometry().width()) : m_class;
    if (now != m_class) {
        m_class = now;
        emit screenClassChanged(now);
    }
}

void WindowPlacement::watchScreen(QScreen *screen)
{
    disconnect(m_screenGeometryConnection);
    m_screen = screen;
    if (!screen)
        return;
    // A projector switching resolution, or a panel appearing, changes the room on the same
    // screen: treat it like moving to a new screen.
    m_screenGeometryConnection = connect(screen, &QScreen::availableGeometryChanged, this,
        [this, screen] { onScreenChanged(screen); });
}

void WindowPlacement::scheduleFit()
{
    m_settle.start();
}

void WindowPlacement::fitNow()
{
    if (!m_window->isVisible())
        return;
    if (m_placePending) {
        // The placement is done once the frame is known (or there is none to wait for) and
        // the window already sits within the screen.
        const bool changed = fitIntoScreen(m_window, screen());
        if (!changed && !frameMargins(m_window).isNull())
            m_placePending = false;
    } else if (breaksTheScreen()) {
        fitIntoScreen(m_window, screen());
    }
    emit settled();
}

bool WindowPlacement::breaksTheScreen() const
{
    QScreen *s = screen();
    if (!s)
        return false;
    if (m_window->isFullScreen())
        return m_window->geometry() != s->geometry();
    const QRect frame = m_window->frameGeometry();
    const QRect room = s->availableGeometry();
    return frame.width() > room.width() || frame.height() > room.height()
        || frame.top() < room.top();
}

} // namespace ae
