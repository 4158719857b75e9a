// SPDX-License-Identifier: GPL-3.0-or-later
// A played lesson kept in step with the class-answers server: each step the player shows is
// the server's, the player's reveal reveals on the server, the students' majority becomes the
// class's guess for every kind of question (nothing on a tie) unless the teacher set one of
// their own for the step, and the room closes when the lesson stops or another is loaded. Students
// answer over 127.0.0.1; every wait is bounded.

#include "classroom/classroomlessonlink.h"
#include "classroom/classroomserver.h"
#include "document/document.h"
#include "lesson/lessonplayer.h"
#include "testsupportclassroom.h"
#include "testsupportlesson.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

Q_DECLARE_METATYPE(LessonQuestionKind)

/// Tests ClassroomLessonLink.
class TestClassroomLessonLink : public QObject
{
    Q_OBJECT

private slots:
    void stepsAndReveal();
    void guessFromMajority_data();
    void guessFromMajority();
    void teacherGuessKept_data();
    void teacherGuessKept();
    void roomClosesWithTheLesson_data();
    void roomClosesWithTheLesson();
};

namespace {

/// Walks @p player to the first step from the current one whose question is of @p kind, its
/// question open; false when the lesson has none (bounded by the lesson's length).
bool goToQuestion(LessonPlayer &player, LessonQuestionKind kind)
{
    for (int i = 0; i < 4 * player.stepCount(); ++i) {
        if (player.hasQuestion() && player.currentStep().question->kind == kind
            && player.phase() == LessonPlayer::Phase::Question)
            return true;
        if (!player.next())
            return false;
    }
    return false;
}

} // namespace

void TestClassroomLessonLink::stepsAndReveal()
{
    Document document;
    LessonPlayer player(&document);
    ClassroomServer server;
    ClassroomLessonLink link(&player, &server);
    QVERIFY(player.play(test::builtin(QStringLiteral("cross-attention"))));
    // Not listening: nothing is pushed and nothing is asked.
    QVERIFY(!link.question());
    QString error;
    QVERIFY2(server.start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    link.sync();
    QCOMPARE(server.question().has_value(), player.currentStep().question.has_value());
    // Every step the teacher goes to is the server's, with a question when it asks one that
    // buttons can answer.
    for (int i = 0; i < 4 * player.stepCount() && player.next(); ++i) {
        if (player.phase() == LessonPlayer::Phase::Step) {
            QCOMPARE(server.question() ? server.question()->step : player.stepIndex(),
                player.stepIndex());
            QCOMPARE(server.question().has_value(), player.hasQuestion());
        }
        if (player.phase() == LessonPlayer::Phase::Revealed) {
            QVERIFY(link.question());
            QVERIFY(server.book().isRevealed(player.stepIndex()));
        } else if (player.hasQuestion()) {
            QVERIFY(!server.book().isRevealed(player.stepIndex()));
        }
    }
}

void TestClassroomLessonLink::guessFromMajority_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<LessonQuestionKind>("kind");
    QTest::addColumn<QList<int>>("answers");
    QTest::addColumn<int>("index"); // the expected guess's field, -1: none
    QTest::addColumn<int>("direction"); // LessonDirection, -1: none
    QTest::addColumn<double>("value"); // -1: none
    const QString cross = QStringLiteral("cross-attention");
    QTest::newRow("choice") << cross << LessonQuestionKind::Choice << QList<int> { 2, 2, 1 } << 2
                            << -1 << -1.0;
    QTest::newRow("choice tie") << cross << LessonQuestionKind::Choice << QList<int> { 0, 2 } << -1
                                << -1 << -1.0;
    QTest::newRow("argmax") << cross << LessonQuestionKind::Argmax << QList<int> { 1, 3, 3 } << 3
                            << -1 << -1.0;
    QTest::newRow("direction falls")
        << cross << LessonQuestionKind::Direction << QList<int> { 1, 1, 0 } << -1
        << int(LessonDirection::Falls) << -1.0;
    QTest::newRow("direction stays") << cross << LessonQuestionKind::Direction << QList<int> { 2 }
                                     << -1 << int(LessonDirection::Unchanged) << -1.0;
    // The five bands 0–0.2 … 0.8–1: the middle of the band most picked.
    QTest::newRow("weight 0.4–0.6") << QStringLiteral("qkv-wirings") << LessonQuestionKind::Weight
                                    << QList<int> { 2, 2, 4 } << -1 << -1 << 0.5;
    QTest::newRow("weight 0.8–1") << QStringLiteral("qkv-wirings") << LessonQuestionKind::Weight
                                  << QList<int> { 4 } << -1 << -1 << 0.9;
}

