// SPDX-License-Identifier: GPL-3.0-or-later
// Playing a lesson in the window: the clicker's keys with the focus in a table, a spin box or a
// line edit; the black screen; Esc and F5; the panel's caption, progress and revealed answer
// beside the class's guess; the presenter view. Opening lessons and writing handouts:
// tst_lessonplaybackfiles.

#include "document/document.h"
#include "language/languagemanager.h"
#include "lesson/lessonblankscreen.h"
#include "lesson/lessoncaptionview.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonkeyfilter.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "lesson/lessonpresenterview.h"
#include "session/embeddingtableview.h"
#include "session/sequencepanel.h"
#include "testsupportattention.h"
#include "testsupportlesson.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QImage>
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

/// The first step of @p lesson with a question of @p kind, or -1.
int stepAsking(const ResolvedLesson &lesson, LessonQuestionKind kind)
{
    for (int i = 0; i < static_cast<int>(lesson.steps.size()); ++i) {
        const auto &q = lesson.steps[static_cast<size_t>(i)].question;
        if (q && q->kind == kind)
            return i;
    }
    return -1;
}

/// The widget of @p window that @p focus names, with the focus.
QWidget *focusWidget(MainWindow &window, const QString &focus)
{
    QWidget *w = nullptr;
    if (focus == QLatin1String("table"))
        w = window.sequencePanel(true)->findChild<EmbeddingTableView *>();
    else if (focus == QLatin1String("spin box"))
        w = window.findChild<QSpinBox *>(QStringLiteral("headsSpin"));
    else
        w = window.sequencePanel(true)->tokenEdit();
    if (w) {
        w->show();
        w->setFocus();
    }
    return w;
}

/// What the focused widget holds, to check that a key did not reach it.
QString widgetState(QWidget *w)
{
    if (auto *spin = qobject_cast<QSpinBox *>(w))
        return QString::number(spin->value());
    if (auto *edit = qobject_cast<QLineEdit *>(w))
        return edit->text() + QLatin1Char('|') + QString::number(edit->cursorPosition());
    if (auto *table = qobject_cast<QAbstractItemView *>(w))
        return QStringLiteral("%1,%2")
            .arg(table->currentIndex().row())
            .arg(table->currentIndex().column());
    return QString();
}

} // namespace

class TestLessonPlayback : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void clickerKeysWinOverTheFocusedWidget_data();
    void clickerKeysWinOverTheFocusedWidget();
    void pageDownAloneWalksTheLesson_data();
    void pageDownAloneWalksTheLesson();
    void blankScreenAndAnyKeyBack();
    void escapeLeavesAndF5Resumes();
    void keysAreLeftAloneWhenNoLessonPlays();
    void anOpenListKeepsItsKeys();
    void revealShowsTheComputedAnswerBesideTheGuess_data();
    void revealShowsTheComputedAnswerBesideTheGuess();
    void captionFollowsTheLanguage();
    void presenterViewShowsNotesNextAndCounter();
    void captionLoadsNothing();

private:
    QTemporaryDir m_dir;
};

void TestLessonPlayback::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessonplayback"));
}

void TestLessonPlayback::clickerKeysWinOverTheFocusedWidget_data()
{
    QTest::addColumn<QString>("focus");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<bool>("forward");
    const struct
    {
        const char *name;
        int key;
        int modifiers;
        bool forward;
    } keys[] = { { "Page Down", Qt::Key_PageDown, 0, true }, { "Right", Qt::Key_Right, 0, true },
        { "Space", Qt::Key_Space, 0, true }, { "Page Up", Qt::Key_PageUp, 0, false },
        { "Left", Qt::Key_Left, 0, false },
        { "Shift+Space", Qt::Key_Space, int(Qt::ShiftModifier), false } };
    for (const char *focus : { "table", "spin box", "line edit" })
        for (const auto &k : keys)
            QTest::addRow("%s, %s", focus, k.name)
                << QString::fromLatin1(focus) << k.key << k.modifiers << k.forward;
}

