// SPDX-License-Identifier: GPL-3.0-or-later
// A lesson's Markdown as plain text, the one rule for the lesson panel's choices, the
// students' pages and the class record: emphasis, code, links and line breaks go, the words
// stay.

#include "lesson/lessonplaintext.h"

#include <QtTest>

using namespace ae;

/// Tests LessonPlainText.
class TestLessonPlainText : public QObject
{
    Q_OBJECT

private slots:
    void fromMarkdown_data();
    void fromMarkdown();
    void bothLanguages();
};

void TestLessonPlainText::fromMarkdown_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("plain");
    QTest::newRow("italics") << QStringLiteral("*i love*") << QStringLiteral("i love");
    QTest::newRow("underscores") << QStringLiteral("_i_ love") << QStringLiteral("i love");
    QTest::newRow("bold in a sentence") << QStringLiteral("Which key does **love** attend to?")
                                        << QStringLiteral("Which key does love attend to?");
    QTest::newRow("code") << QStringLiteral("the `softmax` row")
                          << QStringLiteral("the softmax row");
    QTest::newRow("link") << QStringLiteral("see [the paper](https://example.org/)")
                          << QStringLiteral("see the paper");
    QTest::newRow("two paragraphs")
        << QStringLiteral("first\n\nsecond") << QStringLiteral("first second");
    QTest::newRow("escaped star") << QStringLiteral("2 \\* 3") << QStringLiteral("2 * 3");
    QTest::newRow("plain") << QStringLiteral("√d_k and q·k") << QStringLiteral("√d_k and q·k");
    QTest::newRow("chinese") << QStringLiteral("*我爱*你") << QStringLiteral("我爱你");
    QTest::newRow("empty") << QString() << QString();
}

void TestLessonPlainText::fromMarkdown()
{
    QFETCH(QString, markdown);
    QFETCH(QString, plain);
    QCOMPARE(LessonPlainText::fromMarkdown(markdown), plain);
}

void TestLessonPlainText::bothLanguages()
{
    const LessonText text = LessonPlainText::fromMarkdown(
        LessonText { QStringLiteral("**Run B**, unscaled"), QStringLiteral("**B 组**，不缩放") });
    QCOMPARE(text.en, QStringLiteral("Run B, unscaled"));
    QCOMPARE(text.zh, QStringLiteral("B 组，不缩放"));
}

QTEST_MAIN(TestLessonPlainText)
#include "tst_lessonplaintext.moc"
