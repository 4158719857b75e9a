// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingseriesplot.h"

#include "heatmap/colormap.h"
#include "plots/matrixplotadapter.h"
#include "scaling/scalingfigure.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// How far the x axis reaches beyond the outermost d_k, as a factor (as in the entropy plot).
constexpr double xMargin = 1.6;
/// Points along a curved guide.
constexpr int guideSteps = 48;

} // namespace

ScalingSeriesPlot::ScalingSeriesPlot(ScalingLabFigure::Panel panel, QWidget *parent)
    : SeriesPlot(parent)
    , m_panel(panel)
{
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setSubTicks(false);
    m_unscaled = addGraph();
    m_scaled = addGraph();
    if (panel == ScalingLabFigure::Panel::Spread) {
        m_guides << addGraph() << addGraph(); // sqrt(d_k), then 1
    }
    m_dkLine = new QCPItemStraightLine(this);
    m_dkLine->setVisible(false);
    applyStyle();
    retranslate();
    updateRanges();
}

void ScalingSeriesPlot::retranslate()
{
    setTitle(ScalingLabFigure::title(m_panel));
    xAxis->setLabel(tr("d_k (log\u2082 scale)"));
    yAxis->setLabel(ScalingLabFigure::yAxisTitle(m_panel));
    m_unscaled->setName(tr("unscaled"));
    m_scaled->setName(tr("scaled"));
    if (m_guides.size() == 2) {
        m_guides[0]->setName(tr("√d_k"));
        m_guides[1]->setName(tr("1"));
    }
    setToolTip(ScalingLabFigure::explanation(m_panel));
    replot(QCustomPlot::rpQueuedReplot);
}

void ScalingSeriesPlot::applyStyle()
{
    SeriesPlot::applyStyle();
    styleSeries(m_unscaled, ScalingFigure::unscaledColor(), QCPScatterStyle::ssCircle);
    styleSeries(m_scaled, ScalingFigure::scaledColor(), QCPScatterStyle::ssDisc);
    for (QCPGraph *g : m_guides)
        styleGuide(g);
    styleMarker(m_dkLine, ColorMap::accent(ColorMapKind::Viridis));
}

void ScalingSeriesPlot::setResult(const EntropyExperimentResult &result)
{
    m_dims = result.dims;
    MatrixPlotAdapter::setCurve(
        m_unscaled, result.dims, ScalingLabFigure::series(result, m_panel, false));
    MatrixPlotAdapter::setCurve(
        m_scaled, result.dims, ScalingLabFigure::series(result, m_panel, true));
    xAxis->setTicker(MatrixPlotAdapter::dimsTicker(result.dims));
    updateRanges();
    replot(QCustomPlot::rpQueuedReplot);
}

void ScalingSeriesPlot::setCurrentDk(int dK)
{
    if (dK == m_currentDk)
        return;
    m_currentDk = std::max(0, dK);
    updateRanges();
    replot(QCustomPlot::rpQueuedReplot);
}

void ScalingSeriesPlot::updateRanges()
{
    std::vector<int> xs = m_dims;
    if (m_currentDk > 0)
        xs.push_back(m_currentDk);
    double lo = 1.0, hi = 1024.0;
    if (!xs.empty()) {
        lo = *std::min_element(xs.begin(), xs.end());
        hi = *std::max_element(xs.begin(), xs.end());
    }
    const QCPRange xRange(lo / xMargin, hi * xMargin);
    xAxis->setRange(xRange);
    double top = 0.0;
    if (m_guides.size() == 2) {
        // sqrt(d_k) sampled evenly on the log axis, and the level 1.
        std::vector<double> gx, gy;
        for (int i = 0; i <= guideSteps; ++i) {
            const double x
                = xRange.lower * std::pow(xRange.upper / xRange.lower, double(i) / guideSteps);
            gx.push_back(x);
            gy.push_back(std::sqrt(x));
        }
        MatrixPlotAdapter::setCurve(m_guides[0], gx, gy);
        MatrixPlotAdapter::setCurve(m_guides[1], std::vector<double> { xRange.lower, xRange.upper },
            std::vector<double> { 1.0, 1.0 });
        top = std::sqrt(hi);
    }
    top = valueTop({ m_unscaled, m_scaled }, top);
    const bool share = m_panel == ScalingLabFigure::Panel::Saturation;
    yAxis->setRange(0.0, share ? 1.0 : (top > 0 ? top * 1.1 : 1.0));
    m_dkLine->setVisible(m_currentDk > 0);
    if (m_currentDk > 0) {
        m_dkLine->point1->setCoords(m_currentDk, 0.0);
        m_dkLine->point2->setCoords(m_currentDk, 1.0);
    }
}

} // namespace ae
