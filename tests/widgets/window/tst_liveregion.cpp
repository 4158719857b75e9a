// SPDX-License-Identifier: GPL-3.0-or-later
// The live region: what it announces becomes its accessible name, as one line; the same text
// again is told again; blank text is not told; a change of language silently drops what was
// told in the language left behind; and (where assistive technology is active, the
// AT-SPI run) each announcement is one NameChanged event carrying the text.

#include "language/languagemanager.h"
#include "testsupportaccessible.h"
#include "window/liveregion.h"

#include <QAccessible>
#include <QtTest>

using namespace ae;

namespace {

/// The accessible name of @p widget as a screen reader reads it.
QString accessibleName(QWidget *widget)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
    return iface ? iface->text(QAccessible::Name) : QString();
}

} // namespace

class TestLiveRegion : public QObject
{
    Q_OBJECT
private slots:
    void announcements_data();
    void announcements();
    void staysOutOfTheWay();
    void languageChangeDropsTheOld();
};

void TestLiveRegion::announcements_data()
{
    QTest::addColumn<QStringList>("texts");
    // The name after each text, and the texts a NameChanged event carries, in order.
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("told");
    QTest::newRow("one") << QStringList { QStringLiteral("Step 1 of 3. Look.") }
                         << QStringList { QStringLiteral("Step 1 of 3. Look.") }
                         << QStringList { QStringLiteral("Step 1 of 3. Look.") };
    QTest::newRow("lines joined")
        << QStringList { QStringLiteral("Question: which key?\nA. i\n\tB.  love  ") }
        << QStringList { QStringLiteral("Question: which key? A. i B. love") }
        << QStringList { QStringLiteral("Question: which key? A. i B. love") };
    // The same error twice is told twice: the line is cleared between (an empty name).
    QTest::newRow("same twice")
        << QStringList { QStringLiteral("d_model must be divisible by the heads."),
               QStringLiteral("d_model must be divisible by the heads.") }
        << QStringList { QStringLiteral("d_model must be divisible by the heads."),
               QStringLiteral("d_model must be divisible by the heads.") }
        << QStringList { QStringLiteral("d_model must be divisible by the heads."),
               QStringLiteral("d_model must be divisible by the heads.") };
    QTest::newRow("blank ignored")
        << QStringList { QStringLiteral("第 2 步，共 3 步。"), QStringLiteral(" \n ") }
        << QStringList { QStringLiteral("第 2 步，共 3 步。"),
               QStringLiteral("第 2 步，共 3 步。") }
        << QStringList { QStringLiteral("第 2 步，共 3 步。") };
}

void TestLiveRegion::announcements()
{
    QFETCH(QStringList, texts);
    QFETCH(QStringList, names);
    QFETCH(QStringList, told);
    QWidget window;
    auto *region = new LiveRegion(&window);
    window.resize(200, 100);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(accessibleName(region).isEmpty());

    const bool events = test::accessibleEventsChecked(); // before anything is told
    test::AccessibleEventRecorder recorder;
    for (int i = 0; i < texts.size(); ++i) {
        region->announce(texts[i]);
        QCOMPARE(accessibleName(region), names[i]);
        QCOMPARE(region->lastAnnouncement(), names[i]);
    }
    if (!events)
        QSKIP("no assistive technology is active here: the AT-SPI run checks the events");
    QStringList carried = recorder.namesChanged(region);
    carried.removeAll(QString());
    QCOMPARE(carried, told);
}

void TestLiveRegion::staysOutOfTheWay()
{
    QWidget window;
    auto *region = new LiveRegion(&window);
    window.resize(200, 100);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    region->announce(QStringLiteral("A long announcement that the screen does not show."));
    // Shown (a screen reader reads only what is showing), a pixel large, never focused, and
    // described for whoever finds it.
    QVERIFY(region->isVisible());
    QCOMPARE(region->size(), QSize(1, 1));
    QCOMPARE(region->focusPolicy(), Qt::NoFocus);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(region);
    QVERIFY(iface);
    QVERIFY(!iface->state().invisible);
    QVERIFY(!iface->text(QAccessible::Description).isEmpty());
}

void TestLiveRegion::languageChangeDropsTheOld()
{
    QWidget window;
    auto *region = new LiveRegion(&window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(LanguageManager::apply(QStringLiteral("en")));
    region->announce(QStringLiteral("Step 1 of 2. Look."));
    const bool events = test::accessibleEventsChecked(); // before anything is told
    test::AccessibleEventRecorder recorder;
    QVERIFY(LanguageManager::apply(QStringLiteral("zh_CN")));
    QVERIFY(region->lastAnnouncement().isEmpty());
    QVERIFY(accessibleName(region).isEmpty());
    // Told again in the new language, it stays through the rest of the change's delivery.
    region->announce(QStringLiteral("第 1 步，共 2 步。看。"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(region->lastAnnouncement(), QStringLiteral("第 1 步，共 2 步。看。"));
    QVERIFY(LanguageManager::apply(QStringLiteral("en")));
    QVERIFY(region->lastAnnouncement().isEmpty());
    if (!events)
        QSKIP("no assistive technology is active here: the AT-SPI run checks the events");
    // Dropping is silent: only the one announcement was told.
    QCOMPARE(
        recorder.namesChanged(region), QStringList { QStringLiteral("第 1 步，共 2 步。看。") });
}

QTEST_MAIN(TestLiveRegion)
#include "tst_liveregion.moc"
