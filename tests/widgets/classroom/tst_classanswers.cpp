// SPDX-License-Identifier: GPL-3.0-or-later
// Class answers in the window: Lesson ▸ Class Answers… opens the room of a played built-in
// lesson on 127.0.0.1, students join and answer over HTTP, and the lesson panel counts the
// answers, shows the histogram only when asked, fills the class's choice from the majority
// (unless the teacher picked one), reveals on the server with the step's heatmap for the
// students, and the room closes with the lesson, another lesson or the window.
// Every wait is bounded.

#include "classroom/classanswerscontroller.h"
#include "classroom/classanswersdialog.h"
#include "classroom/classanswersview.h"
#include "classroom/classroominterface.h"
#include "classroom/classroomserver.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "testsupportattention.h"
#include "testsupportclassroom.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

const QString lessonName = QStringLiteral("cross-attention");

} // namespace

/// Tests ClassAnswersController, ClassAnswersDialog and ClassAnswersView in the window.
class TestClassAnswers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void actionOnlyWhilePlaying();
    void addresses();
    void refused_data();
    void refused();
    void answers_data();
    void answers();
    void restartKeepsTheRecord();
    void dialogKeepsItsKeys();
    void roomCloses_data();
    void roomCloses();

private:
    /// Opens the dialog and starts the room on 127.0.0.1 with its record in the suite's
    /// folder; the port, or 0.
    quint16 startRoom();
    /// Goes to the lesson's first step with a question and opens it (bounded by the lesson).
    bool goToFirstQuestion();

    MainWindow *m_window = nullptr;
    ClassAnswersController *m_answers = nullptr;
    QTemporaryDir m_dir;
};

void TestClassAnswers::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_classanswers"));
    QVERIFY(m_dir.isValid());
}

void TestClassAnswers::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_answers = m_window->lessons()->classAnswers();
}

void TestClassAnswers::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

quint16 TestClassAnswers::startRoom()
{
    ClassAnswersDialog *dialog = m_answers->dialog();
    m_answers->action()->trigger();
    const int loopback = dialog->addressBox()->findData(QStringLiteral("127.0.0.1"));
    if (loopback < 0)
        return 0;
    dialog->addressBox()->setCurrentIndex(loopback);
    dialog->recordEdit()->setText(m_dir.filePath(QStringLiteral("class.csv")));
    QFile::remove(dialog->recordEdit()->text());
    dialog->startButton()->click();
    return m_answers->server()->isListening() ? m_answers->server()->port() : 0;
}

bool TestClassAnswers::goToFirstQuestion()
{
    LessonPlayer *player = m_window->lessons()->player();
    for (int i = 0; i < 40 && !player->hasQuestion(); ++i)
        player->next();
    if (!player->hasQuestion())
        return false;
    player->next(); // step → question
    return player->phase() == LessonPlayer::Phase::Question;
}

void TestClassAnswers::actionOnlyWhilePlaying()
{
    QAction *action = m_answers->action();
    QVERIFY(!action->isEnabled());
    QVERIFY(m_window->lessons()->menu()->actions().contains(action));
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    QVERIFY(action->isEnabled());
    m_window->lessons()->leave();
    QVERIFY(!action->isEnabled());
}

void TestClassAnswers::addresses()
{
    const QVector<ClassroomInterface> offered = ClassroomInterface::offered();
    QVERIFY(offered.size() >= 2);
    // The default is a network one when there is one; this computer is offered; every
    // interface comes last and only on request.
    QVERIFY(offered.constLast().isEveryInterface());
    QCOMPARE(offered.at(offered.size() - 2).address, QHostAddress(QHostAddress::LocalHost));
    for (int i = 0; i < offered.size() - 2; ++i) {
        QVERIFY(!offered[i].isLoopback());
        QCOMPARE(offered[i].address.protocol(), QAbstractSocket::IPv4Protocol);
    }
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    ClassAnswersDialog *dialog = m_answers->dialog();
    QCOMPARE(dialog->addressBox()->count(), offered.size());
    QCOMPARE(dialog->addressBox()->currentIndex(), 0);
    QCOMPARE(
        dialog->addressBox()->currentData().toString(), offered.constFirst().address.toString());
    QVERIFY(dialog->recordEdit()->text().contains(lessonName + QStringLiteral("-class-")));
    QVERIFY(dialog->recordEdit()->text().endsWith(QStringLiteral(".csv")));
    QVERIFY(!m_answers->server()->isListening());
    QVERIFY(dialog->roomCodeText().isEmpty());
}

