// SPDX-License-Identifier: GPL-3.0-or-later
// Untrusted JSON, read by every reader the same way (core/io/strictjson.h): duplicate keys,
// control characters and bidirectional overrides in text fields, and binary data are refused
// with the JSON path, the character as U+XXXX and its position, where Qt's parser alone lets
// them through or calls them something else.

#include "io/textfield.h"
#include "lesson/lessonjson.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportfuzz.h"
#include "training/trainingjson.h"

#include <QtTest>
#include <functional>

using namespace ae;

namespace {

/// One of the readers: the bytes in, the refusal (or nothing) out.
using Reader = std::function<std::optional<SessionError>(const QByteArray &)>;

std::optional<SessionError> readSession(const QByteArray &json)
{
    return sessionFromJson(json).error;
}

std::optional<SessionError> readLesson(const QByteArray &json)
{
    return lessonFromJson(json, test::lessonTestExample).error;
}

std::optional<SessionError> readReplay(const QByteArray &json)
{
    SessionError error;
    if (parseReplay(json, &error))
        return std::nullopt;
    return error;
}

QByteArray sessionText()
{
    return test::specExampleJson();
}

QByteArray lessonText()
{
    return test::readFileBytes(QStringLiteral(AE_TEST_DATA_DIR "/lessons/good.aelesson.json"));
}

QByteArray replayText()
{
    return test::readFileBytes(
        QStringLiteral(AE_SHARED_DIR "/reference/training/unscaled-sgd.json"));
}

/// @p text with its first @p from replaced by @p to (which must be there).
QByteArray replaced(QByteArray text, const QByteArray &from, const QByteArray &to)
{
    const qsizetype at = text.indexOf(from);
    return at < 0 ? QByteArray() : text.replace(at, from.size(), to);
}

} // namespace

Q_DECLARE_METATYPE(Reader)

class TestUntrustedJson : public QObject
{
    Q_OBJECT

private slots:
    void textFieldRule_data();
    void textFieldRule();
    void refused_data();
    void refused();
    void accepted_data();
    void accepted();
};

void TestUntrustedJson::textFieldRule_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("multiLine");
    QTest::addColumn<QString>("problem"); // empty: allowed
    QTest::newRow("plain") << QStringLiteral("i love") << false << QString();
    QTest::newRow("Chinese and emoji") << QStringLiteral("我爱 😀 学习") << false << QString();
    QTest::newRow("newline, multi-line") << QStringLiteral("a\nb\tc") << true << QString();
    QTest::newRow("newline, single line")
        << QStringLiteral("a\nb") << false
        << QStringLiteral("U+000A (a line break) at character 2 is not allowed: this text is a "
                          "single line");
    QTest::newRow("tab, single line")
        << QStringLiteral("ab\t") << false
        << QStringLiteral("U+0009 (a tab) at character 3 is not allowed: this text is a single "
                          "line");
    QTest::newRow("NUL") << QString(QChar(0)) << true
                         << QStringLiteral("U+0000 (a control character) at character 1 is not "
                                           "allowed in text");
    QTest::newRow("ESC") << QStringLiteral("x\x1b[2J") << true
                         << QStringLiteral("U+001B (a control character) at character 2 is not "
                                           "allowed in text");
    QTest::newRow("carriage return") << QStringLiteral("a\r\nb") << true
                                     << QStringLiteral("U+000D (a control character) at "
                                                       "character 2 is not allowed in text");
    QTest::newRow("DEL") << QStringLiteral("\x7f") << false
                         << QStringLiteral("U+007F (a control character) at character 1 is not "
                                           "allowed in text");
    QTest::newRow("C1 CSI after a surrogate pair")
        << QString::fromUtf8("\xf0\x9f\x98\x80\xc2\x9b") << true
        << QStringLiteral("U+009B (a control character) at character 2 is not allowed in text");
    QTest::newRow("right-to-left override")
        << QString::fromUtf8("ab\xe2\x80\xae") << true
        << QStringLiteral("U+202E (a bidirectional override) at character 3 is not allowed in "
                          "text: it makes text read differently from what it holds");
    QTest::newRow("left-to-right embedding")
        << QString::fromUtf8("\xe2\x80\xaa") << false
        << QStringLiteral("U+202A (a bidirectional override) at character 1 is not allowed in "
                          "text: it makes text read differently from what it holds");
    QTest::newRow("first strong isolate")
        << QString::fromUtf8("a\xe2\x81\xa8") << false
        << QStringLiteral("U+2068 (a bidirectional override) at character 2 is not allowed in "
                          "text: it makes text read differently from what it holds");
    QTest::newRow("pop directional isolate")
        << QString::fromUtf8("a\xe2\x81\xa9") << false
        << QStringLiteral("U+2069 (a bidirectional override) at character 2 is not allowed in "
                          "text: it makes text read differently from what it holds");
    QTest::newRow("left-to-right mark is fine")
        << QString::fromUtf8("a\xe2\x80\x8e") << false << QString();
}