void TestLessonPlayback::clickerKeysWinOverTheFocusedWidget()
{
    QFETCH(QString, focus);
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(bool, forward);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const ResolvedLesson lesson = builtin(sqrtLesson);
    const int asking = stepAsking(lesson, LessonQuestionKind::Choice);
    QVERIFY(asking > 0);
    QVERIFY(window.lessons()->play(lesson));
    LessonPlayer *player = window.lessons()->player();
    player->goToStep(asking);
    if (!forward)
        QVERIFY(player->next()); // the question is open; back closes it
    const LessonPlayer::Phase before = player->phase();
    QWidget *w = focusWidget(window, focus);
    QVERIFY(w);
    const QString state = widgetState(w);
    QTest::keyClick(w, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    QCOMPARE(player->stepIndex(), asking);
    QCOMPARE(player->phase(), forward ? LessonPlayer::Phase::Question : LessonPlayer::Phase::Step);
    QVERIFY(player->phase() != before);
    QCOMPARE(widgetState(w), state);
}

void TestLessonPlayback::pageDownAloneWalksTheLesson_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : LessonCatalog::builtinNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestLessonPlayback::pageDownAloneWalksTheLesson()
{
    QFETCH(QString, name);
    MainWindow window;
    window.show();
    const ResolvedLesson lesson = builtin(name);
    QVERIFY(window.lessons()->play(lesson));
    LessonPlayer *player = window.lessons()->player();
    LessonPanel *panel = window.lessons()->panel();
    QVERIFY(panel->isVisible());
    int revealed = 0;
    for (int clicks = 0; clicks < 100; ++clicks) {
        QCOMPARE(panel->progressText(),
            LessonPanel::tr("Step %1 of %2").arg(player->stepIndex() + 1).arg(lesson.steps.size()));
        const int step = player->stepIndex();
        const LessonPlayer::Phase phase = player->phase();
        QVERIFY(window.document()->session() == lesson.steps[static_cast<size_t>(step)].session);
        QTest::keyClick(&window, Qt::Key_PageDown);
        if (step == player->stepIndex() && phase == player->phase())
            break; // the end
        revealed += player->phase() == LessonPlayer::Phase::Revealed ? 1 : 0;
    }
    QCOMPARE(player->stepIndex(), static_cast<int>(lesson.steps.size()) - 1);
    int questions = 0;
    for (const ResolvedLessonStep &s : lesson.steps)
        questions += s.question ? 1 : 0;
    QCOMPARE(revealed, questions);
}

void TestLessonPlayback::blankScreenAndAnyKeyBack()
{
    MainWindow window;
    window.show();
    QVERIFY(window.lessons()->play(builtin(sqrtLesson)));
    LessonPlayer *player = window.lessons()->player();
    for (int key : { int(Qt::Key_Period), int(Qt::Key_B) }) {
        QTest::keyClick(&window, Qt::Key(key));
        LessonBlankScreen *blank = window.lessons()->blankScreenWidget();
        QVERIFY(blank && blank->isVisible());
        const int step = player->stepIndex();
        // Any key brings the lesson back, and does nothing else (not even a Page Down).
        QWidget *target = QApplication::activeWindow() ? QApplication::activeWindow() : blank;
        QTest::keyClick(target, Qt::Key_PageDown);
        QVERIFY(!blank->isVisible());
        QCOMPARE(player->stepIndex(), step);
        QCOMPARE(player->phase(), LessonPlayer::Phase::Step);
    }
}

void TestLessonPlayback::escapeLeavesAndF5Resumes()
{
    MainWindow window;
    window.show();
    const ResolvedLesson lesson = builtin(sqrtLesson);
    const int asking = stepAsking(lesson, LessonQuestionKind::Direction);
    QVERIFY(asking > 0);
    QVERIFY(window.lessons()->play(lesson));
    LessonPlayer *player = window.lessons()->player();
    player->goToStep(asking);
    QVERIFY(player->next());
    QVERIFY(window.document()->weightsHidden());
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!player->isPlaying());
    QVERIFY(!window.document()->weightsHidden());
    // Not playing: Page Down is the window's again.
    QTest::keyClick(&window, Qt::Key_PageDown);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(player->isPlaying());
    QCOMPARE(player->stepIndex(), asking);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QVERIFY(window.document()->weightsHidden());
}

