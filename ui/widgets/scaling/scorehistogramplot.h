// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scorehistogramplot.h
/// The scaling lab's score histogram on screen: the unscaled and scaled scores of one d_k on
/// the same bins, overlaid, so the √d_k spread of the unscaled ones is visible.

#include "plots/seriesplot.h"
#include "scaling/entropyexperiment.h"

namespace ae {

/// A QCustomPlot showing one ScoreHistogram of a result.
class ScoreHistogramPlot : public SeriesPlot
{
    Q_OBJECT
public:
    explicit ScoreHistogramPlot(QWidget *parent = nullptr);

    /// Shows the histogram of entry @p index of @p result (nothing when out of range).
    void setHistogram(const EntropyExperimentResult &result, int index);
    /// The d_k on show, or 0.
    int shownDk() const { return m_dk; }
    /// Sets every visible text in the current language.
    void retranslate();

    /// @name Inspection (tests)
    /// @{
    QCPBars *unscaledBars() const { return m_unscaled; }
    QCPBars *scaledBars() const { return m_scaled; }
    /// @}

private:
    void applyStyle() override;

    QCPBars *m_unscaled;
    QCPBars *m_scaled;
    int m_dk = 0;
};

} // namespace ae
