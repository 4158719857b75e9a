// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/screenlayouts.h"

#include "window/windowplacement.h"

#include <QLayout>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <algorithm>
#include <optional>

namespace ae {

namespace {

std::optional<ScreenClass> classFromKey(const QString &key)
{
    for (ScreenClass c : { ScreenClass::Narrow, ScreenClass::Wide }) {
        if (ScreenFit::key(c) == key)
            return c;
    }
    return std::nullopt;
}

/// Height kept free for a window manager's title bar and borders when choosing a default
/// arrangement: they are unknown until the window is shown.
constexpr int frameAllowance = 40;

/// How many pixels @p window's minimum size (docks included), plus @p extraHeight, exceeds
/// @p screen's available area by, width and height added; 0 when it fits.
int overflow(const QMainWindow *window, const QScreen *screen, int extraHeight = 0)
{
    if (!screen)
        return 0;
    // The layout computes its minimum lazily; ask it about the arrangement just applied.
    if (window->layout())
        window->layout()->invalidate();
    const QSize needed = window->minimumSizeHint().expandedTo(window->minimumSize());
    const QSize room = screen->availableGeometry().size();
    return std::max(0, needed.width() - room.width())
        + std::max(0, needed.height() + extraHeight - room.height());
}

} // namespace

ScreenLayouts::ScreenLayouts(QMainWindow *window, WindowPlacement *placement, const QString &group,
    int stateVersion, Arrange arrangeDefault)
    : QObject(window)
    , m_window(window)
    , m_placement(placement)
    , m_group(group)
    , m_stateVersion(stateVersion)
    , m_arrangeDefault(std::move(arrangeDefault))
{
    connect(m_placement, &WindowPlacement::settled, this, &ScreenLayouts::checkDefaultOnScreen);
    connect(m_placement, &WindowPlacement::screenClassChanged, this, [this](ScreenClass now) {
        if (!m_paused)
            switchTo(now);
    });
}

QString ScreenLayouts::key(ScreenClass screenClass, const char *what) const
{
    return m_group + QLatin1Char('/') + ScreenFit::key(screenClass) + QLatin1Char('/')
        + QLatin1String(what);
}

QString ScreenLayouts::key(const char *what) const
{
    return m_group + QLatin1Char('/') + QLatin1String(what);
}

bool ScreenLayouts::arrangementFits(const QMainWindow *window, const QScreen *screen)
{
    return overflow(window, screen) == 0;
}

void ScreenLayouts::restore()
{
    QSettings settings;
    const std::optional<ScreenClass> saved
        = classFromKey(settings.value(key("screenClass")).toString());
    // Without a class, the settings are from before layouts were kept per screen: one geometry
    // and one state.
    const QByteArray geometry
        = settings.value(saved ? key(*saved, "geometry") : key("geometry")).toByteArray();
    bool placed = !geometry.isEmpty() && m_window->restoreGeometry(geometry);

    QScreen *screen = m_placement->screen();
    ScreenClass now
        = screen ? ScreenFit::classify(screen->availableGeometry().width()) : ScreenClass::Wide;
    if (!placed || (saved && *saved != now)) {
        // The window last closed on another class of screen: its geometry there means nothing
        // here. Take the one saved on this class, else start as fresh.
        const QByteArray own = settings.value(key(now, "geometry")).toByteArray();
        placed = !own.isEmpty() && m_window->restoreGeometry(own);
        screen = m_placement->screen();
        if (!placed && screen)
            m_window->setGeometry(ScreenFit::initialGeometry(screen->availableGeometry()));
        if (screen)
            now = ScreenFit::classify(screen->availableGeometry().width());
    }

    QByteArray state = settings.value(key(now, "state")).toByteArray();
    // The old single state suits a wide screen, or a narrow one when the window was narrow.
    if (state.isEmpty() && !saved && placed
        && (now == ScreenClass::Wide || m_window->width() < ScreenFit::wideWidth))
        state = settings.value(key("state")).toByteArray();
    applyArrangement(now, state);
    WindowPlacement::fitIntoScreen(m_window, screen);
}

void ScreenLayouts::save() const
{
    QSettings settings;
    settings.setValue(key(m_class, "geometry"), m_window->saveGeometry());
    settings.setValue(key(m_class, "state"), m_window->saveState(m_stateVersion));
    settings.setValue(key("screenClass"), ScreenFit::key(m_class));
    settings.remove(key("geometry"));
    settings.remove(key("state"));
}

ScreenLayouts::Arrangement ScreenLayouts::current() const
{
    return { m_window->saveState(m_stateVersion), m_class };
}

bool ScreenLayouts::putBack(const Arrangement &arrangement)
{
    if (arrangement.state.isEmpty() || arrangement.screenClass != m_class)
        return false;
    return m_window->restoreState(arrangement.state, m_stateVersion);
}

void ScreenLayouts::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    if (!paused && m_placement->screenClass() != m_class)
        switchTo(m_placement->screenClass());
}

void ScreenLayouts::applyArrangement(ScreenClass screenClass, const QByteArray &state)
{
    m_class = screenClass;
    m_checkDefault = false;
    // The docks need their default places first: restoreState() only moves docks that are
    // already in the window, and the default is what stays when the saved state does not fit.
    arrangeDefault(screenClass);
    if (!state.isEmpty() && m_window->restoreState(state, m_stateVersion)) {
        const int saved = overflow(m_window, m_placement->screen());
        if (saved == 0)
            return;
        // The saved arrangement needs more than the screen has: the default one, unless that
        // needs even more (a screen too small for either keeps the user's own).
        arrangeDefault(screenClass);
        if (overflow(m_window, m_placement->screen()) >= saved) {
            m_window->restoreState(state, m_stateVersion);
            return;
        }
    }
    m_checkDefault = true;
    emit defaultArrangementApplied(screenClass);
}

void ScreenLayouts::arrangeDefault(ScreenClass screenClass)
{
    m_arrangeDefault(screenClass, false);
    // A short screen (a projector under a title bar, 1920×1080 at 150 % with a task bar) may not
    // hold the usual column of docks: then they share it as tabs.
    m_compact = overflow(m_window, m_placement->screen(), frameAllowance) > 0;
    if (m_compact)
        m_arrangeDefault(screenClass, true);
}

void ScreenLayouts::checkDefaultOnScreen()
{
    if (!m_checkDefault || m_paused || !m_window->isVisible())
        return;
    const int frameHeight = m_window->frameGeometry().height() - m_window->geometry().height();
    // Until a window manager has framed the window, look again each time it settles.
    if (frameHeight > 0)
        m_checkDefault = false;
    if (m_compact || overflow(m_window, m_placement->screen(), frameHeight) == 0)
        return;
    m_checkDefault = false;
    m_compact = true;
    m_arrangeDefault(m_class, true);
    emit defaultArrangementApplied(m_class);
    m_placement->fitIntoScreen();
}

void ScreenLayouts::switchTo(ScreenClass screenClass)
{
    if (screenClass == m_class)
        return;
    // Keep the arrangement made for the screen the window leaves, for when it comes back.
    QSettings settings;
    settings.setValue(key(m_class, "state"), m_window->saveState(m_stateVersion));
    applyArrangement(screenClass, settings.value(key(screenClass, "state")).toByteArray());
    m_placement->fitIntoScreen();
}

} // namespace ae
