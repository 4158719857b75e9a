// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportfuzz.h
/// The invariants the fuzz harnesses check, shared with the regression suites that replay the
/// inputs kept in tests/data/fuzz-regressions/<harness>/: the same check on the same entry
/// point, whether libFuzzer or Qt Test feeds it.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace ae::test {

/// What one input did at one entry point.
struct FuzzVerdict
{
    bool accepted = false; ///< read (or parsed) rather than refused
    /// An invariant the input broke (a refusal without a message, a round trip that changed
    /// what was read, ...), with what is needed to see why; empty when all held.
    QString problem;
};

/// The kept inputs of @p harness (e.g. "sessionloader"): every file in
/// tests/data/fuzz-regressions/<harness>/, sorted by name.
QStringList fuzzRegressionFiles(const QString &harness);

/// Adds one row per kept input of @p harness to the current _data() table: column "file"
/// (QString, the path), named after the file.
void addFuzzRegressionRows(const QString &harness);

/// How many of @p harness's kept inputs @p check accepts and how many it refuses: the
/// regression suites assert both kinds are kept, so that both paths are replayed.
std::pair<int, int> countAcceptedRefused(
    const QString &harness, FuzzVerdict (*check)(const QByteArray &));

/// The session loader: @p bytes are refused with a message, or load as a session that saves
/// and loads again to an equal session (operator==) and saves again to the same bytes.
FuzzVerdict checkSessionInput(const QByteArray &bytes);

/// The built-in examples of lessons under test: resources/examples/NAME.json of the source tree
/// and the shared reference cases (NAME.session.json), read once and kept.
std::optional<QByteArray> lessonTestExample(const QString &name);

/// The lesson loader: @p bytes are refused with a message, or resolve to steps whose sessions
/// save and load again to equal sessions, whose indices are within their sessions and whose
/// check JSON (resolvedLessonToJson()) serializes.
FuzzVerdict checkLessonInput(const QByteArray &bytes);

} // namespace ae::test
