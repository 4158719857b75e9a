// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingheatmapfonts.h
/// The training lab's heatmaps in presentation mode: fonts as large as the plot's size holds,
/// by the rule of the lab's curves (SeriesPlot::presentationFontScale).

#include <QObject>

namespace ae {

class HeatmapPlot;

/// Sets a heatmap's zoom so that its presentation fonts follow its size: full size from
/// 400 × 320 pixels up, down to the everyday size in the lab's window on a projector.
class TrainingHeatmapFonts : public QObject
{
    Q_OBJECT
public:
    /// Fits @p plot now and whenever it is resized (the fitter is the plot's child).
    static void attach(HeatmapPlot *plot);
    /// Fits @p plot's zoom to its size and mode (1 outside presentation mode).
    static void fit(HeatmapPlot *plot);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit TrainingHeatmapFonts(HeatmapPlot *plot);
};

} // namespace ae
