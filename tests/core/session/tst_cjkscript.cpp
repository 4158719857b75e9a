// SPDX-License-Identifier: GPL-3.0-or-later
// Which code points count as Chinese, Japanese or Korean script, the one rule behind splitting
// CJK tokens, upright labels and the LaTeX header's CJK note.

#include "session/cjkscript.h"

#include <QtTest>

using namespace ae;

/// Tests isCjkScript().
class TestCjkScript : public QObject
{
    Q_OBJECT

private slots:
    void script_data();
    void script();
};

void TestCjkScript::script_data()
{
    QTest::addColumn<uint>("codePoint");
    QTest::addColumn<bool>("expected");
    QTest::newRow("Han 我") << uint(0x6211) << true;
    QTest::newRow("Han outside the BMP") << uint(0x20000) << true;
    QTest::newRow("Hiragana あ") << uint(0x3042) << true;
    QTest::newRow("Katakana カ") << uint(0x30AB) << true;
    QTest::newRow("Hangul 한") << uint(0xD55C) << true;
    QTest::newRow("Bopomofo ㄅ") << uint(0x3105) << true;
    QTest::newRow("Latin a") << uint('a') << false;
    QTest::newRow("digit") << uint('7') << false;
    QTest::newRow("ideographic full stop") << uint(0x3002) << false;
    QTest::newRow("full-width comma") << uint(0xFF0C) << false;
    QTest::newRow("Greek alpha") << uint(0x03B1) << false;
}

void TestCjkScript::script()
{
    QFETCH(uint, codePoint);
    QFETCH(bool, expected);
    QCOMPARE(isCjkScript(char32_t(codePoint)), expected);
}

QTEST_MAIN(TestCjkScript)
#include "tst_cjkscript.moc"
