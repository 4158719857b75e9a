// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file commandio.h
/// The streams of the headless subcommands: what goes to stdout and stderr, and reading the
/// session a subcommand is given.

#include "session/sessionjson.h"

#include <QByteArray>
#include <QString>

namespace ae {

/// Writes @p bytes to standard output as they are.
void printStdout(const QByteArray &bytes);

/// Writes @p text to standard error, each line starting with "@p command: ".
void printCommandError(const QString &command, const QString &text);

/// Reads the session @p file ("-" for standard input) for @p command. Prints the refusal
/// ("COMMAND: FILE: path: why") when it fails, and a warning for every field the format does
/// not know (with the nearest known name); under @p strict such a field refuses the file.
SessionLoadResult loadSessionArgument(
    const QString &command, const QString &file, bool strict = false);

} // namespace ae
