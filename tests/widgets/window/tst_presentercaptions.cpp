// SPDX-License-Identifier: GPL-3.0-or-later
// A played lesson's captions in lesson mode on a 1024×768 projector, in English and Chinese:
// every caption shows whole, and the training step keeps clear of the caption. The suite runs
// on one offscreen 1024×768 screen. The rest of lesson mode's layout: tst_presenterlayout.

#include "compare/comparedialog.h"
#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "computation/mathguidedialog.h"
#include "computation/matrixtablewidget.h"
#include "document/document.h"
#include "export/figureview.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "lesson/lessoncaptionview.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "testsupportattention.h"
#include "testsupportpresenter.h"
#include "testsupportscreens.h"
#include "training/trainingdock.h"
#include "window/lessonmode.h"
#include "window/mainwindow.h"
#include "window/presenterlayout.h"

#include <QHeaderView>
#include <QListWidget>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>

using namespace ae;
using ae::test::globalRect;
using ae::test::stepIndex;
using ae::test::wholeInSight;

namespace {

using T = AttentionTestSupport;

/// The suite's screen, set before the application starts: one offscreen 1024×768 projector.
const bool projectorScreen = test::useOffscreenScreens("projector-1024x768.json");

/// True when the played lesson's caption lies whole within its panel's page (no line
/// scrolled out of sight below) and, unless the panel has reached its share of the height,
/// shows its whole text without scrolling; says why not in @p why.
bool captionWhole(const MainWindow *window, QString *why)
{
    const LessonPanel *panel = window->lessons()->panel();
    const auto *caption = panel->findChild<LessonCaptionView *>();
    const auto *area = panel->findChild<QScrollArea *>();
    if (!caption || !area) {
        *why = QStringLiteral("no caption");
        return false;
    }
    const QRect shown = globalRect(area->viewport());
    const QRect text = globalRect(caption);
    if (!shown.contains(text)) {
        *why = QStringLiteral("the caption (%1 to %2) is cut by the panel (%3 to %4)")
                   .arg(QStringLiteral("%1,%2").arg(text.left()).arg(text.top()),
                       QStringLiteral("%1,%2").arg(text.right()).arg(text.bottom()),
                       QStringLiteral("%1,%2").arg(shown.left()).arg(shown.top()),
                       QStringLiteral("%1,%2").arg(shown.right()).arg(shown.bottom()));
        return false;
    }
    const bool steps = window->classroom()->computation()->isVisible();
    int share = window->height() * (steps ? 35 : 45) / 100;
    const int scrolled = caption->verticalScrollBar()->maximum();
    auto *lessonDock = const_cast<LessonPanel *>(panel);
    const bool beside = window->dockWidgetArea(lessonDock) == Qt::RightDockWidgetArea;
    // Beside the heatmap above the lab's panel, the caption has its share of the column and the
    // lab the rest (its controls and plot readable).
    QDockWidget *lab = window->scalingDock();
    if (beside && lab->isVisible() && window->dockWidgetArea(lab) == Qt::RightDockWidgetArea) {
        const int column = panel->height() + lab->height();
        share = PresenterLayout::captionInColumn(column, panel->neededHeight(),
            panel->questionNeededHeight(), lab->minimumSizeHint().height());
        if (lab->height() + 2 < column - share) {
            *why = QStringLiteral("the lab's panel is %1 px tall in a column of %2 (its share %3)")
                       .arg(lab->height())
                       .arg(column)
                       .arg(column - share);
            return false;
        }
    }
    // Beside the heatmap, a scrolling caption has all the height the question's box does not
    // need: the box keeps no spare room below its guess and Reveal.
    const QWidget *box = panel->questionBox();
    if (beside && scrolled > 0 && box->isVisible()
        && box->height() > box->sizeHint().height() + 8) {
        *why = QStringLiteral("the caption scrolls by %1 px while the question's box is %2 px "
                              "tall (needs %3)")
                   .arg(scrolled)
                   .arg(box->height())
                   .arg(box->sizeHint().height());
        return false;
    }
    if (panel->neededHeight() <= share && scrolled > 0) {
        *why = QStringLiteral("the caption scrolls by %1 px in a panel %2 px tall (needs %3)")
                   .arg(scrolled)
                   .arg(panel->height())
                   .arg(panel->neededHeight());
        return false;
    }
    return true;
}

} // namespace

/// Tests a played lesson's captions in the main window on a projector.
class TestPresenterCaptions : public QObject, protected test::PresenterWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void everyCaptionShowsWhole_data();
    void everyCaptionShowsWhole();
    void trainingStepKeepsClearOfTheCaption();
    void hiddenNoteFitsANarrowMap();
};

void TestPresenterCaptions::initTestCase()
{
    Q_UNUSED(projectorScreen);
    T::isolateSettings(QStringLiteral("tst_presentercaptions"));
    QCOMPARE(QGuiApplication::primaryScreen()->geometry(), QRect(0, 0, 1024, 768));
}

void TestPresenterCaptions::init()
{
    createWindow();
}

void TestPresenterCaptions::cleanup()
{
    destroyWindow();
}

void TestPresenterCaptions::everyCaptionShowsWhole_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("lesson");
    for (const char *lesson : { "why-sqrt-dk", "cross-attention", "qkv-wirings",
             "multi-head-by-hand", "three-attentions" }) {
        QTest::addRow("%s, English", lesson) << QStringLiteral("en") << QString::fromLatin1(lesson);
        QTest::addRow("%s, Chinese", lesson)
            << QStringLiteral("zh_CN") << QString::fromLatin1(lesson);
    }
}

