// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonviewcapture.h"

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "scaling/scalinglabfigure.h"
#include "scaling/scalingplotdock.h"
#include "window/mainwindow.h"

#include <QComboBox>

namespace ae {

QString LessonViewCapture::stepName(ComputationStep step)
{
    switch (step) {
    case ComputationStep::Split:
        return QStringLiteral("q");
    case ComputationStep::Scores:
        return QStringLiteral("scores");
    case ComputationStep::Scaled:
        return QStringLiteral("scaled");
    case ComputationStep::Masked:
        return QStringLiteral("mask");
    case ComputationStep::Softmax:
        return QStringLiteral("weights");
    case ComputationStep::HeadOutput:
        return QStringLiteral("head_output");
    case ComputationStep::Concat:
        return QStringLiteral("concat");
    case ComputationStep::OutputProjection:
        return QStringLiteral("w_o");
    case ComputationStep::Output:
        break;
    }
    return QStringLiteral("output");
}

LessonView LessonViewCapture::capture(const MainWindow &window)
{
    LessonView view;
    const HeatmapPanel *heatmaps = window.heatmapPanel();
    const int shown = heatmaps->selectedView();
    view.head = shown < 0 ? LessonView::meanOfHeads : shown;
    if (heatmaps->display() == HeatmapPanel::Display::Lines)
        view.heatmap = LessonHeatmap::Lines;
    else
        view.heatmap = shown < 0 ? LessonHeatmap::Mean : LessonHeatmap::Head;
    for (const QPoint &cell : heatmaps->markedCells())
        view.highlights.emplace_back(cell.y(), cell.x());

    const ComputationDock *computation = window.classroom()->computation();
    if (computation->isVisible())
        view.computationStep = stepName(computation->currentStep());

    const ScalingPlotDock *scaling = window.scalingDock();
    const int panel = scaling->panelChooser()->currentIndex();
    if (scaling->isVisible() && panel >= 0
        && panel < static_cast<int>(ScalingLabFigure::panels().size()))
        view.scalingPanel = ScalingLabFigure::viewName(ScalingLabFigure::panels()[size_t(panel)]);

    view.temperature = lessonTemperatureOf(window.document()->session());
    return view;
}

} // namespace ae