void TestClassAnswers::refused_data()
{
    QTest::addColumn<QString>("record");
    QTest::addColumn<QString>("message");
    QTest::newRow("not a .csv") << QStringLiteral("answers.txt")
                                << QStringLiteral("“answers.txt” does not end in .csv");
    QTest::newRow("no such folder")
        << QStringLiteral("/nonexistent-folder/class.csv")
        << QStringLiteral("Cannot write the class record “/nonexistent-folder/class.csv”");
    // Made by the test in the suite's folder: another room's record.
    QTest::newRow("an existing file")
        << QStringLiteral("existing.csv") << QStringLiteral("existing.csv” exists already");
}

void TestClassAnswers::refused()
{
    QFETCH(QString, record);
    QFETCH(QString, message);
    if (record == u"existing.csv") {
        record = m_dir.filePath(record);
        QFile existing(record);
        QVERIFY(existing.open(QIODevice::WriteOnly));
        QVERIFY(existing.write("time,nickname\r\n") > 0);
    }
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    ClassAnswersDialog *dialog = m_answers->dialog();
    m_answers->action()->trigger();
    dialog->addressBox()->setCurrentIndex(
        dialog->addressBox()->findData(QStringLiteral("127.0.0.1")));
    dialog->recordEdit()->setText(record);
    QVERIFY(!dialog->startServer());
    QVERIFY2(dialog->statusText().contains(message), qPrintable(dialog->statusText()));
    QVERIFY(!m_answers->server()->isListening());
    QVERIFY(dialog->roomCodeText().isEmpty());
    QVERIFY(!dialog->showsQrCode());
    if (QFileInfo::exists(record)) {
        QFile kept(record);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("time,nickname\r\n"));
    }
    // A good record then opens the room.
    const QString retry = m_dir.filePath(QStringLiteral("retry.csv"));
    QFile::remove(retry); // an earlier row's room wrote it
    dialog->recordEdit()->setText(retry);
    QVERIFY(dialog->startServer());
    QVERIFY(m_answers->server()->isListening());
    QCOMPARE(dialog->roomCodeText(), m_answers->server()->roomCode());
}

void TestClassAnswers::answers_data()
{
    QTest::addColumn<QList<int>>("choices"); // one student each
    QTest::addColumn<int>("idle"); // students who join and do not answer
    QTest::addColumn<int>("teacher"); // the choice the teacher picks first, -1: none
    QTest::newRow("majority") << QList<int> { 1, 1, 0 } << 1 << -1;
    QTest::newRow("tie") << QList<int> { 0, 1 } << 0 << -1;
    QTest::newRow("one student") << QList<int> { 2 } << 2 << -1;
    QTest::newRow("nobody answers") << QList<int> {} << 3 << -1;
    QTest::newRow("the teacher's own choice") << QList<int> { 1, 1, 0 } << 0 << 2;
}

