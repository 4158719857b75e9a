// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's runner with the transformer: the two background runs are exactly the
// core's TransformerTrainer runs, and the maps it gives for the held-out sentence are every
// layer's and head's weights of the three kinds, as a forward pass of the core model gives them.

#include "testsupportattention.h"
#include "training/trainingrunner.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformertrainer.h"

#include <QtTest>

using namespace ae;

namespace {

/// A small transformer run on @p task with @p layers layers and @p heads heads.
RunConfig transformerConfig(TaskKind task, int layers, int heads, ScaleSpec scale, int steps)
{
    RunConfig c = defaultRunConfig(ModelKind::Transformer);
    c.task.kind = task;
    c.task.length = 4;
    c.task.vocab = 6;
    c.dModel = 8 * heads;
    c.heads = heads;
    c.layers = layers;
    c.dimFeedforward = 12;
    c.batch = 4;
    c.steps = steps;
    c.seed = 5;
    c.scale = scale;
    return c;
}

std::array<RunConfig, 2> pair(TaskKind task, int layers, int heads, int steps)
{
    return { transformerConfig(task, layers, heads, ScaleSpec { ScaleMode::SqrtDk, 1.0 }, steps),
        transformerConfig(task, layers, heads, ScaleSpec { ScaleMode::None, 1.0 }, steps) };
}

} // namespace

class TestTransformerRuns : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void runsAreTheCoresRuns_data();
    void runsAreTheCoresRuns();
    void mapsAreTheModelsWeights_data();
    void mapsAreTheModelsWeights();
};

void TestTransformerRuns::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_transformerruns"));
}

void TestTransformerRuns::runsAreTheCoresRuns_data()
{
    QTest::addColumn<int>("task");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("singleSteps");
    QTest::newRow("reverse, 1 layer, 2 heads, played") << int(TaskKind::Reverse) << 1 << 2 << 0;
    QTest::newRow("copy, 2 layers, 1 head, single steps first")
        << int(TaskKind::Copy) << 2 << 1 << 3;
    QTest::newRow("translate-zh-en, 1 layer, 2 heads (padded sentences)")
        << int(TaskKind::TranslateZhEn) << 1 << 2 << 1;
}

void TestTransformerRuns::runsAreTheCoresRuns()
{
    QFETCH(int, task);
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, singleSteps);
    const int steps = 8;
    const auto configs = pair(TaskKind(task), layers, heads, steps);
    for (const RunConfig &c : configs) {
        const std::optional<SessionError> error = checkRunConfig(c);
        const QString why = error ? error->path + QStringLiteral(": ") + error->message : QString();
        QVERIFY2(!error, qPrintable(why));
    }
    TrainingRunner runner;
    runner.start(configs);
    QVERIFY(runner.isTransformer());
    QCOMPARE(runner.state(), TrainingRunner::State::Paused);
    for (int i = 0; i < singleSteps; ++i) {
        runner.step();
        QTRY_COMPARE(runner.stepsDone(0), i + 1);
        QTRY_COMPARE(runner.stepsDone(1), i + 1);
    }
    runner.play();
    QTRY_COMPARE_WITH_TIMEOUT(runner.state(), TrainingRunner::State::Finished, 120000);
    for (int run = 0; run < 2; ++run) {
        // The core's run, on this thread.
        TransformerTrainer trainer(configs[size_t(run)]);
        QCOMPARE(runner.stepsDone(run), steps);
        // No one-layer parameters in a transformer run.
        QVERIFY(!runner.parametersAt(run, 0));
        for (int s = 0; s < steps; ++s) {
            const std::optional<TransformerStepMetrics> m = trainer.step();
            QVERIFY(m);
            const StepMetrics &got = runner.metrics(run)[size_t(s)];
            QCOMPARE(got.step, m->step);
            QCOMPARE(got.loss, m->loss);
            QCOMPARE(got.accuracy, m->accuracy);
            QCOMPARE(got.maxWeight, m->maxWeight);
            QCOMPARE(got.entropy, m->entropy);
            QCOMPARE(got.gradNormQ, m->gradNorm);
        }
        const auto last = runner.transformerParametersAt(run, steps);
        QVERIFY(last);
        QCOMPARE(runner.snapshotStepAt(run, steps), steps);
        const auto a = last->tensors();
        const auto b = trainer.parameters().tensors();
        QCOMPARE(a.size(), b.size());
        for (size_t t = 0; t < a.size(); ++t)
            QVERIFY2(a[t].flat() == b[t].flat(), qPrintable(a[t].name));
    }
    // The scale alone makes them differ.
    QVERIFY(runner.metrics(0)[3].loss != runner.metrics(1)[3].loss);
}

