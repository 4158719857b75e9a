// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapfigure.h
/// Lays out heatmap figures for export: one heatmap, or the grid of the mean and every head.
/// The GUI export dialog and the `export` command both use this, so a figure is the same
/// whichever way it was made.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapdata.h"

#include <QCoreApplication>
#include <vector>

namespace ae {

/// Heatmap figures as primitives: one rectangle per cell (masked cells grey and hatched),
/// the query tokens left of the rows, the key tokens below the columns, each cell's value,
/// a frame around each row's largest weight, a title and a colour bar.
class HeatmapFigure
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapFigure)
public:
    /// One heatmap, large.
    static Figure single(const HeatmapData &data, const FigureOptions &options);

    /// Most area (CSS pixels squared) the cells of a grid of the default size cover. Larger
    /// grids get smaller cells, down to minGridCell: a 256-token grid of 17 maps then stays
    /// about 15 megapixels instead of 50, which PNG encoding would take seconds over.
    static constexpr double maxGridCellArea = 12e6;
    /// Smallest cell of a grid of the default size, in CSS pixels.
    static constexpr double minGridCell = 2.0;

    /// Small multiples: @p panels (the mean first, then every head; all of the same shape)
    /// in a grid, sharing one colour bar. @p defaultTitle is used when options.title is empty.
    /// @p columns > 0 fixes the number of columns (panels fill the rows in order); 0 chooses
    /// the columns that bring the grid closest to a 4:3 landscape page.
    static Figure grid(const std::vector<HeatmapData> &panels, const FigureOptions &options,
        const QString &defaultTitle, int columns = 0);

    /// The number of cells single() draws for @p data.
    static qint64 cellCount(const HeatmapData &data);
    /// The number of cells grid() draws for @p panels.
    static qint64 cellCount(const std::vector<HeatmapData> &panels);

    /// The text written inside a cell of value @p value, with @p decimals decimals; with
    /// @p signedText a positive value is written with its "+" (a difference, "+0.12"), and
    /// one that rounds to zero with neither sign.
    static QString valueText(double value, int decimals, bool signedText = false);
    /// The grid figure's default title: the session's title, or a description of the grid.
    static QString gridTitle(const QString &sessionTitle, int heads);
    /// The "Imported — not computed" note shown with imported weights.
    static QString importedNote();
};

} // namespace ae
