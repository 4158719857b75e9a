// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a lesson in the window: the "save changes?" question before the user's session goes
// (and only about the user's edits), a bad lesson file named by its field, a lesson file known
// by its suffix, the Lesson menu's titles and the handout. Playing it: tst_lessonplayback.

#include "document/document.h"
#include "language/languagemanager.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "session/sequencepanel.h"
#include "testsupportattention.h"
#include "testsupportlesson.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace ae;
using ae::test::builtin;
using ae::test::sqrtLesson;

namespace {

/// Answers the next modal message box with @p button; sets @p asked when there was one.
void answerMessageBox(QMessageBox::StandardButton button, bool *asked)
{
    QTimer::singleShot(0, [button, asked] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            *asked = true;
            box->button(button)->click();
        }
    });
}

} // namespace

class TestLessonPlaybackFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void unsavedSessionIsAskedAbout_data();
    void unsavedSessionIsAskedAbout();
    void anotherLessonAsksOnlyAboutTheUsersEdits_data();
    void anotherLessonAsksOnlyAboutTheUsersEdits();
    void badLessonFileNamesTheField_data();
    void badLessonFileNamesTheField();
    void lessonFileOpensByItsSuffix();
    void builtinMenuNamesTheLessonsByTitle();
    void handoutIsWritten();

private:
    QTemporaryDir m_dir;
};

void TestLessonPlaybackFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessonplaybackfiles"));
}

void TestLessonPlaybackFiles::unsavedSessionIsAskedAbout_data()
{
    QTest::addColumn<int>("button");
    QTest::addColumn<bool>("plays");
    QTest::newRow("cancel") << int(QMessageBox::Cancel) << false;
    QTest::newRow("discard") << int(QMessageBox::Discard) << true;
}

void TestLessonPlaybackFiles::unsavedSessionIsAskedAbout()
{
    QFETCH(int, button);
    QFETCH(bool, plays);
    MainWindow window;
    window.show();
    Document *document = window.document();
    document->setCausal(!document->session().attention.config.causal);
    const Session edited = document->session();
    bool asked = false;
    answerMessageBox(QMessageBox::StandardButton(button), &asked);
    QCOMPARE(window.lessons()->openBuiltin(sqrtLesson), plays);
    QVERIFY(asked);
    QCOMPARE(window.lessons()->player()->isPlaying(), plays);
    if (plays) {
        QVERIFY(document->session() == builtin(sqrtLesson).steps[0].session);
        document->undoStack()->undo(); // the lesson's first step is one undoable edit
    }
    QVERIFY(document->session() == edited);

    // Closing with the lesson's steps in the session asks too; discarding closes.
    bool closeAsked = false;
    answerMessageBox(QMessageBox::Discard, &closeAsked);
    QVERIFY(window.close());
    QVERIFY(closeAsked);
}

void TestLessonPlaybackFiles::anotherLessonAsksOnlyAboutTheUsersEdits_data()
{
    QTest::addColumn<bool>("edited");
    QTest::addColumn<int>("steps");
    QTest::newRow("first step, untouched") << false << 0;
    QTest::newRow("third step, untouched") << false << 2;
    QTest::newRow("first step, the user's edit") << true << 0;
    QTest::newRow("third step, the user's edit") << true << 2;
}

void TestLessonPlaybackFiles::anotherLessonAsksOnlyAboutTheUsersEdits()
{
    QFETCH(bool, edited);
    QFETCH(int, steps);
    MainWindow window;
    window.show();
    Document *document = window.document();
    LessonController *lessons = window.lessons();
    QVERIFY(lessons->openBuiltin(QStringLiteral("cross-attention")));
    lessons->player()->goToStep(steps);
    if (edited)
        document->setCausal(!document->session().attention.config.causal);
    const Session before = document->session();
    // Cancelled when asked: the lesson and the session stay.
    bool asked = false;
    answerMessageBox(QMessageBox::Cancel, &asked);
    const bool switched = lessons->openBuiltin(sqrtLesson);
    QCoreApplication::processEvents();
    QCOMPARE(asked, edited);
    QCOMPARE(switched, !edited);
    if (edited) {
        QVERIFY(document->session() == before);
        QCOMPARE(lessons->player()->lesson().title.en,
            builtin(QStringLiteral("cross-attention")).title.en);
    } else {
        QVERIFY(document->session() == builtin(sqrtLesson).steps[0].session);
        // Closing asks about nothing either.
        bool closeAsked = false;
        answerMessageBox(QMessageBox::Cancel, &closeAsked);
        QVERIFY(window.close());
        // The check for a box runs now, while closeAsked lives.
        QCoreApplication::processEvents();
        QVERIFY(!closeAsked);
    }
}

