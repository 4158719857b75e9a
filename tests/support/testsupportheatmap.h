// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportheatmap.h
/// Helpers of the heatmap suites: hand-made weights written as text, and a fixed font.

#include "heatmap/heatmapdata.h"

#include <QString>
#include <QStringList>

namespace ae::test {

/// Sets the application's font to its 9-point size, so that "fits" means the same on every
/// machine.
void useFixedFont();

/// Rows separated by ';', entries by spaces: "0.2 0.8; 1 0".
Eigen::MatrixXd parseMatrix(const QString &text);

/// A mask in the same notation, 1 = visible; an empty string means no mask.
BoolMatrix parseMask(const QString &text);

/// A heatmap of @p values (masked by @p mask) with @p rows and @p columns as its labels and
/// fixed titles.
HeatmapData makeData(const QStringList &rows, const QStringList &columns, const QString &values,
    const QString &mask);

} // namespace ae::test
