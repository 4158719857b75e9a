// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file traincommand.h
/// The `train` subcommand: train the lab's model on a task and print its history, or replay a
/// training reference file (spec training.md, sections 3 and 4). Headless.

namespace ae {

/// Runs `attention-explorer train ...` and returns the exit status (0 done, also for a run that
/// diverged, which the JSON and a line on stderr report; 1 a file could not be read or written,
/// or the trained weights of a diverged run are past the session limits (no session written);
/// 2 an option or the replay file was refused).
int runTrainCommand(int argc, char **argv);

} // namespace ae
