// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing on screen gives a question's answer away before the reveal: a question that depends
// on the scaling lab's panel keeps it hidden until the reveal, one that depends on its
// training runs starts them only then (no curve, no status line before), and a caption shows
// its claims' computed values, never the {{id}} marks; a question about which sequence gives
// the queries or the keys numbers the rows and columns until the reveal instead of naming them.

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "computation/matrixtablewidget.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "scaling/scalingplotdock.h"
#include "testsupportattention.h"
#include "testsupportlesson.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "window/mainwindow.h"
#include "window/screenlayouts.h"

#include <QTest>

using namespace ae;

class TestLessonQuestionDepends : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void panelsAnsweringTheQuestionWaitForTheReveal_data();
    void panelsAnsweringTheQuestionWaitForTheReveal();
    void captionShowsTheComputedValue();
    void labelsWaitForTheReveal_data();
    void labelsWaitForTheReveal();
};

void TestLessonQuestionDepends::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessonquestiondepends"));
}

void TestLessonQuestionDepends::panelsAnsweringTheQuestionWaitForTheReveal_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<bool>("training");
    QTest::addColumn<bool>("revealPresenting");
    // √d_k step 2: the Score-spread panel would show the unscaled curve on the √d_k line.
    QTest::newRow("step 2, the spread panel") << 1 << false << false;
    // Step 6: the saturation panel would show the share at d_k = 512.
    QTest::newRow("step 6, the saturation panel") << 5 << false << false;
    // Step 8: finished runs and "A … 100 % · B … 29 %" before "Which run stalls?".
    QTest::newRow("step 8, the training runs") << 7 << true << false;
    // Step 9: the plots of max weight and gradients would answer "why".
    QTest::newRow("step 9, the training runs") << 8 << true << false;
    // Revealed in lesson mode: back in the everyday window, whose layout was saved before the
    // reveal, the panel that answers the question shows there too.
    QTest::newRow("step 2, revealed in lesson mode") << 1 << false << true;
    QTest::newRow("step 8, revealed in lesson mode") << 7 << true << true;
}

void TestLessonQuestionDepends::panelsAnsweringTheQuestionWaitForTheReveal()
{
    QFETCH(int, step);
    QFETCH(bool, training);
    QFETCH(bool, revealPresenting);
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const ResolvedLesson lesson = test::builtin(QStringLiteral("why-sqrt-dk"));
    QVERIFY(lesson.steps.at(size_t(step)).question);
    QVERIFY(window.lessons()->play(lesson));
    LessonPlayer *player = window.lessons()->player();
    player->goToStep(step);
    Document *document = window.document();
    QTRY_VERIFY(document->hasResult() && document->resultSession() == document->session());
    QWidget *panel = training ? static_cast<QWidget *>(window.trainingDock())
                              : static_cast<QWidget *>(window.scalingDock());
    TrainingRunner *runner = window.trainingDock()->runner();
    for (int click = 0; click < 2; ++click) {
        // The step, then its question: the panel stays hidden and no run starts.
        QVERIFY2(!panel->isVisible(), qPrintable(QStringLiteral("phase %1").arg(click)));
        if (training)
            QVERIFY(runner->state() != TrainingRunner::State::Running);
        if (click == 0)
            QVERIFY(player->next());
    }
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    if (revealPresenting) {
        window.setPresentationMode(true);
        QTRY_VERIFY(window.isFullScreen());
        QVERIFY(!panel->isVisible());
    }
    player->reveal();
    QTRY_VERIFY(panel->isVisible());
    if (revealPresenting) {
        window.setPresentationMode(false);
        // Settled: the everyday layout restored a second time, after the fonts (F11's way back).
        QTRY_VERIFY(!window.isFullScreen());
        QTRY_VERIFY(!window.screenLayouts()->isPaused());
        QVERIFY(panel->isVisible());
        QVERIFY(window.lessons()->panel()->isVisible());
    }
    if (training) {
        // The lesson's runs: A scaled, B unscaled, stepping.
        QCOMPARE(runner->configs()[1].scale.mode, ScaleMode::None);
        QTRY_VERIFY(runner->stepsDone(1) > 0);
    }
    // Back to the question: hidden again.
    QVERIFY(player->back());
    QVERIFY(!panel->isVisible());
}