void TestLessonPlaybackFiles::badLessonFileNamesTheField_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    const QByteArray head = R"json({"format": "attention-explorer-lesson", "version": 1,
        "title": {"en": "Bad"}, "steps": [)json";
    QTest::newRow("heads") << head + R"json({"example": "cross-attention-2heads",
        "edits": {"attention.heads": 3}}]})json"
                           << QStringLiteral("steps[0].edits");
    QTest::newRow("image") << head + R"json({"example": "cross-attention-2heads",
        "caption": {"en": "![x](file:///etc/passwd)"}}]})json"
                           << QStringLiteral("steps[0].caption.en");
    QTest::newRow("answer typed") << head + R"json({"example": "cross-attention-2heads",
        "caption": {"en": "Guess."},
        "question": {"kind": "argmax", "prompt": {"en": "?"}, "query": 0, "answer": 1}}]})json"
                                  << QStringLiteral("steps[0].question");
    QTest::newRow("not json") << QByteArray("{\"format\": ") << QString();
}

void TestLessonPlaybackFiles::badLessonFileNamesTheField()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    const QString fileName = m_dir.filePath(QStringLiteral("bad.aelesson.json"));
    QFile file(fileName);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(json);
    file.close();
    MainWindow window;
    window.show();
    const Session before = window.document()->session();
    // The command line's path: a lesson file is recognised by its suffix.
    QVERIFY(!window.openFile(fileName));
    const QString note = window.noteBar()->text();
    QVERIFY2(note.contains(QStringLiteral("bad.aelesson.json")), qPrintable(note));
    QVERIFY2(note.contains(field), qPrintable(note));
    QVERIFY(window.document()->session() == before);
    QVERIFY(!window.lessons()->player()->hasLesson());
}

void TestLessonPlaybackFiles::lessonFileOpensByItsSuffix()
{
    QFile builtinFile(LessonCatalog::builtinPath(sqrtLesson));
    QVERIFY(builtinFile.open(QIODevice::ReadOnly));
    const QString fileName = m_dir.filePath(QStringLiteral("copy.aelesson.json"));
    QFile copy(fileName);
    QVERIFY(copy.open(QIODevice::WriteOnly | QIODevice::Truncate));
    copy.write(builtinFile.readAll());
    copy.close();
    QVERIFY(LessonController::isLessonFile(fileName));
    QVERIFY(!LessonController::isLessonFile(QStringLiteral("a.aesession.json")));
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(fileName));
    QVERIFY(window.lessons()->player()->isPlaying());
    QCOMPARE(window.lessons()->player()->lesson().title, builtin(sqrtLesson).title);
}

void TestLessonPlaybackFiles::builtinMenuNamesTheLessonsByTitle()
{
    MainWindow window;
    const QList<QAction *> actions = window.lessons()->builtinMenu()->actions();
    QCOMPARE(actions.size(), LessonCatalog::builtinNames().size());
    for (QAction *action : actions)
        QCOMPARE(action->text(), builtin(action->data().toString()).title.en);
    window.setLanguage(QStringLiteral("zh_CN"));
    for (QAction *action : actions)
        QCOMPARE(action->text(), builtin(action->data().toString()).title.zh);
    window.setLanguage(QStringLiteral("en"));
    QVERIFY(!window.lessons()->exportHandoutAction()->isEnabled());
    actions.constFirst()->trigger();
    QVERIFY(window.lessons()->player()->isPlaying());
    QVERIFY(window.lessons()->exportHandoutAction()->isEnabled());
}

void TestLessonPlaybackFiles::handoutIsWritten()
{
    MainWindow window;
    QVERIFY(window.lessons()->openBuiltin(sqrtLesson));
    const QString pdf = m_dir.filePath(QStringLiteral("handout.pdf"));
    QVERIFY(window.lessons()->exportHandoutTo(pdf));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(5) == "%PDF-");
    const QString md = m_dir.filePath(QStringLiteral("handout.md"));
    QVERIFY(window.lessons()->exportHandoutTo(md));
    QFile markdown(md);
    QVERIFY(markdown.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(markdown.readAll()).contains(builtin(sqrtLesson).title.en));
    QVERIFY(!window.lessons()->exportHandoutTo(m_dir.filePath(QStringLiteral("handout.doc"))));
    QVERIFY(window.noteBar()->text().contains(QStringLiteral("handout.doc")));
}

QTEST_MAIN(TestLessonPlaybackFiles)
#include "tst_lessonplaybackfiles.moc"
