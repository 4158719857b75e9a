// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/translationcorpus.h"

#include <QFile>
#include <QSet>

namespace ae {

namespace {

/// The words of one sentence: non-empty, separated by single spaces.
std::optional<QStringList> sentenceWords(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '));
    for (const QString &w : words)
        if (w.isEmpty() || w.contains(QLatin1Char('\t')))
            return std::nullopt;
    return words;
}

void addWords(const QStringList &words, QStringList &vocab, QSet<QString> &seen)
{
    for (const QString &w : words)
        if (!seen.contains(w)) {
            seen.insert(w);
            vocab << w;
        }
}

} // namespace

std::optional<TranslationCorpus> TranslationCorpus::parse(const QByteArray &text, QString *error)
{
    TranslationCorpus c;
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QString where = QStringLiteral("line %1: ").arg(i + 1);
        const QStringList fields = line.split(QLatin1Char('\t'));
        if (fields.size() != 3) {
            *error = where + QStringLiteral("%1 fields, expected 3").arg(fields.size());
            return std::nullopt;
        }
        const auto zh = sentenceWords(fields.at(1));
        const auto en = sentenceWords(fields.at(2));
        if (!zh || !en) {
            *error = where
                + QStringLiteral("a sentence with an empty word (words are separated by "
                                 "single spaces)");
            return std::nullopt;
        }
        std::vector<SentencePair> *split = fields.at(0) == u"train" ? &c.m_train
            : fields.at(0) == u"test"                               ? &c.m_test
                                                                    : nullptr;
        if (!split) {
            *error = where + QStringLiteral("\"%1\" is not train or test").arg(fields.at(0));
            return std::nullopt;
        }
        split->push_back({ *zh, *en });
    }
    if (c.m_train.empty() || c.m_test.empty()) {
        *error = QStringLiteral("no training pairs or no test pairs");
        return std::nullopt;
    }
    QSet<QString> seenZh, seenEn;
    for (const std::vector<SentencePair> *split : { &c.m_train, &c.m_test })
        for (const SentencePair &p : *split) {
            addWords(p.chinese, c.m_chineseWords, seenZh);
            addWords(p.english, c.m_englishWords, seenEn);
            c.m_longestChinese = std::max(c.m_longestChinese, int(p.chinese.size()));
            c.m_longestEnglish = std::max(c.m_longestEnglish, int(p.english.size()));
        }
    return c;
}

QString TranslationCorpus::builtinPath()
{
    return QStringLiteral(":/corpus/translation-corpus.tsv");
}

const TranslationCorpus &TranslationCorpus::builtin()
{
    static const TranslationCorpus corpus = [] {
        QFile file(builtinPath());
        QString error;
        if (!file.open(QIODevice::ReadOnly))
            return TranslationCorpus();
        return parse(file.readAll(), &error).value_or(TranslationCorpus());
    }();
    return corpus;
}

} // namespace ae
