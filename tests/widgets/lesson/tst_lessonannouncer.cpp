// SPDX-License-Identifier: GPL-3.0-or-later
// What a screen reader is told as a lesson plays, in English and in Chinese: each new step's
// number and caption, the question with its choices when it opens, the answer with its
// explanation on the reveal; nothing again for a language change or a step already told.

#include "document/document.h"
#include "language/languagemanager.h"
#include "lesson/lessonannouncer.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonplayer.h"
#include "testsupportattention.h"

#include <QSignalSpy>
#include <QtTest>

using namespace ae;

namespace {

/// A step without a question, then a multiple choice with an explanation. Markdown in the
/// texts is read as plain text.
const char lessonJson[] = R"({
  "format": "attention-explorer-lesson", "version": 1,
  "title": {"en": "Told", "zh": "朗读"},
  "steps": [
    {"example": "cross-attention-2heads",
     "caption": {"en": "Look at the *first* row.", "zh": "看**第一**行。"}},
    {"caption": {"en": "Now guess.", "zh": "现在猜一猜。"},
     "question": {"kind": "choice",
       "prompt": {"en": "Which head is *sharper*?", "zh": "哪个头更尖锐？"},
       "options": [{"en": "Head 1", "zh": "头 1"},
                   {"en": "Head 2", "zh": "头 2", "correct": true}],
       "explanation": {"en": "Head 2 puts most weight on one key.",
                       "zh": "头 2 把大部分权重放在一个键上。"}}}
  ]
})";

} // namespace

class TestLessonAnnouncer : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void playing_data();
    void playing();
};

void TestLessonAnnouncer::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessonannouncer"));
}

void TestLessonAnnouncer::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestLessonAnnouncer::playing_data()
{
    QTest::addColumn<QString>("language");
    // What is told after: start, next (the question's step), next (its question opens),
    // reveal, back (the question again).
    QTest::addColumn<QStringList>("told");
    QTest::newRow("English") << QStringLiteral("en")
                             << QStringList {
                                    QStringLiteral("Step 1 of 2. Look at the first row."),
                                    QStringLiteral("Step 2 of 2. Now guess."),
                                    QStringLiteral("Question: Which head is sharper? A. Head 1 "
                                                   "B. Head 2"),
                                    QStringLiteral("Answer: B. Head 2. Head 2 puts most weight "
                                                   "on one key."),
                                    QStringLiteral("Question: Which head is sharper? A. Head 1 "
                                                   "B. Head 2"),
                                };
    QTest::newRow("Chinese") << QStringLiteral("zh_CN")
                             << QStringList {
                                    QStringLiteral("第 1 步，共 2 步。看第一行。"),
                                    QStringLiteral("第 2 步，共 2 步。现在猜一猜。"),
                                    QStringLiteral("问题：哪个头更尖锐？A. 头 1 B. 头 2"),
                                    QStringLiteral(
                                        "答案：B. 头 2。头 2 把大部分权重放在一个键上。"),
                                    QStringLiteral("问题：哪个头更尖锐？A. 头 1 B. 头 2"),
                                };
}

void TestLessonAnnouncer::playing()
{
    QFETCH(QString, language);
    QFETCH(QStringList, told);
    QVERIFY(LanguageManager::apply(language));
    Document document;
    LessonPlayer player(&document);
    LessonAnnouncer announcer(&player);
    QSignalSpy spy(&announcer, &LessonAnnouncer::announcement);
    const LessonLoadResult loaded
        = lessonFromJson(QByteArray(lessonJson), &LessonCatalog::builtinExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error->toString()));

    QVERIFY(player.play(loaded.lesson));
    QCOMPARE(player.stepIndex(), 0);
    QVERIFY(player.next());
    QCOMPARE(player.stepIndex(), 1);
    QCOMPARE(player.phase(), LessonPlayer::Phase::Step);
    QVERIFY(player.next());
    QCOMPARE(player.phase(), LessonPlayer::Phase::Question);
    player.reveal();
    QCOMPARE(player.phase(), LessonPlayer::Phase::Revealed);
    // A language change (the caption written again) tells nothing new.
    const int before = static_cast<int>(spy.size());
    LanguageManager::apply(
        language == QLatin1String("en") ? QStringLiteral("zh_CN") : QStringLiteral("en"));
    LanguageManager::apply(language);
    QCOMPARE(spy.size(), before);
    QVERIFY(player.back());
    QCOMPARE(player.phase(), LessonPlayer::Phase::Question);

    QStringList seen;
    for (const QList<QVariant> &call : std::as_const(spy))
        seen << call.at(0).toString();
    QCOMPARE(seen, told);
    QCOMPARE(announcer.lastAnnouncement(), told.last());
}

QTEST_MAIN(TestLessonAnnouncer)
#include "tst_lessonannouncer.moc"
