// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingtask.h"

#include <QRegularExpression>
#include <algorithm>
#include <array>

namespace ae {

namespace {

/// The phrase book's word pairs: source word k translates to target word k + 1.
struct WordPair
{
    const char *zh;
    const char *en;
};

constexpr std::array<WordPair, 22> phraseWords { {
    { "我", "i" }, { "你", "you" }, { "我们", "we" }, { "他们", "they" }, // 0-3 subjects
    { "爱", "love" }, { "读", "read" }, { "喜欢", "like" }, // 4-6 verbs with an object
    { "深度", "deep" }, { "机器", "machine" }, { "中文", "chinese" }, // 7-9 modifiers
    { "学习", "learning" }, { "翻译", "translation" }, { "书", "books" }, // 10-12 nouns
    { "音乐", "music" }, // 13 noun
    { "昨天", "yesterday" }, { "今天", "today" }, // 14-15 times
    { "工作", "work" }, { "吃饭", "eat" }, // 16-17 verbs without an object
    { "在", "at" }, { "家", "home" }, { "学校", "school" }, // 18-20 place
    { "思考", "thinking" }, // 21 noun of template A only
} };

constexpr int translateLength = 4;

/// Noun phrases of template A (modifier, noun).
/// Every modifier takes two nouns or more and 学习 and 翻译 take two modifiers or more, so that
/// neither word of a phrase tells the other: the model must look at 深度 to write "deep" and
/// at 学习 to write "learning" after it (with 深度 学习 alone, "learning" follows from the
/// word written before it and its attention row may rest anywhere).
constexpr std::array<std::array<int, 2>, 7> nounPhrases { {
    { 7, 10 }, // 深度 学习 deep learning
    { 7, 21 }, // 深度 思考 deep thinking
    { 8, 11 }, // 机器 翻译 machine translation
    { 8, 10 }, // 机器 学习 machine learning
    { 9, 12 }, // 中文 书 chinese books
    { 9, 13 }, // 中文 音乐 chinese music
    { 9, 11 }, // 中文 翻译 chinese translation
} };

int pick(Rng &rng, int n)
{
    return static_cast<int>(rng.next() % static_cast<std::uint64_t>(n));
}

/// One phrase-book sentence: source ids and, for each target position, the source position
/// it translates. Templates (S subject, V verb, T time, P place):
///   A: S V M N -> S V M N        我 爱 深度 学习 -> i love deep learning
///   B: S T V N -> S V N T        我 昨天 读 书 -> i read books yesterday
///   C: S 在 P W -> S W at P      我们 在 家 工作 -> we work at home
void phrase(Rng &rng, int *source, int *order)
{
    const int subject = pick(rng, 4);
    switch (pick(rng, 3)) {
    case 0: {
        const auto &np = nounPhrases[static_cast<size_t>(pick(rng, int(nounPhrases.size())))];
        const int s[] = { subject, 4 + pick(rng, 3), np[0], np[1] };
        const int o[] = { 0, 1, 2, 3 };
        std::copy(s, s + 4, source);
        std::copy(o, o + 4, order);
        break;
    }
    case 1: {
        const int s[] = { subject, 14 + pick(rng, 2), 4 + pick(rng, 3), 12 + pick(rng, 2) };
        const int o[] = { 0, 2, 3, 1 };
        std::copy(s, s + 4, source);
        std::copy(o, o + 4, order);
        break;
    }
    default: {
        const int s[] = { subject, 18, 19 + pick(rng, 2), 16 + pick(rng, 2) };
        const int o[] = { 0, 3, 1, 2 };
        std::copy(s, s + 4, source);
        std::copy(o, o + 4, order);
        break;
    }
    }
}

/// The synthetic tasks' word for token @p k: "a".."z", then "t26", "t27", ...
QString letterWord(int k, bool upper)
{
    if (k < 26)
        return QString(QChar(char16_t((upper ? u'A' : u'a') + k)));
    return (upper ? QStringLiteral("T") : QStringLiteral("t")) + QString::number(k);
}

} // namespace

TrainingTask::TrainingTask(const TaskConfig &config)
    : m_config(config)
{
    m_targetVocab << QStringLiteral("<s>");
    if (isCorpusTask(config.kind)) {
        const TranslationCorpus &corpus = TranslationCorpus::builtin();
        const bool zhEn = config.kind == TaskKind::TranslateZhEn;
        m_sourceVocab = zhEn ? corpus.chineseWords() : corpus.englishWords();
        m_targetVocab << QStringLiteral("</s>")
                      << (zhEn ? corpus.englishWords() : corpus.chineseWords());
        return;
    }
    if (config.kind == TaskKind::Translate) {
        for (const WordPair &w : phraseWords) {
            m_sourceVocab << QString::fromUtf8(w.zh);
            m_targetVocab << QString::fromUtf8(w.en);
        }
        return;
    }
    for (int k = 0; k < config.vocab; ++k) {
        m_sourceVocab << letterWord(k, false);
        m_targetVocab << letterWord(k, true);
    }
}

int TrainingTask::length() const
{
    if (isCorpusTask(m_config.kind)) {
        const TranslationCorpus &c = TranslationCorpus::builtin();
        return std::max(c.longestChinese(), c.longestEnglish()) + 1;
    }
    return m_config.kind == TaskKind::Translate ? translateLength : m_config.length;
}

int TrainingTask::endId() const
{
    return isCorpusTask(m_config.kind) ? 1 : -1;
}

const QStringList &TrainingTask::sourceWords(const SentencePair &pair) const
{
    return m_config.kind == TaskKind::TranslateZhEn ? pair.chinese : pair.english;
}

const QStringList &TrainingTask::targetWords(const SentencePair &pair) const
{
    return m_config.kind == TaskKind::TranslateZhEn ? pair.english : pair.chinese;
}

TrainingBatch TrainingTask::corpusBatch(const std::vector<const SentencePair *> &pairs) const
{
    const int size = static_cast<int>(pairs.size());
    int ls = 0, lt = 0;
    for (const SentencePair *p : pairs) {
        ls = std::max(ls, int(sourceWords(*p).size()));
        lt = std::max(lt, int(targetWords(*p).size()) + 1);
    }
    TrainingBatch b;
    b.source.setZero(size, ls);
    b.target.setConstant(size, lt, endId());
    b.alignment.setConstant(size, lt, -1);
    b.sourcePadding.setConstant(size, ls, false);
    b.targetPadding.setConstant(size, lt, false);
    for (int e = 0; e < size; ++e) {
        const QStringList &src = sourceWords(*pairs[size_t(e)]);
        const QStringList &tgt = targetWords(*pairs[size_t(e)]);
        for (int i = 0; i < ls; ++i) {
            if (i < src.size())
                b.source(e, i) = static_cast<int>(m_sourceVocab.indexOf(src.at(i)));
            else
                b.sourcePadding(e, i) = true;
        }
        for (int i = 0; i < lt; ++i) {
            if (i < tgt.size())
                b.target(e, i) = static_cast<int>(m_targetVocab.indexOf(tgt.at(i)));
            else if (i > tgt.size())
                b.targetPadding(e, i) = true; // position tgt.size() holds the end token
        }
    }
    // Nothing padded: no masks, as for the fixed-length tasks.
    if (!b.sourcePadding.any())
        b.sourcePadding.resize(0, 0);
    if (!b.targetPadding.any())
        b.targetPadding.resize(0, 0);
    return b;
}

TrainingBatch TrainingTask::testBatch() const
{
    std::vector<const SentencePair *> pairs;
    if (isCorpusTask(m_config.kind))
        for (const SentencePair &p : TranslationCorpus::builtin().test())
            pairs.push_back(&p);
    return corpusBatch(pairs);
}

TrainingBatch TrainingTask::sample(int size, Rng &rng) const
{
    if (isCorpusTask(m_config.kind)) {
        const std::vector<SentencePair> &train = TranslationCorpus::builtin().train();
        std::vector<const SentencePair *> pairs;
        for (int e = 0; e < size; ++e)
            pairs.push_back(&train[size_t(pick(rng, int(train.size())))]);
        return corpusBatch(pairs);
    }
    const int l = length();
    TrainingBatch b;
    b.source.resize(size, l);
    b.target.resize(size, l);
    b.alignment.resize(size, l);
    for (int e = 0; e < size; ++e) {
        if (m_config.kind == TaskKind::Translate) {
            int order[translateLength];
            phrase(rng, &b.source(e, 0), order);
            for (int i = 0; i < l; ++i)
                b.alignment(e, i) = order[i];
        } else {
            for (int i = 0; i < l; ++i)
                b.source(e, i) = pick(rng, m_config.vocab);
            for (int i = 0; i < l; ++i) {
                switch (m_config.kind) {
                case TaskKind::Copy:
                    b.alignment(e, i) = i;
                    break;
                case TaskKind::Reverse:
                    b.alignment(e, i) = l - 1 - i;
                    break;
                default:
                    b.alignment(e, i) = (i + 1) % l;
                    break;
                }
            }
        }
        for (int i = 0; i < l; ++i)
            b.target(e, i) = b.source(e, b.alignment(e, i)) + 1;
    }
    return b;
}

std::optional<std::vector<int>> TrainingTask::translation(const std::vector<int> &source) const
{
    if (isCorpusTask(m_config.kind)) {
        const TranslationCorpus &corpus = TranslationCorpus::builtin();
        for (const std::vector<SentencePair> *split : { &corpus.train(), &corpus.test() }) {
            for (const SentencePair &p : *split) {
                const QStringList &src = sourceWords(p);
                bool same = src.size() == qsizetype(source.size());
                for (size_t i = 0; same && i < source.size(); ++i)
                    same = source[i] >= 0 && source[i] < m_sourceVocab.size()
                        && m_sourceVocab.at(source[i]) == src.at(qsizetype(i));
                if (!same)
                    continue;
                std::vector<int> target;
                for (const QString &w : targetWords(p))
                    target.push_back(static_cast<int>(m_targetVocab.indexOf(w)));
                target.push_back(endId());
                return target;
            }
        }
        return std::nullopt;
    }
    if (static_cast<int>(source.size()) != length())
        return std::nullopt;
    std::vector<int> order(source.size());
    if (m_config.kind != TaskKind::Translate) {
        for (int i = 0; i < length(); ++i) {
            const int l = length();
            order[size_t(i)] = m_config.kind == TaskKind::Copy ? i
                : m_config.kind == TaskKind::Reverse           ? l - 1 - i
                                                               : (i + 1) % l;
        }
    } else {
        // Recognise the template by the word classes of the source.
        auto in = [](int id, int lo, int hi) { return id >= lo && id <= hi; };
        const std::vector<int> &s = source;
        if (!in(s[0], 0, 3))
            return std::nullopt;
        if (in(s[1], 4, 6) && in(s[2], 7, 9) && (in(s[3], 10, 13) || s[3] == 21))
            order = { 0, 1, 2, 3 };
        else if (in(s[1], 14, 15) && in(s[2], 4, 6) && in(s[3], 12, 13))
            order = { 0, 2, 3, 1 };
        else if (s[1] == 18 && in(s[2], 19, 20) && in(s[3], 16, 17))
            order = { 0, 3, 1, 2 };
        else
            return std::nullopt;
    }
    std::vector<int> target(source.size());
    for (size_t i = 0; i < source.size(); ++i)
        target[i] = source[size_t(order[i])] + 1;
    return target;
}

namespace {

/// Appends to @p ids the words of @p vocab that make up @p piece from @p at on, longest
/// first at each place, trying the shorter ones when the rest cannot be split; false (and
/// @p ids as it was) when no split exists. @p deadEnd marks the places already known not to
/// split, so a long piece costs time linear in its length times the vocabulary.
bool splitIntoWords(const QString &piece, qsizetype at, const QStringList &vocab,
    std::vector<int> &ids, std::vector<bool> &deadEnd)
{
    if (at == piece.size())
        return true;
    if (deadEnd[size_t(at)])
        return false;
    std::vector<int> candidates;
    for (int id = 0; id < vocab.size(); ++id) {
        const QString &w = vocab.at(id);
        if (!w.isEmpty() && QStringView(piece).mid(at).startsWith(w))
            candidates.push_back(id);
    }
    std::stable_sort(candidates.begin(), candidates.end(),
        [&vocab](int a, int b) { return vocab.at(a).size() > vocab.at(b).size(); });
    for (const int id : candidates) {
        ids.push_back(id);
        if (splitIntoWords(piece, at + vocab.at(id).size(), vocab, ids, deadEnd))
            return true;
        ids.pop_back();
    }
    deadEnd[size_t(at)] = true;
    return false;
}

/// The longest piece split into words (the split recurses once per word).
constexpr qsizetype maxSplitLength = 256;

} // namespace

std::optional<std::vector<int>> TrainingTask::sourceIds(
    const QString &words, QString *unknown) const
{
    std::vector<int> ids;
    static const QRegularExpression space(QStringLiteral("\\s+"));
    for (const QString &w : words.split(space, Qt::SkipEmptyParts)) {
        const int id = static_cast<int>(m_sourceVocab.indexOf(w));
        if (id >= 0) {
            ids.push_back(id);
        } else if (std::vector<bool> deadEnd(size_t(w.size()) + 1, false); w.size() > maxSplitLength
                   || !splitIntoWords(w, 0, m_sourceVocab, ids, deadEnd)) {
            if (unknown)
                *unknown = w;
            return std::nullopt;
        }
    }
    return ids;
}

TrainingModelSpec modelSpecFor(const RunConfig &config)
{
    const TrainingTask task(config.task);
    TrainingModelSpec spec;
    spec.sourceVocab = task.sourceVocab();
    spec.targetVocab = task.targetVocab();
    spec.dModel = config.dModel;
    spec.heads = config.heads;
    spec.scale = config.scale;
    return spec;
}

} // namespace ae