void TestLessonPlayback::keysAreLeftAloneWhenNoLessonPlays()
{
    MainWindow window;
    window.show();
    QSpinBox *heads = window.findChild<QSpinBox *>(QStringLiteral("headsSpin"));
    QVERIFY(heads);
    heads->setFocus();
    const int before = heads->value();
    QTest::keyClick(heads, Qt::Key_Up);
    QCOMPARE(heads->value(), before + 1);
    QCOMPARE(LessonKeyFilter::command(Qt::Key_Right, Qt::ControlModifier),
        LessonKeyFilter::Command::None);
    // F5 without a lesson does nothing.
    QTest::keyClick(heads, Qt::Key_F5);
    QVERIFY(!window.lessons()->player()->isPlaying());
}

void TestLessonPlayback::anOpenListKeepsItsKeys()
{
    MainWindow window;
    window.show();
    const ResolvedLesson lesson = builtin(sqrtLesson);
    const int asking = stepAsking(lesson, LessonQuestionKind::Choice);
    QVERIFY(window.lessons()->play(lesson));
    LessonPlayer *player = window.lessons()->player();
    player->goToStep(asking);
    QVERIFY(player->next());
    // The class's choice is being picked from the open list: its keys are the list's.
    QComboBox *choice = window.lessons()->panel()->choiceGuess();
    choice->showPopup();
    QTRY_VERIFY(QApplication::activePopupWidget());
    QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_Right);
    QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_Space);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    choice->hidePopup();
    QTRY_VERIFY(!QApplication::activePopupWidget());
    QTest::keyClick(&window, Qt::Key_Right);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Revealed);
}

void TestLessonPlayback::revealShowsTheComputedAnswerBesideTheGuess_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<int>("kind");
    QTest::newRow("choice") << sqrtLesson << int(LessonQuestionKind::Choice);
    QTest::newRow("direction") << sqrtLesson << int(LessonQuestionKind::Direction);
    for (const QString &name : LessonCatalog::builtinNames()) {
        const ResolvedLesson lesson = builtin(name);
        for (LessonQuestionKind kind : { LessonQuestionKind::Argmax, LessonQuestionKind::Weight })
            if (stepAsking(lesson, kind) >= 0)
                QTest::addRow("%s, %s", qPrintable(name),
                    kind == LessonQuestionKind::Argmax ? "argmax" : "weight")
                    << name << int(kind);
    }
}

void TestLessonPlayback::revealShowsTheComputedAnswerBesideTheGuess()
{
    QFETCH(QString, lesson);
    QFETCH(int, kind);
    MainWindow window;
    window.show();
    const ResolvedLesson resolved = builtin(lesson);
    const int asking = stepAsking(resolved, LessonQuestionKind(kind));
    QVERIFY(asking >= 0);
    QVERIFY(window.lessons()->play(resolved));
    LessonPlayer *player = window.lessons()->player();
    LessonPanel *panel = window.lessons()->panel();
    player->goToStep(asking);
    QVERIFY(!panel->questionBox()->isVisible());
    QVERIFY(player->next());
    QVERIFY(panel->questionBox()->isVisible());
    const ResolvedLessonStep &step = resolved.steps[static_cast<size_t>(asking)];
    QVERIFY(
        panel->captionText().contains(QString(step.question->prompt.en).remove(QLatin1Char('*'))));
    QVERIFY(panel->answerText().isEmpty());
    // The class guesses the second choice of whatever the question offers.
    QString guess;
    switch (LessonQuestionKind(kind)) {
    case LessonQuestionKind::Argmax:
        panel->keyGuess()->setCurrentIndex(2);
        guess = step.session.keyValueSequence().tokens.value(1);
        break;
    case LessonQuestionKind::Weight:
        panel->weightGuess()->setValue(35);
        guess = QStringLiteral("0.35");
        break;
    case LessonQuestionKind::Direction:
        panel->directionGuess()->setCurrentIndex(2);
        guess = panel->directionGuess()->itemText(2);
        break;
    case LessonQuestionKind::Choice:
        panel->choiceGuess()->setCurrentIndex(2);
        guess = QStringLiteral("B");
        break;
    }
    QVERIFY(!player->guess().isEmpty());
    QTest::mouseClick(panel->revealButton(), Qt::LeftButton);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Revealed);
    const QString answer = panel->answerText();
    QVERIFY2(answer.contains(LessonHandout::answerText(step)), qPrintable(answer));
    QVERIFY2(answer.section(QLatin1Char('\n'), 1).contains(guess), qPrintable(answer));
}

