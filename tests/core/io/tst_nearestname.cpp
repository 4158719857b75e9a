// SPDX-License-Identifier: GPL-3.0-or-later
// The "did you mean" rule: edit distance with swaps, and how near a name must be.

#include "io/nearestname.h"

#include <QtTest>

using namespace ae;

/// Tests editDistance() and nearestName().
class TestNearestName : public QObject
{
    Q_OBJECT

private slots:
    void distance_data();
    void distance();
    void nearest_data();
    void nearest();
};

void TestNearestName::distance_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");
    QTest::newRow("equal") << QStringLiteral("head") << QStringLiteral("head") << 0;
    QTest::newRow("case only") << QStringLiteral("Head") << QStringLiteral("head") << 0;
    QTest::newRow("swap") << QStringLiteral("haed") << QStringLiteral("head") << 1;
    QTest::newRow("swap in a word") << QStringLiteral("comptue") << QStringLiteral("compute") << 1;
    QTest::newRow("insertion") << QStringLiteral("causual") << QStringLiteral("causal") << 1;
    QTest::newRow("deletion") << QStringLiteral("bq") << QStringLiteral("b_q") << 1;
    QTest::newRow("substitution") << QStringLiteral("hlep") << QStringLiteral("help") << 1;
    QTest::newRow("insertion in a longer word")
        << QStringLiteral("strech") << QStringLiteral("stretch") << 1;
    QTest::newRow("empty") << QStringLiteral("") << QStringLiteral("abc") << 3;
    QTest::newRow("unrelated") << QStringLiteral("zzz") << QStringLiteral("head") << 4;
}

void TestNearestName::distance()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QCOMPARE(editDistance(a, b), expected);
    QCOMPARE(editDistance(b, a), expected);
}

void TestNearestName::nearest_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("known");
    QTest::addColumn<QString>("expected");
    const QStringList subcommands { QStringLiteral("compute"), QStringLiteral("entropy"),
        QStringLiteral("explain"), QStringLiteral("export"), QStringLiteral("worksheet") };
    QTest::newRow("subcommand") << QStringLiteral("comptue") << subcommands
                                << QStringLiteral("compute");
    QTest::newRow("tie goes to the first")
        << QStringLiteral("exp") << QStringList { QStringLiteral("exa"), QStringLiteral("exb") }
        << QStringLiteral("exa");
    QTest::newRow("too far for a short name")
        << QStringLiteral("xy") << QStringList { QStringLiteral("head") } << QStringLiteral("");
    QTest::newRow("an edit in a medium name")
        << QStringLiteral("paddng") << QStringList { QStringLiteral("padding") }
        << QStringLiteral("padding");
    QTest::newRow("nothing near") << QStringLiteral("frobnicate") << subcommands
                                  << QStringLiteral("");
    QTest::newRow("no names") << QStringLiteral("head") << QStringList {} << QStringLiteral("");
}

void TestNearestName::nearest()
{
    QFETCH(QString, typed);
    QFETCH(QStringList, known);
    QFETCH(QString, expected);
    QCOMPARE(nearestName(typed, known), expected);
}

QTEST_MAIN(TestNearestName)
#include "tst_nearestname.moc"
