// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupporttools.h
/// Tests that run an external program (pdftotext, xmllint, script, ...): where the program is
/// missing they skip on a developer's machine, but fail under CI (CI=true), where a missing
/// program is a gap in scripts/install-deps.sh and a skip would hide an untested check.

#include <QStandardPaths>
#include <QString>
#include <QTest>

namespace ae::test {

/// Whether this run is CI's (the environment's CI is "true"): missing tools fail there.
inline bool runningInCi()
{
    return qEnvironmentVariable("CI") == QLatin1String("true");
}

} // namespace ae::test

/// Skips the running test (or fails it under CI) when \a tool, from Debian's \a package, is
/// not on the PATH. Both are string literals.
#define AE_REQUIRE_TOOL(tool, package)                                                             \
    do {                                                                                           \
        if (QStandardPaths::findExecutable(QStringLiteral(tool)).isEmpty()) {                      \
            if (::ae::test::runningInCi())                                                         \
                QFAIL(tool " (" package ") is not installed, and under CI every test runs: add "   \
                           "it to scripts/install-deps.sh");                                       \
            QSKIP(tool " (" package ") is not installed");                                         \
        }                                                                                          \
    } while (false)