void TestUntrustedJson::textFieldRule()
{
    QFETCH(QString, text);
    QFETCH(bool, multiLine);
    QFETCH(QString, problem);
    const auto found = textFieldProblem(text, multiLine ? TextLines::Multi : TextLines::Single);
    QCOMPARE(found.value_or(QString()), problem);
}

void TestUntrustedJson::refused_data()
{
    QTest::addColumn<Reader>("reader");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    const Reader session = readSession, lesson = readLesson, replay = readReplay;
    QTest::newRow("session: a token with ESC and BEL")
        << session << replaced(sessionText(), "\"love\"", "\"lo\\u001b]0;pwned\\u0007ve\"")
        << QStringLiteral("target.tokens[1]")
        << QStringLiteral("U+001B (a control character) at character 3 is not allowed in text");
    QTest::newRow("session: a token with a line break")
        << session << replaced(sessionText(), "\"love\"", "\"lo\\nve\"")
        << QStringLiteral("target.tokens[1]")
        << QStringLiteral("U+000A (a line break) at character 3 is not allowed: this text is a "
                          "single line");
    QTest::newRow("session: a title with a right-to-left override")
        << session << replaced(sessionText(), "\"title\": \"", "\"title\": \"\\u202e")
        << QStringLiteral("title")
        << QStringLiteral("U+202E (a bidirectional override) at character 1 is not allowed in "
                          "text: it makes text read differently from what it holds");
    QTest::newRow("session: an unknown field's value with a raw-looking escape")
        << session
        << replaced(sessionText(), "\"version\": 1,", "\"version\": 1, \"x\": \"\\u009b\",")
        << QStringLiteral("x")
        << QStringLiteral("U+009B (a control character) at character 1 is not allowed in text");
    QTest::newRow("session: a key with ESC")
        << session << replaced(sessionText(), "\"version\": 1,", "\"version\": 1, \"a\\u001b\": 1,")
        << QString()
        << QStringLiteral("a key: U+001B (a control character) at character 2 is not allowed in "
                          "text");
    QTest::newRow("session: two titles")
        << session
        << replaced(sessionText(), "\"version\": 1,", "\"version\": 1, \"title\": \"x\",")
        << QStringLiteral("title")
        << QStringLiteral("the key \"title\" appears twice in one object, at line 3, column 17 "
                          "and at line 4, column 3; give each key once");
    QTest::newRow("session: two attention objects")
        << session
        << replaced(sessionText(), "\"version\": 1,",
               "\"version\": 1,\n  \"attention\": {\"d_model\": 4},")
        << QStringLiteral("attention")
        << QStringLiteral("the key \"attention\" appears twice in one object, at line 4, column "
                          "3 and at line 12, column 3; give each key once");
    QTest::newRow("session: a key written twice, once escaped")
        << session << replaced(sessionText(), "\"heads\": 2,", "\"heads\": 2, \"h\\u0065ads\": 1,")
        << QStringLiteral("attention.heads")
        << QStringLiteral("the key \"heads\" appears twice in one object, at line 15, column 5 "
                          "and at line 15, column 17; give each key once");
    QTest::newRow("lesson: a caption with BEL, ESC and NUL")
        << lesson
        << replaced(lessonText(), "\"Without the scale.\"",
               "\"bell \\u0007 title \\u001b]0;pwned\\u0007 clear \\u001b[2J nul \\u0000\"")
        << QStringLiteral("steps[2].caption.en")
        << QStringLiteral("U+0007 (a control character) at character 6 is not allowed in text");
    QTest::newRow("lesson: notes with an isolate")
        << lesson << replaced(lessonText(), "\"Ask the class first.\"", "\"Ask\\u2066 first.\"")
        << QStringLiteral("steps[0].notes.en")
        << QStringLiteral("U+2066 (a bidirectional override) at character 4 is not allowed in "
                          "text: it makes text read differently from what it holds");
    QTest::newRow("lesson: a choice with a C1 control")
        << lesson << replaced(lessonText(), "{\"en\": \"b\"}", "{\"en\": \"b\\u0085\"}")
        << QStringLiteral("steps[3].question.options[1].en")
        << QStringLiteral("U+0085 (a control character) at character 2 is not allowed in text");
    QTest::newRow("lesson: two steps arrays")
        << lesson << replaced(lessonText(), "\"version\": 1,", "\"version\": 1, \"steps\": [],")
        << QStringLiteral("steps")
        << QStringLiteral("the key \"steps\" appears twice in one object, at line 3, column 16 "
                          "and at line 5, column 2; give each key once");
    QTest::newRow("replay: two learning rates")
        << replay << replaced(replayText(), "\"lr\": 0.1", "\"lr\": 0.1, \"lr\": -1")
        << QStringLiteral("optimizer.lr")
        << QStringLiteral("the key \"lr\" appears twice in one object, at line 1, column 257 and "
                          "at line 1, column 268; give each key once");
    QTest::newRow("session: zero bytes")
        << session << QByteArray(4096, '\0') << QString()
        << QStringLiteral("the file is binary data, not text: it holds a NUL byte at offset 0");
    QTest::newRow("session: a NUL after the object")
        << session << QByteArray("{\"a\": 1}\n\0", 10) << QString()
        << QStringLiteral("the file is binary data, not text: it holds a NUL byte at offset 9");
    QTest::newRow("lesson: zero bytes")
        << lesson << QByteArray(3, '\0') << QString()
        << QStringLiteral("the file is binary data, not text: it holds a NUL byte at offset 0");
    QTest::newRow("replay: zero bytes")
        << replay << QByteArray(2, '\0') << QString()
        << QStringLiteral("the file is binary data, not text: it holds a NUL byte at offset 0");
}

