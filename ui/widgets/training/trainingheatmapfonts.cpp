// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingheatmapfonts.h"

#include "heatmap/heatmapplot.h"
#include "plots/seriesplot.h"

#include <QEvent>

namespace ae {

TrainingHeatmapFonts::TrainingHeatmapFonts(HeatmapPlot *plot)
    : QObject(plot)
{
    plot->installEventFilter(this);
}

void TrainingHeatmapFonts::attach(HeatmapPlot *plot)
{
    new TrainingHeatmapFonts(plot);
    fit(plot);
}

void TrainingHeatmapFonts::fit(HeatmapPlot *plot)
{
    // The heatmap's presentation fonts are the full scale times its zoom.
    plot->setZoom(plot->isPresentationMode()
            ? SeriesPlot::presentationFontScale(plot->size()) / SeriesPlot::fullPresentationScale
            : 1.0);
}

bool TrainingHeatmapFonts::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize)
        fit(static_cast<HeatmapPlot *>(watched));
    return QObject::eventFilter(watched, event);
}

} // namespace ae
