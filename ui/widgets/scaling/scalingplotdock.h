// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingplotdock.h
/// The scaling dock: the scaling lab's panels (entropy, score spread, softmax gradient,
/// saturation against d_k, and the score histogram) with the experiment's parameters,
/// recomputed live off the GUI thread whenever they change.

#include "scaling/entropyexperiment.h"
#include "scaling/scalinglabfigure.h"

#include <QDockWidget>
#include <QTimer>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;
class QStackedWidget;

namespace ae {

class Document;
class ScalingPlot;
class ScalingRunner;
class ScalingSeriesPlot;
class ScoreHistogramPlot;

/// Shows the document's scaling experiment; edits its parameters through the document.
class ScalingPlotDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ScalingPlotDock(Document *document, QWidget *parent = nullptr);

    /// Larger fonts for teaching in front of a class.
    void setPresentationMode(bool on);

    /// @name Inspection (tests)
    /// @{
    /// The entropy panel.
    ScalingPlot *plot() const { return m_plot; }
    /// The spread, gradient or saturation panel.
    ScalingSeriesPlot *seriesPlot(ScalingLabFigure::Panel panel) const;
    ScoreHistogramPlot *histogramPlot() const { return m_histogram; }
    /// Chooses the d_k of the histogram.
    QComboBox *histogramDkBox() const { return m_histogramDk; }
    /// Chooses the panel on show; one entry per panel, in ScalingLabFigure::panels() order.
    QComboBox *panelChooser() const { return m_panels; }
    /// The result on show (the one of shownConfig()), or nothing before the first.
    const std::optional<EntropyExperimentResult> &shownResult() const { return m_result; }
    ScalingRunner *runner() const { return m_runner; }
    QSpinBox *keysBox() const { return m_keys; }
    QSpinBox *queriesBox() const { return m_queries; }
    QSpinBox *repeatsBox() const { return m_repeats; }
    QLineEdit *dimsEdit() const { return m_dims; }
    QLineEdit *seedEdit() const { return m_seed; }
    /// The inline message; empty when the controls hold a valid experiment.
    QString message() const;
    /// The parameters of the curves on show, or nothing before the first result.
    const std::optional<EntropyExperimentConfig> &shownConfig() const { return m_shown; }
    /// True while the "computing…" indicator shows.
    bool isComputing() const;
    /// @}

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    /// The experiment the controls describe, or nothing (and the message says why).
    std::optional<EntropyExperimentConfig> readControls(QString *error) const;
    /// A control changed: validate, then hand the new parameters to the document.
    void controlsEdited();
    /// Pushes the controls' parameters to the document if they are valid.
    void commitControls();
    /// The document's parameters changed: show them and schedule a run.
    void syncFromDocument();
    /// Starts a run of the document's parameters unless they are on show or running.
    void startRun();
    /// Marks the d_k of the document's model (its last result, else its settings).
    void updateCurrentDk();
    /// Shows @p message inline (empty hides it) and dims the curves while it is shown.
    void showMessage(const QString &message);
    /// Sets every visible text in the current language.
    void retranslate();
    /// Hands a new result to every panel.
    void showResult(const EntropyExperimentConfig &config, const EntropyExperimentResult &result);
    /// Fills the histogram's d_k choices from the result, keeping the chosen d_k if it is there.
    void updateHistogramChoices();

    Document *m_document;
    ScalingPlot *m_plot;
    QList<ScalingSeriesPlot *> m_series; ///< spread, gradient, saturation
    ScoreHistogramPlot *m_histogram;
    QComboBox *m_histogramDk;
    QLabel *m_histogramDkLabel;
    QComboBox *m_panels;
    QStackedWidget *m_stack;
    std::optional<EntropyExperimentResult> m_result;
    int m_chosenHistogramDk = 0; ///< the d_k the user picked for the histogram, or 0
    ScalingRunner *m_runner;
    QLabel *m_keysLabel;
    QLabel *m_queriesLabel;
    QLabel *m_repeatsLabel;
    QLabel *m_dimsLabel;
    QLabel *m_seedLabel;
    QSpinBox *m_keys;
    QSpinBox *m_queries;
    QSpinBox *m_repeats;
    QLineEdit *m_dims;
    QLineEdit *m_seed;
    QLabel *m_message;
    QLabel *m_busyLabel;
    QProgressBar *m_busyBar;
    QTimer m_commitTimer; ///< gathers a burst of keystrokes into one edit
    QTimer m_runTimer; ///< gathers a burst of edits into one run
    std::optional<EntropyExperimentConfig> m_shown;
    std::optional<EntropyExperimentConfig> m_requested;
    std::optional<EntropyExperimentConfig> m_lastSynced; ///< the document's, as last seen
    bool m_syncing = false;
    bool m_runPending = false;
    /// The experiment's settings (keys, queries, repeats, d_k values, seed): hidden in lesson
    /// mode.
    QWidget *m_settingsHost = nullptr;
};

} // namespace ae
