// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingcurveplot.h"

#include "heatmap/colormap.h"
#include "plots/matrixplotadapter.h"
#include "training/curvesmoothing.h"
#include "training/trainingcurvesfigure.h"

#include <algorithm>
#include <cmath>

namespace ae {

TrainingCurvePlot::TrainingCurvePlot(Kind kind, QWidget *parent)
    : SeriesPlot(parent)
    , m_kind(kind)
{
    const int perRun = kind == Kind::Saturation ? 1 : 2;
    // The raw curves first, so the smoothed ones are drawn over them.
    for (int run = 0; run < 2; ++run) {
        for (int s = 0; s < perRun; ++s) {
            QCPAxis *valueAxis = kind == Kind::LossAccuracy && s == 1 ? yAxis2 : yAxis;
            m_raw[run][s] = addGraph(xAxis, valueAxis);
            m_raw[run][s]->removeFromLegend();
            m_raw[run][s]->setVisible(false);
        }
    }
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

QCPGraph *TrainingCurvePlot::rawGraph(int run, int series) const
{
    if (run < 0 || run > 1 || series < 0 || series > 1)
        return nullptr;
    return m_raw[size_t(run)][size_t(series)];
}

void TrainingCurvePlot::applyStyle()
{
    SeriesPlot::applyStyle();
    for (int run = 0; run < 2; ++run) {
        for (int s = 0; s < 2; ++s) {
            QCPGraph *g = m_graphs[run][s];
            if (!g)
                continue;
            // Run B carries hollow markers: the runs differ in more than their hue.
            styleSeries(
                g, runColor(run), run == 1 ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssNone);
            // The second quantity of a run is dashed in the run's colour, with long dashes
            // that stay visible on a noisy curve.
            QPen pen = g->pen();
            if (s == 1)
                pen.setDashPattern({ 4.0, 2.0 });
            g->setPen(pen);
            // The raw values: thin and faint, behind.
            if (QCPGraph *raw = m_raw[run][s]) {
                QColor faint = runColor(run);
                faint.setAlphaF(0.25);
                raw->setPen(QPen(faint, 1.0));
                raw->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
            }
        }
    }
    styleMarker(m_marker, ColorMap::accent(ColorMapKind::Viridis));
}

void TrainingCurvePlot::setTransformer(bool on)
{
    if (on == m_transformer)
        return;
    m_transformer = on;
    retranslate();
    fillCurves();
}

void TrainingCurvePlot::retranslate()
{
    xAxis->setLabel(tr("step"));
    switch (m_kind) {
    case Kind::LossAccuracy:
        setTitle(tr("Loss (solid) and accuracy (dashed)"));
        yAxis->setLabel(tr("loss"));
        yAxis2->setLabel(tr("accuracy"));
        setToolTip(tr("Solid: the batch's cross-entropy loss. Dashed: the share of target "
                      "words predicted right, on the right axis."));
        break;
    case Kind::GradientNorms:
        yAxis->setLabel(tr("norm"));
        if (m_transformer) {
            setTitle(tr("Gradient norm of all parameters"));
            setToolTip(tr("The size of the gradient of every parameter of the transformer "
                          "together (its global norm)."));
            break;
        }
        // The key is in the title: the axis, as short as the plot is tall, could not hold it.
        setTitle(tr("Gradient norms: W_q solid, W_k dashed"));
        setToolTip(tr("Solid: the size of W_q's gradient; dashed: W_k's. A saturated softmax "
                      "passes almost no gradient back to the queries and keys."));
        break;
    case Kind::Saturation:
        setTitle(tr("Saturation"));
        yAxis->setLabel(tr("largest weight"));
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
    m_traces = traces;
    fillCurves();
    retranslate();
}

void TrainingCurvePlot::setSmoothing(double weight)
{
    if (weight == m_smoothing)
        return;
    m_smoothing = weight;
    fillCurves();
}

void TrainingCurvePlot::fillCurves()
{
    m_lastStep = 0.0;
    for (int run = 0; run < 2; ++run) {
        const TrainingTrace *t = m_traces[size_t(run)];
        const auto set = [&](int s, const std::vector<double> &values) {
            QCPGraph *g = m_graphs[run][s];
            QCPGraph *raw = m_raw[run][s];
            if (!g)
                return;
            if (!t) {
                g->data()->clear();
                raw->data()->clear();
                return;
            }
            MatrixPlotAdapter::setCurve(g, t->steps, smoothedCurve(values, m_smoothing));
            MatrixPlotAdapter::setCurve(raw, t->steps, values);
            raw->setVisible(m_smoothing > 0.0);
            // About a dozen markers, however long the run.
            g->setScatterSkip(std::max(0, int(t->steps.size()) / 12 - 1));
        };
        static const std::vector<double> none;
        switch (m_kind) {
        case Kind::LossAccuracy:
            set(0, t ? t->loss : none);
            set(1, t ? t->accuracy : none);
            break;
        case Kind::GradientNorms:
            set(0, t ? t->gradNormQ : none);
            set(1, t && !m_transformer ? t->gradNormK : none);
            break;
        case Kind::Saturation:
            set(0, t ? t->maxWeight : none);
            break;
        }
        if (t && !t->empty())
            m_lastStep = std::max(m_lastStep, t->steps.back());
    }
    updateRanges();
}

void TrainingCurvePlot::resizeEvent(QResizeEvent *event)
{
    SeriesPlot::resizeEvent(event);
    // A row of its own only where the axes keep most of the height (a lesson's short window
    // shows the runs' names in the status line above the plots).
    const QSize least = legend->minimumOuterSizeHint();
    const bool fits = least.width() <= width() - 8 && least.height() * 7 <= height();
    if (fits != legend->visible()) {
        legend->setVisible(fits);
        // A hidden legend gives its row back to the axes: it waits, invisible, inside them.
        if (fits) {
            axisRect()->insetLayout()->take(legend);
            plotLayout()->insertRow(1);
            plotLayout()->addElement(1, 0, legend);
            plotLayout()->setRowStretchFactor(1, 0.001);
        } else {
            plotLayout()->take(legend);
            plotLayout()->simplify();
            axisRect()->insetLayout()->addElement(legend, Qt::AlignRight | Qt::AlignTop);
        }
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
        const double top = valueTop({ m_raw[0][0], m_raw[1][0] }, 0.0);
        yAxis->setRange(0.0, top > 0 ? top * 1.05 : 1.0);
        yAxis2->setRange(0.0, 1.0);
        break;
    }
    case Kind::GradientNorms: {
        // The range of the positive norms (a norm of exactly 0 has no place on a log axis).
        double lo = HUGE_VAL, hi = 0.0;
        // The raw values: they spread at least as far as the smoothed ones.
        for (const auto &run : m_raw) {
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
