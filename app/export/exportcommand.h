// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file exportcommand.h
/// The `export` subcommand: a heatmap or the scaling plot to SVG, PNG or PDF, headless.

namespace ae {

/// Runs `attention-explorer export SESSION.json -o OUT [options]` and returns the exit status.
/// Creates its own (offscreen) GUI application object, since drawing needs fonts.
int runExportCommand(int argc, char **argv);

} // namespace ae
