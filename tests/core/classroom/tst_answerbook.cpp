// SPDX-License-Identifier: GPL-3.0-or-later
// The answer book: one answer per student per question, changeable until the reveal, counts,
// majority and the room's size limit.

#include "classroom/answerbook.h"
#include "classroom/classroomlimits.h"

#include <QtTest>

using namespace ae::classroom;
using Outcome = AnswerBook::Outcome;

Q_DECLARE_METATYPE(Outcome)

/// Tests AnswerBook.
class TestAnswerBook : public QObject
{
    Q_OBJECT

private slots:
    void answers_data();
    void answers();
    void outcomes_data();
    void outcomes();
    void roomFull();
    void withdraw();
    void openQuestion_data();
    void openQuestion();
};

void TestAnswerBook::answers_data()
{
    // Each row: answers as "student:choice" in order (students a to e), then the counts and
    // majority (-1: none) expected for a question of 3 choices.
    QTest::addColumn<QStringList>("answers");
    QTest::addColumn<QVector<int>>("counts");
    QTest::addColumn<int>("majority");
    QTest::newRow("nobody") << QStringList {} << QVector<int> { 0, 0, 0 } << -1;
    QTest::newRow("one") << QStringList { QStringLiteral("a:1") } << QVector<int> { 0, 1, 0 } << 1;
    QTest::newRow("clear majority")
        << QStringList { QStringLiteral("a:2"), QStringLiteral("b:2"), QStringLiteral("c:0") }
        << QVector<int> { 1, 0, 2 } << 2;
    QTest::newRow("tie") << QStringList { QStringLiteral("a:0"), QStringLiteral("b:1") }
                         << QVector<int> { 1, 1, 0 } << -1;
    QTest::newRow("changed answer counts once")
        << QStringList { QStringLiteral("a:0"), QStringLiteral("a:1"), QStringLiteral("a:2") }
        << QVector<int> { 0, 0, 1 } << 2;
    QTest::newRow("repeat counts once")
        << QStringList { QStringLiteral("a:1"), QStringLiteral("a:1"), QStringLiteral("b:0") }
        << QVector<int> { 1, 1, 0 } << -1;
    QTest::newRow("change breaks a tie") << QStringList { QStringLiteral("a:0"),
        QStringLiteral("b:1"), QStringLiteral("c:1"), QStringLiteral("d:0"), QStringLiteral("d:1") }
                                         << QVector<int> { 1, 3, 0 } << 1;
}

void TestAnswerBook::answers()
{
    QFETCH(QStringList, answers);
    QFETCH(QVector<int>, counts);
    QFETCH(int, majority);
    AnswerBook book;
    for (const QString &s : { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
             QStringLiteral("d"), QStringLiteral("e") })
        QCOMPARE(book.join(s, s.toUpper()), Outcome::Accepted);
    QVERIFY(book.openQuestion(4, 3));
    QSet<QString> answered;
    for (const QString &a : answers) {
        const QStringList parts = a.split(QLatin1Char(':'));
        book.answer(parts[0], 4, parts[1].toInt());
        answered.insert(parts[0]);
    }
    QCOMPARE(book.counts(4), counts);
    QCOMPARE(book.answeredCount(4), static_cast<int>(answered.size()));
    QCOMPARE(book.majority(4).value_or(-1), majority);
    QCOMPARE(book.counts(5), QVector<int> {});
}

void TestAnswerBook::outcomes_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("question");
    QTest::addColumn<int>("choice");
    QTest::addColumn<bool>("revealFirst");
    QTest::addColumn<Outcome>("expected");
    const QString a = QStringLiteral("a");
    QTest::newRow("first answer") << QStringLiteral("b") << 0 << 1 << false << Outcome::Accepted;
    QTest::newRow("same again") << a << 0 << 0 << false << Outcome::Unchanged;
    QTest::newRow("changed") << a << 0 << 2 << false << Outcome::Changed;
    QTest::newRow("unknown student")
        << QStringLiteral("z") << 0 << 1 << false << Outcome::UnknownStudent;
    QTest::newRow("unknown question") << a << 9 << 1 << false << Outcome::UnknownQuestion;
    QTest::newRow("choice too high") << a << 0 << 3 << false << Outcome::BadChoice;
    QTest::newRow("negative choice") << a << 0 << -1 << false << Outcome::BadChoice;
    QTest::newRow("after the reveal") << a << 0 << 2 << true << Outcome::Revealed;
}

