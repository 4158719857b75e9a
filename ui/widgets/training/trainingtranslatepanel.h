// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingtranslatepanel.h
/// The training lab's Translate box: the user types a source sentence from the task's words
/// and watches a run decode it greedily, word by word, each output word with its attention row
/// over the source (the alignment picture).

#include "training/trainingsession.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;

namespace ae {

class HeatmapPlot;
class TrainingRunner;

/// A sentence box, a run chooser, Translate, the words so far and their attention rows.
class TrainingTranslatePanel : public QWidget
{
    Q_OBJECT
public:
    /// Milliseconds between two decoded words appearing.
    static constexpr int wordIntervalMs = 450;

    explicit TrainingTranslatePanel(TrainingRunner *runner, QWidget *parent = nullptr);

    /// New runs: offers their words and names.
    void runsStarted(const std::array<QString, 2> &runNames);
    /// The step whose weights decode (the scrubber's).
    void setStep(int step) { m_step = step; }
    /// Decodes the sentence in the box with the chosen run; false (with a message naming the
    /// unknown word) when the sentence has a word outside the source vocabulary.
    bool translate();
    /// Shows every remaining word at once.
    void finishAnimation();
    void setPresentationMode(bool on);

    /// @name Inspection (tests)
    /// @{
    QLineEdit *sentenceBox() const { return m_sentence; }
    QComboBox *runBox() const { return m_run; }
    QPushButton *translateButton() const { return m_translate; }
    /// The words shown so far.
    QStringList shownWords() const;
    /// The attention rows shown so far (one row per word).
    HeatmapPlot *attentionPlot() const { return m_plot; }
    QLabel *messageLabel() const { return m_message; }
    /// @}

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    /// Shows one more decoded word.
    void revealNext();
    void showWords(int count);

    TrainingRunner *m_runner;
    std::array<QString, 2> m_runNames;
    int m_step = 0;
    QLineEdit *m_sentence;
    QComboBox *m_run;
    QPushButton *m_translate;
    QLabel *m_sentenceLabel;
    QLabel *m_words;
    QLabel *m_message;
    QLabel *m_vocabulary;
    HeatmapPlot *m_plot;
    QTimer *m_timer;
    std::vector<DecodedWord> m_decoded;
    QStringList m_sourceWords;
    int m_shown = 0;
};

} // namespace ae
