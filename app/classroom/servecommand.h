// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file servecommand.h
/// The `serve` subcommand: a lesson's questions answered from students' browsers, headless.

namespace ae {

/// Runs `attention-explorer serve LESSON ...` and returns the exit status (0 quit, 1 the
/// address could not be listened on or the record not written, 2 the lesson or an option was
/// refused). Prints one JSON line first, {"url": ..., "room": ..., "port": ...}, then a line per
/// step and answer count; quits on "q", the end of standard input, SIGTERM, SIGHUP or SIGINT.
int runServeCommand(int argc, char **argv);

} // namespace ae
