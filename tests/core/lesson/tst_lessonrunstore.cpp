// SPDX-License-Identifier: GPL-3.0-or-later
// The store of lesson runs: a kept run is the run a Trainer of the same settings trains (bit
// for bit, worked out here with the Trainer itself), each distinct run trains once, a
// cancelled run is not kept, and the store holds at most its capacity.

#include "lesson/lessonclaimevaluator.h"
#include "lesson/lessonrunstore.h"
#include "training/trainer.h"

#include <QTest>
#include <atomic>

using namespace ae;

namespace {

/// A small run: seconds of training even instrumented.
RunConfig smallRun(int steps, std::uint64_t seed, ScaleMode scale)
{
    RunConfig c;
    c.task.kind = TaskKind::Reverse;
    c.dModel = 16;
    c.steps = steps;
    c.seed = seed;
    c.logEvery = 1;
    c.scale.mode = scale;
    return c;
}

bool sameHistory(const std::vector<StepMetrics> &a, const std::vector<StepMetrics> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].step != b[i].step || a[i].loss != b[i].loss || a[i].accuracy != b[i].accuracy
            || a[i].maxWeight != b[i].maxWeight || a[i].gradNormQ != b[i].gradNormQ
            || a[i].gradNormK != b[i].gradNormK || a[i].entropy != b[i].entropy
            || a[i].alignmentAccuracy != b[i].alignmentAccuracy)
            return false;
    }
    return true;
}

} // namespace

class TestLessonRunStore : public QObject
{
    Q_OBJECT

private slots:
    void keptRunIsTheTrainersRun_data();
    void keptRunIsTheTrainersRun();
    void eachRunTrainsOnce();
    void cancelledRunIsNotKept();
    void holdsAtMostItsCapacity();
    void evaluatorHistoryIsTheStoresRun();
};

void TestLessonRunStore::keptRunIsTheTrainersRun_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("scale");
    QTest::newRow("scaled, seed 0") << 12 << quint64(0) << int(ScaleMode::SqrtDk);
    QTest::newRow("unscaled, seed 0") << 12 << quint64(0) << int(ScaleMode::None);
    QTest::newRow("scaled, seed 3") << 7 << quint64(3) << int(ScaleMode::SqrtDk);
}

void TestLessonRunStore::keptRunIsTheTrainersRun()
{
    QFETCH(int, steps);
    QFETCH(quint64, seed);
    QFETCH(int, scale);
    const RunConfig config = smallRun(steps, seed, ScaleMode(scale));
    Trainer trainer(config);
    while (trainer.step()) { }
    const std::shared_ptr<const LessonRun> run = LessonRunStore::trained(config);
    QVERIFY(run);
    QCOMPARE(int(run->history.size()), steps);
    QVERIFY(sameHistory(run->history, trainer.history()));
    QCOMPARE(run->heldOutAccuracy, trainer.evaluate().accuracy);
    QCOMPARE(run->divergedAt.has_value(), trainer.divergedAt().has_value());
}

void TestLessonRunStore::eachRunTrainsOnce()
{
    const RunConfig config = smallRun(9, 11, ScaleMode::SqrtDk);
    int trainedSteps = 0;
    const auto count = [&trainedSteps] { ++trainedSteps; };
    const auto first = LessonRunStore::trained(config, nullptr, count);
    QCOMPARE(trainedSteps, 9);
    const auto again = LessonRunStore::trained(config, nullptr, count);
    QCOMPARE(trainedSteps, 9);
    QCOMPARE(again.get(), first.get());
    // Another scale, another run.
    RunConfig unscaled = config;
    unscaled.scale.mode = ScaleMode::None;
    const auto other = LessonRunStore::trained(unscaled, nullptr, count);
    QCOMPARE(trainedSteps, 18);
    QVERIFY(other.get() != first.get());
}

void TestLessonRunStore::cancelledRunIsNotKept()
{
    const RunConfig config = smallRun(9, 12, ScaleMode::SqrtDk);
    std::atomic<bool> cancel { false };
    int trainedSteps = 0;
    const auto cancelAtThree = [&] {
        if (++trainedSteps == 3)
            cancel.store(true);
    };
    QVERIFY(!LessonRunStore::trained(config, &cancel, cancelAtThree));
    QCOMPARE(trainedSteps, 3);
    // Asked again, it trains from the start, to the end.
    trainedSteps = 0;
    const auto run = LessonRunStore::trained(config, nullptr, [&] { ++trainedSteps; });
    QVERIFY(run);
    QCOMPARE(trainedSteps, 9);
    QCOMPARE(int(run->history.size()), 9);
}

void TestLessonRunStore::holdsAtMostItsCapacity()
{
    const RunConfig oldest = smallRun(1, 1000, ScaleMode::SqrtDk);
    const auto kept = LessonRunStore::trained(oldest);
    for (int i = 1; i <= LessonRunStore::capacity; ++i)
        QVERIFY(LessonRunStore::trained(smallRun(1, 1000 + quint64(i), ScaleMode::SqrtDk)));
    QCOMPARE(LessonRunStore::size(), LessonRunStore::capacity);
    // The oldest went: asked again, it trains again (and a holder's copy stayed valid).
    int trainedSteps = 0;
    const auto again = LessonRunStore::trained(oldest, nullptr, [&] { ++trainedSteps; });
    QCOMPARE(trainedSteps, 1);
    QVERIFY(again.get() != kept.get());
    QVERIFY(sameHistory(again->history, kept->history));
}

void TestLessonRunStore::evaluatorHistoryIsTheStoresRun()
{
    // The evaluator's run A is the config scaled by √d_k, run B unscaled, whatever the
    // config's own scale.
    RunConfig config = smallRun(5, 21, ScaleMode::Custom);
    config.scale.divisor = 3.0;
    LessonClaimEvaluator evaluator;
    const std::vector<StepMetrics> &a = evaluator.history(config, false);
    const std::vector<StepMetrics> &b = evaluator.history(config, true);
    QVERIFY(sameHistory(a, LessonRunStore::trained(smallRun(5, 21, ScaleMode::SqrtDk))->history));
    QVERIFY(sameHistory(b, LessonRunStore::trained(smallRun(5, 21, ScaleMode::None))->history));
    QVERIFY(!sameHistory(a, b));
}

QTEST_MAIN(TestLessonRunStore)
#include "tst_lessonrunstore.moc"
