// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's runner: two runs on worker threads give exactly the core's runs whatever
// the timing (play, single steps, pauses, speed limits), stop by themselves, and cancel.

#include "testsupportattention.h"
#include "training/trainer.h"
#include "training/traininglimits.h"
#include "training/trainingrunner.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

using namespace ae;

namespace {

/// A small reverse run that trains in a fraction of a second.
RunConfig smallConfig(ScaleSpec scale, int steps)
{
    RunConfig c;
    c.task.kind = TaskKind::Reverse;
    c.task.length = 4;
    c.task.vocab = 6;
    c.dModel = 16;
    c.heads = 2;
    c.batch = 8;
    c.steps = steps;
    c.seed = 3;
    c.scale = scale;
    return c;
}

std::array<RunConfig, 2> pair(int steps)
{
    return { smallConfig(ScaleSpec { ScaleMode::SqrtDk, 1.0 }, steps),
        smallConfig(ScaleSpec { ScaleMode::None, 1.0 }, steps) };
}

/// The core's run of @p config on this thread: the expected metrics of every step.
std::vector<StepMetrics> directRun(const RunConfig &config, int steps)
{
    Trainer trainer(config);
    std::vector<StepMetrics> out;
    for (int i = 0; i < steps; ++i) {
        const std::optional<StepMetrics> m = trainer.step();
        if (!m)
            break;
        out.push_back(*m);
    }
    return out;
}

/// Bit-for-bit equality of two metric lists.
bool same(const std::vector<StepMetrics> &a, const std::vector<StepMetrics> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        const StepMetrics &x = a[i], &y = b[i];
        if (x.step != y.step || x.loss != y.loss || x.accuracy != y.accuracy
            || x.maxWeight != y.maxWeight || x.entropy != y.entropy || x.gradNormQ != y.gradNormQ
            || x.gradNormK != y.gradNormK || x.alignmentAccuracy != y.alignmentAccuracy)
            return false;
    }
    return true;
}

} // namespace

class TestTrainingRunner : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void sameRunWhateverTheTiming_data();
    void sameRunWhateverTheTiming();
    void snapshotsAreTheCoresParameters();
    void pauseStopsStepping();
    void stopsAtTargetAccuracy();
    void divergenceStopsCleanly();
    void cancelEndsPromptly();
    void snapshotIntervalFitsBudget_data();
    void snapshotIntervalFitsBudget();
};

void TestTrainingRunner::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_trainingrunner"));
}

void TestTrainingRunner::sameRunWhateverTheTiming_data()
{
    QTest::addColumn<int>("stepsPerSecond");
    QTest::addColumn<int>("singleSteps");
    QTest::addColumn<int>("pauses");
    QTest::newRow("as fast as possible") << 0 << 0 << 0;
    QTest::newRow("single steps first") << 0 << 7 << 0;
    QTest::newRow("paced with pauses") << 400 << 3 << 3;
}

void TestTrainingRunner::sameRunWhateverTheTiming()
{
    QFETCH(int, stepsPerSecond);
    QFETCH(int, singleSteps);
    QFETCH(int, pauses);
    const int steps = 40;
    const auto configs = pair(steps);
    TrainingRunner runner;
    runner.setStepsPerSecond(stepsPerSecond);
    runner.start(configs);
    QCOMPARE(runner.state(), TrainingRunner::State::Paused);
    for (int i = 0; i < singleSteps; ++i) {
        runner.step();
        QTRY_COMPARE(runner.stepsDone(0), i + 1);
        QTRY_COMPARE(runner.stepsDone(1), i + 1);
    }
    for (int p = 0; p < pauses; ++p) {
        runner.play();
        QTest::qWait(15);
        runner.pause();
    }
    runner.play();
    QTRY_COMPARE_WITH_TIMEOUT(runner.state(), TrainingRunner::State::Finished, 60000);
    for (int run = 0; run < 2; ++run) {
        QCOMPARE(runner.stepsDone(run), steps);
        QVERIFY(same(runner.metrics(run), directRun(configs[size_t(run)], steps)));
    }
    // The two runs differ in the scale only, so they differ.
    QVERIFY(runner.metrics(0)[5].loss != runner.metrics(1)[5].loss);
}

void TestTrainingRunner::snapshotsAreTheCoresParameters()
{
    const auto configs = pair(12);
    TrainingRunner runner;
    runner.start(configs);
    QCOMPARE(runner.snapshotEvery(), 1);
    runner.play();
    QTRY_COMPARE(runner.state(), TrainingRunner::State::Finished);
    for (int run = 0; run < 2; ++run) {
        Trainer trainer(configs[size_t(run)]);
        for (int step = 0; step <= 12; ++step) {
            const auto params = runner.parametersAt(run, step);
            QVERIFY(params);
            QCOMPARE(runner.snapshotStepAt(run, step), step);
            QVERIFY(*params == trainer.parameters());
            trainer.step();
        }
    }
}