void TestClassroomLessonLink::guessFromMajority()
{
    QFETCH(QString, lesson);
    QFETCH(LessonQuestionKind, kind);
    QFETCH(QList<int>, answers);
    QFETCH(int, index);
    QFETCH(int, direction);
    QFETCH(double, value);
    Document document;
    LessonPlayer player(&document);
    ClassroomServer server;
    ClassroomLessonLink link(&player, &server);
    QVERIFY(player.play(test::builtin(lesson)));
    QString error;
    QVERIFY2(server.start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    link.sync();
    QVERIFY(goToQuestion(player, kind));
    const int step = player.stepIndex();
    QVERIFY(link.question());
    QCOMPARE(link.question()->step, step);
    for (int i = 0; i < answers.size(); ++i) {
        const QString token = joinRoom(server.port(), server.roomCode(), QString::number(i));
        QVERIFY(!token.isEmpty());
        QCOMPARE(
            answerQuestion(server.port(), server.roomCode(), token, step, answers[i]).status, 200);
    }
    QCOMPARE(link.answeredCount(), answers.size());
    QCOMPARE(link.studentCount(), answers.size());
    const LessonGuess &guess = player.guess();
    QCOMPARE(guess.index, index < 0 ? std::nullopt : std::optional<int>(index));
    QCOMPARE(guess.direction,
        direction < 0 ? std::nullopt : std::optional<LessonDirection>(LessonDirection(direction)));
    if (value < 0)
        QVERIFY(!guess.value);
    else
        QVERIFY(guess.value && qAbs(*guess.value - value) < 1e-12);
}

void TestClassroomLessonLink::teacherGuessKept_data()
{
    QTest::addColumn<LessonQuestionKind>("kind");
    QTest::addColumn<bool>("cleared"); // the teacher clears their guess after the answers
    QTest::newRow("choice kept") << LessonQuestionKind::Choice << false;
    QTest::newRow("choice cleared") << LessonQuestionKind::Choice << true;
    QTest::newRow("direction kept") << LessonQuestionKind::Direction << false;
    QTest::newRow("argmax cleared") << LessonQuestionKind::Argmax << true;
}

void TestClassroomLessonLink::teacherGuessKept()
{
    QFETCH(LessonQuestionKind, kind);
    QFETCH(bool, cleared);
    Document document;
    LessonPlayer player(&document);
    ClassroomServer server;
    ClassroomLessonLink link(&player, &server);
    QVERIFY(player.play(test::builtin(QStringLiteral("cross-attention"))));
    QString error;
    QVERIFY2(server.start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    link.sync();
    QVERIFY(goToQuestion(player, kind));
    const int step = player.stepIndex();
    // The teacher's guess: choice 0 (rises); every student then answers choice 1 (falls).
    LessonGuess own;
    if (kind == LessonQuestionKind::Direction)
        own.direction = LessonDirection::Rises;
    else
        own.index = 0;
    player.setGuess(own);
    QVERIFY(link.teacherGuessed());
    const QString room = server.roomCode();
    QStringList tokens;
    for (int i = 0; i < 3; ++i) {
        tokens.append(joinRoom(server.port(), room, QString::number(i)));
        QCOMPARE(answerQuestion(server.port(), room, tokens.constLast(), step, 1).status, 200);
    }
    QCOMPARE(link.answeredCount(), 3);
    QCOMPARE(player.guess().index, own.index);
    QCOMPARE(player.guess().direction, own.direction);
    if (!cleared)
        return;
    // Cleared, the guess is the class's again: the next answer brings the majority.
    player.setGuess(LessonGuess());
    QVERIFY(!link.teacherGuessed());
    tokens.append(joinRoom(server.port(), room, QStringLiteral("late")));
    QCOMPARE(answerQuestion(server.port(), room, tokens.constLast(), step, 1).status, 200);
    if (kind == LessonQuestionKind::Direction)
        QCOMPARE(player.guess().direction, std::optional<LessonDirection>(LessonDirection::Falls));
    else
        QCOMPARE(player.guess().index, std::optional<int>(1));
    // The next step starts with no guess of the teacher's.
    player.setGuess(own);
    QVERIFY(link.teacherGuessed());
    for (int i = 0; i < 3 && player.stepIndex() == step; ++i)
        QVERIFY(player.next());
    QCOMPARE(player.stepIndex(), step + 1);
    QVERIFY(!link.teacherGuessed());
}

void TestClassroomLessonLink::roomClosesWithTheLesson_data()
{
    QTest::addColumn<bool>("another");
    QTest::newRow("the lesson stops") << false;
    QTest::newRow("another lesson") << true;
}

void TestClassroomLessonLink::roomClosesWithTheLesson()
{
    QFETCH(bool, another);
    Document document;
    LessonPlayer player(&document);
    ClassroomServer server;
    ClassroomLessonLink link(&player, &server);
    QVERIFY(player.play(test::builtin(QStringLiteral("cross-attention"))));
    QString error;
    QVERIFY2(server.start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    const quint16 port = server.port();
    QVERIFY(!joinRoom(port, server.roomCode(), QStringLiteral("Ada")).isEmpty());
    if (another)
        QVERIFY(player.play(test::builtin(QStringLiteral("why-sqrt-dk"))));
    else
        player.stop();
    QVERIFY(!server.isListening());
    QVERIFY(!link.question());
    QVERIFY(portRefuses(port));
    // Another lesson's room starts empty; the same lesson's keeps its students.
    QCOMPARE(server.book().studentCount(), another ? 0 : 1);
}

QTEST_MAIN(TestClassroomLessonLink)
#include "tst_classroomlessonlink.moc"