void TestTransformerRuns::mapsAreTheModelsWeights_data()
{
    QTest::addColumn<int>("task");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::newRow("reverse, 1 layer, 1 head") << int(TaskKind::Reverse) << 1 << 1;
    QTest::newRow("rotate, 2 layers, 2 heads") << int(TaskKind::Rotate) << 2 << 2;
    QTest::newRow("translate-en-zh, 3 layers, 4 heads") << int(TaskKind::TranslateEnZh) << 3 << 4;
}

void TestTransformerRuns::mapsAreTheModelsWeights()
{
    QFETCH(int, task);
    QFETCH(int, layers);
    QFETCH(int, heads);
    const int steps = 3;
    const auto configs = pair(TaskKind(task), layers, heads, steps);
    TrainingRunner runner;
    runner.start(configs);
    runner.play();
    QTRY_COMPARE_WITH_TIMEOUT(runner.state(), TrainingRunner::State::Finished, 120000);

    // The sentence: the first held-out example of the core's run, without its padding.
    TransformerTrainer trainer(configs[0]);
    const TrainingBatch heldOut = trainer.heldOutBatch();
    std::vector<int> source, target;
    for (int i = 0; i < heldOut.sourceLength(); ++i)
        if (heldOut.sourcePadding.size() == 0 || !heldOut.sourcePadding(0, i))
            source.push_back(heldOut.source(0, i));
    for (int i = 0; i < heldOut.targetLength(); ++i)
        if (heldOut.targetPadding.size() == 0 || !heldOut.targetPadding(0, i))
            target.push_back(heldOut.target(0, i));
    QCOMPARE(runner.sentence().first, source);
    QCOMPARE(runner.sentence().second, target);

    for (int run = 0; run < 2; ++run) {
        for (int step : { 0, steps }) {
            const TransformerAttentionMaps maps = runner.transformerMapsAt(run, step);
            QCOMPARE(maps.heads(), heads);
            QCOMPARE(maps.sourceWords.size(), qsizetype(source.size()));
            QCOMPARE(maps.targetWords.size(), qsizetype(target.size()));
            // The core model's own forward pass on that sentence alone, at that step.
            TransformerTrainer core(configs[size_t(run)]);
            for (int s = 0; s < step; ++s)
                core.step();
            const TransformerBatch one = TransformerBatch::single(source, target);
            TransformerModel model(core.spec());
            model.forward(core.parameters(), one);
            for (int kind = 0; kind < TransformerAttentionMaps::kindCount; ++kind) {
                const auto k = TransformerAttentionKind(kind);
                QCOMPARE(maps.layers(k), layers);
                for (int l = 0; l < layers; ++l) {
                    for (int h = 0; h < heads; ++h) {
                        const Eigen::MatrixXd expected = k == TransformerAttentionKind::EncoderSelf
                            ? Eigen::MatrixXd(model.encoderSelfWeights(l, 0, h))
                            : k == TransformerAttentionKind::DecoderSelf
                            ? Eigen::MatrixXd(model.decoderSelfWeights(l, 0, h))
                            : Eigen::MatrixXd(model.crossWeights(l, 0, h));
                        const Eigen::MatrixXd &got = maps.map(k, l, h);
                        QCOMPARE(got.rows(), qsizetype(maps.queryWords(k).size()));
                        QCOMPARE(got.cols(), qsizetype(maps.keyWords(k).size()));
                        QVERIFY(got == expected);
                        // Rows are distributions; the decoder's own attention is causal.
                        for (Eigen::Index r = 0; r < got.rows(); ++r) {
                            QVERIFY(std::abs(got.row(r).sum() - 1.0) < 1e-12);
                            if (k == TransformerAttentionKind::DecoderSelf)
                                for (Eigen::Index c = r + 1; c < got.cols(); ++c)
                                    QCOMPARE(got(r, c), 0.0);
                        }
                    }
                }
            }
        }
    }
}

QTEST_MAIN(TestTransformerRuns)
#include "tst_transformerruns.moc"
