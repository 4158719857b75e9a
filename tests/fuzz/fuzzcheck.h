// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file fuzzcheck.h
/// What every fuzz harness shares: the invariant checks of tests/support (the ones the
/// regression suites replay) turned into the crash that libFuzzer reports.

#include "testsupportfuzz.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace ae::fuzz {

/// Runs @p check on the fuzzer's bytes; a broken invariant prints why and traps, so that
/// libFuzzer keeps the input as a crash.
inline int run(
    test::FuzzVerdict (*check)(const QByteArray &), const std::uint8_t *data, std::size_t size)
{
    // A deep copy: Qt may keep the bytes past the call.
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const test::FuzzVerdict verdict = check(bytes);
    if (!verdict.problem.isEmpty()) {
        std::fprintf(stderr, "fuzz invariant broken: %s\n", verdict.problem.toUtf8().constData());
        std::fflush(stderr);
        __builtin_trap();
    }
    return 0;
}

} // namespace ae::fuzz
