// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapcellinfo.h
/// The words and numbers shown for one heatmap cell: its label and its hover explanation.

#include "heatmapdata.h"

#include <QCoreApplication>
#include <QString>

namespace ae {

/// Texts describing heatmap cells.
class HeatmapCellInfo
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapCellInfo)
public:
    /// @p value with exactly @p decimals decimals, as written inside a cell.
    static QString cellLabel(double value, int decimals);
    /// Rich text for hovering cell (@p row, @p column): the tokens, the weight and how it was
    /// made (q·k, the scaled score with its divisor, the mask, the softmax weight), or the
    /// per-head weights of a mean, every number with @p decimals decimals. Tokens are
    /// HTML-escaped.
    static QString toolTip(const HeatmapData &data, int row, int column, int decimals);
};

} // namespace ae
