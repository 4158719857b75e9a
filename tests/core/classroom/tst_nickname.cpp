// SPDX-License-Identifier: GPL-3.0-or-later
// Nicknames: controls, bidirectional overrides and zero-width characters removed, white space
// collapsed, length capped.

#include "classroom/classroomlimits.h"
#include "classroom/nickname.h"

#include <QtTest>

using namespace ae::classroom;

/// Tests Nickname::sanitized().
class TestNickname : public QObject
{
    Q_OBJECT

private slots:
    void sanitized_data();
    void sanitized();
};

void TestNickname::sanitized_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("Ada") << QStringLiteral("Ada");
    QTest::newRow("chinese") << QStringLiteral("小明") << QStringLiteral("小明");
    QTest::newRow("trimmed") << QStringLiteral("  Ada  ") << QStringLiteral("Ada");
    QTest::newRow("inner spaces collapse")
        << QStringLiteral("Ada   Lovelace") << QStringLiteral("Ada Lovelace");
    QTest::newRow("escape removed") << QStringLiteral("A\x1b[2Jda") << QStringLiteral("A[2Jda");
    QTest::newRow("NUL removed") << QString::fromUtf16(u"A\u0000da", 4) << QStringLiteral("Ada");
    QTest::newRow("newline removed") << QStringLiteral("A\nda") << QStringLiteral("Ada");
    QTest::newRow("tab removed") << QStringLiteral("A\tda") << QStringLiteral("Ada");
    QTest::newRow("C1 removed") << QString::fromUtf16(u"A\u0085\u009bda") << QStringLiteral("Ada");
    QTest::newRow("DEL removed") << QStringLiteral("A\x7f"
                                                   "da")
                                 << QStringLiteral("Ada");
    QTest::newRow("right-to-left override")
        << QString::fromUtf16(u"\u202Egnp.exe") << QStringLiteral("gnp.exe");
    QTest::newRow("isolates") << QString::fromUtf16(u"\u2066A\u2069\u2067B\u2068")
                              << QStringLiteral("AB");
    QTest::newRow("marks") << QString::fromUtf16(u"\u200EA\u200F\u061C") << QStringLiteral("A");
    QTest::newRow("zero width") << QString::fromUtf16(u"A\u200B\u200D\uFEFFda")
                                << QStringLiteral("Ada");
    QTest::newRow("unpaired surrogate") << QString::fromUtf16(u"A\xD800"
                                                              "da",
        4) << QStringLiteral("Ada");
    QTest::newRow("emoji kept") << QString::fromUtf16(u"A\U0001F600")
                                << QString::fromUtf16(u"A\U0001F600");
    QTest::newRow("html kept as text") << QStringLiteral("<b>x</b>") << QStringLiteral("<b>x</b>");
    QTest::newRow("capped") << QString(100, QLatin1Char('x'))
                            << QString(kMaxNicknameLength, QLatin1Char('x'));
    // 30 emoji: the cap counts code points and never cuts a pair in two.
    QString emoji;
    for (int i = 0; i < 30; ++i)
        emoji += QString::fromUtf16(u"\U0001F600");
    QTest::newRow("capped in code points") << emoji << emoji.left(2 * kMaxNicknameLength);
    QTest::newRow("only controls") << QStringLiteral("\x01\x02\x03") << QString();
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("space before the cap is dropped")
        << QString(kMaxNicknameLength - 1, QLatin1Char('a')) + QStringLiteral(" b")
        << QString(kMaxNicknameLength - 1, QLatin1Char('a'));
}

void TestNickname::sanitized()
{
    QFETCH(QString, typed);
    QFETCH(QString, expected);
    const QString result = Nickname::sanitized(typed);
    QCOMPARE(result, expected);
    QCOMPARE(Nickname::sanitized(result), result);
}

QTEST_MAIN(TestNickname)
#include "tst_nickname.moc"
