// SPDX-License-Identifier: GPL-3.0-or-later
// The Translate panels' pace: start() announces none shown, then one word more at a time up to
// the sentence's length and no further; finish() shows the rest at once; clear() forgets the
// sentence without a word more arriving.

#include "training/wordreveal.h"

#include <QSignalSpy>
#include <QtTest>

using namespace ae;

class TestWordReveal : public QObject
{
    Q_OBJECT
private slots:
    void revealsOneWordAtATime_data();
    void revealsOneWordAtATime();
    void finishShowsTheRest();
    void clearStopsTheWords();
};

void TestWordReveal::revealsOneWordAtATime_data()
{
    QTest::addColumn<int>("total");
    QTest::newRow("none") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("four") << 4;
}

void TestWordReveal::revealsOneWordAtATime()
{
    QFETCH(int, total);
    WordReveal reveal;
    QSignalSpy spy(&reveal, &WordReveal::shownChanged);
    reveal.start(total);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 0);
    QCOMPARE(reveal.total(), total);
    QTRY_COMPARE_WITH_TIMEOUT(reveal.shown(), total, 30000);
    QTRY_VERIFY(!reveal.isRunning());
    QList<int> announced;
    for (const QList<QVariant> &args : spy)
        announced << args.at(0).toInt();
    QList<int> expected;
    for (int i = 0; i <= total; ++i)
        expected << i;
    QCOMPARE(announced, expected);
}

void TestWordReveal::finishShowsTheRest()
{
    WordReveal reveal;
    reveal.start(5);
    QSignalSpy spy(&reveal, &WordReveal::shownChanged);
    reveal.finish();
    QCOMPARE(reveal.shown(), 5);
    QVERIFY(!reveal.isRunning());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 5);
}

void TestWordReveal::clearStopsTheWords()
{
    WordReveal reveal;
    reveal.start(3);
    QSignalSpy spy(&reveal, &WordReveal::shownChanged);
    reveal.clear();
    QCOMPARE(reveal.shown(), 0);
    QCOMPARE(reveal.total(), 0);
    QVERIFY(!reveal.isRunning());
    // Longer than two intervals: no word arrives after clear().
    QTest::qWait(3 * WordReveal::intervalMs);
    QCOMPARE(spy.count(), 0);
}

QTEST_MAIN(TestWordReveal)
#include "tst_wordreveal.moc"
