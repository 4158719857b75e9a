// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonviewapplier.h"

#include "training/trainingdock.h"

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "heatmap/heatmappanel.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "scaling/scalinglabfigure.h"
#include "scaling/scalingplotdock.h"
#include "training/trainingdock.h"
#include "window/mainwindow.h"

#include <QComboBox>

#include <algorithm>

namespace ae {

int LessonViewApplier::computationStepIndex(const QString &name)
{
    const int index = static_cast<int>(lessonComputationSteps().indexOf(name));
    if (index < 0)
        return -1;
    // The lesson names Q, K and V apart ("q", "k", "v"); the view shows them as one step
    // (Split). Every later name is one step of the view, in the same order.
    return std::max(0, index - 2);
}

void LessonViewApplier::apply(
    MainWindow *window, const LessonView &view, bool withholdScaling, bool withholdTraining)
{
    // The computation first: stepping it on show selects its head in the heatmap, and the
    // step's own heatmap choice comes after.
    ComputationDock *computation = window->classroom()->computation();
    const int step = computationStepIndex(view.computationStep);
    if (step < 0) {
        computation->hide();
    } else {
        computation->setHead(std::max(0, view.head));
        computation->setStep(step);
        computation->show();
        computation->raise();
    }

    HeatmapPanel *heatmaps = window->heatmapPanel();
    heatmaps->setDisplay(view.heatmap == LessonHeatmap::Lines ? HeatmapPanel::Display::Lines
                                                              : HeatmapPanel::Display::Heatmap);
    heatmaps->setSelectedView(view.heatmap == LessonHeatmap::Mean ? -1 : view.head);

    QList<QPoint> cells;
    for (const auto &[query, key] : view.highlights)
        cells.append(QPoint(key, query));
    heatmaps->setMarkedCells(cells);

    if (withholdScaling) {
        window->scalingDock()->hide();
    } else if (const auto panel = ScalingLabFigure::panelFromName(view.scalingPanel)) {
        const auto &panels = ScalingLabFigure::panels();
        const auto at = std::find(panels.begin(), panels.end(), *panel);
        ScalingPlotDock *scaling = window->scalingDock();
        scaling->panelChooser()->setCurrentIndex(static_cast<int>(at - panels.begin()));
        scaling->show();
        // A tab beside the caption (a column of tabs on a short screen) would cover the text
        // it illustrates: the plot takes the lower part of that column instead.
        QDockWidget *caption = window->lessons()->panel();
        if (!window->isPresentationMode() && !caption->isHidden() && !caption->isFloating()
            && !scaling->isFloating() && window->tabifiedDockWidgets(caption).contains(scaling))
            window->addDockWidget(window->dockWidgetArea(caption), scaling, Qt::Vertical);
        scaling->raise();
    }

    // A training step: the two runs, scaled and unscaled, start side by side (after the
    // reveal of a question they would answer: until then no curve and no status line). Any
    // other step puts the training window away, as the computation: floating over the
    // window, it would cover the caption and the question.
    if (!view.training || withholdTraining) {
        window->trainingDock()->hide();
    } else {
        TrainingDock *training = window->trainingDock();
        // Floating, it keeps clear of the caption and the question above it (full screen, the
        // presenter layout places it once the caption has its height).
        QWidget *caption = window->lessons()->panel();
        if (training->isFloating() && caption->isVisible() && !window->isPresentationMode()) {
            const QRect room = window->geometry();
            const int top = caption->mapToGlobal(QPoint(0, caption->height())).y();
            if (top < room.bottom() - 200)
                training->setGeometry(room.left(), top, room.width(), room.bottom() - top);
        }
        training->show();
        training->raise();
        training->startLessonRuns(*view.training);
    }
}

} // namespace ae