void TestLessonPlayback::captionFollowsTheLanguage()
{
    MainWindow window;
    window.show();
    const ResolvedLesson lesson = builtin(sqrtLesson);
    QVERIFY(window.lessons()->play(lesson));
    LessonPanel *panel = window.lessons()->panel();
    window.setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(panel->titleText(), lesson.title.zh);
    QVERIFY(panel->progressText().contains(QStringLiteral("共")));
    window.setLanguage(QStringLiteral("en"));
    QCOMPARE(panel->titleText(), lesson.title.en);
    QCOMPARE(panel->progressText(), QStringLiteral("Step 1 of %1").arg(lesson.steps.size()));
}

void TestLessonPlayback::presenterViewShowsNotesNextAndCounter()
{
    QCOMPARE(LessonPresenterView::captionHeading(QStringLiteral("\n## Why **√d_k**?\n\nText")),
        QStringLiteral("Why √d_k?"));
    QCOMPARE(LessonPresenterView::elapsedText(65'000), QStringLiteral("1:05"));
    QCOMPARE(LessonPresenterView::elapsedText(3'723'000), QStringLiteral("1:02:03"));
    MainWindow window;
    window.show();
    const ResolvedLesson lesson = builtin(sqrtLesson);
    QVERIFY(window.lessons()->play(lesson));
    window.lessons()->showPresenterView();
    LessonPresenterView *view = window.lessons()->presenterView();
    QVERIFY(view && view->isVisible());
    QVERIFY(
        view->counterText().startsWith(QStringLiteral("Step 1 of %1").arg(lesson.steps.size())));
    const QString notes = lesson.steps[0].notes.en;
    QCOMPARE(
        view->notesText(), notes.isEmpty() ? QStringLiteral("No notes for this step.") : notes);
    QCOMPARE(view->nextText(),
        QStringLiteral("Next: %1")
            .arg(LessonPresenterView::captionHeading(lesson.steps[1].caption.en)));
    QCOMPARE(view->elapsedLabelText(), QStringLiteral("0:00"));
    window.lessons()->player()->goToStep(static_cast<int>(lesson.steps.size()) - 1);
    QCOMPARE(view->nextText(), QStringLiteral("Next: the end of the lesson"));
}

void TestLessonPlayback::captionLoadsNothing()
{
    // A real picture on disk: were the caption to read it, the document would hold its bytes.
    const QString picture = m_dir.filePath(QStringLiteral("picture.png"));
    QImage image(8, 8, QImage::Format_RGB32);
    image.fill(Qt::red);
    QVERIFY(image.save(picture));
    LessonCaptionView view;
    view.setCaption(QStringLiteral("![p](%1) [link](file://%1)").arg(picture));
    for (const QUrl &url : { QUrl::fromLocalFile(picture), QUrl(QStringLiteral("picture.png")),
             QUrl(QStringLiteral("https://example.org/x.png")),
             QUrl(QStringLiteral("data:image/png;base64,iVBORw0KGgo=")) }) {
        const QVariant resource = view.document()->resource(QTextDocument::ImageResource, url);
        QVERIFY2(resource.toByteArray().isEmpty(), qPrintable(url.toString()));
        QVERIFY(resource.value<QImage>().isNull());
    }
    QVERIFY(!(view.textInteractionFlags() & Qt::LinksAccessibleByMouse));
}

QTEST_MAIN(TestLessonPlayback)
#include "tst_lessonplayback.moc"
