// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingdock.h
/// The training lab (View > Training): settings, Play / Pause / Step / Reset and a speed, two
/// runs side by side (by default scaled by √d_k and unscaled) with their live curves, the
/// attention of one example as it evolves, a scrubber, Open in Explorer and Translate.

#include <QDockWidget>
#include <array>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;

namespace ae {

class Document;
class TrainingAttentionPanel;
class TrainingCurvePlot;
class TrainingRunner;
class TrainingSettingsForm;
class TrainingTranslatePanel;
struct TrainingTrace;

/// The dock; the runs live in its TrainingRunner.
class TrainingDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit TrainingDock(Document *document, QWidget *parent = nullptr);
    ~TrainingDock() override;

    /// Larger plot fonts for teaching (the widgets' fonts follow the window's).
    void setPresentationMode(bool on);

    /// The speeds offered, in steps a second per run (0: as fast as the machine goes).
    static const std::array<int, 5> &speeds();

    /// @name Parts (tests)
    /// @{
    TrainingRunner *runner() const { return m_runner; }
    TrainingSettingsForm *settings() const { return m_settings; }
    TrainingAttentionPanel *attention() const { return m_attention; }
    TrainingTranslatePanel *translator() const { return m_translate; }
    TrainingCurvePlot *curvePlot(int index) const { return m_plots[size_t(index)]; }
    QPushButton *playButton() const { return m_play; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *resetButton() const { return m_reset; }
    QComboBox *speedBox() const { return m_speed; }
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
    /// Takes the runner's new steps into the curves, the heatmaps and the status line.
    void showProgress();
    void updateButtons();
    void updateStatus();
    /// Asks for a file and writes run @p run's history JSON there.
    void saveHistory(int run);
    std::array<QString, 2> runNames() const;

    Document *m_document;
    TrainingRunner *m_runner;
    TrainingSettingsForm *m_settings;
    TrainingAttentionPanel *m_attention;
    TrainingTranslatePanel *m_translate;
    std::array<TrainingCurvePlot *, 3> m_plots {};
    std::array<TrainingTrace *, 2> m_traces {};
    QPushButton *m_play;
    QPushButton *m_step;
    QPushButton *m_reset;
    QPushButton *m_save;
    QComboBox *m_speed;
    QLabel *m_speedLabel;
    QLabel *m_status;
    QTabWidget *m_tabs;
    bool m_placed = false; ///< the floating window has had its first size
};

} // namespace ae