void TestClassAnswers::answers()
{
    QFETCH(QList<int>, choices);
    QFETCH(int, idle);
    QFETCH(int, teacher);
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    const quint16 port = startRoom();
    QVERIFY(port != 0);
    ClassAnswersDialog *dialog = m_answers->dialog();
    const QString room = dialog->roomCodeText();
    QCOMPARE(room.size(), 6);
    QCOMPARE(room, m_answers->server()->roomCode());
    QCOMPARE(dialog->joinAddressText(),
        QStringLiteral("http://127.0.0.1:%1/?room=%2").arg(port).arg(room));
    QVERIFY(dialog->showsQrCode());

    QVERIFY(goToFirstQuestion());
    LessonPlayer *player = m_window->lessons()->player();
    const int step = player->stepIndex();
    const int options = static_cast<int>(player->currentStep().question->options.size());
    QCOMPARE(options, 3);
    ClassAnswersView *view = m_answers->view();
    QVERIFY(view->isVisible());
    QCOMPARE(view->answeredText(), QStringLiteral("0 of 0 answered"));

    LessonPanel *panel = m_window->lessons()->panel();
    if (teacher >= 0) // typed in the panel before any answer: it stays the class's choice
        panel->choiceGuess()->setCurrentIndex(teacher + 1);
    const int students = static_cast<int>(choices.size()) + idle;
    QStringList tokens;
    for (int i = 0; i < students; ++i) {
        tokens.append(joinRoom(port, room, QStringLiteral("student %1").arg(i)));
        QVERIFY(!tokens.constLast().isEmpty());
    }
    for (int i = 0; i < choices.size(); ++i)
        QCOMPARE(answerQuestion(port, room, tokens[i], step, choices[i]).status, 200);
    QCOMPARE(view->answeredText(),
        QStringLiteral("%1 of %2 answered").arg(choices.size()).arg(students));

    // Counted by hand: the answers per choice, and the choice most picked (none on a tie).
    QVector<int> counts(options, 0);
    for (int c : choices)
        ++counts[c];
    std::optional<int> majority;
    int most = 0;
    for (int c = 0; c < options; ++c) {
        if (counts[c] > most) {
            most = counts[c];
            majority = c;
        } else if (counts[c] == most && most > 0) {
            majority.reset();
        }
    }

    // Nothing of the answers before the teacher asks.
    QVERIFY(view->shownCounts().isEmpty());
    QVERIFY(view->histogramText().isEmpty());
    QVERIFY(view->histogramButton()->isVisible());
    view->histogramButton()->click();
    QCOMPARE(view->shownCounts(), counts);
    QCOMPARE(view->histogramText().count(QLatin1Char('\n')), options - 1);

    // The class's choice is the majority's, unless the teacher picked one.
    if (teacher >= 0)
        majority = teacher;
    if (choices.isEmpty())
        QVERIFY(player->guess().isEmpty());
    else
        QCOMPARE(player->guess().index, majority);
    QCOMPARE(panel->choiceGuess()->currentIndex(), majority ? *majority + 1 : 0);

    // The lesson's reveal reveals on the server: answers are final.
    panel->revealButton()->click();
    QCOMPARE(player->phase(), LessonPlayer::Phase::Revealed);
    QVERIFY(m_answers->server()->book().isRevealed(step));
    if (!tokens.isEmpty())
        QCOMPARE(answerQuestion(port, room, tokens[0], step, 0).status, 409);
    QVERIFY(panel->answerText().contains(
        QStringLiteral("The class guessed: %1")
            .arg(majority ? QString(QLatin1Char('A' + *majority)) : QStringLiteral("—"))));
    // The students' pages get the step's heatmap, now and only now.
    const QByteArray image = "/api/image?room=" + room.toLatin1()
        + "&token=" + tokens.value(0).toLatin1() + "&step=" + QByteArray::number(step);
    if (!tokens.isEmpty()) {
        const HttpResponse png = httpExchange(port, httpGet(image));
        QCOMPARE(png.status, 200);
        QCOMPARE(png.headers.value("content-type"), QByteArray("image/png"));
        QVERIFY(png.body.startsWith("\x89PNG\r\n\x1a\n"));
    }

    // The next step is pushed to the students as the teacher moves on.
    player->next();
    QVERIFY(player->stepIndex() > step);
    QCOMPARE(m_answers->server()->question() ? m_answers->server()->question()->step : step + 1,
        player->stepIndex());

    // Every answer is in the class record.
    QFile record(dialog->recordEdit()->text());
    QVERIFY(record.open(QIODevice::ReadOnly));
    QCOMPARE(record.readAll().count('\n'), 1 + choices.size());
}

