// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer's training runs: it learns the corpus tasks far above chance on held-out
// sentences, the seed alone makes a run, greedy decoding, divergence, and the run settings'
// checks that only the transformer has.

#include "training/transformer/transformertrainer.h"

#include <QtTest>
#include <cmath>

using namespace ae;

class TestTransformerTrainer : public QObject
{
    Q_OBJECT

private slots:
    void learnsTranslation_data();
    void learnsTranslation();
    void sameSeedSameRun();
    void greedyDecodingStopsAtTheEnd();
    void divergenceStopsCleanly();
    void checkRunConfig_data();
    void checkRunConfig();
};

namespace {

/// A small transformer: 1 + 1 layers, d_model 32, 4 heads, d_ff 64.
RunConfig smallRun(TaskKind task)
{
    RunConfig c = defaultRunConfig(ModelKind::Transformer);
    c.task.kind = task;
    c.layers = 1;
    c.dModel = 32;
    c.heads = 4;
    c.dimFeedforward = 64;
    c.steps = 150;
    return c;
}

} // namespace

void TestTransformerTrainer::learnsTranslation_data()
{
    QTest::addColumn<int>("task");
    QTest::newRow("zh-en") << int(TaskKind::TranslateZhEn);
    QTest::newRow("en-zh") << int(TaskKind::TranslateEnZh);
}

void TestTransformerTrainer::learnsTranslation()
{
    QFETCH(int, task);
    const RunConfig c = smallRun(TaskKind(task));
    QVERIFY(!ae::checkRunConfig(c));
    TransformerTrainer trainer(c);
    QCOMPARE(trainer.heldOutBatch().size(), int(trainer.task().testBatch().size()));
    const TransformerEvaluation before = trainer.evaluate();
    while (trainer.step()) { }
    QVERIFY(!trainer.divergedAt());
    QCOMPARE(trainer.stepsDone(), c.steps);
    const TransformerEvaluation after = trainer.evaluate();
    // Chance: one of the target words (every one but <s>).
    const double chance = 1.0 / (trainer.spec().targetVocabSize() - 1);
    QVERIFY2(before.accuracy < 5 * chance, qPrintable(QString::number(before.accuracy)));
    QCOMPARE(before.exactMatch, 0.0);
    // Held-out sentences the model never saw: most words right, most sentences whole.
    QVERIFY2(after.accuracy >= 0.8 && after.accuracy > 20 * chance,
        qPrintable(QString::number(after.accuracy)));
    QVERIFY2(after.exactMatch >= 0.5, qPrintable(QString::number(after.exactMatch)));
    QVERIFY(after.loss < before.loss);
    // The batch metrics were measured on every step.
    QCOMPARE(int(trainer.history().size()), c.steps);
    for (const TransformerStepMetrics &m : trainer.history()) {
        QVERIFY(m.maxWeight > 0 && m.maxWeight <= 1);
        QVERIFY(m.entropy >= 0 && m.gradNorm > 0);
    }
}

void TestTransformerTrainer::sameSeedSameRun()
{
    RunConfig c = smallRun(TaskKind::TranslateZhEn);
    c.steps = 4;
    TransformerTrainer a(c), b(c);
    while (a.step()) { }
    while (b.step()) { }
    QCOMPARE(a.parameters().wOut, b.parameters().wOut);
    QCOMPARE(a.parameters().encoder[0].selfAttn.inProjWeight,
        b.parameters().encoder[0].selfAttn.inProjWeight);
    c.seed = 1;
    TransformerTrainer other(c);
    QVERIFY(other.parameters().wOut
        != TransformerTrainer(smallRun(TaskKind::TranslateZhEn)).parameters().wOut);
}