void TestLessonQuestionDepends::captionShowsTheComputedValue()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const ResolvedLesson lesson = test::builtin(QStringLiteral("why-sqrt-dk"));
    QVERIFY(lesson.steps.front().caption.en.contains(QLatin1String("{{")));
    QVERIFY(window.lessons()->play(lesson));
    const QString caption = window.lessons()->panel()->captionText();
    QVERIFY2(!caption.contains(QLatin1String("{{")), qPrintable(caption));
    // A step whose claims train its runs shows its text at once, its values once computed.
    LessonPlayer *player = window.lessons()->player();
    player->goToStep(8);
    QVERIFY(player->next());
    player->reveal();
    LessonPanel *panel = window.lessons()->panel();
    QVERIFY2(!panel->captionText().contains(QLatin1String("{{")), qPrintable(panel->captionText()));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->captionText().contains(QStringLiteral("…")), 600000);
    // Run B's mean largest weight at step 0, as the saturation plot starts.
    QVERIFY2(panel->captionText().contains(QStringLiteral("already 0.9")),
        qPrintable(panel->captionText()));
    // One head on d_k = 4 columns: the divisor is √4 = 2, computed from the session.
    QVERIFY2(caption.contains(QStringLiteral("√4 = 2.")), qPrintable(caption));
}

void TestLessonQuestionDepends::labelsWaitForTheReveal_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<int>("step");
    QTest::addColumn<QStringList>("rows"); // the queries' tokens, as revealed
    QTest::addColumn<QString>("role"); // the name the row title gives their sequence
    // "Which sequence do the rows of Q come from?": "queries from target Y" would answer it.
    QTest::newRow("cross-attention, step 2")
        << QStringLiteral("cross-attention") << 1
        << QStringList { QStringLiteral("i"), QStringLiteral("love") } << QStringLiteral("target");
    // "Which wiring lets a decoder read the source?": the lines' ends would name (Y, X).
    QTest::newRow("wirings, step 7")
        << QStringLiteral("qkv-wirings") << 6
        << QStringList { QStringLiteral("I"), QStringLiteral("love") } << QStringLiteral("target");
}

void TestLessonQuestionDepends::labelsWaitForTheReveal()
{
    QFETCH(QString, lesson);
    QFETCH(int, step);
    QFETCH(QStringList, rows);
    QFETCH(QString, role);
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const ResolvedLesson played = test::builtin(lesson);
    QVERIFY(played.steps.at(size_t(step)).question->dependsOnLabels);
    QVERIFY(window.lessons()->play(played));
    LessonPlayer *player = window.lessons()->player();
    player->goToStep(step);
    Document *document = window.document();
    QTRY_VERIFY(document->hasResult() && document->resultSession() == document->session());
    HeatmapPlot *heatmap = window.heatmapPanel()->largePlot();
    ComputationDock *steps = window.classroom()->computation();
    const auto tokensShown = [&] {
        QStringList shown = heatmap->data().rowLabels + heatmap->data().columnLabels;
        for (const MatrixTableWidget *table : steps->matrixWidgets())
            shown += table->matrix().rowLabels + table->matrix().columnLabels;
        return shown;
    };
    QVERIFY(player->next());
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QTRY_VERIFY(document->labelsHidden());
    // Asked: numbered rows and columns, and titles that do not say where they come from.
    QTRY_COMPARE(
        heatmap->data().rowLabels, QStringList({ QStringLiteral("1"), QStringLiteral("2") }));
    for (const QString &token : rows)
        QVERIFY2(!tokensShown().contains(token), qPrintable(token));
    QVERIFY2(
        !heatmap->data().rowAxisTitle.contains(role), qPrintable(heatmap->data().rowAxisTitle));
    QVERIFY(!heatmap->yAxis->label().contains(role));
    // Revealed: the tokens and the sequences' names are back, in the heatmap and the tables.
    player->reveal();
    QVERIFY(!document->labelsHidden());
    QTRY_COMPARE(heatmap->data().rowLabels, rows);
    QVERIFY2(heatmap->data().rowAxisTitle.contains(role), qPrintable(heatmap->data().rowAxisTitle));
    for (const MatrixTableWidget *table : steps->matrixWidgets()) {
        if (table->matrix().values.rows() == rows.size())
            QCOMPARE(table->matrix().rowLabels, rows);
    }
    // A question that does not depend on them hides the weights and leaves the labels alone.
    int other = 0;
    while (!played.steps.at(size_t(other)).question
        || played.steps.at(size_t(other)).question->dependsOnLabels)
        ++other;
    player->goToStep(other);
    QVERIFY(player->next());
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QVERIFY(document->weightsHidden());
    QVERIFY(!document->labelsHidden());
}

QTEST_MAIN(TestLessonQuestionDepends)
#include "tst_lessonquestiondepends.moc"
