// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file labelledmatrix.h
/// A matrix with a name and row and column headers, as copied to the clipboard.

#include "attention/attentionresult.h"

#include <Eigen/Core>
#include <QString>
#include <QStringList>

namespace ae {

/// One matrix to copy: its values, which cells a mask hides, and its headers.
struct LabelledMatrix
{
    QString name; ///< e.g. "Weights (mean of 2 heads)" or "Q"
    Eigen::MatrixXd values;
    /// Empty (every cell shown) or values-sized; false marks a masked score (written as -inf).
    BoolMatrix visible;
    QStringList rowLabels; ///< one per row (tokens), or empty
    QStringList columnLabels; ///< one per column (tokens or dimension numbers), or empty

    bool isVisible(int r, int c) const { return visible.size() == 0 || visible(r, c); }
};

} // namespace ae
