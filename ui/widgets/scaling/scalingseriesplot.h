// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingseriesplot.h
/// One of the scaling lab's d_k panels on screen (score spread, softmax gradient or saturated
/// share): unscaled and scaled curves on a log2 d_k axis, the panel's guides and the model's
/// d_k, in the look of the entropy plot.

#include "plots/seriesplot.h"
#include "scaling/entropyexperiment.h"
#include "scaling/scalinglabfigure.h"

namespace ae {

/// A QCustomPlot showing one panel of an EntropyExperimentResult.
class ScalingSeriesPlot : public SeriesPlot
{
    Q_OBJECT
public:
    /// A plot of @p panel (not the entropy, which ScalingPlot shows, nor the histogram).
    explicit ScalingSeriesPlot(ScalingLabFigure::Panel panel, QWidget *parent = nullptr);

    ScalingLabFigure::Panel panel() const { return m_panel; }
    /// Shows @p result.
    void setResult(const EntropyExperimentResult &result);
    /// Marks the current model's head width; 0 removes the marker.
    void setCurrentDk(int dK);
    /// Sets every visible text in the current language.
    void retranslate();

    /// @name Inspection (tests)
    /// @{
    QCPGraph *unscaledGraph() const { return m_unscaled; }
    QCPGraph *scaledGraph() const { return m_scaled; }
    /// The dashed guides: sqrt(d_k) and 1 on the spread panel, none elsewhere.
    const QList<QCPGraph *> &guideGraphs() const { return m_guides; }
    QCPItemStraightLine *dkMarker() const { return m_dkLine; }
    /// @}

private:
    /// Axis ranges, guide points and the marker for the data and d_k.
    void updateRanges();
    void applyStyle() override;

    ScalingLabFigure::Panel m_panel;
    QCPGraph *m_unscaled;
    QCPGraph *m_scaled;
    QList<QCPGraph *> m_guides;
    QCPItemStraightLine *m_dkLine;
    std::vector<int> m_dims;
    int m_currentDk = 0;
};

} // namespace ae
