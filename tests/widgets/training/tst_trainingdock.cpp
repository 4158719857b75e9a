// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's dock driven as a user would: its buttons run real runs, the scrubber
// shows the core's attention at the recorded step, Open in Explorer makes that the session
// (one undoable edit), Translate shows the core's greedy decoding and picking a task loads its
// settings. Its curves and film strip: tst_trainingdockplots.

#include "document/document.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "session/sessioncompute.h"
#include "testsupportattention.h"
#include "testsupporttrainingdock.h"
#include "training/curvesmoothing.h"
#include "training/trainer.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurveplot.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsession.h"
#include "training/trainingsettingsform.h"
#include "training/trainingtranslatepanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

namespace {

/// The largest absolute difference between two matrices of one shape (infinity otherwise).
double maxDiff(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return HUGE_VAL;
    return a.size() == 0 ? 0.0 : (a - b).cwiseAbs().maxCoeff();
}

} // namespace

class TestTrainingDock : public QObject, protected test::TrainingDockFixture
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void buttonsDriveRuns();
    void scrubberShowsRecordedStep_data();
    void scrubberShowsRecordedStep();
    void openInExplorerIsOneUndoableEdit();
    void translateShowsDecodedWords();
    void badSettingsGetAMessage_data();
    void badSettingsGetAMessage();
    void pickingATaskLoadsItsSettings();
    void lessonRunsStartScaledAndUnscaled();
    void lessonRunsGoOnWhenTheSame();
    void scrubberSnapsToKeptSteps();
    void pickingATaskAsksBeforeDiscardingRuns();

private:
    /// The core's run of the dock's run @p run after @p steps updates.
    TrainingParameters coreParametersAt(int run, int steps) const;
};

void TestTrainingDock::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_trainingdock"));
}

void TestTrainingDock::init()
{
    createDock();
}

void TestTrainingDock::cleanup()
{
    destroyDock();
}

TrainingParameters TestTrainingDock::coreParametersAt(int run, int steps) const
{
    Trainer trainer(m_dock->runner()->configs()[size_t(run)]);
    for (int i = 0; i < steps; ++i)
        trainer.step();
    return trainer.parameters();
}

void TestTrainingDock::buttonsDriveRuns()
{
    TrainingRunner *runner = m_dock->runner();
    // Long and paced, so that Pause finds the runs still going.
    m_dock->settings()->targetBox()->setValue(0.0);
    m_dock->settings()->stepsBox()->setValue(100000);
    m_dock->speedBox()->setCurrentIndex(m_dock->speedBox()->findData(200));
    QCOMPARE(runner->stepsPerSecond(), 200);
    QVERIFY(m_dock->stepButton()->isEnabled());
    QTest::mouseClick(m_dock->stepButton(), Qt::LeftButton);
    QTRY_COMPARE(runner->stepsDone(0), 1);
    QTRY_COMPARE(runner->stepsDone(1), 1);
    QTest::mouseClick(m_dock->playButton(), Qt::LeftButton);
    QCOMPARE(runner->state(), TrainingRunner::State::Running);
    QVERIFY(!m_dock->stepButton()->isEnabled());
    QTRY_VERIFY(runner->stepsDone(0) > 5);
    QTest::mouseClick(m_dock->playButton(), Qt::LeftButton);
    QTRY_COMPARE(runner->state(), TrainingRunner::State::Paused);
    QTest::qWait(3 * TrainingRunner::publishIntervalMs);
    const int paused = runner->stepsDone(0);
    QTest::qWait(150);
    QCOMPARE(runner->stepsDone(0), paused);
    // The status line tells the step.
    QVERIFY(m_dock->statusLabel()->text().contains(QString::number(paused)));
    QTest::mouseClick(m_dock->resetButton(), Qt::LeftButton);
    QCOMPARE(runner->stepsDone(0), 0);
    QCOMPARE(runner->stepsDone(1), 0);
    // Played to the end: both runs stop by themselves (the target is off).
    m_dock->settings()->stepsBox()->setValue(60);
    m_dock->speedBox()->setCurrentIndex(m_dock->speedBox()->findData(0));
    QTest::mouseClick(m_dock->playButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 60000);
    QCOMPARE(runner->stepsDone(0), 60);
    QVERIFY(!m_dock->playButton()->isEnabled());
}

