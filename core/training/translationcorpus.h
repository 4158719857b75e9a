// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file translationcorpus.h
/// The training lab's English <-> Chinese corpus: a few hundred sentence pairs from a small
/// grammar, written by scripts/make-translation-corpus.py into
/// resources/corpus/translation-corpus.tsv and compiled into the core under
/// ":/corpus/translation-corpus.tsv" (the tasks translate-zh-en and translate-en-zh train on
/// its training split and are measured on its test split).

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ae {

/// One sentence pair, as words.
struct SentencePair
{
    QStringList chinese;
    QStringList english;
};

/// The corpus: its training and test pairs and each language's words.
class TranslationCorpus
{
public:
    /// Reads the corpus file's text: lines starting with "#" (and empty lines) are skipped;
    /// every other line is SPLIT<TAB>CHINESE<TAB>ENGLISH, SPLIT "train" or "test", words
    /// separated by single spaces. @return the corpus, or nothing with @p error set to the
    /// first problem and its line ("line 7: 2 fields, expected 3").
    static std::optional<TranslationCorpus> parse(const QByteArray &text, QString *error);

    /// The corpus compiled into the program (read once); empty if it could not be read, which
    /// the core test of the file rules out.
    static const TranslationCorpus &builtin();
    /// The resource path of the built-in corpus.
    static QString builtinPath();

    const std::vector<SentencePair> &train() const { return m_train; }
    const std::vector<SentencePair> &test() const { return m_test; }
    /// Every Chinese word (English word) of the corpus, in the order of first appearance in
    /// the file (the training split first).
    const QStringList &chineseWords() const { return m_chineseWords; }
    const QStringList &englishWords() const { return m_englishWords; }
    /// The longest sentence of either split, in words.
    int longestChinese() const { return m_longestChinese; }
    int longestEnglish() const { return m_longestEnglish; }

private:
    std::vector<SentencePair> m_train, m_test;
    QStringList m_chineseWords, m_englishWords;
    int m_longestChinese = 0, m_longestEnglish = 0;
};

} // namespace ae
