// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file guiapplication.h
/// Starting the windowed application.

namespace ae {

/// Creates the QApplication, installs translations, opens the main window on the session file
/// named on the command line (or the built-in example) and runs the event loop.
int runGuiApplication(int argc, char **argv);

} // namespace ae
