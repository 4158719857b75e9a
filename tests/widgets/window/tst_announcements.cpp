// SPDX-License-Identifier: GPL-3.0-or-later
// What the main window tells a screen reader through its live region, in English and in
// Chinese: a lesson's new step (with its caption), its question when it opens, the answer on
// the reveal, and every error a message bar puts up (a note that only informs is not told).
// Where assistive technology is active (the AT-SPI run, atspi/announcements), each of them is
// also a NameChanged event of the live region carrying the text.

#include "document/document.h"
#include "language/languagemanager.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "testsupportaccessible.h"
#include "testsupportattention.h"
#include "window/liveregion.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QAccessible>
#include <QtTest>

using namespace ae;

namespace {

/// A step, then a question on the next one.
const char lessonJson[] = R"({
  "format": "attention-explorer-lesson", "version": 1,
  "title": {"en": "Told", "zh": "朗读"},
  "steps": [
    {"example": "cross-attention-2heads", "caption": {"en": "Look at the heatmap.",
                                                     "zh": "看热力图。"}},
    {"caption": {"en": "Which one?", "zh": "哪一个？"},
     "question": {"kind": "argmax", "prompt": {"en": "Which key does query 1 pick?",
                                               "zh": "查询 1 选中哪个键？"},
                  "head": 0, "query": 0}}
  ]
})";

/// The live region's name as a screen reader reads it.
QString told(MainWindow &window)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(window.liveRegion());
    return iface ? iface->text(QAccessible::Name) : QString();
}

} // namespace

class TestAnnouncements : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void lessonAndErrors_data();
    void lessonAndErrors();
};

void TestAnnouncements::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_announcements"));
}

void TestAnnouncements::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestAnnouncements::lessonAndErrors_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("firstStep");
    QTest::addColumn<QString>("secondStep");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("answer"); // how the answer begins
    QTest::newRow("English") << QStringLiteral("en")
                             << QStringLiteral("Step 1 of 2. Look at the heatmap.")
                             << QStringLiteral("Step 2 of 2. Which one?")
                             << QStringLiteral("Question: Which key does query 1 pick?")
                             << QStringLiteral("Answer: key ");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN")
                             << QStringLiteral("第 1 步，共 2 步。看热力图。")
                             << QStringLiteral("第 2 步，共 2 步。哪一个？")
                             << QStringLiteral("问题：查询 1 选中哪个键？")
                             << QStringLiteral("答案：");
}

void TestAnnouncements::lessonAndErrors()
{
    QFETCH(QString, language);
    QFETCH(QString, firstStep);
    QFETCH(QString, secondStep);
    QFETCH(QString, question);
    QFETCH(QString, answer);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setLanguage(language);
    LiveRegion *region = window.liveRegion();
    QVERIFY(region);
    QVERIFY(region->isVisible());
    const bool events = test::accessibleEventsChecked();
    test::AccessibleEventRecorder recorder;
    QStringList expected; // what the events must carry, in order

    const LessonLoadResult loaded
        = lessonFromJson(QByteArray(lessonJson), &LessonCatalog::builtinExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error->toString()));
    QVERIFY(window.lessons()->play(loaded.lesson));
    QCOMPARE(told(window), firstStep);
    expected << firstStep;
    LessonPlayer *player = window.lessons()->player();
    QVERIFY(player->next());
    QCOMPARE(told(window), secondStep);
    expected << secondStep;
    QVERIFY(player->next());
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QCOMPARE(told(window), question);
    expected << told(window);
    // Reveal, as the panel's button does it.
    QVERIFY(window.lessons()->panel()->revealButton()->isEnabled());
    window.lessons()->panel()->revealButton()->click();
    QCOMPARE(player->phase(), LessonPlayer::Phase::Revealed);
    QVERIFY2(told(window).startsWith(answer), qPrintable(told(window)));
    expected << told(window);
    window.lessons()->player()->stop();

    // An error in the session: the window's bar shows it, and it is told as shown.
    window.document()->setTokens(SequenceRole::Target, {});
    QTRY_VERIFY(window.errorBar()->isVisible());
    QCOMPARE(told(window), LiveRegion::oneLine(window.errorBar()->text()));
    expected << told(window);
    // A note that only informs is not told; an error note is.
    const QString before = told(window);
    window.showNote(QStringLiteral("Exported."));
    QCOMPARE(told(window), before);
    window.showNote(QStringLiteral("The file could not be read."), true);
    QCOMPARE(told(window), QStringLiteral("The file could not be read."));
    expected << told(window);

    if (!events)
        QSKIP("no assistive technology is active here: atspi/announcements checks the events");
    QStringList carried = recorder.namesChanged(region);
    carried.removeAll(QString());
    QCOMPARE(carried, expected);
}

QTEST_MAIN(TestAnnouncements)
#include "tst_announcements.moc"