void TestAnswerBook::outcomes()
{
    QFETCH(QString, token);
    QFETCH(int, question);
    QFETCH(int, choice);
    QFETCH(bool, revealFirst);
    QFETCH(Outcome, expected);
    AnswerBook book;
    book.join(QStringLiteral("a"), QStringLiteral("Ada"));
    book.join(QStringLiteral("b"), QStringLiteral("Bo"));
    QVERIFY(book.openQuestion(0, 3));
    // Student a has answered 0 before each row.
    QCOMPARE(book.answer(QStringLiteral("a"), 0, 0), Outcome::Accepted);
    if (revealFirst)
        QVERIFY(book.reveal(0));
    QCOMPARE(book.answer(token, question, choice), expected);
    const bool taken = expected == Outcome::Accepted || expected == Outcome::Changed;
    if (taken)
        QCOMPARE(book.answerOf(token, question).value_or(-1), choice);
    const bool aChanged = taken && token == QStringLiteral("a");
    QCOMPARE(book.answerOf(QStringLiteral("a"), 0).value_or(-1), aChanged ? choice : 0);
    const bool bJoined = taken && token == QStringLiteral("b");
    QCOMPARE(book.answeredCount(0), bJoined ? 2 : 1);
    QCOMPARE(book.isRevealed(0), revealFirst);
}

void TestAnswerBook::roomFull()
{
    AnswerBook book;
    for (int i = 0; i < kMaxStudents; ++i)
        QCOMPARE(book.join(QString::number(i), QString()), Outcome::Accepted);
    QCOMPARE(book.studentCount(), kMaxStudents);
    QCOMPARE(book.join(QStringLiteral("late"), QString()), Outcome::RoomFull);
    QCOMPARE(book.join(QStringLiteral("7"), QStringLiteral("Seven")), Outcome::Unchanged);
    QCOMPARE(book.nickname(QStringLiteral("7")), QStringLiteral("Seven"));
    QCOMPARE(book.studentCount(), kMaxStudents);
}

void TestAnswerBook::withdraw()
{
    AnswerBook book;
    book.join(QStringLiteral("a"), QString());
    book.join(QStringLiteral("b"), QString());
    QVERIFY(book.openQuestion(0, 2));
    QVERIFY(!book.withdraw(QStringLiteral("a"), 0)); // nothing to take back
    book.answer(QStringLiteral("a"), 0, 1);
    book.answer(QStringLiteral("b"), 0, 1);
    QVERIFY(book.withdraw(QStringLiteral("a"), 0));
    QCOMPARE(book.answeredCount(0), 1);
    QCOMPARE(book.counts(0), (QVector<int> { 0, 1 }));
    QVERIFY(!book.answerOf(QStringLiteral("a"), 0).has_value());
    QVERIFY(!book.withdraw(QStringLiteral("a"), 7));
    QVERIFY(book.reveal(0));
    QVERIFY(!book.withdraw(QStringLiteral("b"), 0)); // final after the reveal
    QCOMPARE(book.answeredCount(0), 1);
}

void TestAnswerBook::openQuestion_data()
{
    QTest::addColumn<int>("question");
    QTest::addColumn<int>("choices");
    QTest::addColumn<bool>("expected");
    QTest::newRow("two choices") << 0 << 2 << true;
    QTest::newRow("one choice") << 3 << 1 << true;
    QTest::newRow("most choices") << 1 << kMaxChoices << true;
    QTest::newRow("too many choices") << 1 << kMaxChoices + 1 << false;
    QTest::newRow("no choices") << 1 << 0 << false;
    QTest::newRow("negative step") << -1 << 2 << false;
}

void TestAnswerBook::openQuestion()
{
    QFETCH(int, question);
    QFETCH(int, choices);
    QFETCH(bool, expected);
    AnswerBook book;
    QCOMPARE(book.openQuestion(question, choices), expected);
    QCOMPARE(book.choiceCount(question), expected ? choices : 0);
    QCOMPARE(book.reveal(question), expected);
}

QTEST_MAIN(TestAnswerBook)
#include "tst_answerbook.moc"