void TestTrainingDock::scrubberShowsRecordedStep_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("example");
    QTest::newRow("step 0") << 0 << 0;
    QTest::newRow("step 10, example 2") << 10 << 2;
    QTest::newRow("step 50, example 1") << 50 << 1;
}

void TestTrainingDock::scrubberShowsRecordedStep()
{
    QFETCH(int, step);
    QFETCH(int, example);
    m_dock->settings()->targetBox()->setValue(0.0);
    m_dock->runner()->play();
    QTRY_COMPARE_WITH_TIMEOUT(m_dock->runner()->state(), TrainingRunner::State::Finished, 60000);
    TrainingAttentionPanel *attention = m_dock->attention();
    attention->setExampleIndex(example);
    QCOMPARE(attention->scrubber()->maximum(), 60);
    attention->scrubber()->setValue(step);
    QCOMPARE(attention->shownStep(), step);
    const TrainingBatch held = m_dock->runner()->heldOutExamples(example + 1);
    std::vector<int> source, target;
    for (int c = 0; c < held.sourceLength(); ++c)
        source.push_back(held.source(example, c));
    for (int c = 0; c < held.targetLength(); ++c)
        target.push_back(held.target(example, c));
    for (int run = 0; run < 2; ++run) {
        const TrainingModelSpec spec = modelSpecFor(m_dock->runner()->configs()[size_t(run)]);
        const AttentionResult expected
            = trainedAttention(spec, coreParametersAt(run, step), source, target);
        const HeatmapData &shown = attention->heatmap(run)->data();
        QCOMPARE(maxDiff(shown.values, expected.meanWeights), 0.0);
    }
    // The curves mark the step.
    QVERIFY(m_dock->curvePlot(0)->stepMarker()->visible());
    QCOMPARE(m_dock->curvePlot(0)->stepMarker()->point1->key(), double(step));
}

void TestTrainingDock::openInExplorerIsOneUndoableEdit()
{
    for (int i = 0; i < 20; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(1), 20);
    TrainingAttentionPanel *attention = m_dock->attention();
    QTRY_COMPARE(attention->scrubber()->maximum(), 20);
    attention->setExampleIndex(3);
    attention->scrubber()->setValue(20);
    const Session before = m_document->session();
    const int undoSteps = m_document->undoStack()->count();
    QTest::mouseClick(attention->openButton(1), Qt::LeftButton);
    QCOMPARE(m_document->undoStack()->count(), undoSteps + 1);
    QCOMPARE(m_document->session().attention.config.dModel, 16);
    QCOMPARE(m_document->session().attention.config.heads, 2);
    // The explorer computes the trained model's attention exactly as the lab shows it.
    const AttentionResult computed = computeSession(m_document->session());
    QCOMPARE(maxDiff(computed.meanWeights, attention->heatmap(1)->data().values), 0.0);
    QTRY_VERIFY(
        maxDiff(m_document->result().meanWeights, attention->heatmap(1)->data().values) == 0.0);
    m_document->undoStack()->undo();
    QVERIFY(m_document->session() == before);
}

