// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file nearestname.h
/// The "did you mean …" rule for a mistyped name: a subcommand, an option or a JSON field.

#include <QString>
#include <QStringList>

namespace ae {

/// The edit distance (insertions, deletions, substitutions and swaps of two neighbours, each
/// counting 1) between @p a and @p b, compared without regard to case.
int editDistance(const QString &a, const QString &b);

/// The name of @p known nearest to @p typed, or an empty string when none is near enough to
/// be a likely typo: at most 1 edit for names of up to 4 letters, 2 up to 8, else 3. Ties go to
/// the earlier name in @p known.
QString nearestName(const QString &typed, const QStringList &known);

} // namespace ae
