// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson mode on a 1024×768 projector, in English and Chinese: the heatmap and the current step
// share the screen, also with a played lesson (the heatmap at least 300 px tall, a 4×4 step
// whole with rows of at least 24 px), the controls wait behind a toggle, zoom works wherever
// the focus is, the window stays on the screen after a language switch, Compare fills its
// dialog and follows the zoom, and The Math keeps clear of the step it shows. The suite runs on
// one offscreen 1024×768 screen. A played lesson's captions: tst_presentercaptions.

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

} // namespace

/// Tests PresenterLayout and lesson mode's zoom in the main window on a projector.
class TestPresenterLayout : public QObject, protected test::PresenterWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void heatmapAndStepShareTheScreen_data();
    void heatmapAndStepShareTheScreen();
    void playedLessonSharesTheScreen_data();
    void playedLessonSharesTheScreen();
    void controlsWaitBehindTheToggle();
    void zoomWorksWhereverTheFocusIs_data();
    void zoomWorksWhereverTheFocusIs();
    void windowStaysOnTheScreenAfterALanguageSwitch_data();
    void windowStaysOnTheScreenAfterALanguageSwitch();
    void compareFillsItsDialogAndFollowsTheZoom_data();
    void compareFillsItsDialogAndFollowsTheZoom();
    void mathGuideKeepsClearOfTheStep();
    void mathGuidePlacement_data();
    void mathGuidePlacement();

private:
    /// Shows the window in lesson mode with a 4-token self-attention session (4×4 steps).
    void presentFourByFour();
};

void TestPresenterLayout::initTestCase()
{
    Q_UNUSED(projectorScreen);
    T::isolateSettings(QStringLiteral("tst_presenterlayout"));
    QCOMPARE(QGuiApplication::primaryScreen()->geometry(), QRect(0, 0, 1024, 768));
}

void TestPresenterLayout::init()
{
    createWindow();
}

void TestPresenterLayout::cleanup()
{
    destroyWindow();
}

void TestPresenterLayout::presentFourByFour()
{
    Document *document = m_window->document();
    QVERIFY(m_window->openExample(QStringLiteral(":/examples/cross-attention-2heads.json")));
    // Encoder self-attention over the four source tokens.
    document->setWiring(SequenceRole::Source, SequenceRole::Source);
    QTRY_VERIFY(document->hasResult() && document->result().heads[0].weights.rows() == 4
        && document->result().heads[0].weights.cols() == 4);
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
}

void TestPresenterLayout::heatmapAndStepShareTheScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

void TestPresenterLayout::heatmapAndStepShareTheScreen()
{
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    presentFourByFour();
    ComputationDock *steps = m_window->classroom()->computation();
    steps->setStep(stepIndex(ComputationStep::Scores));
    QVERIFY(steps->isVisible());
    QVERIFY(!m_window->attentionPanel()->isVisible());
    const QList<MatrixTableWidget *> matrices = steps->matrixWidgets();
    QCOMPARE(matrices.size(), 1);
    QTableWidget *table = matrices.first()->table();
    QCOMPARE(table->rowCount(), 4);
    QCOMPARE(table->columnCount(), 4);
    auto *area = steps->findChild<QScrollArea *>();
    QVERIFY(area);
    QString why;
    QTRY_VERIFY2(wholeInSight(table, area, &why), qPrintable(why));
    for (int r = 0; r < 4; ++r)
        QVERIFY2(table->rowHeight(r) >= 24, qPrintable(QString::number(table->rowHeight(r))));
    HeatmapPlot *heatmap = m_window->heatmapPanel()->largePlot();
    QVERIFY2(heatmap->isVisible() && heatmap->height() >= 300,
        qPrintable(QStringLiteral("heatmap %1 px tall").arg(heatmap->height())));
    // Both lie on the screen.
    const QRect screen = m_window->screen()->geometry();
    QVERIFY(screen.contains(globalRect(heatmap)));
    QVERIFY(screen.contains(globalRect(table->viewport())));
    // The lesson's fonts reach the matrices and the heatmap's labels.
    QVERIFY(table->font().pointSizeF() >= 9.0 * LessonMode::lessonContentScale - 0.01);
    QCOMPARE(heatmap->zoom(), m_window->classroom()->lessonMode()->zoom());
}