void TestTrainingDock::translateShowsDecodedWords()
{
    TrainingSettingsForm *f = m_dock->settings();
    f->taskBox()->setCurrentIndex(f->taskBox()->findData(taskName(TaskKind::Translate)));
    f->modelDimBox()->setValue(32);
    f->headsBox()->setValue(1);
    f->batchBox()->setValue(16);
    for (int i = 0; i < 30; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(0), 30);
    QTRY_COMPARE(m_dock->attention()->scrubber()->maximum(), 30);
    TrainingTranslatePanel *t = m_dock->translator();
    QCOMPARE(t->sentenceBox()->text(), QStringLiteral("我 爱 深度 学习"));
    t->runBox()->setCurrentIndex(0);
    QVERIFY(t->translate());
    t->finishAnimation();
    // The words are the core's greedy decoding with run A's weights at step 30.
    const TrainingModelSpec spec = modelSpecFor(m_dock->runner()->configs()[0]);
    const TrainingTask task(m_dock->runner()->configs()[0].task);
    const std::vector<DecodedWord> expected
        = greedyDecode(spec, coreParametersAt(0, 30), *task.sourceIds(t->sentenceBox()->text()));
    QStringList words;
    for (const DecodedWord &w : expected)
        words << w.word;
    QCOMPARE(t->shownWords(), words);
    QCOMPARE(t->attentionPlot()->data().rows(), int(expected.size()));
    QCOMPARE(t->attentionPlot()->data().columns(), 4);
    QCOMPARE(maxDiff(t->attentionPlot()->data().values.row(0), expected[0].attention), 0.0);

    // A word outside the phrase book is named, and nothing is decoded.
    t->sentenceBox()->setText(QStringLiteral("我 爱 披萨"));
    QVERIFY(!t->translate());
    QVERIFY(t->messageLabel()->isVisibleTo(t));
    QVERIFY(t->messageLabel()->text().contains(QStringLiteral("披萨")));
    QVERIFY(t->shownWords().isEmpty());

    // The article's sentence as Chinese is written, without spaces: the same words.
    t->sentenceBox()->setText(QStringLiteral("我爱深度学习"));
    QVERIFY(t->translate());
    t->finishAnimation();
    QVERIFY(!t->messageLabel()->isVisibleTo(t));
    QCOMPARE(t->shownWords(), words);
    QCOMPARE(t->attentionPlot()->data().columnLabels,
        QStringList({ QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度"),
            QStringLiteral("学习") }));
}

void TestTrainingDock::badSettingsGetAMessage_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<QString>("scaleText");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("heads do not divide") << 128 << 3 << QString() << QStringLiteral("3 heads");
    QTest::newRow("not a scale") << 16 << 2 << QStringLiteral("fast") << QStringLiteral("fast");
    QTest::newRow("zero scale") << 16 << 2 << QStringLiteral("0") << QStringLiteral("“0”");
}

void TestTrainingDock::badSettingsGetAMessage()
{
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(QString, scaleText);
    QFETCH(QString, mentions);
    TrainingSettingsForm *f = m_dock->settings();
    f->modelDimBox()->setValue(dModel);
    f->headsBox()->setValue(heads);
    if (!scaleText.isEmpty()) {
        QComboBox *box = f->scaleBox(1);
        box->setEditText(scaleText);
        emit box->lineEdit()->editingFinished();
    }
    QVERIFY(f->messageLabel()->isVisibleTo(f));
    QVERIFY2(f->messageLabel()->text().contains(mentions), qPrintable(f->messageLabel()->text()));
    QCOMPARE(m_dock->runner()->state(), TrainingRunner::State::Empty);
    QVERIFY(!m_dock->playButton()->isEnabled());
    QVERIFY(!m_dock->stepButton()->isEnabled());
    // Fixed, the lab is ready again.
    f->headsBox()->setValue(1);
    if (!scaleText.isEmpty()) {
        f->scaleBox(1)->setCurrentIndex(1);
        emit f->scaleBox(1)->lineEdit()->editingFinished();
    }
    QVERIFY(!f->messageLabel()->isVisibleTo(f));
    QCOMPARE(m_dock->runner()->state(), TrainingRunner::State::Paused);
    QVERIFY(m_dock->playButton()->isEnabled());
}

void TestTrainingDock::pickingATaskLoadsItsSettings()
{
    TrainingSettingsForm *f = m_dock->settings();
    for (const TaskKind kind : { TaskKind::Translate, TaskKind::Reverse, TaskKind::Translate }) {
        f->taskBox()->setCurrentIndex(f->taskBox()->findData(taskName(kind)));
        const RunConfig preset = recommendedRunConfig(kind);
        QCOMPARE(f->modelDimBox()->value(), preset.dModel);
        QCOMPARE(f->stepsBox()->value(), preset.steps);
        QCOMPARE(m_dock->runner()->configs()[0].dModel, preset.dModel);
        QCOMPARE(m_dock->runner()->configs()[1].steps, preset.steps);
        QCOMPARE(m_dock->runner()->targetAccuracy(), recommendedTargetAccuracy(kind));
    }
    QCOMPARE(recommendedRunConfig(TaskKind::Translate).dModel, 64);
    QCOMPARE(recommendedRunConfig(TaskKind::Reverse).dModel, RunConfig().dModel);
}