void TestTransformerTrainer::greedyDecodingStopsAtTheEnd()
{
    RunConfig c = smallRun(TaskKind::TranslateZhEn);
    c.steps = 60;
    TransformerTrainer trainer(c);
    while (trainer.step()) { }
    const TrainingBatch held = trainer.heldOutBatch();
    TransformerModel model(trainer.spec());
    const int endId = trainer.task().endId();
    const auto decoded = TransformerTrainer::greedyDecode(
        model, trainer.parameters(), held, endId, held.targetLength());
    QCOMPARE(int(decoded.size()), held.size());
    // The first word follows <s> alone: the teacher-forced pass's argmax at position 0.
    model.forward(trainer.parameters(), transformerBatch(held));
    for (int e = 0; e < held.size(); ++e) {
        const std::vector<int> &words = decoded[size_t(e)];
        QVERIFY(!words.empty() && int(words.size()) <= held.targetLength());
        for (size_t i = 0; i + 1 < words.size(); ++i)
            QVERIFY(words[i] != endId && words[i] != 0);
        Eigen::Index best = 0;
        model.logits()
            .row(Eigen::Index(e) * held.targetLength())
            .tail(trainer.spec().targetVocabSize() - 1)
            .maxCoeff(&best);
        QCOMPARE(words.front(), int(best) + 1);
    }
}

void TestTransformerTrainer::divergenceStopsCleanly()
{
    RunConfig c = smallRun(TaskKind::TranslateZhEn);
    c.optimizer.kind = OptimizerKind::Sgd;
    c.optimizer.lr = 1e6;
    c.steps = 50;
    TransformerTrainer trainer(c);
    while (trainer.step()) { }
    QVERIFY(trainer.divergedAt());
    QCOMPARE(*trainer.divergedAt(), trainer.stepsDone());
    QCOMPARE(int(trainer.history().size()), trainer.stepsDone());
    QVERIFY(!trainer.step());
}

void TestTransformerTrainer::checkRunConfig_data()
{
    QTest::addColumn<int>("model");
    QTest::addColumn<int>("task");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("dff");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<QString>("path"); // empty: accepted
    const int one = int(ModelKind::OneLayer), tf = int(ModelKind::Transformer);
    const int zhEn = int(TaskKind::TranslateZhEn), rev = int(TaskKind::Reverse);
    QTest::newRow("corpus task, one layer") << one << zhEn << 2 << 128 << 64 << "task";
    QTest::newRow("corpus task, transformer") << tf << zhEn << 2 << 128 << 64 << "";
    QTest::newRow("en-zh, transformer")
        << tf << int(TaskKind::TranslateEnZh) << 2 << 128 << 64 << "";
    QTest::newRow("reverse, transformer") << tf << rev << 2 << 128 << 64 << "";
    QTest::newRow("no layers") << tf << zhEn << 0 << 128 << 64 << "layers";
    QTest::newRow("too many layers") << tf << zhEn << 25 << 128 << 64 << "layers";
    QTest::newRow("no d_ff") << tf << zhEn << 2 << 0 << 64 << "d-ff";
    QTest::newRow("wide d_ff") << tf << zhEn << 2 << 8193 << 64 << "d-ff";
    // The corpus's held-out set is its 80 test sentences: d_model 256 fits the memory budget
    // (with 512 held-out examples it was refused).
    QTest::newRow("wide corpus run") << tf << zhEn << 2 << 128 << 256 << "";
    QTest::newRow("too wide a corpus run") << tf << zhEn << 2 << 8192 << 1024 << "batch";
    // The one-layer model has neither: whatever they hold is not checked.
    QTest::newRow("one layer ignores layers") << one << rev << 0 << 0 << 64 << "";
}

void TestTransformerTrainer::checkRunConfig()
{
    QFETCH(int, model);
    QFETCH(int, task);
    QFETCH(int, layers);
    QFETCH(int, dff);
    QFETCH(int, dModel);
    QFETCH(QString, path);
    RunConfig c = defaultRunConfig(ModelKind(model));
    c.task.kind = TaskKind(task);
    c.layers = layers;
    c.dimFeedforward = dff;
    c.dModel = dModel;
    c.heads = 1;
    const auto e = ae::checkRunConfig(c);
    QCOMPARE(e ? e->path : QString(), path);
    if (e)
        QVERIFY2(e->message.size() > 10, qPrintable(e->toString()));
}

QTEST_MAIN(TestTransformerTrainer)
#include "tst_transformertrainer.moc"
