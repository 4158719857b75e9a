// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingplot.h
/// The scaling plot on screen: mean softmax entropy against d_k on a log2 axis, unscaled and
/// scaled curves, the ceiling ln(keys) and the current model's d_k.

#include "plots/seriesplot.h"
#include "scaling/entropyexperiment.h"

namespace ae {

/// A QCustomPlot showing one EntropyExperimentResult.
class ScalingPlot : public SeriesPlot
{
    Q_OBJECT
public:
    explicit ScalingPlot(QWidget *parent = nullptr);

    /// Shows @p result, computed with @p keys keys per draw (the ceiling is ln(keys)).
    void setResult(const EntropyExperimentResult &result, int keys);
    /// Marks the current model's head width; 0 removes the marker.
    void setCurrentDk(int dK);
    int currentDk() const { return m_currentDk; }
    /// Draws the picture faded (its parameters are no longer the ones in the controls).
    void setDimmed(bool on);
    bool isDimmed() const { return m_dimmed; }

    /// @name Inspection (tests)
    /// @{
    QCPGraph *unscaledGraph() const { return m_unscaled; }
    QCPGraph *scaledGraph() const { return m_scaled; }
    /// A horizontal dashed line at ln(keys) across the plot.
    QCPGraph *ceilingGraph() const { return m_ceiling; }
    /// The vertical line at the current d_k (hidden without one).
    QCPItemStraightLine *dkMarker() const { return m_dkLine; }
    /// The marker's label ("this model: d_k = …"), where no curve passes.
    QCPItemText *dkLabel() const { return m_dkLabel; }
    /// The d_k values with a tick label on the x axis.
    QList<double> dimTicks() const;
    /// @}

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Sets the axis ranges, the ceiling and the marker for the data and d_k.
    void updateRanges();
    /// Keeps the d_k tick labels that do not overlap at the current width; true if changed.
    bool updateTicks();
    /// Fits the legend's columns and the y axis title to the space there is; true if changed.
    bool fitTexts();
    /// Puts the marker's label where the curves cross it least, in its longer or shorter
    /// words (ScalingFigure::dkLabelPlace(), the exported figure's rule); true if it changed.
    bool placeDkLabel();
    /// Applies fonts, pens and markers for the current mode.
    void applyStyle() override;
    /// A short plot drops its title; a tall one shows it above the legend.
    void updateLayoutForSize();

    QCPGraph *m_unscaled;
    QCPGraph *m_scaled;
    QCPGraph *m_ceiling;
    QCPItemStraightLine *m_dkLine;
    QCPItemText *m_dkLabel;
    std::vector<int> m_dims;
    int m_keys = 0;
    /// The legend entry of the ceiling for @p keys keys, e.g. "ceiling ln(10) = 2.303".
    static QString ceilingName(int keys);
    int m_currentDk = 0;
    bool m_dimmed = false;
    bool m_short = false;
    int m_legendWrap = 0;
    QList<double> m_ticks;
};

} // namespace ae
