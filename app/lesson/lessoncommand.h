// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoncommand.h
/// The `lesson` subcommand: list the built-in lessons, check a lesson and print it resolved,
/// or write its handout, headless.

namespace ae {

/// Runs `attention-explorer lesson ...` and returns the exit status (0 done, 1 a file could
/// not be read or written, 2 the lesson or an option was refused). Creates its own (offscreen)
/// GUI application object, since handouts draw figures.
int runLessonCommand(int argc, char **argv);

} // namespace ae
