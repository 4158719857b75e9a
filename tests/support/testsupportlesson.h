// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportlesson.h
/// Helpers of the lesson playback suites: the built-in lessons they play.

#include <QString>

namespace ae {
struct ResolvedLesson;
} // namespace ae

namespace ae::test {

/// The name of the built-in lesson on why scores are divided by sqrt(d_k).
extern const QString sqrtLesson;

/// The built-in lesson @p name, resolved; stops the suite (qFatal) when it does not load.
ResolvedLesson builtin(const QString &name);

} // namespace ae::test
