// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformertranslatepanel.h
/// The training lab's Translate box for the transformer: the user types a source sentence of
/// the task's words and watches a run decode it greedily, word by word; for every word
/// produced, each decoder layer's cross-attention row over the source (one heatmap per layer,
/// the mean of its heads or one head), so that the alignment can be followed through the
/// layers.

#include "training/transformer/transformertranslation.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QLineEdit;
class QPushButton;

namespace ae {

class HeatmapPlot;
class TrainingRunner;
class WordReveal;

/// A sentence box, a run chooser, Translate, the words so far and a heatmap per decoder layer.
class TransformerTranslatePanel : public QWidget
{
    Q_OBJECT
public:
    explicit TransformerTranslatePanel(TrainingRunner *runner, QWidget *parent = nullptr);

    /// New transformer runs: offers their words, names and layers.
    void runsStarted();
    /// The step whose weights decode (the head grid's scrubber); the panel says which step.
    void setStep(int step);
    /// Decodes the sentence in the box with the chosen run; false (with a message naming the
    /// unknown word) when the sentence has a word outside the source vocabulary.
    bool translate();
    /// Shows every remaining word at once.
    void finishAnimation();
    void setPresentationMode(bool on);

    /// The most words a decoding of @p sourceWords source words may produce for a task whose
    /// end token is @p endId (-1: none) and whose longest sentence has @p taskLength words:
    /// as many as the source without an end token, else room for the end token past the
    /// longer of the task's sentences and twice the source.
    static int maxWords(int endId, int taskLength, int sourceWords);

    /// @name Inspection (tests)
    /// @{
    QLineEdit *sentenceBox() const { return m_sentence; }
    QComboBox *runBox() const { return m_run; }
    QPushButton *translateButton() const { return m_translate; }
    /// Mean of the heads (index 0) or head i (index i + 1).
    QComboBox *headBox() const { return m_head; }
    /// The words shown so far.
    QStringList shownWords() const;
    /// Decoder layer @p layer's heatmap (rows: the words shown, columns: the source words).
    HeatmapPlot *layerPlot(int layer) const;
    int layerCount() const { return static_cast<int>(m_plots.size()); }
    QLabel *messageLabel() const { return m_message; }
    /// Names the step whose weights Translate uses (its tooltip the run too).
    QLabel *weightsLabel() const { return m_weights; }
    /// @}

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Run @p run's name ("A: scaled (÷√d_k)") from the runs' own settings.
    QString runName(int run) const;
    void retranslate();
    /// Gives the vocabulary its whole height up to two lines; past that, it scrolls.
    void fitVocabulary();
    /// One heatmap per decoder layer, up to three in a row.
    void rebuildPlots(int layers, int heads);
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
    QLabel *m_decodedBy; ///< the run and step of the words shown
    QLabel *m_message;
    QLabel *m_vocabulary;
    QScrollArea *m_vocabularyArea;
    QLabel *m_weights;
    QLabel *m_headLabel;
    QComboBox *m_head;
    QGridLayout *m_plotGrid;
    std::vector<HeatmapPlot *> m_plots;
    bool m_presenting = false;
    /// The run and step of the words shown.
    int m_decodedRun = 0;
    int m_decodedStep = -1;
    WordReveal *m_reveal;
    std::vector<TransformerDecodedWord> m_decoded;
    QStringList m_sourceWords;
};

} // namespace ae
