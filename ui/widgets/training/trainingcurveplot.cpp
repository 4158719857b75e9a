// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingcurveplot.h"

#include "colormap.h"
#include "matrixplotadapter.h"
#include "trainingcurvesfigure.h"

#include <algorithm>
#include <cmath>

namespace ae {

TrainingCurvePlot::TrainingCurvePlot(Kind kind, QWidget *parent)
    : SeriesPlot(parent)
    , m_kind(kind)
{
    const int perRun = kind == Kind::Saturation ? 1 : 2;
    for (int run = 0; run < 2; ++run) {
        for (int s = 0; s < perRun; ++s) {
            // Accuracy reads on the right axis, 0 to 1, beside the loss.
            QCPAxis *valueAxis = kind == Kind::LossAccuracy && s == 1 ? yAxis2 : yAxis;
            m_graphs[run][s] = addGraph(xAxis, valueAxis);
            if (s == 1)
                m_graphs[run][s]->removeFromLegend();
        }
    }
    if (kind == Kind::LossAccuracy) {
        yAxis2->setVisible(true);
        yAxis2->setRange(0.0, 1.0);
    }
    if (kind == Kind::GradientNorms) {
        yAxis->setScaleType(QCPAxis::stLogarithmic);
        yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
        yAxis->setNumberFormat(QStringLiteral("gb"));
        yAxis->setNumberPrecision(0);
    }
    m_marker = new QCPItemStraightLine(this);
    m_marker->setVisible(false);
    applyStyle();
    retranslate();
    updateRanges();
}

QColor TrainingCurvePlot::runColor(int run)
{
    return TrainingCurvesFigure::runColor(run);
}

QCPGraph *TrainingCurvePlot::graph(int run, int series) const
{
    if (run < 0 || run > 1 || series < 0 || series > 1)
        return nullptr;
    return m_graphs[size_t(run)][size_t(series)];
}

void TrainingCurvePlot::applyStyle()
{
    SeriesPlot::applyStyle();
    for (int run = 0; run < 2; ++run) {
        for (int s = 0; s < 2; ++s) {
            QCPGraph *g = m_graphs[run][s];
            if (!g)
                continue;
            styleSeries(g, runColor(run));
            // The second quantity of a run is dashed in the run's colour.
            if (s == 1) {
                QPen pen = g->pen();
                pen.setStyle(Qt::DashLine);
                g->setPen(pen);
            }
        }
    }
    styleMarker(m_marker, ColorMap::accent(ColorMapKind::Viridis));
}

void TrainingCurvePlot::retranslate()
{
    xAxis->setLabel(tr("step"));
    switch (m_kind) {
    case Kind::LossAccuracy:
        setTitle(tr("Loss and accuracy"));
        yAxis->setLabel(tr("loss (solid)"));
        yAxis2->setLabel(tr("accuracy (dashed)"));
        setToolTip(tr("Solid: the batch's cross-entropy loss. Dashed: the share of target "
                      "words predicted right, on the right axis."));
        break;
    case Kind::GradientNorms:
        setTitle(tr("Gradient norms"));
        yAxis->setLabel(tr("W_q solid, W_k dashed"));
        setToolTip(tr("Solid: the size of W_q's gradient; dashed: W_k's. A saturated softmax "
                      "passes almost no gradient back to the queries and keys."));
        break;
    case Kind::Saturation:
        setTitle(tr("Saturation"));
        yAxis->setLabel(tr("mean largest weight"));
        setToolTip(tr("The mean of each attention row's largest weight: 1 means every query "
                      "looks at one key only."));
        break;
    }
    // The legend names the runs; the axis titles say which line is which quantity.
    for (int run = 0; run < 2; ++run) {
        m_graphs[run][0]->setName(m_names[run]);
        if (m_graphs[run][1])
            m_graphs[run][1]->setName(m_names[run]);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void TrainingCurvePlot::setTraces(
    const std::array<const TrainingTrace *, 2> &traces, const std::array<QString, 2> &names)
{
    m_names = names;
    m_lastStep = 0.0;
    for (int run = 0; run < 2; ++run) {
        const TrainingTrace *t = traces[size_t(run)];
        const auto set = [&](int s, const std::vector<double> &values) {
            if (!m_graphs[run][s])
                return;
            if (t)
                MatrixPlotAdapter::setCurve(m_graphs[run][s], t->steps, values);
            else
                m_graphs[run][s]->data()->clear();
        };
        static const std::vector<double> none;
        switch (m_kind) {
        case Kind::LossAccuracy:
            set(0, t ? t->loss : none);
            set(1, t ? t->accuracy : none);
            break;
        case Kind::GradientNorms:
            set(0, t ? t->gradNormQ : none);
            set(1, t ? t->gradNormK : none);
            break;
        case Kind::Saturation:
            set(0, t ? t->maxWeight : none);
            break;
        }
        if (t && !t->empty())
            m_lastStep = std::max(m_lastStep, t->steps.back());
    }
    retranslate();
    updateRanges();
}

void TrainingCurvePlot::resizeEvent(QResizeEvent *event)
{
    SeriesPlot::resizeEvent(event);
    const bool fits = legend->minimumOuterSizeHint().width() <= width() - 8;
    if (fits != legend->visible()) {
        legend->setVisible(fits);
        replot(QCustomPlot::rpQueuedReplot);
    }
}

void TrainingCurvePlot::setMarkedStep(double step)
{
    m_marker->setVisible(step >= 0.0);
    if (step >= 0.0) {
        m_marker->point1->setCoords(step, 0.0);
        m_marker->point2->setCoords(step, 1.0);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void TrainingCurvePlot::updateRanges()
{
    xAxis->setRange(0.0, std::max(10.0, m_lastStep));
    switch (m_kind) {
    case Kind::LossAccuracy: {
        const double top = valueTop({ m_graphs[0][0], m_graphs[1][0] }, 0.0);
        yAxis->setRange(0.0, top > 0 ? top * 1.05 : 1.0);
        yAxis2->setRange(0.0, 1.0);
        break;
    }
    case Kind::GradientNorms: {
        // The range of the positive norms (a norm of exactly 0 has no place on a log axis).
        double lo = HUGE_VAL, hi = 0.0;
        for (const auto &run : m_graphs) {
            for (QCPGraph *g : run) {
                bool found = false;
                const QCPRange r = g->getValueRange(found, QCP::sdPositive);
                if (found) {
                    lo = std::min(lo, r.lower);
                    hi = std::max(hi, r.upper);
                }
            }
        }
        if (hi > 0.0 && lo <= hi)
            yAxis->setRange(lo / 2.0, hi * 2.0);
        else
            yAxis->setRange(1e-4, 10.0);
        break;
    }
    case Kind::Saturation:
        yAxis->setRange(0.0, 1.05);
        break;
    }
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace ae
