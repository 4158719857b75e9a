// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapcellinfo.h
/// The words and numbers shown for one heatmap cell: its label and its hover explanation.

#include "heatmap/heatmapdata.h"

#include <QCoreApplication>
#include <QString>

namespace ae {

/// Texts describing heatmap cells.
class HeatmapCellInfo
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapCellInfo)
public:
    /// The most decimals a cell's label is written with (fewer when the cell is small).
    static constexpr int labelDecimals = 3;
    /// @p value with exactly @p decimals decimals, as written inside a cell.
    static QString cellLabel(double value, int decimals);
    /// What a screen reader says for cell (@p row, @p column): its query and key (numbered
    /// from 1, with their tokens), then its value as cellLabel() writes it with labelDecimals
    /// and whether it is the largest in its row; or that it is masked, or (@p hidden) that the
    /// weights are hidden while a lesson's question is open. Plain text; empty out of range.
    static QString accessibleText(const HeatmapData &data, int row, int column, bool hidden);
    /// Rich text for hovering cell (@p row, @p column): the tokens, the weight and how it was
    /// made (q·k, the scaled score with its divisor, the mask, the softmax weight), or the
    /// per-head weights of a mean, every number with @p decimals decimals. Tokens are
    /// HTML-escaped.
    static QString toolTip(const HeatmapData &data, int row, int column, int decimals);
};

} // namespace ae