void TestClassAnswers::restartKeepsTheRecord()
{
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    QVERIFY(goToFirstQuestion());
    const quint16 port = startRoom();
    QVERIFY(port != 0);
    ClassroomServer *server = m_answers->server();
    const int step = m_window->lessons()->player()->stepIndex();
    const QString token = joinRoom(port, server->roomCode(), QStringLiteral("Ada"));
    QCOMPARE(answerQuestion(port, server->roomCode(), token, step, 1).status, 200);
    ClassAnswersDialog *dialog = m_answers->dialog();
    dialog->stopServer();
    QVERIFY(portRefuses(port));
    // The room's own record file is not another room's: it opens again and keeps the answer.
    QVERIFY2(dialog->startServer(), qPrintable(dialog->statusText()));
    QCOMPARE(server->record().rowCount(), 1);
    QFile record(dialog->recordEdit()->text());
    QVERIFY(record.open(QIODevice::ReadOnly));
    QCOMPARE(record.readAll().count('\n'), 2);
}

void TestClassAnswers::dialogKeepsItsKeys()
{
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    LessonPlayer *player = m_window->lessons()->player();
    ClassAnswersDialog *dialog = m_answers->dialog();
    m_answers->action()->trigger();
    QLineEdit *record = dialog->recordEdit();
    record->setText(QString());
    // Typing a file name with a space, moving in it and Esc: the dialog's, not the lesson's.
    QTest::keyClicks(record, QStringLiteral("my class.csv"));
    QTest::keyClick(record, Qt::Key_Left);
    QTest::keyClick(record, Qt::Key_Right);
    QCOMPARE(record->text(), QStringLiteral("my class.csv"));
    QCOMPARE(player->stepIndex(), 0);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Step);
    QTest::keyClick(record, Qt::Key_Escape);
    QVERIFY(player->isPlaying());
    // The clicker's Page Down still steps the lesson on.
    QTest::keyClick(dialog->addressBox(), Qt::Key_PageDown);
    QCOMPARE(player->stepIndex(), 1);
}

void TestClassAnswers::roomCloses_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("the lesson ends") << QStringLiteral("leave");
    QTest::newRow("another lesson") << QStringLiteral("another");
    QTest::newRow("the window closes") << QStringLiteral("close");
    QTest::newRow("lesson mode keeps it open") << QStringLiteral("lesson mode");
}

void TestClassAnswers::roomCloses()
{
    QFETCH(QString, how);
    QVERIFY(m_window->lessons()->openBuiltin(lessonName));
    const quint16 port = startRoom();
    QVERIFY(port != 0);
    QVERIFY(!joinRoom(port, m_answers->server()->roomCode(), QStringLiteral("Ada")).isEmpty());
    if (how == u"leave")
        m_window->lessons()->leave();
    else if (how == u"another")
        QVERIFY(m_window->lessons()->openBuiltin(QStringLiteral("why-sqrt-dk")));
    else if (how == u"close")
        QVERIFY(m_window->close());
    if (how == u"lesson mode") {
        // Full screen and back is no reason to close the room.
        m_window->setPresentationMode(true);
        m_window->setPresentationMode(false);
    }
    const bool closes = how != u"lesson mode";
    QCOMPARE(m_answers->server()->isListening(), !closes);
    if (!closes) {
        QCOMPARE(m_answers->server()->port(), port);
        QVERIFY(!joinRoom(port, m_answers->server()->roomCode(), QStringLiteral("Bo")).isEmpty());
        return;
    }
    QVERIFY(portRefuses(port));
    QVERIFY(m_answers->dialog()->roomCodeText().isEmpty());
}

QTEST_MAIN(TestClassAnswers)
#include "tst_classanswers.moc"
