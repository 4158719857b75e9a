// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingattentionpanel.h
/// The training lab's attention: one example the user picks, its heatmap in each run at the
/// step the scrubber shows (live at the newest step while the scrubber is at its end), and
/// "Open in Explorer", which makes that example at that step the main window's session.

#include "heatmap/heatmapdata.h"
#include "training/trainingbatch.h"

#include <QWidget>
#include <array>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

namespace ae {

class Document;
class HeatmapPlot;
class TrainingRunner;

/// Two heatmaps (run A, run B), an example picker, a step scrubber and Open in Explorer.
class TrainingAttentionPanel : public QWidget
{
    Q_OBJECT
public:
    /// Examples offered in the picker (the first held-out examples of the seed).
    static constexpr int exampleCount = 8;

    TrainingAttentionPanel(TrainingRunner *runner, Document *document, QWidget *parent = nullptr);

    /// New runs started: fills the picker with their examples and follows the newest step.
    void runsStarted();
    /// New steps arrived: moves the scrubber's end (and the heatmaps when following).
    void runsProgressed();
    /// The step the scrubber shows.
    int shownStep() const;
    /// Shows step @p step (moves the scrubber; stops following the newest step unless it is
    /// the newest).
    void showStep(int step);
    /// The example shown (index into the picker).
    int exampleIndex() const;
    void setExampleIndex(int index);
    /// The source and target ids of the example shown.
    std::vector<int> exampleSource() const;
    std::vector<int> exampleTarget() const;
    /// The heatmap shown for run @p run (its data is the core's head-mean attention).
    HeatmapPlot *heatmap(int run) const { return m_heatmaps[size_t(run)]; }
    /// Makes the example at the shown step of run @p run the document's session, one undoable
    /// edit; false (and nothing changes) without runs.
    bool openInExplorer(int run);
    void setPresentationMode(bool on);

    /// @name Controls (tests)
    /// @{
    QSlider *scrubber() const { return m_scrubber; }
    QComboBox *examplePicker() const { return m_examples; }
    QPushButton *openButton(int run) const { return m_open[size_t(run)]; }
    /// @}

signals:
    /// The scrubbed step changed (the curves mark it).
    void shownStepChanged(int step);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Run @p run's name ("A: scaled (÷√d_k)") from the runs' own settings, in the language
    /// of the moment.
    QString runName(int run) const;
    void retranslate();
    /// Redraws each run's heatmap for the shown step and example when either changed.
    void updateHeatmaps(bool force = false);
    /// The picker's text of example @p i: "a b c → C B A".
    QString exampleText(int i) const;

    TrainingRunner *m_runner;
    Document *m_document;
    TrainingBatch m_batch;
    QComboBox *m_examples;
    QLabel *m_exampleLabel;
    std::array<HeatmapPlot *, 2> m_heatmaps {};
    std::array<QPushButton *, 2> m_open {};
    QSlider *m_scrubber;
    QLabel *m_stepLabel;
    bool m_following = true;
    /// The snapshot and example each heatmap shows, to skip redrawing the same.
    std::array<int, 2> m_shownSnapshot { -1, -1 };
    std::array<int, 2> m_shownExample { -1, -1 };
};

} // namespace ae