void TestPresenterLayout::playedLessonSharesTheScreen_data()
{
    heatmapAndStepShareTheScreen_data();
}

void TestPresenterLayout::playedLessonSharesTheScreen()
{
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    // The √d_k lesson's first step: its caption, the heatmap and the step "scale" (2 × 4).
    QVERIFY(m_window->lessons()->openBuiltin(QStringLiteral("why-sqrt-dk")));
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    QDockWidget *caption = m_window->lessons()->panel();
    ComputationDock *steps = m_window->classroom()->computation();
    QVERIFY(caption->isVisible() && steps->isVisible());
    const QList<MatrixTableWidget *> matrices = steps->matrixWidgets();
    QCOMPARE(matrices.size(), 1);
    QTableWidget *table = matrices.first()->table();
    auto *area = steps->findChild<QScrollArea *>();
    QVERIFY(area);
    QString why;
    QTRY_VERIFY2(wholeInSight(table, area, &why), qPrintable(why));
    // On a projector the caption goes beside the heatmap, which keeps its 300 pixels.
    QCOMPARE(m_window->dockWidgetArea(caption), Qt::RightDockWidgetArea);
    HeatmapPlot *heatmap = m_window->heatmapPanel()->largePlot();
    QTRY_VERIFY2(heatmap->isVisible() && heatmap->height() >= 300,
        qPrintable(QStringLiteral("heatmap %1 px tall").arg(heatmap->height())));
    const QRect screen = m_window->screen()->geometry();
    QVERIFY(screen.contains(globalRect(heatmap)));
    QVERIFY(screen.contains(globalRect(caption)));
    // Page Down is the lesson's (its next step), not lesson mode's computation stepping.
    LessonPlayer *player = m_window->lessons()->player();
    const ComputationStep computationStep = steps->currentStep();
    const int lessonStep = player->stepIndex();
    const auto phase = player->phase();
    QTest::keyClick(m_window, Qt::Key_PageDown);
    QVERIFY(player->stepIndex() != lessonStep || player->phase() != phase);
    if (player->stepIndex() == lessonStep)
        QCOMPARE(steps->currentStep(), computationStep);
    // At the next question, the caption and the question show whole.
    for (int i = 0; i < 12 && player->phase() != LessonPlayer::Phase::Question; ++i)
        QTest::keyClick(m_window, Qt::Key_PageDown);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    auto *panel = m_window->lessons()->panel();
    QVERIFY(panel->questionBox()->isVisible());
    QTRY_VERIFY2(panel->height() + 2 >= std::min(panel->neededHeight(),
                     m_window->height() * (steps->isVisible() ? 35 : 45) / 100),
        qPrintable(QStringLiteral("panel %1 px, needs %2")
                       .arg(panel->height())
                       .arg(panel->neededHeight())));
}

void TestPresenterLayout::controlsWaitBehindTheToggle()
{
    presentFourByFour();
    QToolButton *toggle = m_window->presenterLayout()->controlsToggle();
    AttentionPanel *controls = m_window->attentionPanel();
    QVERIFY(toggle->isVisible());
    QVERIFY(!controls->isVisible());
    toggle->click();
    QTRY_VERIFY(controls->isVisible());
    toggle->click();
    QTRY_VERIFY(!controls->isVisible());
    // Leaving lesson mode brings the everyday layout back, controls included, toggle gone.
    m_window->setPresentationMode(false);
    QTRY_VERIFY(controls->isVisible());
    QVERIFY(!toggle->isVisible());
}

void TestPresenterLayout::zoomWorksWhereverTheFocusIs_data()
{
    QTest::addColumn<QString>("where");
    QTest::newRow("step list") << QStringLiteral("stepList");
    QTest::newRow("heatmap") << QStringLiteral("heatmap");
    QTest::newRow("compare dialog") << QStringLiteral("compare");
}

