// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file comparefigure.h
/// Two configurations side by side: side A's heatmap, side B's heatmap and the difference map
/// A − B, as one figure for the screen and for export.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapdata.h"
#include "session/sessioncompare.h"

#include <QCoreApplication>

namespace ae {

/// The three heatmaps of a comparison, labelled.
struct ComparePanels
{
    HeatmapData a; ///< side A's weights
    HeatmapData b; ///< side B's weights, as computed (Lk x Lq for a swapped direction)
    HeatmapData difference; ///< A − B (A − Bᵀ when swapped), colour range symmetric around 0
    QString title; ///< e.g. "Scaled vs unscaled"
};

/// Labels and lays out comparisons.
class CompareFigure
{
    Q_DECLARE_TR_FUNCTIONS(CompareFigure)
public:
    /// The heatmaps of @p result, labelled for @p kind.
    static ComparePanels panels(const CompareResult &result, CompareKind kind);
    /// The three panels in a row under one title (options.title, else panels.title), each with
    /// its colour bar; the difference uses the blue-white-red map. With @p columns 2, A and B
    /// share the first row and the difference is centred below (for a screen not wide enough
    /// for three maps of a readable size).
    static Figure make(const ComparePanels &panels, const FigureOptions &options, int columns = 3);
    /// make() at options.size in whichever arrangement (three in a row, or two above one) gives
    /// the larger cells, two above one unless three in a row gives cells over 5 % larger: what
    /// a dialog of that size shows.
    static Figure fitted(const ComparePanels &panels, const FigureOptions &options);
    /// The side of the cells of a figure made by make(): the first cell's height, 0 if none.
    static double cellSide(const Figure &figure);
    /// The name of a comparison shown in menus, e.g. "Scaled vs unscaled".
    static QString kindName(CompareKind kind);
    /// What side A or B is, e.g. "÷ √d_k" or "no causal mask", for @p session and @p view.
    static QString sideName(const Session &session, CompareKind kind, int view);
};

} // namespace ae
