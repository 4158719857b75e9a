// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingtask.h
/// The tasks' vocabularies and random batches (the corpus tasks' test split too). The window
/// shows vocabularies in its example picker and its Translate box; phraseBookWords() lists the
/// words a user may type.

#include "attention/rng.h"
#include "training/trainingbatch.h"
#include "training/trainingconfig.h"
#include "training/translationcorpus.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace ae {

/// Draws examples of one task. Copy, reverse and rotate use source words "a", "b", ... (then
/// "t10", "t11", ... past 26) and target words "<s>", "A", "B", ...; target word k + 1 is the
/// translation of source word k. Translate uses the phrase book: four-word Chinese sentences
/// from a few templates whose English word order differs (我 昨天 读 书 -> i read books
/// yesterday, 我们 在 家 工作 -> we work at home), including 我 爱 深度 学习 -> i love deep
/// learning. The corpus tasks (translate-zh-en, translate-en-zh) draw sentence pairs of the
/// translation corpus's training split: source words are the source language's words of the
/// corpus, target words "<s>", "</s>" (the end token, closing every target sentence) and the
/// target language's words; a batch is padded at the end of its shorter sentences.
class TrainingTask
{
public:
    explicit TrainingTask(const TaskConfig &config);

    const TaskConfig &config() const { return m_config; }
    /// Source length and target length (equal for every task but the corpus tasks, whose
    /// sentences differ: there the longest source or target, end token included).
    int length() const;
    /// The end token's id in the target vocabulary (1) for the corpus tasks; -1 for the
    /// others, whose targets have the source's length.
    int endId() const;
    const QStringList &sourceVocab() const { return m_sourceVocab; }
    const QStringList &targetVocab() const { return m_targetVocab; }

    /// @p size fresh examples drawn from @p rng (source, target and alignment filled). The
    /// corpus tasks draw pairs of the training split (with replacement), with alignment -1
    /// and the padding filled when their lengths differ.
    TrainingBatch sample(int size, Rng &rng) const;
    /// The corpus tasks: every pair of the test split, in the file's order, padded as sample()
    /// pads. The other tasks: empty.
    TrainingBatch testBatch() const;

    /// The task's target for @p source: for translate, the phrase book's English sentence when
    /// the source is one of its sentences (a typed sentence can be checked with it); for the
    /// other tasks, the copied, reversed or rotated tokens; for the corpus tasks, the corpus's
    /// translation of a source sentence of either split, end token included.
    /// @return the target ids, or nothing (wrong length, or not a phrase-book sentence).
    std::optional<std::vector<int>> translation(const std::vector<int> &source) const;

    /// Source ids of @p words: whitespace-separated words of the source vocabulary, where a
    /// piece between spaces that is not one word is split into words of the vocabulary,
    /// longest match first (我爱深度学习 → 我 爱 深度 学习, as Chinese is written); nothing when
    /// a piece cannot be split so. @p unknown, if given, receives the first such piece.
    std::optional<std::vector<int>> sourceIds(
        const QString &words, QString *unknown = nullptr) const;

private:
    /// The corpus tasks: the pairs @p pairs as one padded batch.
    TrainingBatch corpusBatch(const std::vector<const SentencePair *> &pairs) const;
    const QStringList &sourceWords(const SentencePair &pair) const;
    const QStringList &targetWords(const SentencePair &pair) const;

    TaskConfig m_config;
    QStringList m_sourceVocab;
    QStringList m_targetVocab;
};

/// The model spec a run trains: the task's vocabularies with the run's width, heads and scale.
TrainingModelSpec modelSpecFor(const RunConfig &config);

} // namespace ae
