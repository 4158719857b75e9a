// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file mainwindowmenus.h
/// The main window's menu bar: File (examples, Quit), Edit (undo, redo, Copy As), View (colour
/// map, panels, compare, lesson mode, language) and Help.

namespace ae {

class MainWindow;

/// Builds the main window's menus and their actions, each text renamed on a language switch;
/// the file handling and the classroom tools add theirs to these menus.
class MainWindowMenus
{
public:
    /// Fills @p window's menu bar and keeps the menus and action groups in its members.
    static void create(MainWindow *window);
};

} // namespace ae
