// SPDX-License-Identifier: GPL-3.0-or-later
// The translation corpus: the committed file is what its script writes, the built-in corpus is
// that file, its shape (splits, vocabularies, the alignments the lab shows), the reader's
// refusals, and the corpus tasks' vocabularies and padded batches.

#include "attention/rng.h"
#include "training/trainingconfig.h"
#include "training/trainingtask.h"
#include "training/translationcorpus.h"

#include <QFile>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QtTest>

using namespace ae;

class TestTranslationCorpus : public QObject
{
    Q_OBJECT

private slots:
    void fileIsWhatTheScriptWrites();
    void builtinIsTheFile();
    void splitsAndVocabularies();
    void examplesPresent_data();
    void examplesPresent();
    void refusals_data();
    void refusals();
    void corpusTaskVocabularies_data();
    void corpusTaskVocabularies();
    void corpusBatchesArePadded();
    void testBatchIsTheTestSplit();
};

namespace {

const QString corpusFile = QStringLiteral(AE_SOURCE_DIR "/resources/corpus/translation-corpus.tsv");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

QStringList words(const QString &text)
{
    return text.split(QLatin1Char(' '));
}

} // namespace

void TestTranslationCorpus::fileIsWhatTheScriptWrites()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 is not installed");
    QProcess script;
    script.start(python,
        { QStringLiteral(AE_SOURCE_DIR "/scripts/make-translation-corpus.py"),
            QStringLiteral("-") });
    QVERIFY(script.waitForFinished(60000));
    QCOMPARE(script.exitCode(), 0);
    const QByteArray written = script.readAllStandardOutput();
    QVERIFY(!written.isEmpty());
    QVERIFY2(written == readFile(corpusFile),
        "resources/corpus/translation-corpus.tsv differs from what "
        "scripts/make-translation-corpus.py writes: run the script again");
}

void TestTranslationCorpus::builtinIsTheFile()
{
    QString error;
    const auto file = TranslationCorpus::parse(readFile(corpusFile), &error);
    QVERIFY2(file, qPrintable(error));
    const TranslationCorpus &builtin = TranslationCorpus::builtin();
    QCOMPARE(builtin.train().size(), file->train().size());
    QCOMPARE(builtin.test().size(), file->test().size());
    for (size_t i = 0; i < file->test().size(); ++i) {
        QCOMPARE(builtin.test()[i].chinese, file->test()[i].chinese);
        QCOMPARE(builtin.test()[i].english, file->test()[i].english);
    }
    QCOMPARE(builtin.chineseWords(), file->chineseWords());
    QCOMPARE(builtin.englishWords(), file->englishWords());
}

void TestTranslationCorpus::splitsAndVocabularies()
{
    const TranslationCorpus &c = TranslationCorpus::builtin();
    // The script's split: 400 pairs to train on, 80 held out.
    QCOMPARE(int(c.train().size()), 400);
    QCOMPARE(int(c.test().size()), 80);
    QSet<QString> trainZh, trainEn, allZh, allEn, sentences;
    for (const SentencePair &p : c.train()) {
        for (const QString &w : p.chinese)
            trainZh.insert(w);
        for (const QString &w : p.english)
            trainEn.insert(w);
    }
    int longestZh = 0, longestEn = 0;
    for (const auto *split : { &c.train(), &c.test() }) {
        for (const SentencePair &p : *split) {
            // Every sentence once, each word of it in its language's vocabulary.
            const QString zh = p.chinese.join(QLatin1Char(' '));
            QVERIFY2(!sentences.contains(zh), qPrintable(zh));
            sentences.insert(zh);
            QVERIFY(p.chinese.size() >= 2 && p.english.size() >= 2);
            for (const QString &w : p.chinese) {
                QVERIFY(c.chineseWords().contains(w));
                allZh.insert(w);
                // Chinese words are Chinese, English words are not.
                QVERIFY2(w.at(0).unicode() >= 0x4e00, qPrintable(w));
            }
            for (const QString &w : p.english) {
                QVERIFY(c.englishWords().contains(w));
                allEn.insert(w);
                QVERIFY2(w.at(0).isLower(), qPrintable(w));
            }
            longestZh = std::max(longestZh, int(p.chinese.size()));
            longestEn = std::max(longestEn, int(p.english.size()));
        }
    }
    // The vocabularies are exactly the words used, each once, every test word also trained on.
    QCOMPARE(int(c.chineseWords().size()), int(allZh.size()));
    QCOMPARE(int(c.englishWords().size()), int(allEn.size()));
    QCOMPARE(trainZh, allZh);
    QCOMPARE(trainEn, allEn);
    QCOMPARE(c.longestChinese(), longestZh);
    QCOMPARE(c.longestEnglish(), longestEn);
    // A grammar's worth: tens of words on each side.
    QVERIFY(c.chineseWords().size() >= 30 && c.englishWords().size() >= 30);
}

