// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerheadgrid.h
/// The transformer's attention as it learns, in the style of BertViz's model view: for one
/// held-out sentence, a grid of small heatmaps with a row per layer and a column per head, for
/// one of the three kinds (encoder self, masked decoder self, cross) picked on tabs, run A
/// beside run B, at the step a scrubber picks (following the latest step unless moved back).

#include "training/transformer/transformersession.h"

#include <QWidget>
#include <array>
#include <vector>

class QGridLayout;
class QLabel;
class QSlider;
class QTabBar;

namespace ae {

class HeatmapPlot;
class TrainingRunner;

/// The head grid of the Training window's transformer runs.
class TransformerHeadGrid : public QWidget
{
    Q_OBJECT
public:
    explicit TransformerHeadGrid(TrainingRunner *runner, QWidget *parent = nullptr);

    /// New runs started: the grid takes their shape and goes back to step 0.
    void runsStarted();
    /// The runs published steps: the scrubber's range grows (and follows when at its end).
    void runsProgressed();

    /// The kind of attention shown.
    TransformerAttentionKind kind() const;
    void setKind(TransformerAttentionKind kind);

    /// @name Parts (tests)
    /// @{
    /// Layers shown (rows of each run's grid) and heads (columns).
    int layerCount() const { return m_layers; }
    int headCount() const { return m_heads; }
    /// The heatmap of run @p run, layer @p layer and head @p head.
    HeatmapPlot *plot(int run, int layer, int head) const;
    QSlider *scrubber() const { return m_scrubber; }
    QTabBar *kindTabs() const { return m_kinds; }
    /// @}

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    /// Makes layers x heads heatmaps for each run (the side with the most layers).
    void rebuild(int layers, int heads);
    /// Shows the maps of the scrubber's step (only those whose snapshot changed unless
    /// @p force).
    void updateMaps(bool force);

    TrainingRunner *m_runner;
    QTabBar *m_kinds;
    QSlider *m_scrubber;
    QLabel *m_stepLabel;
    std::array<QLabel *, 2> m_runLabels {};
    std::array<QLabel *, 2> m_wordLabels {}; ///< the words of the maps' rows and columns
    std::array<QGridLayout *, 2> m_grids {};
    std::array<std::vector<QLabel *>, 2> m_headers; ///< the grids' layer and head labels
    std::array<std::vector<HeatmapPlot *>, 2> m_plots; ///< layer-major
    int m_layers = 0, m_heads = 0;
    std::array<int, 2> m_shownSnapshot { -1, -1 };
    int m_shownKind = -1;
};

} // namespace ae
