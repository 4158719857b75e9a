// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scorehistogramplot.h"

#include "plots/matrixplotadapter.h"
#include "scaling/scalingfigure.h"
#include "scaling/scalinglabfigure.h"

#include <algorithm>

namespace ae {

ScoreHistogramPlot::ScoreHistogramPlot(QWidget *parent)
    : SeriesPlot(parent)
{
    m_unscaled = new QCPBars(xAxis, yAxis);
    m_scaled = new QCPBars(xAxis, yAxis);
    applyStyle();
    retranslate();
}

void ScoreHistogramPlot::retranslate()
{
    setTitle(m_dk > 0 ? tr("Scores at d_k = %1").arg(m_dk)
                      : ScalingLabFigure::title(ScalingLabFigure::Panel::Histogram));
    xAxis->setLabel(tr("score"));
    yAxis->setLabel(ScalingLabFigure::yAxisTitle(ScalingLabFigure::Panel::Histogram));
    m_unscaled->setName(tr("unscaled: q·k"));
    m_scaled->setName(tr("scaled: q·k / √d_k"));
    setToolTip(ScalingLabFigure::explanation(ScalingLabFigure::Panel::Histogram));
    replot(QCustomPlot::rpQueuedReplot);
}

void ScoreHistogramPlot::applyStyle()
{
    SeriesPlot::applyStyle();
    // Translucent, so the narrow scaled bars stay visible over the wide unscaled ones.
    for (QCPBars *bars : { m_unscaled, m_scaled }) {
        QColor c
            = bars == m_unscaled ? ScalingFigure::unscaledColor() : ScalingFigure::scaledColor();
        bars->setPen(QPen(c.darker(110), 1.0));
        c.setAlpha(150);
        bars->setBrush(c);
    }
}

void ScoreHistogramPlot::setHistogram(const EntropyExperimentResult &result, int index)
{
    if (index < 0 || size_t(index) >= result.histograms.size()
        || size_t(index) >= result.dims.size()) {
        m_dk = 0;
        m_unscaled->data()->clear();
        m_scaled->data()->clear();
    } else {
        const ScoreHistogram &h = result.histograms[size_t(index)];
        m_dk = result.dims[size_t(index)];
        MatrixPlotAdapter::setBars(m_unscaled, h.lo, h.binWidth(), h.unscaled);
        MatrixPlotAdapter::setBars(m_scaled, h.lo, h.binWidth(), h.scaled);
        xAxis->setRange(h.lo, h.hi);
        double top = 0.0;
        for (size_t b = 0; b < h.unscaled.size() && b < h.scaled.size(); ++b)
            top = std::max({ top, h.unscaled[b], h.scaled[b] });
        yAxis->setRange(0.0, top > 0 ? top * 1.1 : 1.0);
    }
    retranslate();
}

} // namespace ae
