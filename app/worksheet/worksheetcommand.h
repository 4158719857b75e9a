// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetcommand.h
/// The `worksheet` subcommand: a different small exercise for every student, with sheets,
/// answers and answers.json, headless.

namespace ae {

/// Runs `attention-explorer worksheet -o DIR [options]` and returns the exit status (0 done,
/// 1 a file could not be written, 2 an option was refused). Creates its own (offscreen) GUI
/// application object, since PDF sheets need fonts.
int runWorksheetCommand(int argc, char **argv);

} // namespace ae
