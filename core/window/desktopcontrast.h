// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file desktopcontrast.h
/// Whether the desktop asks for high contrast, from what it says in its settings: the window
/// starts in its high-contrast palette when it does.

#include <QString>

namespace ae {

/// What the desktop says about contrast, gathered at start.
struct DesktopContrastSettings
{
    QString gtkThemeVariable; ///< the GTK_THEME environment variable ("HighContrast:dark")
    QString gtkSettingsFile; ///< the text of gtk-3.0/settings.ini, empty when there is none
    /// GNOME's org.gnome.desktop.a11y.interface high-contrast key as gsettings prints it
    /// ("true"), empty when unknown.
    QString gnomeHighContrast;

    /// Reads the three from the environment, $XDG_CONFIG_HOME (or ~/.config) and, when
    /// `gsettings` is installed, GNOME's key (a bounded wait of one second).
    static DesktopContrastSettings read();
};

/// True when @p settings ask for high contrast: GNOME's high-contrast key is on, or the GTK
/// theme (the variable first, else settings.ini's gtk-theme-name) is a high-contrast one
/// (its name holds "HighContrast", as GNOME's HighContrast and HighContrastInverse do).
bool desktopWantsHighContrast(const DesktopContrastSettings &settings);

} // namespace ae
