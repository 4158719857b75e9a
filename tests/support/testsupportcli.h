// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportcli.h
/// Helpers shared by the command-line test suites: running the built executable headless.
/// Reference files and JSON comparison come from the core suites' testsupport.h.

#include "testsupport.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace ae::test {

/// What one run of the executable produced.
struct CliRun
{
    bool finished = false; ///< false when it did not start or did not end in time
    bool crashed = false; ///< ended by a signal
    int exitCode = -1;
    QByteArray out; ///< standard output
    QByteArray err; ///< standard error
};

/// The environment of a headless machine: the test's own, without DISPLAY, WAYLAND_DISPLAY
/// and QT_QPA_PLATFORM.
QProcessEnvironment headlessEnvironment();

/// Runs `attention-explorer ARGS` in @p environment (headless by default) and waits for it.
CliRun runCli(const QStringList &args,
    const QProcessEnvironment &environment = headlessEnvironment(), int timeoutMs = 120000);

/// Runs `attention-explorer ARGS >/dev/null` under script(1), with a pseudo-terminal as its
/// stdin and stderr, headless; the run's out holds what the terminal showed (stderr only).
/// Callers check first that script is installed (AE_REQUIRE_TOOL("script", "bsdutils")).
CliRun runCliOnTerminal(const QStringList &args, int timeoutMs = 240000);

/// Describes a run for failure messages: exit code and the start of stderr.
QString describe(const CliRun &run);

/// The JSON object in @p bytes; an empty object when they do not parse as one.
QJsonObject parseObject(const QByteArray &bytes);

} // namespace ae::test
