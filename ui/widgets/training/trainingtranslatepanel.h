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

namespace ae {

class HeatmapPlot;
class TrainingRunner;
class WordReveal;

/// A sentence box, a run chooser, Translate, the words so far and their attention rows.
class TrainingTranslatePanel : public QWidget
{
    Q_OBJECT
public:
    explicit TrainingTranslatePanel(TrainingRunner *runner, QWidget *parent = nullptr);

    /// New runs: offers their words and names.
    void runsStarted();
    /// The step whose weights decode (the scrubber's); the panel says which step that is.
    void setStep(int step);
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
    /// Names the run and step whose weights Translate uses.
    QLabel *weightsLabel() const { return m_weights; }
    /// @}

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Run @p run's name ("A: scaled (÷√d_k)") from the runs' own settings, in the language
    /// of the moment.
    QString runName(int run) const;
    void retranslate();
    /// Shows the words the reveal has reached and their attention.
    void showWords();
    /// Says whose weights at which step Translate uses.
    void updateWeightsLabel();

    TrainingRunner *m_runner;
    int m_step = 0;
    QLineEdit *m_sentence;
    QComboBox *m_run;
    QPushButton *m_translate;
    QLabel *m_sentenceLabel;
    QLabel *m_words;
    QLabel *m_message;
    QLabel *m_vocabulary;
    QLabel *m_weights;
    /// The run and step of the words shown.
    int m_decodedRun = 0;
    int m_decodedStep = -1;
    HeatmapPlot *m_plot;
    WordReveal *m_reveal;
    std::vector<DecodedWord> m_decoded;
    QStringList m_sourceWords;
};

} // namespace ae