void TestTrainingDock::lessonRunsStartScaledAndUnscaled()
{
    // What a lesson step's view.training asks for, scale left at its default.
    RunConfig lesson;
    lesson.task.kind = TaskKind::Copy;
    lesson.dModel = 16;
    lesson.heads = 2;
    lesson.steps = 20;
    lesson.seed = 3;
    m_dock->startLessonRuns(lesson);
    TrainingRunner *runner = m_dock->runner();
    QVERIFY(runner->state() == TrainingRunner::State::Running
        || runner->state() == TrainingRunner::State::Finished);
    for (int run = 0; run < 2; ++run) {
        const RunConfig &c = runner->configs()[size_t(run)];
        QCOMPARE(c.task.kind, TaskKind::Copy);
        QCOMPARE(c.dModel, 16);
        QCOMPARE(c.heads, 2);
        QCOMPARE(c.steps, 20);
        QCOMPARE(c.seed, std::uint64_t(3));
        QCOMPARE(c.scale.mode, run == 0 ? ScaleMode::SqrtDk : ScaleMode::None);
    }
    // The form shows the lesson's settings, and both runs play to their end from step 0.
    QCOMPARE(m_dock->settings()->modelDimBox()->value(), 16);
    QCOMPARE(m_dock->settings()->scaleBox(1)->currentData().toString(), QStringLiteral("none"));
    m_dock->settings()->targetBox()->setValue(0.0);
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 60000);
    QCOMPARE(runner->stepsDone(0), 20);
    QCOMPARE(runner->stepsDone(1), 20);
}

void TestTrainingDock::lessonRunsGoOnWhenTheSame()
{
    RunConfig lesson;
    lesson.task.kind = TaskKind::Copy;
    lesson.dModel = 16;
    lesson.heads = 2;
    lesson.steps = 400;
    lesson.seed = 3;
    m_dock->settings()->targetBox()->setValue(0.0);
    m_dock->startLessonRuns(lesson);
    TrainingRunner *runner = m_dock->runner();
    runner->pause();
    QTRY_COMPARE(runner->state(), TrainingRunner::State::Paused);
    for (int i = 0; i < 3; ++i)
        runner->step();
    QTRY_VERIFY(runner->stepsDone(0) >= 3 && runner->stepsDone(1) >= 3);
    runner->pause();
    QTRY_COMPARE(runner->state(), TrainingRunner::State::Paused);
    const int done = runner->stepsDone(1);
    // The user looked at Translate meanwhile; the lesson's next step asks for the same runs.
    m_dock->tabs()->setCurrentIndex(1);
    m_dock->startLessonRuns(lesson);
    QCOMPARE(m_dock->tabs()->currentIndex(), 0);
    QVERIFY(m_dock->attention()->isVisible());
    // The runs go on from where they were: no step was lost.
    QVERIFY2(runner->stepsDone(1) >= done,
        qPrintable(QStringLiteral("%1 steps, had %2").arg(runner->stepsDone(1)).arg(done)));
    QCOMPARE(runner->state(), TrainingRunner::State::Running);
    runner->pause();
    QTRY_COMPARE(runner->state(), TrainingRunner::State::Paused);
    // Other settings start new runs.
    lesson.seed = 4;
    m_dock->startLessonRuns(lesson);
    QCOMPARE(runner->configs()[0].seed, std::uint64_t(4));
    runner->pause();
}

