// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportkill.h
/// Helpers for the suites that kill a program while it writes files: numbered sessions both
/// the writer and the checker can make, killing a child process, and listing a folder.

#include "session/session.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace ae::test {

/// Session number @p index of series @p seed: @p tokens source tokens and half as many target
/// tokens, each vector @p width wide, random projections to d_model 8 (cheap to compute), its
/// title and every number depending on (seed, index). Written and read back, it compares equal.
Session numberedSession(quint64 seed, int index, int tokens = 300, int width = 192);

/// Ends @p process with SIGKILL (no chance to clean up) and waits for it; false when it was
/// not running or did not end.
bool killHard(QProcess &process);

/// Every entry of @p directory, hidden ones included, sorted.
QStringList folderEntries(const QString &directory);

/// The environment variable @p name as a number, or @p fallback.
qint64 envNumber(const char *name, qint64 fallback);

} // namespace ae::test
