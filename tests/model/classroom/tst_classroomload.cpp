// SPDX-License-Identifier: GPL-3.0-or-later
// A whole class at once against the class-answers server over loopback: every student joins
// and answers one question from a connection and an address of its own. Every answer is
// counted once, every acknowledged answer is in the class record file at the moment its
// student hears back, and the answers of one turn of the event loop share one write of the
// record. Times are the benchmark's (bench_classanswers), never asserted here.

#include "classroom/classroomserver.h"
#include "testsupportclassroom.h"
#include "testsupportclassroomload.h"

#include <QFile>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace ae;
using namespace ae::test;

/// Tests ClassroomServer under a whole class's load.
class TestClassroomLoad : public QObject
{
    Q_OBJECT

private slots:
    void wholeClass_data();
    void wholeClass();
    void answersOfOneTurnShareAWrite();
};

void TestClassroomLoad::wholeClass_data()
{
    QTest::addColumn<int>("students");
    QTest::addColumn<int>("choices");
    QTest::newRow("30 students") << 30 << 3;
    QTest::newRow("300 students") << 300 << 4;
}

void TestClassroomLoad::wholeClass()
{
    QFETCH(int, students);
    QFETCH(int, choices);
    QTemporaryDir dir;
    const QString recordFile = dir.filePath(QStringLiteral("record.csv"));
    ClassroomServer server;
    QString error;
    QVERIFY2(server.start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QVERIFY2(server.setRecordFile(recordFile, &error), qPrintable(error));
    ClassroomQuestion q;
    q.step = 1;
    q.prompt = { QStringLiteral("Which key?"), QString() };
    for (int c = 0; c < choices; ++c)
        q.choices.append({ QStringLiteral("key %1").arg(c), QString() });
    server.setQuestion(q);
    const int writesBefore = server.record().writeCount();

    const auto choiceOf = [choices](int i) { return (i * 7 + i / 3) % choices; };
    int missing = 0; // acknowledged answers not yet in the record file
    const SimulatedClassResult r = runSimulatedClass(
        server.port(), server.roomCode(), students, q.step, choiceOf, 20000, [&](int i) {
            QFile file(recordFile);
            if (!file.open(QIODevice::ReadOnly)
                || !file.readAll().contains(",s" + QByteArray::number(i) + ",2,"))
                ++missing;
        });
    QCOMPARE(r.joined, students);
    QCOMPARE(r.refused, 0);
    QCOMPARE(r.acknowledged, students);
    QCOMPARE(missing, 0);

    // Counted once each: the counts are the ones made by hand from the choices.
    QVector<int> expected(choices, 0);
    for (int i = 0; i < students; ++i)
        ++expected[choiceOf(i)];
    QCOMPARE(server.book().counts(q.step), expected);
    QCOMPARE(server.book().answeredCount(q.step), students);
    QCOMPARE(server.record().rowCount(), students);
    QFile file(recordFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count("\r\n"), students + 1);
    // Batched: fewer writes than answers.
    const int writes = server.record().writeCount() - writesBefore;
    QVERIFY2(writes < students, qPrintable(QStringLiteral("%1 writes").arg(writes)));
}

void TestClassroomLoad::answersOfOneTurnShareAWrite()
{
    QTemporaryDir dir;
    ClassroomServer server;
    QString error;
    QVERIFY2(server.start(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QVERIFY2(server.setRecordFile(dir.filePath(QStringLiteral("record.csv")), &error),
        qPrintable(error));
    ClassroomQuestion q;
    q.step = 0;
    q.prompt = { QStringLiteral("Which key?"), QString() };
    q.choices = { { QStringLiteral("a"), QString() }, { QStringLiteral("b"), QString() },
        { QStringLiteral("c"), QString() } };
    server.setQuestion(q);
    const QByteArray room = server.roomCode().toLatin1();
    // Students on open connections (fewer than one address may hold), each served once so
    // that the server holds them all; then all answers are sent at once.
    constexpr int students = 8;
    QList<QTcpSocket *> sockets;
    QList<QByteArray> answers;
    for (int i = 0; i < students; ++i) {
        const QString token
            = joinRoom(server.port(), server.roomCode(), QStringLiteral("s%1").arg(i));
        answers.append(httpPost("/api/answer",
            "{\"room\":\"" + room + "\",\"token\":\"" + token.toLatin1()
                + "\",\"step\":0,\"choice\":" + QByteArray::number(i % 3) + "}")
                           .replace("Connection: close\r\n", ""));
        auto *s = new QTcpSocket(this);
        s->connectToHost(QHostAddress::LocalHost, server.port());
        sockets.append(s);
    }
    QVERIFY(QTest::qWaitFor(
        [&] {
            return std::all_of(sockets.cbegin(), sockets.cend(),
                [](QTcpSocket *s) { return s->state() == QAbstractSocket::ConnectedState; });
        },
        5000));
    for (QTcpSocket *s : sockets)
        s->write("GET /style.css HTTP/1.1\r\nHost: a\r\n\r\n");
    QList<QByteArray> bytes(students);
    const auto responses = [&](int n) {
        for (int i = 0; i < students; ++i) {
            bytes[i] += sockets[i]->readAll();
            if (bytes[i].count("HTTP/1.1 200 OK") < n)
                return false;
        }
        return true;
    };
    QVERIFY(QTest::qWaitFor([&] { return responses(1); }, 5000));
    const int writes = server.record().writeCount();
    for (int i = 0; i < students; ++i) {
        sockets[i]->write(answers[i]);
        sockets[i]->flush();
    }
    QVERIFY(QTest::qWaitFor([&] { return responses(2); }, 5000));
    QCOMPARE(server.record().rowCount(), students);
    // One write for the answers that arrived together (two when the kernel split them).
    QVERIFY2(server.record().writeCount() - writes <= 2,
        qPrintable(QString::number(server.record().writeCount() - writes)));
    qDeleteAll(sockets);
}

QTEST_MAIN(TestClassroomLoad)
#include "tst_classroomload.moc"