void TestTrainingRunner::pauseStopsStepping()
{
    TrainingRunner runner;
    runner.setStepsPerSecond(200);
    runner.start(pair(100000));
    runner.play();
    QTRY_VERIFY(runner.stepsDone(0) >= 3);
    runner.pause();
    QTRY_COMPARE(runner.state(), TrainingRunner::State::Paused);
    QTest::qWait(3 * TrainingRunner::publishIntervalMs);
    const int a = runner.stepsDone(0), b = runner.stepsDone(1);
    QTest::qWait(200);
    QCOMPARE(runner.stepsDone(0), a);
    QCOMPARE(runner.stepsDone(1), b);
    // Paused, the exact current step can be opened.
    QCOMPARE(runner.snapshotStepAt(0, a), a);
    runner.reset();
    QCOMPARE(runner.stepsDone(0), 0);
    QCOMPARE(runner.state(), TrainingRunner::State::Paused);
}

void TestTrainingRunner::stopsAtTargetAccuracy()
{
    const auto configs = pair(200);
    const double target = 0.5;
    // Where the core's run first reaches the target, found independently.
    int expected = -1;
    for (const StepMetrics &m : directRun(configs[0], 200)) {
        if (m.accuracy >= target) {
            expected = m.step;
            break;
        }
    }
    QVERIFY2(expected >= 0, "the scaled run reaches 50 % within 200 steps");
    TrainingRunner runner;
    runner.setTargetAccuracy(target);
    runner.start(configs);
    runner.play();
    QTRY_VERIFY_WITH_TIMEOUT(runner.isRunFinished(0), 60000);
    QCOMPARE(runner.reachedTargetAt(0), expected);
    QCOMPARE(runner.stepsDone(0), expected + 1);
    runner.clear();
}

void TestTrainingRunner::divergenceStopsCleanly()
{
    auto configs = pair(50);
    for (RunConfig &c : configs) {
        c.optimizer.kind = OptimizerKind::Sgd;
        c.optimizer.lr = 1e6;
    }
    Trainer reference(configs[1]);
    while (reference.step()) { }
    QVERIFY(reference.divergedAt());
    TrainingRunner runner;
    runner.start(configs);
    runner.play();
    QTRY_COMPARE(runner.state(), TrainingRunner::State::Finished);
    QCOMPARE(runner.divergedAt(1), *reference.divergedAt());
    for (const StepMetrics &m : runner.metrics(1))
        QVERIFY(std::isfinite(m.loss));
}

void TestTrainingRunner::cancelEndsPromptly()
{
    auto configs = pair(limits::maxTrainSteps);
    QElapsedTimer timer;
    {
        TrainingRunner runner;
        runner.start(configs);
        runner.play();
        QTRY_VERIFY(runner.stepsDone(0) > 2);
        timer.start();
        runner.clear();
        QCOMPARE(runner.state(), TrainingRunner::State::Empty);
        QCOMPARE(runner.stepsDone(0), 0);
        runner.start(configs);
        runner.play();
        QTRY_VERIFY(runner.stepsDone(1) > 2);
    } // destroyed while running: its threads end with it
    QVERIFY(timer.isValid());
}

void TestTrainingRunner::snapshotIntervalFitsBudget_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("steps");
    QTest::newRow("small, every step") << 16 << 600;
    QTest::newRow("d128, 600 steps") << 128 << 600;
    QTest::newRow("d512, long") << 512 << 100000;
}

void TestTrainingRunner::snapshotIntervalFitsBudget()
{
    QFETCH(int, dModel);
    QFETCH(int, steps);
    RunConfig c;
    c.dModel = dModel;
    c.steps = steps;
    const int every = TrainingRunner::snapshotEveryFor(c);
    QVERIFY(every >= 1);
    const TrainingParameters p = TrainingParameters::zeros(modelSpecFor(c));
    double bytes = 0;
    for (int i = 0; i < TrainingParameters::count; ++i)
        bytes += 8.0 * double(p.rows(i) * p.cols(i));
    const double kept = std::floor(double(steps) / every) + 1;
    QVERIFY(kept * bytes <= TrainingRunner::snapshotBudgetBytes + bytes);
    // Not needlessly coarse: a single step finer would not fit (unless every step fits).
    if (every > 1)
        QVERIFY((double(steps) / (every / 2.5) + 1) * bytes > TrainingRunner::snapshotBudgetBytes);
}

QTEST_MAIN(TestTrainingRunner)
#include "tst_trainingrunner.moc"
