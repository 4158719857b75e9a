// SPDX-License-Identifier: GPL-3.0-or-later
// The main window with the keyboard alone, as a user without a mouse drives it: every key goes
// where a desktop sends it (an open menu first, else the focused widget, through the window's
// shortcuts), and no mouse event reaches the application. Open an example from the File menu,
// Tab to the heatmap, move its cursor, open the drill-down and close it, play a built-in
// lesson from the Lesson menu, answer its question and reveal the answer, and export the
// heatmap as SVG through the export dialog; at each stage the focus is where it must be and
// what the keys asked for happened.

#include "computation/classroomtools.h"
#include "computation/drilldowndialog.h"
#include "document/document.h"
#include "document/examplecatalog.h"
#include "export/exportdialog.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "testsupportattention.h"
#include "testsupportmouse.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

namespace {

/// Where a desktop sends a key: the open menu, else the focused widget, else the active window.
QWidget *keyTarget()
{
    if (QWidget *popup = QApplication::activePopupWidget())
        return popup;
    QWidget *window = QApplication::activeWindow();
    if (window && window->focusWidget())
        return window->focusWidget();
    return window;
}

/// Presses and releases @p key where the keyboard's input goes.
void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget *target = keyTarget();
    QVERIFY(target);
    QTest::keyClick(target, key, modifiers);
    QCoreApplication::processEvents(); // as the event loop runs between two presses
}

/// Waits until the menus are closed and @p window is active again. The offscreen platform may
/// leave a closed menu or dialog its active window, where a desktop's window manager gives the
/// activation back at once; it is given back here the same way.
bool backTo(QWidget *window)
{
    if (!QTest::qWaitFor([] { return !QApplication::activePopupWidget(); }))
        return false;
    QTest::qWait(0);
    const QWidget *active = QApplication::activeWindow();
    if (active != window && (!active || !active->isVisible()))
        window->activateWindow();
    return QTest::qWaitFor([window] { return QApplication::activeWindow() == window; });
}

/// Where @p w is, for a failure: the object names from the window down to it (its class when
/// it has none).
QString placeOf(const QWidget *w)
{
    QStringList path;
    for (const QObject *o = w->parent(); o; o = o->parent()) {
        if (!o->objectName().isEmpty())
            path.prepend(o->objectName());
    }
    path << (w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                       : w->objectName());
    return path.join(QStringLiteral(" > "));
}

/// Tabs on (at most @p limit times) until @p wanted has the focus; false if it never does.
/// Every widget the focus passes on the way must be on screen: no field of a hidden tab.
bool tabTo(const QWidget *wanted, QStringList *unseen, int limit = 80)
{
    for (int i = 0; i < limit; ++i) {
        if (QApplication::focusWidget() == wanted)
            return true;
        QWidget *target = keyTarget();
        if (!target)
            return false;
        QTest::keyClick(target, Qt::Key_Tab);
        QCoreApplication::processEvents();
        const QWidget *now = QApplication::focusWidget();
        if (now && (!now->isVisible() || now->visibleRegion().isEmpty()))
            *unseen << placeOf(now);
    }
    return QApplication::focusWidget() == wanted;
}

} // namespace

class TestKeyboardOnly : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void wholeSessionByKeyboard();

private:
    test::MouseCounter m_mouse;
};

void TestKeyboardOnly::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_keyboardonly"));
    qApp->installEventFilter(&m_mouse);
}

void TestKeyboardOnly::cleanup()
{
    QCOMPARE(m_mouse.count, 0);
}

