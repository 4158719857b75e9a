// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportfuzzcli.h
/// The fuzz invariant of the command line's option parsing (see testsupportfuzz.h).

#include "testsupportfuzz.h"

namespace ae::test {

/// @p bytes as an argument list, one argument per line, the first naming the subcommand
/// (compute, explain, entropy, export, train or worksheet; anything else is ignored). The options
/// go through the subcommand's own parser: a refusal or help must come with text; accepted options
/// are written back as arguments and must parse again to the same options. Nothing is written
/// and no window opens: accepted explain options run on a small built-in session, small
/// entropy experiments, two students' worksheets and one step of small training runs are
/// computed in memory.
/// @pre A QCoreApplication exists (the help text names the program).
FuzzVerdict checkCommandLineInput(const QByteArray &bytes);

} // namespace ae::test