void TestTrainingDock::scrubberSnapsToKeptSteps()
{
    // The lesson's size of model: its snapshots are kept only every few steps.
    TrainingSettingsForm *f = m_dock->settings();
    f->modelDimBox()->setValue(128);
    f->headsBox()->setValue(1);
    f->lengthBox()->setValue(6);
    f->vocabBox()->setValue(12);
    f->batchBox()->setValue(4);
    f->stepsBox()->setValue(600);
    f->targetBox()->setValue(0.0);
    TrainingRunner *runner = m_dock->runner();
    const int every = runner->snapshotEvery();
    QVERIFY2(every > 1, qPrintable(QString::number(every)));
    runner->play();
    QTRY_VERIFY_WITH_TIMEOUT(runner->stepsDone(1) >= 4 * every + 2, 60000);
    runner->pause();
    QTRY_COMPARE(runner->state(), TrainingRunner::State::Paused);
    TrainingAttentionPanel *attention = m_dock->attention();
    QSlider *scrubber = attention->scrubber();
    QCOMPARE(scrubber->singleStep(), every);
    for (const int wanted : { every + 1, 3 * every - 1, 2 * every }) {
        scrubber->setValue(wanted);
        const int shown = attention->shownStep();
        QVERIFY(shown <= wanted);
        const QString label = QStringLiteral("step %1").arg(shown);
        for (int run = 0; run < 2; ++run) {
            // Each heatmap shows the very step the scrubber says.
            QCOMPARE(runner->snapshotStepAt(run, shown), shown);
            QVERIFY2(attention->heatmap(run)->data().title.endsWith(label),
                qPrintable(attention->heatmap(run)->data().title));
        }
        // Translate names the step whose weights it uses.
        QVERIFY2(m_dock->translator()->weightsLabel()->text().contains(
                     QStringLiteral("step %1").arg(shown)),
            qPrintable(m_dock->translator()->weightsLabel()->text()));
    }
    // A step between two kept ones goes back to the earlier.
    scrubber->setValue(every + 1);
    QCOMPARE(attention->shownStep(), every);
    // The film strip shows only steps that were kept, and says which are when asked for
    // another: never a frame titled with a step other than the one asked for.
    QString error;
    QVERIFY(!m_dock->filmStripFigure(QStringLiteral("0, %1").arg(every + 1), &error));
    QVERIFY2(error.contains(QStringLiteral("step %1 was not kept").arg(every + 1))
            && error.contains(QStringLiteral("every %1th step").arg(every))
            && error.contains(QStringLiteral("nearest before it is %1").arg(every)),
        qPrintable(error));
    QVERIFY2(
        m_dock->filmStripFigure(QStringLiteral("0, %1").arg(2 * every), &error), qPrintable(error));
}

void TestTrainingDock::pickingATaskAsksBeforeDiscardingRuns()
{
    TrainingRunner *runner = m_dock->runner();
    for (int i = 0; i < 5; ++i)
        runner->step();
    QTRY_COMPARE(runner->stepsDone(1), 5);
    TrainingSettingsForm *f = m_dock->settings();
    const int reverse = f->taskBox()->currentIndex();
    const int translate = f->taskBox()->findData(taskName(TaskKind::Translate));
    // Answers the question with @p button once it is open; tells whether it was asked.
    bool asked = false;
    const auto answer = [&asked](QMessageBox::StandardButton button) {
        QTimer::singleShot(0, [&asked, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || box->objectName() != QLatin1String("trainingDiscardRunsBox"))
                return;
            asked = true;
            QVERIFY(box->text().contains(QStringLiteral("5")));
            box->button(button)->click();
        });
    };
    // Cancel: the task and the runs stay.
    answer(QMessageBox::Cancel);
    f->taskBox()->setCurrentIndex(translate);
    QVERIFY(asked);
    QCOMPARE(f->taskBox()->currentIndex(), reverse);
    QCOMPARE(runner->stepsDone(0), 5);
    QCOMPARE(runner->configs()[0].task.kind, TaskKind::Reverse);
    // Discard: the new task's runs start.
    asked = false;
    answer(QMessageBox::Discard);
    f->taskBox()->setCurrentIndex(translate);
    QVERIFY(asked);
    QCOMPARE(runner->configs()[0].task.kind, TaskKind::Translate);
    QCOMPARE(runner->stepsDone(0), 0);
    // Runs without a step are not asked about.
    asked = false;
    answer(QMessageBox::Cancel);
    f->taskBox()->setCurrentIndex(reverse);
    QCoreApplication::processEvents();
    QVERIFY(!asked);
    QCOMPARE(runner->configs()[0].task.kind, TaskKind::Reverse);
}

QTEST_MAIN(TestTrainingDock)
#include "tst_trainingdock.moc"