void TestPresenterLayout::zoomWorksWhereverTheFocusIs()
{
    QFETCH(QString, where);
    presentFourByFour();
    LessonMode *lesson = m_window->classroom()->lessonMode();
    ComputationDock *steps = m_window->classroom()->computation();
    QWidget *target = nullptr;
    if (where == QLatin1String("stepList")) {
        target = steps->stepList();
    } else if (where == QLatin1String("heatmap")) {
        target = m_window->heatmapPanel()->largePlot();
        target->setFocusPolicy(Qt::StrongFocus);
    } else {
        m_window->openCompareDialog();
        target = m_window->compareDialog();
        QVERIFY(QTest::qWaitForWindowExposed(target));
    }
    target->activateWindow();
    target->setFocus();
    QVERIFY(QTest::qWaitForWindowActive(target->window()));
    const double start = lesson->zoom();
    QTest::keyClick(target, Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(std::abs(lesson->zoom() - start / 1.25) < 1e-9);
    QTest::keyClick(target, Qt::Key_Equal, Qt::ControlModifier);
    QTest::keyClick(target, Qt::Key_Equal, Qt::ControlModifier);
    QVERIFY(std::abs(lesson->zoom() - start * 1.25) < 1e-9);
    // The matrices, the formula and the heatmap follow.
    QCOMPARE(m_window->heatmapPanel()->largePlot()->zoom(), lesson->zoom());
    steps->setStep(stepIndex(ComputationStep::Scores));
    const double points = steps->matrixWidgets().first()->table()->font().pointSizeF();
    QVERIFY(std::abs(points - 9.0 * lesson->contentZoom()) < 0.01);
    if (CompareDialog *compare = m_window->compareDialog())
        QCOMPARE(compare->zoom(), lesson->contentZoom());
}

void TestPresenterLayout::windowStaysOnTheScreenAfterALanguageSwitch_data()
{
    QTest::addColumn<bool>("lessonMode");
    QTest::addColumn<bool>("controlsShown");
    QTest::addColumn<bool>("lessonDocks");
    QTest::newRow("controls hidden") << true << false << false;
    QTest::newRow("controls shown") << true << true << false;
    QTest::newRow("everyday window") << false << true << false;
    // What a played lesson opens by itself: its panel, the computation view and the scaling lab.
    QTest::newRow("lesson panel, computation and scaling") << false << true << true;
}

void TestPresenterLayout::windowStaysOnTheScreenAfterALanguageSwitch()
{
    QFETCH(bool, lessonMode);
    QFETCH(bool, controlsShown);
    QFETCH(bool, lessonDocks);
    if (lessonMode)
        presentFourByFour();
    if (lessonDocks) {
        QVERIFY(m_window->lessons()->openBuiltin(QStringLiteral("why-sqrt-dk")));
        m_window->classroom()->computation()->show();
        m_window->scalingDock()->show();
    }
    if (lessonMode && controlsShown)
        m_window->presenterLayout()->controlsToggle()->click();
    const QRect screen = m_window->screen()->geometry();
    for (const QString &language :
        { QStringLiteral("zh_CN"), QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        QVERIFY(LanguageManager::apply(language));
        QTest::qWait(50);
        QTRY_VERIFY2(screen.contains(m_window->frameGeometry()),
            qPrintable(QStringLiteral("%1: %2×%3 on a 1024×768 screen")
                           .arg(language)
                           .arg(m_window->frameGeometry().width())
                           .arg(m_window->frameGeometry().height())));
        const QSize needed = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
        QVERIFY2(needed.width() <= screen.width() && needed.height() <= screen.height(),
            qPrintable(QStringLiteral("%1 needs %2×%3")
                           .arg(language)
                           .arg(needed.width())
                           .arg(needed.height())));
    }
}

void TestPresenterLayout::compareFillsItsDialogAndFollowsTheZoom_data()
{
    QTest::addColumn<bool>("lesson");
    QTest::newRow("everyday") << false;
    QTest::newRow("lesson mode") << true;
}

void TestPresenterLayout::compareFillsItsDialogAndFollowsTheZoom()
{
    QFETCH(bool, lesson);
    if (lesson)
        presentFourByFour();
    m_window->openCompareDialog();
    CompareDialog *compare = m_window->compareDialog();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    QVERIFY(m_window->screen()->geometry().contains(compare->frameGeometry()));
    FigureView *view = compare->figureView();
    QTRY_VERIFY(view->drawScale() > 0.0);
    const double zoom = m_window->classroom()->lessonMode()->contentZoom();
    QCOMPARE(compare->zoom(), zoom);
    const auto fills = [view] {
        const QSizeF drawn = view->figure().size * view->drawScale();
        return drawn.width() >= 0.95 * view->width() && drawn.height() >= 0.95 * view->height();
    };
    QTRY_VERIFY(fills());
    // The figure is drawn at the zoom: its 11 px tick labels come out 11 px times the zoom.
    QVERIFY(std::abs(view->drawScale() - zoom) < 0.05 * zoom);
    QVERIFY(view->height() >= compare->height() / 2);
    m_window->classroom()->lessonMode()->zoomIn();
    QCOMPARE(compare->zoom(), m_window->classroom()->lessonMode()->contentZoom());
    QTRY_VERIFY(std::abs(view->drawScale() - compare->zoom()) < 0.05 * compare->zoom());
    QTRY_VERIFY(fills());
}

void TestPresenterLayout::mathGuideKeepsClearOfTheStep()
{
    presentFourByFour();
    QAction *math = m_window->findChild<QAction *>(QStringLiteral("mathGuideAction"));
    QVERIFY(math);
    math->trigger();
    MathGuideDialog *guide = m_window->classroom()->mathGuide();
    QVERIFY(QTest::qWaitForWindowExposed(guide));
    emit guide->browser()->anchorClicked(QUrl(QStringLiteral("step:1")));
    ComputationDock *steps = m_window->classroom()->computation();
    QCOMPARE(steps->step(), 1);
    QTRY_VERIFY(!guide->frameGeometry().intersects(globalRect(steps)));
    QVERIFY(m_window->screen()->geometry().contains(guide->frameGeometry()));
    QVERIFY(guide->height() >= MathGuideDialog::besideMinimumHeight / 2);
    // The formulas are rich text: sub- and superscripts, a fraction, the square root.
    const QString html = MathGuideDialog::html();
    for (const QString &mark : { QStringLiteral("<sub>"), QStringLiteral("<sup>"),
             QStringLiteral("√"), QStringLiteral("border-top") })
        QVERIFY2(html.contains(mark), qPrintable(mark));
    QVERIFY(!html.contains(QStringLiteral("<pre>")));
}

void TestPresenterLayout::mathGuidePlacement_data()
{
    QTest::addColumn<QRect>("window");
    QTest::addColumn<QRect>("keepClear");
    QTest::addColumn<QRect>("expected");
    const QRect screen(0, 0, 1600, 1000);
    QTest::newRow("room on the right")
        << QRect(0, 0, 900, 800) << QRect() << QRect(900, 0, 620, 700);
    QTest::newRow("narrow room on the right")
        << QRect(0, 0, 1200, 800) << QRect() << QRect(1200, 0, 400, 700);
    QTest::newRow("room on the left")
        << QRect(700, 100, 900, 800) << QRect() << QRect(80, 100, 620, 700);
    QTest::newRow("full screen, step at the bottom")
        << screen << QRect(0, 600, 1600, 400) << QRect(980, 0, 620, 600);
    QTest::newRow("full screen, no step") << screen << QRect() << QRect(980, 0, 620, 700);
}

void TestPresenterLayout::mathGuidePlacement()
{
    QFETCH(QRect, window);
    QFETCH(QRect, keepClear);
    QFETCH(QRect, expected);
    const QRect placed
        = MathGuideDialog::placeBeside(window, QRect(0, 0, 1600, 1000), keepClear, QSize(620, 700));
    QCOMPARE(placed, expected);
    QVERIFY(!placed.intersects(keepClear));
}

QTEST_MAIN(TestPresenterLayout)
#include "tst_presenterlayout.moc"