void TestPresenterCaptions::everyCaptionShowsWhole()
{
    QFETCH(QString, language);
    QFETCH(QString, lesson);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    QVERIFY(m_window->lessons()->openBuiltin(lesson));
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    // Every step, its question and its answer, as the clicker walks them.
    LessonPlayer *player = m_window->lessons()->player();
    const auto atTheEnd = [player] {
        return player->stepIndex() == player->stepCount() - 1
            && (!player->hasQuestion() || player->phase() == LessonPlayer::Phase::Revealed);
    };
    for (int shown = 0; shown < 3 * player->stepCount(); ++shown) {
        // The panel takes its new height once the event loop has run.
        QTest::qWait(50);
        QString why;
        QTRY_VERIFY2(captionWhole(m_window, &why),
            qPrintable(QStringLiteral("step %1, phase %2: %3")
                           .arg(player->stepIndex() + 1)
                           .arg(int(player->phase()))
                           .arg(why)));
        if (atTheEnd())
            return;
        QTest::keyClick(m_window, Qt::Key_PageDown);
        // At once, before the layout shares the screen again, the docks the step shows fit
        // the screen's width: a wider window would be taken out of full screen.
        QVERIFY2(m_window->minimumSizeHint().width() <= m_window->screen()->geometry().width(),
            qPrintable(QStringLiteral("step %1, phase %2: the window needs %3 px")
                           .arg(player->stepIndex() + 1)
                           .arg(int(player->phase()))
                           .arg(m_window->minimumSizeHint().width())));
    }
    QFAIL("the lesson never reached its last step");
}

void TestPresenterCaptions::trainingStepKeepsClearOfTheCaption()
{
    QVERIFY(m_window->lessons()->openBuiltin(QStringLiteral("why-sqrt-dk")));
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    LessonPlayer *player = m_window->lessons()->player();
    QList<int> trainingSteps;
    for (int i = 0; i < player->stepCount(); ++i) {
        if (player->lesson().steps[size_t(i)].view.training)
            trainingSteps.append(i);
    }
    QVERIFY(!trainingSteps.isEmpty());
    const QRect screen = m_window->screen()->geometry();
    TrainingDock *training = m_window->trainingDock();
    QWidget *caption = m_window->lessons()->panel();
    const auto captionRect
        = [caption] { return QRect(caption->mapToGlobal(QPoint(0, 0)), caption->size()); };
    const auto describe = [&] {
        const QRect t = training->frameGeometry();
        const QRect c = captionRect();
        return QStringLiteral("training window at %1,%2 %3x%4 (least height %5), caption at "
                              "%6,%7 %8x%9")
            .arg(t.x())
            .arg(t.y())
            .arg(t.width())
            .arg(t.height())
            .arg(training->minimumSizeHint().height())
            .arg(c.x())
            .arg(c.y())
            .arg(c.width())
            .arg(c.height());
    };
    for (int step : std::as_const(trainingSteps)) {
        player->goToStep(step);
        // A question that the runs would answer keeps them back until its reveal.
        if (player->withholdsTraining())
            player->reveal();
        QTRY_VERIFY(training->isVisible());
        // The caption stays uncovered, and the whole window, at its least height at the
        // least, lies on the screen below it (its curves readable, nothing past the edge).
        QTRY_VERIFY2(!training->frameGeometry().intersects(captionRect())
                && screen.contains(training->frameGeometry())
                && training->height() >= training->minimumSizeHint().height(),
            qPrintable(QStringLiteral("step %1: ").arg(step + 1) + describe()));
        // The revealed answer (the question's box) shows whole, clear of the window.
        const QWidget *box = m_window->lessons()->panel()->questionBox();
        if (player->hasQuestion()) {
            QVERIFY2(box->isVisible() && screen.contains(globalRect(box))
                    && !training->frameGeometry().intersects(globalRect(box)),
                qPrintable(QStringLiteral("step %1: the answer's box at %2,%3 %4x%5; ")
                               .arg(step + 1)
                               .arg(globalRect(box).x())
                               .arg(globalRect(box).y())
                               .arg(box->width())
                               .arg(box->height())
                    + describe()));
        }
    }
}

void TestPresenterCaptions::hiddenNoteFitsANarrowMap()
{
    // Four square columns beside four heads' small maps leave a map narrower than the note
    // that stands for the hidden weights: its sentence shrinks to fit rather than being cut.
    QVERIFY(m_window->lessons()->openBuiltin(QStringLiteral("three-attentions")));
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    QVERIFY(m_window->document()->weightsHidden());
    HeatmapPlot *large = m_window->heatmapPanel()->largePlot();
    QTRY_VERIFY(!large->hiddenNote().isEmpty());
    QTest::qWait(50);
    large->replot();
    const QRectF note = large->hiddenNoteRect();
    const QRect map = large->axisRect()->rect();
    QVERIFY(!note.isEmpty());
    QVERIFY2(note.left() >= map.left() - 1 && note.right() <= map.right() + 1,
        qPrintable(QStringLiteral("note %1 to %2, map %3 to %4")
                       .arg(note.left())
                       .arg(note.right())
                       .arg(map.left())
                       .arg(map.right())));
}

QTEST_MAIN(TestPresenterCaptions)
#include "tst_presentercaptions.moc"
