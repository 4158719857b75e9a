// SPDX-License-Identifier: GPL-3.0-or-later
// Room codes and student tokens: their alphabet, length, typing and checking.

#include "classroom/classroomlimits.h"
#include "classroom/roomcode.h"
#include "classroom/studenttoken.h"

#include <QRandomGenerator>
#include <QSet>
#include <QtTest>

using namespace ae::classroom;

/// Tests RoomCode and StudentToken.
class TestRoomCode : public QObject
{
    Q_OBJECT

private slots:
    void generated_data();
    void generated();
    void wellFormed_data();
    void wellFormed();
    void matches_data();
    void matches();
    void token_data();
    void token();
};

void TestRoomCode::generated_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::newRow("seed 1") << 1u;
    QTest::newRow("seed 42") << 42u;
    QTest::newRow("seed 2026") << 2026u;
}

void TestRoomCode::generated()
{
    QFETCH(quint32, seed);
    QRandomGenerator random(seed);
    const QString ambiguous = QStringLiteral("BGILOQSZ0123456789");
    QSet<QString> seen;
    for (int i = 0; i < 200; ++i) {
        const QString code = RoomCode::generate(random);
        QCOMPARE(code.size(), kRoomCodeLength);
        QVERIFY2(RoomCode::isWellFormed(code), qPrintable(code));
        for (const QChar c : code)
            QVERIFY2(!ambiguous.contains(c), qPrintable(code));
        seen.insert(code);
    }
    // 18^6 codes: 200 draws repeat one with a chance well under one in a thousand.
    QVERIFY(seen.size() >= 199);
}

void TestRoomCode::wellFormed_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("expected");
    QTest::newRow("good") << QStringLiteral("ACDEFH") << true;
    QTest::newRow("last letters") << QStringLiteral("WXYWXY") << true;
    QTest::newRow("too short") << QStringLiteral("ACDEF") << false;
    QTest::newRow("too long") << QStringLiteral("ACDEFHJ") << false;
    QTest::newRow("lower case") << QStringLiteral("acdefh") << false;
    QTest::newRow("ambiguous O") << QStringLiteral("ACDEFO") << false;
    QTest::newRow("digit") << QStringLiteral("ACDEF1") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestRoomCode::wellFormed()
{
    QFETCH(QString, code);
    QFETCH(bool, expected);
    QCOMPARE(RoomCode::isWellFormed(code), expected);
}

void TestRoomCode::matches_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("expected");
    QTest::newRow("exact") << QStringLiteral("KMNPRT") << true;
    QTest::newRow("lower case") << QStringLiteral("kmnprt") << true;
    QTest::newRow("spaces and dash") << QStringLiteral(" KMN-PRT ") << true;
    QTest::newRow("one letter off") << QStringLiteral("KMNPRU") << false;
    QTest::newRow("prefix") << QStringLiteral("KMNPR") << false;
    QTest::newRow("longer") << QStringLiteral("KMNPRTK") << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("very long") << QString(100000, QLatin1Char('K')) << false;
}

void TestRoomCode::matches()
{
    QFETCH(QString, typed);
    QFETCH(bool, expected);
    QCOMPARE(RoomCode::matches(typed, QStringLiteral("KMNPRT")), expected);
}

void TestRoomCode::token_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<bool>("expected");
    QTest::newRow("good") << QStringLiteral("0123456789abcdef0123456789abcdef") << true;
    QTest::newRow("upper case") << QStringLiteral("0123456789ABCDEF0123456789abcdef") << false;
    QTest::newRow("short") << QStringLiteral("0123456789abcdef") << false;
    QTest::newRow("not hex") << QStringLiteral("0123456789abcdeg0123456789abcdef") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestRoomCode::token()
{
    QFETCH(QString, token);
    QFETCH(bool, expected);
    QCOMPARE(StudentToken::isWellFormed(token), expected);
    QRandomGenerator random(7);
    const QString a = StudentToken::generate(random);
    const QString b = StudentToken::generate(random);
    QVERIFY(StudentToken::isWellFormed(a));
    QCOMPARE(a.size(), 2 * kTokenBytes);
    QVERIFY(a != b);
}

QTEST_MAIN(TestRoomCode)
#include "tst_roomcode.moc"