void TestKeyboardOnly::wholeSessionByKeyboard()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    window.activateWindow(); // an X server without a window manager activates nothing
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // 1. File ▸ Examples ▸ the second example: Alt+F, then the submenu's letter, Down, Enter.
    const QList<ExampleCatalog::Entry> examples = ExampleCatalog::entries();
    QVERIFY(examples.size() >= 2);
    const SessionLoadResult expected = ExampleCatalog::load(examples[1].path);
    QVERIFY(expected.ok());
    QVERIFY(window.document()->session().source.tokens != expected.session.source.tokens
        || window.document()->session().target.tokens != expected.session.target.tokens);
    press(Qt::Key_F, Qt::AltModifier);
    QTRY_VERIFY(qobject_cast<QMenu *>(QApplication::activePopupWidget()));
    QCOMPARE(QApplication::activePopupWidget()->objectName(), QStringLiteral("fileMenu"));
    press(Qt::Key_X); // E&xamples
    QTRY_COMPARE(QApplication::activePopupWidget()->objectName(), QStringLiteral("examplesMenu"));
    press(Qt::Key_Down);
    press(Qt::Key_Return);
    QVERIFY(backTo(&window));
    QCOMPARE(window.document()->session().source.tokens, expected.session.source.tokens);
    QCOMPARE(window.document()->session().target.tokens, expected.session.target.tokens);

    // 2. Tab reaches the large heatmap, passing only what is on screen; the arrows move its
    // cursor.
    HeatmapPlot *large = window.heatmapPanel()->largePlot();
    QStringList unseen;
    QVERIFY(tabTo(large, &unseen));
    QVERIFY2(unseen.isEmpty(), qPrintable(unseen.join(QStringLiteral(", "))));
    // A whole round of Tab from there comes back to it, stopping only on what is on screen.
    QStringList round;
    for (int i = 0; i < 200; ++i) {
        press(Qt::Key_Tab);
        const QWidget *now = QApplication::focusWidget();
        QVERIFY(now);
        const QString name = placeOf(now);
        round << name;
        if (!now->isVisible() || now->visibleRegion().isEmpty() || now->window() != &window)
            unseen << name;
        if (now == large)
            break;
    }
    if (qEnvironmentVariableIsSet("AE_LIST_FOCUS"))
        qInfo().noquote() << round.join(QStringLiteral(" → "));
    QVERIFY2(large->hasFocus(), qPrintable(round.join(QStringLiteral(", "))));
    QVERIFY2(unseen.isEmpty(), qPrintable(unseen.join(QStringLiteral(", "))));
    QVERIFY(round.size() >= 20);
    const QPoint start = large->cursorCell();
    QVERIFY(start.x() >= 0 && start.y() >= 0);
    press(Qt::Key_Home, Qt::ControlModifier); // the first cell
    QCOMPARE(large->cursorCell(), QPoint(0, 0));
    press(Qt::Key_Down);
    press(Qt::Key_Right);
    QCOMPARE(large->cursorCell(), QPoint(1, 1));

    // 3. Enter opens the drill-down of that cell; Esc closes it and gives the focus back.
    DrillDownDialog *drill = window.classroom()->drillDown();
    press(Qt::Key_Return);
    QTRY_VERIFY(drill->isVisible());
    QVERIFY(drill->explanation().has_value());
    QCOMPARE(drill->explanation()->query, 1);
    QCOMPARE(drill->explanation()->key, 1);
    if (QApplication::activeWindow() != drill)
        drill->activateWindow(); // as a window manager does with a new window
    QTRY_VERIFY(QApplication::activeWindow() == drill);
    press(Qt::Key_Escape);
    QTRY_VERIFY(!drill->isVisible());
    QVERIFY(backTo(&window));
    QVERIFY(large->hasFocus());

    // 4. Lesson ▸ Built-in Lessons ▸ cross-attention, its second step's question answered with
    // the arrow keys in the choice box, and Alt+R reveals the answer.
    const QStringList lessons = LessonCatalog::builtinNames();
    const int lesson = int(lessons.indexOf(QStringLiteral("cross-attention")));
    QVERIFY(lesson >= 0);
    press(Qt::Key_S, Qt::AltModifier); // Le&sson
    QTRY_VERIFY(QApplication::activePopupWidget());
    QCOMPARE(QApplication::activePopupWidget()->objectName(), QStringLiteral("lessonMenu"));
    press(Qt::Key_B); // &Built-in Lessons
    QTRY_COMPARE(
        QApplication::activePopupWidget()->objectName(), QStringLiteral("builtinLessonsMenu"));
    for (int i = 0; i < lesson; ++i)
        press(Qt::Key_Down);
    press(Qt::Key_Return);
    QVERIFY(backTo(&window));
    LessonPlayer *player = window.lessons()->player();
    QTRY_VERIFY(player->isPlaying());
    QCOMPARE(player->stepIndex(), 0);
    press(Qt::Key_Right); // the clicker's "next"
    QCOMPARE(player->stepIndex(), 1);
    QVERIFY(player->hasQuestion());
    QCOMPARE(player->phase(), LessonPlayer::Phase::Step);
    press(Qt::Key_Right); // the step's caption first, then its question
    QCOMPARE(player->stepIndex(), 1);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    LessonPanel *panel = window.lessons()->panel();
    QComboBox *choice = panel->choiceGuess();
    QTRY_VERIFY(choice->isVisible());
    unseen.clear();
    QVERIFY(tabTo(choice, &unseen));
    QVERIFY2(unseen.isEmpty(), qPrintable(unseen.join(QStringLiteral(", "))));
    // "—", then A, B, C: the second option (B) is the right one.
    press(Qt::Key_Down);
    press(Qt::Key_Down);
    QCOMPARE(choice->currentIndex(), 2);
    QVERIFY(player->guess().index.has_value());
    QCOMPARE(*player->guess().index, 1);
    press(Qt::Key_R, Qt::AltModifier); // &Reveal: the button is clicked as it comes back up
    QTRY_COMPARE(player->phase(), LessonPlayer::Phase::Revealed);
    QVERIFY(!panel->answerText().isEmpty());
    // The choice is out of use now: the keyboard is on Next, not lost.
    QVERIFY(panel->nextButton()->hasFocus());
    press(Qt::Key_Escape); // leaves the lesson
    QTRY_VERIFY(!player->isPlaying());

    // 5. A token typed into a text field (Alt+Y: Y's tokens), where Ctrl+E moves to the line's end,
    // Ctrl+Shift+E opens the export dialog with the focus in it; Alt+F reaches its file field;
    // Enter exports and closes it.
    const QString svg = dir.filePath(QStringLiteral("heatmap.svg"));
    press(Qt::Key_Y, Qt::AltModifier);
    QVERIFY(qobject_cast<QLineEdit *>(QApplication::focusWidget()));
    // A token changed by typing: a third word for Y, which the heatmap takes as a new row.
    press(Qt::Key_End);
    QTest::keyClicks(keyTarget(), QStringLiteral(" too"));
    press(Qt::Key_Return);
    QTRY_COMPARE(window.document()->session().target.tokens.size(),
        expected.session.target.tokens.size() + 1);
    QCOMPARE(window.document()->session().target.tokens.constLast(), QStringLiteral("too"));
    QTRY_VERIFY(window.document()->hasResult()
        && window.document()->resultSession() == window.document()->session());
    press(Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
    QPointer<ExportDialog> dialog;
    QTRY_VERIFY((dialog = window.findChild<ExportDialog *>()) && dialog->isVisible());
    QTRY_VERIFY(QApplication::activeWindow() == dialog);
    QVERIFY(QApplication::focusWidget() && QApplication::focusWidget()->window() == dialog);
    press(Qt::Key_F, Qt::AltModifier); // &File:
    auto *file = dialog->findChild<QLineEdit *>(QStringLiteral("fileEdit"));
    QVERIFY(file);
    QVERIFY(file->hasFocus());
    press(Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(keyTarget(), svg);
    QCOMPARE(file->text(), svg);
    press(Qt::Key_Return);
    QTRY_VERIFY(!dialog || !dialog->isVisible());
    QFile written(svg);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray bytes = written.readAll();
    QVERIFY(bytes.contains("<svg"));
    // The figure's tokens are in it as text.
    QVERIFY(bytes.contains(expected.session.source.tokens.constFirst().toUtf8()));
    QVERIFY(backTo(&window));
}

QTEST_MAIN(TestKeyboardOnly)
#include "tst_keyboardonly.moc"