void TestTranslationCorpus::examplesPresent_data()
{
    QTest::addColumn<QString>("chinese");
    QTest::addColumn<QString>("english");
    // The alignments that cross: the place and the time move behind the verb.
    QTest::newRow("place") << QStringLiteral("我 在 学校 学习")
                           << QStringLiteral("i study at school");
    QTest::newRow("time") << QStringLiteral("我 昨天 看 了 书")
                          << QStringLiteral("i read a book yesterday");
}

void TestTranslationCorpus::examplesPresent()
{
    QFETCH(QString, chinese);
    QFETCH(QString, english);
    bool found = false;
    for (const SentencePair &p : TranslationCorpus::builtin().train())
        found = found || (p.chinese == words(chinese) && p.english == words(english));
    QVERIFY2(found, qPrintable(chinese + QStringLiteral(" -> ") + english));
}

void TestTranslationCorpus::refusals_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray ok = "train\t我 喜欢 书\ti like books\ntest\t你 喜欢 书\tyou like books\n";
    QTest::newRow("two fields") << QByteArray("# c\ntrain\t我 喜欢 书\n") + ok
                                << QStringLiteral("line 2: 2 fields, expected 3");
    QTest::newRow("split") << ok + "dev\t我\ti\n"
                           << QStringLiteral("line 3: \"dev\" is not train or test");
    QTest::newRow("double space") << ok + "train\t我  喜欢\ti like\n"
                                  << QStringLiteral("line 3: a sentence with an empty word");
    QTest::newRow("empty sentence") << ok + "test\t\ti\n"
                                    << QStringLiteral("line 3: a sentence with an empty word");
    QTest::newRow("no test") << QByteArray("train\t我\ti\n")
                             << QStringLiteral("no training pairs or no test pairs");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("no training pairs or no test pairs");
}

void TestTranslationCorpus::refusals()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!TranslationCorpus::parse(text, &error));
    QVERIFY2(error.startsWith(message), qPrintable(error));
}

void TestTranslationCorpus::corpusTaskVocabularies_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("zh-en") << int(TaskKind::TranslateZhEn);
    QTest::newRow("en-zh") << int(TaskKind::TranslateEnZh);
}

