// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerheadgrid.h
/// The transformer's attention as it learns, in the style of BertViz's model view: for one
/// held-out sentence, a grid of small heatmaps with a row per layer and a column per head, for
/// one of the three kinds (encoder self, masked decoder self, cross) picked on tabs, run A
/// beside run B, at the step a scrubber picks (following the latest step unless moved back).
/// Under each run's grid, Open in Explorer makes the chosen layer's attention of the kind
/// shown the main window's session (clicking a tile, or Enter on it, chooses its layer).

#include "training/transformer/transformersession.h"

#include <QWidget>
#include <array>
#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSlider;
class QTabBar;

namespace ae {

class Document;
class HeatmapPlot;
class TrainingRunner;

/// The head grid of the Training window's transformer runs.
class TransformerHeadGrid : public QWidget
{
    Q_OBJECT
public:
    TransformerHeadGrid(TrainingRunner *runner, Document *document, QWidget *parent = nullptr);

    /// New runs started: the grid takes their shape and goes back to step 0.
    void runsStarted();
    /// The runs published steps: the scrubber's range grows (and follows when at its end).
    void runsProgressed();

    /// The kind of attention shown.
    TransformerAttentionKind kind() const;
    void setKind(TransformerAttentionKind kind);
    /// The step the scrubber shows.
    int shownStep() const;

    /// Makes the attention of the kind shown in layer @p layer (of the encoder for encoder
    /// self, of the decoder otherwise) of run @p run, at the shown step, for the held-out
    /// sentence the main window's session: one undoable edit; false (and nothing changes)
    /// without transformer runs or with no such layer.
    bool openInExplorer(int run, int layer);

    /// @name Parts (tests)
    /// @{
    /// Layers shown (rows of each run's grid) and heads (columns).
    int layerCount() const { return m_layers; }
    int headCount() const { return m_heads; }
    /// The heatmap of run @p run, layer @p layer and head @p head.
    HeatmapPlot *plot(int run, int layer, int head) const;
    QSlider *scrubber() const { return m_scrubber; }
    QTabBar *kindTabs() const { return m_kinds; }
    /// Run @p run's layer chooser and its Open in Explorer button.
    QComboBox *layerBox(int run) const { return m_layerBoxes[size_t(run)]; }
    QPushButton *openButton(int run) const { return m_open[size_t(run)]; }
    /// @}

signals:
    /// The scrubbed step changed, or the grid now follows a newer step.
    void shownStepChanged(int step);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    /// Makes layers x heads heatmaps for each run (the side with the most layers).
    void rebuild(int layers, int heads);
    /// Shows the maps of the scrubber's step (only those whose snapshot changed unless
    /// @p force).
    void updateMaps(bool force);
    /// Offers the layers of the kind shown in the layer choosers.
    void updateLayerChoices();

    TrainingRunner *m_runner;
    Document *m_document;
    QTabBar *m_kinds;
    QSlider *m_scrubber;
    QLabel *m_stepLabel;
    std::array<QLabel *, 2> m_runLabels {};
    QLabel *m_wordLabel = nullptr; ///< the words of the maps' rows and columns
    std::array<QGridLayout *, 2> m_grids {};
    std::array<QLabel *, 2> m_layerLabels {};
    std::array<QComboBox *, 2> m_layerBoxes {};
    std::array<QPushButton *, 2> m_open {};
    std::array<std::vector<QLabel *>, 2> m_headers; ///< the grids' layer and head labels
    std::array<std::vector<HeatmapPlot *>, 2> m_plots; ///< layer-major
    int m_layers = 0, m_heads = 0;
    std::array<int, 2> m_shownSnapshot { -1, -1 };
    int m_shownKind = -1;
};

} // namespace ae