void TestUntrustedJson::refused()
{
    QFETCH(Reader, reader);
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    QVERIFY2(!json.isEmpty(), "the row's replacement did not match its base file");
    const std::optional<SessionError> error = reader(json);
    QVERIFY2(error.has_value(), "accepted");
    QCOMPARE(error->path, path);
    QCOMPARE(error->message, message);
}

void TestUntrustedJson::accepted_data()
{
    QTest::addColumn<Reader>("reader");
    QTest::addColumn<QByteArray>("json");
    const Reader session = readSession, lesson = readLesson, replay = readReplay;
    QTest::newRow("session") << session << sessionText();
    QTest::newRow("session: same key in two objects")
        << session
        << replaced(sessionText(), "\"version\": 1,", "\"version\": 1, \"x\": {\"heads\": 1},");
    QTest::newRow("lesson") << lesson << lessonText();
    QTest::newRow("lesson: a caption over lines with a tab")
        << lesson
        << replaced(lessonText(), "\"Without the scale.\"", "\"Without\\n\\tthe scale.\"");
    QTest::newRow("replay") << replay << replayText();
}

void TestUntrustedJson::accepted()
{
    QFETCH(Reader, reader);
    QFETCH(QByteArray, json);
    QVERIFY(!json.isEmpty());
    const std::optional<SessionError> error = reader(json);
    QVERIFY2(!error.has_value(), qPrintable(error ? error->toString() : QString()));
}

QTEST_MAIN(TestUntrustedJson)
#include "tst_untrustedjson.moc"