void TestTranslationCorpus::corpusTaskVocabularies()
{
    QFETCH(int, kind);
    const TaskKind k = TaskKind(kind);
    QVERIFY(isCorpusTask(k) && taskFixesShape(k));
    QCOMPARE(taskFromName(taskName(k)), std::optional<TaskKind>(k));
    const TranslationCorpus &c = TranslationCorpus::builtin();
    const bool zhEn = k == TaskKind::TranslateZhEn;
    const TrainingTask task(TaskConfig { k, 6, 12 });
    QCOMPARE(task.sourceVocab(), zhEn ? c.chineseWords() : c.englishWords());
    const QStringList target = task.targetVocab();
    QCOMPARE(target.at(0), QStringLiteral("<s>"));
    QCOMPARE(target.at(task.endId()), QStringLiteral("</s>"));
    QCOMPARE(target.mid(2), zhEn ? c.englishWords() : c.chineseWords());
    QCOMPARE(task.length(), std::max(c.longestChinese(), c.longestEnglish()) + 1);
    // The corpus's own translation of a sentence, end token included.
    const SentencePair &p = c.train().front();
    std::vector<int> source;
    for (const QString &w : zhEn ? p.chinese : p.english)
        source.push_back(int(task.sourceVocab().indexOf(w)));
    const auto translated = task.translation(source);
    QVERIFY(translated);
    QStringList out;
    for (int id : *translated)
        out << target.at(id);
    QCOMPARE(out, (zhEn ? p.english : p.chinese) + QStringList { QStringLiteral("</s>") });
}

void TestTranslationCorpus::corpusBatchesArePadded()
{
    const TrainingTask task(TaskConfig { TaskKind::TranslateZhEn, 6, 12 });
    Rng rng(7);
    const TrainingBatch b = task.sample(64, rng);
    QCOMPARE(b.size(), 64);
    QCOMPARE(b.sourcePadding.rows(), 64);
    QCOMPARE(b.targetPadding.cols(), b.targetLength());
    QSet<QString> train;
    for (const SentencePair &p : TranslationCorpus::builtin().train())
        train.insert(
            p.chinese.join(QLatin1Char(' ')) + QLatin1Char('|') + p.english.join(QLatin1Char(' ')));
    for (int e = 0; e < b.size(); ++e) {
        QStringList zh, en;
        for (int i = 0; i < b.sourceLength(); ++i) {
            if (b.sourcePadding(e, i)) {
                // Padding only at the end.
                for (int j = i; j < b.sourceLength(); ++j)
                    QVERIFY(b.sourcePadding(e, j));
                break;
            }
            zh << task.sourceVocab().at(b.source(e, i));
        }
        int end = -1;
        for (int i = 0; i < b.targetLength(); ++i) {
            QCOMPARE(b.alignment(e, i), -1);
            const int id = b.target(e, i);
            QVERIFY(id >= 1 && id < task.targetVocab().size());
            if (end < 0 && id == task.endId()) {
                end = i;
                QVERIFY(!b.targetPadding(e, i)); // the end token is predicted
            } else if (end >= 0) {
                QVERIFY(b.targetPadding(e, i)); // after it: padding
            } else {
                QVERIFY(!b.targetPadding(e, i));
                en << task.targetVocab().at(id);
            }
        }
        QVERIFY(end > 0);
        // Every example is a pair of the training split.
        QVERIFY2(train.contains(
                     zh.join(QLatin1Char(' ')) + QLatin1Char('|') + en.join(QLatin1Char(' '))),
            qPrintable(zh.join(QLatin1Char(' '))));
    }
    // The seed draws the batch.
    Rng again(7);
    QCOMPARE(task.sample(64, again).source, b.source);
}

void TestTranslationCorpus::testBatchIsTheTestSplit()
{
    const TrainingTask task(TaskConfig { TaskKind::TranslateEnZh, 6, 12 });
    const TrainingBatch b = task.testBatch();
    const std::vector<SentencePair> &test = TranslationCorpus::builtin().test();
    QCOMPARE(b.size(), int(test.size()));
    for (int e = 0; e < b.size(); ++e) {
        QStringList en;
        for (int i = 0; i < b.sourceLength() && !b.sourcePadding(e, i); ++i)
            en << task.sourceVocab().at(b.source(e, i));
        QCOMPARE(en, test[size_t(e)].english);
    }
    // The synthetic tasks have no test split (their held-out examples are drawn by the seed).
    QCOMPARE(TrainingTask(TaskConfig {}).testBatch().size(), 0);
}

QTEST_MAIN(TestTranslationCorpus)
#include "tst_translationcorpus.moc"
