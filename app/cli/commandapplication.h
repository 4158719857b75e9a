// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandapplication.h
/// What every subcommand does around its application object, said once: the platform and hash
/// seed of the commands that draw, the application's name, and the arguments left for the
/// subcommand's own parser.

#include <QStringList>

namespace ae {

/// Prepares a subcommand that draws (figures, handouts, worksheets) before it makes its
/// QGuiApplication: it never shows a window, so unless `-platform` or QT_QPA_PLATFORM picks a
/// platform it draws on Qt's offscreen one, display or not; and the hash seed is fixed, because
/// the PDF writer keeps its fonts in a hash and a fixed order gives the same bytes every run.
void prepareDrawingCommand(int argc, char **argv);

/// Names the application (for QStandardPaths and `--version`) and returns its arguments with the
/// subcommand's name taken out, so that they parse like a program of their own.
/// @pre the application object exists.
QStringList subcommandArguments();

} // namespace ae
