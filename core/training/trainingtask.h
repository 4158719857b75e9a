// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingtask.h
/// The four tasks' vocabularies and random batches. The window shows vocabularies in its
/// example picker and its Translate box; phraseBookWords() lists the words a user may type.

#include "rng.h"
#include "training/trainingbatch.h"
#include "training/trainingconfig.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace ae {

/// Draws examples of one task. Copy, reverse and rotate use source words "a", "b", ... (then
/// "t10", "t11", ... past 26) and target words "<s>", "A", "B", ...; target word k + 1 is the
/// translation of source word k. Translate uses the phrase book: four-word Chinese sentences
/// from a few templates whose English word order differs (我 昨天 读 书 -> i read books
/// yesterday, 我们 在 家 工作 -> we work at home), including 我 爱 深度 学习 -> i love deep
/// learning.
class TrainingTask
{
public:
    explicit TrainingTask(const TaskConfig &config);

    const TaskConfig &config() const { return m_config; }
    /// Source length and target length (equal for every task).
    int length() const;
    const QStringList &sourceVocab() const { return m_sourceVocab; }
    const QStringList &targetVocab() const { return m_targetVocab; }

    /// @p size fresh examples drawn from @p rng (source, target and alignment filled).
    TrainingBatch sample(int size, Rng &rng) const;

    /// The task's target for @p source: for translate, the phrase book's English sentence when
    /// the source is one of its sentences (a typed sentence can be checked with it); for the
    /// other tasks, the copied, reversed or rotated tokens.
    /// @return the target ids, or nothing (wrong length, or not a phrase-book sentence).
    std::optional<std::vector<int>> translation(const std::vector<int> &source) const;

    /// Source ids of @p words (whitespace-separated words of the source vocabulary); nothing
    /// when a word is not in it.
    std::optional<std::vector<int>> sourceIds(const QString &words) const;

private:
    TaskConfig m_config;
    QStringList m_sourceVocab;
    QStringList m_targetVocab;
};

/// The model spec a run trains: the task's vocabularies with the run's width, heads and scale.
TrainingModelSpec modelSpecFor(const RunConfig &config);

} // namespace ae
