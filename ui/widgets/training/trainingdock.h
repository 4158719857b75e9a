// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingdock.h
/// The training lab (View > Training): settings, Play / Pause / Step / Reset and a speed, two
/// runs side by side (by default scaled by √d_k and unscaled) with their live curves, the
/// attention of one example as it evolves, a scrubber, Open in Explorer and Translate.

#include "export/figure.h"
#include "training/trainingconfig.h"

#include <QDockWidget>
#include <array>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTabWidget;

namespace ae {

class Document;
class TrainingAttentionPanel;
class TrainingCurvePlot;
class TrainingRunner;
class TrainingSettingsForm;
class TrainingTranslatePanel;
class TransformerHeadGrid;
class TransformerTranslatePanel;
struct TrainingTrace;

/// The dock; the runs live in its TrainingRunner.
class TrainingDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit TrainingDock(Document *document, QWidget *parent = nullptr);
    ~TrainingDock() override;

    /// A lesson step's training (view.training): shows @p config's settings, run A scaled by
    /// √d_k and run B unscaled, and plays them on the "Attention as it learns" tab: the runs
    /// shown go on when they already are these runs (the next step of the same lesson), else
    /// both start from step 0.
    void startLessonRuns(const RunConfig &config);

    /// Larger plot fonts for teaching (the widgets' fonts follow the window's).
    void setPresentationMode(bool on);

    /// @name Export (the Export… button's menu)
    /// @{
    /// The curves of both runs as a figure (trainingcurvesfigure.h), as far as they have run.
    Figure curvesFigure() const;
    /// The film strip of the example shown at @p steps (a list such as "0, 50, 100"), or
    /// nothing with @p error set when the list is bad or there are no runs.
    /// For the transformer: the mean of the heads of the kind the head grid shows, at the layer
    /// chosen beside each run's Open button, for the sentence the grid shows.
    std::optional<Figure> filmStripFigure(const QString &steps, QString *error) const;
    /// The steps the film strip shows (the last list the user gave).
    QString filmStripSteps() const { return m_filmSteps; }
    void setFilmStripSteps(const QString &steps) { m_filmSteps = steps; }
    /// Writes @p figure to @p fileName (SVG, PNG or PDF by its extension) through the figure
    /// exporter; false with @p error set (naming the file) on failure.
    static bool exportFigure(const Figure &figure, const QString &fileName, QString *error);
    /// @}

    /// The speeds offered, in steps a second per run (0: as fast as the machine goes).
    static const std::array<int, 5> &speeds();

    /// @name Parts (tests)
    /// @{
    TrainingRunner *runner() const { return m_runner; }
    TrainingSettingsForm *settings() const { return m_settings; }
    TrainingAttentionPanel *attention() const { return m_attention; }
    TrainingTranslatePanel *translator() const { return m_translate; }
    /// Translate for transformer runs (shown instead of translator() on its tab).
    TransformerTranslatePanel *transformerTranslator() const { return m_transformerTranslate; }
    /// The transformer's head grid (shown instead of attention() for transformer runs).
    TransformerHeadGrid *headGrid() const { return m_headGrid; }
    TrainingCurvePlot *curvePlot(int index) const { return m_plots[size_t(index)]; }
    QPushButton *playButton() const { return m_play; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *resetButton() const { return m_reset; }
    QPushButton *exportButton() const { return m_export; }
    QComboBox *speedBox() const { return m_speed; }
    QDoubleSpinBox *smoothingBox() const { return m_smoothing; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *statusLabel() const { return m_status; }
    /// @}

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void retranslate();
    /// Starts fresh runs of the form's settings (or clears them when the settings are bad).
    void restartRuns();
    /// Shows the attention of the runs' model: the one layer's panel or the head grid.
    void showModel();
    /// Takes the runner's new steps into the curves, the heatmaps and the status line.
    void showProgress();
    void updateButtons();
    void updateStatus();
    /// Asks for a file and writes run @p run's history JSON there; false when the user
    /// cancelled or the file could not be written.
    bool saveHistory(int run);
    /// Before another task replaces runs that have steps: Save (both histories), Discard or
    /// Cancel; true to go on.
    bool maySwitchTask();
    /// Asks for the steps (film strip only) and a file, and exports the curves or the strip.
    void exportWithDialog(bool filmStrip);
    /// filmStripFigure() of the transformer at @p steps (checked, kept by both runs).
    Figure transformerFilmStrip(const std::vector<int> &steps) const;
    /// The settings in one line, for the figures' subtitles.
    QString settingsText() const;
    std::array<QString, 2> runNames() const;

    Document *m_document;
    TrainingRunner *m_runner;
    TrainingSettingsForm *m_settings;
    TrainingAttentionPanel *m_attention;
    TrainingTranslatePanel *m_translate;
    TransformerHeadGrid *m_headGrid;
    TransformerTranslatePanel *m_transformerTranslate;
    QStackedWidget *m_translateStack;
    QStackedWidget *m_attentionStack;
    std::array<TrainingCurvePlot *, 3> m_plots {};
    QWidget *m_plotsBox = nullptr; ///< the three curve plots, above the maps
    /// The least height of the curves, in lines of the dock's font: axis titles whole.
    static int plotsLeastLines(bool presenting) { return presenting ? 12 : 16; }
    QScrollArea *m_settingsScroll = nullptr; ///< the settings, scrolled on a short screen
    /// In lesson mode, shows the settings column (hidden there to give the plots the width).
    QPushButton *m_settingsToggle = nullptr;
    std::array<TrainingTrace *, 2> m_traces {};
    QPushButton *m_play;
    QPushButton *m_step;
    QPushButton *m_reset;
    QPushButton *m_save;
    QPushButton *m_export;
    QString m_filmSteps;
    QComboBox *m_speed;
    QLabel *m_speedLabel;
    QDoubleSpinBox *m_smoothing;
    QLabel *m_smoothingLabel;
    QLabel *m_status;
    QTabWidget *m_tabs;
    bool m_placed = false; ///< the floating window has had its first size
};

} // namespace ae
