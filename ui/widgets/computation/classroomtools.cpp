// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/classroomtools.h"

#include "computation/computationdock.h"
#include "computation/drilldowndialog.h"
#include "computation/mathguidedialog.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "window/lessonmode.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QScreen>
#include <QTimer>

namespace ae {

ClassroomTools::ClassroomTools(QMainWindow *window, Document *document, HeatmapPanel *heatmaps,
    QMenu *viewMenu, QMenu *helpMenu)
    : QObject(window)
    , m_window(window)
    , m_heatmaps(heatmaps)
    , m_computation(new ComputationDock(document, window))
    , m_drillDown(new DrillDownDialog(document, window))
    , m_mathGuide(new MathGuideDialog(window))
    , m_lesson(new LessonMode(window, m_computation, m_drillDown))
    , m_mathAction(new QAction(this))
{
    window->addDockWidget(Qt::BottomDockWidgetArea, m_computation);
    m_computation->hide();
    viewMenu->addAction(m_computation->toggleViewAction());
    viewMenu->addSeparator();
    m_lesson->addActions(viewMenu);

    m_mathAction->setObjectName(QStringLiteral("mathGuideAction"));
    connect(m_mathAction, &QAction::triggered, m_mathGuide, [this] {
        placeMathGuide();
        m_mathGuide->show();
        m_mathGuide->raise();
    });
    helpMenu->insertAction(helpMenu->actions().value(0), m_mathAction);

    connect(m_mathGuide, &MathGuideDialog::stepRequested, this, [this](int step) {
        m_computation->show();
        m_computation->raise();
        m_computation->setStep(step);
        // The step just shown must not be under the guide.
        QTimer::singleShot(0, this, &ClassroomTools::placeMathGuide);
    });
    connect(m_computation, &ComputationDock::stepChanged, this, [this] {
        // Stepping a head's computation on show shows that head in the heatmap.
        if (m_computation->isVisible() && m_heatmaps->selectedView() != m_computation->head())
            m_heatmaps->setSelectedView(m_computation->head());
        syncHeatmap();
    });
    connect(
        m_computation, &ComputationDock::headChanged, m_heatmaps, &HeatmapPanel::setSelectedView);
    connect(m_computation, &ComputationDock::cellChosen, this,
        [this](int head, int query, int key) { explainCell(head, query, key); });
    connect(m_computation, &QDockWidget::visibilityChanged, this, &ClassroomTools::syncHeatmap);
    connect(m_computation, &ComputationDock::resultShown, this, &ClassroomTools::syncHeatmap);
    connect(m_heatmaps, &HeatmapPanel::selectedViewChanged, this, [this](int view) {
        if (view >= 0)
            m_computation->setHead(view);
        syncHeatmap();
    });
    connect(m_heatmaps, &HeatmapPanel::cellClicked, this, &ClassroomTools::explainCell);
    // The heatmap's tooltips show numbers to the decimals chosen for the computation.
    m_heatmaps->setDecimals(m_computation->decimals());
    connect(
        m_computation, &ComputationDock::decimalsChanged, m_heatmaps, &HeatmapPanel::setDecimals);
    // The heatmap has its own lesson sizes; the lesson's zoom scales them.
    connect(m_lesson, &LessonMode::contentZoomChanged, m_heatmaps,
        [this] { m_heatmaps->setZoom(m_lesson->zoom()); });
    // A session just opened starts from its weights, not from a step before the softmax.
    connect(document, &Document::sessionOpened, m_computation, &ComputationDock::startFromWeights);
    window->installEventFilter(this);
    retranslate();
}

void ClassroomTools::explainCell(int view, int row, int column)
{
    const int shown = m_heatmaps->largePlot()->valueDecimals();
    m_drillDown->explain(view, row, column, shown > 0 ? shown : m_computation->decimals());
}

void ClassroomTools::placeMathGuide()
{
    QScreen *screen = m_window->screen();
    if (!screen)
        return;
    QRect keepClear;
    if (m_computation->isVisible())
        keepClear = QRect(m_computation->mapToGlobal(QPoint(0, 0)), m_computation->size());
    const QRect frame = m_mathGuide->frameGeometry();
    const QSize margins = frame.size() - m_mathGuide->size();
    const QRect outer = MathGuideDialog::placeBeside(m_window->frameGeometry(),
        screen->availableGeometry(), keepClear, QSize(620, 700) + margins);
    // The rectangle is the frame's: the dialog's own geometry lies inside it.
    m_mathGuide->resize(outer.size() - margins);
    m_mathGuide->move(outer.topLeft());
}

void ClassroomTools::syncHeatmap()
{
    // The heatmap follows the computation view only while the view is on show and shows the
    // head the heatmap shows; otherwise it shows the weights as always.
    const bool follow
        = m_computation->isVisible() && m_heatmaps->selectedView() == m_computation->head();
    m_heatmaps->setStepState(follow ? m_computation->heatmapState() : std::nullopt);
}

void ClassroomTools::retranslate()
{
    m_mathAction->setText(tr("The &Math"));
    m_mathAction->setStatusTip(tr("A short guide to the formulas, linked to the steps of the "
                                  "computation view."));
}

bool ClassroomTools::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

} // namespace ae
