// SPDX-License-Identifier: GPL-3.0-or-later
// The class record's CSV: formula injection escaped, RFC 4180 quoting.

#include "classroom/classrecordcsv.h"

#include <QtTest>

using namespace ae::classroom;

/// Tests ClassRecordCsv.
class TestClassRecordCsv : public QObject
{
    Q_OBJECT

private slots:
    void field_data();
    void field();
    void row();
};

void TestClassRecordCsv::field_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("Ada") << QStringLiteral("Ada");
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("equals") << QStringLiteral("=1+1") << QStringLiteral("'=1+1");
    QTest::newRow("plus") << QStringLiteral("+1") << QStringLiteral("'+1");
    QTest::newRow("minus") << QStringLiteral("-2") << QStringLiteral("'-2");
    QTest::newRow("at") << QStringLiteral("@SUM(A1)") << QStringLiteral("'@SUM(A1)");
    QTest::newRow("tab first") << QStringLiteral("\t=1") << QStringLiteral("'\t=1");
    QTest::newRow("equals inside") << QStringLiteral("a=b") << QStringLiteral("a=b");
    QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
    QTest::newRow("formula with comma")
        << QStringLiteral("=HYPERLINK(\"x\",1)") << QStringLiteral("\"'=HYPERLINK(\"\"x\"\",1)\"");
    QTest::newRow("carriage return first") << QStringLiteral("\r=1") << QStringLiteral("\"'\r=1\"");
    QTest::newRow("chinese") << QStringLiteral("注意力") << QStringLiteral("注意力");
}

void TestClassRecordCsv::field()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(ClassRecordCsv::field(text), expected);
}

void TestClassRecordCsv::row()
{
    QCOMPARE(ClassRecordCsv::header(),
        QByteArrayLiteral("time,nickname,step,question,choice,correct\r\n"));
    QCOMPARE(ClassRecordCsv::row({ QStringLiteral("t"), QStringLiteral("=cmd"), QStringLiteral("2"),
                 QStringLiteral("Where, then?"), QStringLiteral("b"), QStringLiteral("yes") }),
        QByteArrayLiteral("t,'=cmd,2,\"Where, then?\",b,yes\r\n"));
    QCOMPARE(ClassRecordCsv::row({ QStringLiteral("小") }), QStringLiteral("小\r\n").toUtf8());
}

QTEST_MAIN(TestClassRecordCsv)
#include "tst_classrecordcsv.moc"
