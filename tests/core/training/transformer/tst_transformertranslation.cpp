// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer's greedy translation of one sentence: its words are the trainer's greedy
// decoding, and each word's cross-attention rows and probability are those of a
// teacher-forced forward pass over the decoded words (decoding is causal, so they agree).

#include "training/transformer/transformermodel.h"
#include "training/transformer/transformertrainer.h"
#include "training/transformer/transformertranslation.h"

#include <QtTest>

using namespace ae;

class TestTransformerTranslation : public QObject
{
    Q_OBJECT

private slots:
    void translation_data();
    void translation();
    void nothingToDecode();
};

void TestTransformerTranslation::translation_data()
{
    QTest::addColumn<int>("task");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<int>("maxLength");
    QTest::newRow("zh-en, 2 layers, 4 heads")
        << int(TaskKind::TranslateZhEn) << 2 << 4 << QStringLiteral("我 在 学校 学习") << 10;
    QTest::newRow("zh-en, 3 layers, 2 heads, short limit")
        << int(TaskKind::TranslateZhEn) << 3 << 2 << QStringLiteral("我 昨天 看 了 书") << 2;
    QTest::newRow("reverse, 1 layer, 1 head (no end token)")
        << int(TaskKind::Reverse) << 1 << 1 << QStringLiteral("a b c d") << 4;
}

void TestTransformerTranslation::translation()
{
    QFETCH(int, task);
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(QString, sentence);
    QFETCH(int, maxLength);
    // A briefly trained model, so that the weights are not the initialisation's.
    RunConfig c = defaultRunConfig(ModelKind::Transformer);
    c.task.kind = TaskKind(task);
    c.task.length = 4;
    c.task.vocab = 6;
    c.layers = layers;
    c.heads = heads;
    c.dModel = 4 * heads;
    c.dimFeedforward = 16;
    c.steps = 6;
    c.batch = 8;
    TransformerTrainer trainer(c);
    while (trainer.step()) { }
    const TransformerSpec spec = trainer.spec();
    const auto ids = trainer.task().sourceIds(sentence);
    QVERIFY(ids);
    const std::vector<int> &source = *ids;
    const int endId = trainer.task().endId();

    const std::vector<TransformerDecodedWord> words
        = transformerTranslate(spec, trainer.parameters(), source, endId, maxLength);

    // The words: the trainer's greedy decoding of the same sentence.
    TrainingBatch one;
    one.source = Eigen::Map<const IdMatrix>(source.data(), 1, Eigen::Index(source.size()));
    TransformerModel decoder(spec);
    const auto greedy
        = TransformerTrainer::greedyDecode(decoder, trainer.parameters(), one, endId, maxLength);
    std::vector<int> got;
    for (const TransformerDecodedWord &w : words)
        got.push_back(w.id);
    QCOMPARE(got, greedy.front());
    QVERIFY(!got.empty());
    QVERIFY(int(got.size()) <= maxLength);
    if (endId < 0 || got.back() != endId)
        QCOMPARE(int(got.size()), maxLength);

    // One teacher-forced pass over the decoded words.
    TransformerBatch forced;
    forced.source = one.source;
    forced.target = Eigen::Map<const IdMatrix>(got.data(), 1, Eigen::Index(got.size()));
    TransformerModel model(spec);
    model.forward(trainer.parameters(), forced);
    for (size_t t = 0; t < words.size(); ++t) {
        const TransformerDecodedWord &w = words[t];
        QCOMPARE(w.word, spec.targetVocab.at(w.id));
        QVERIFY(w.id != 0);
        const Eigen::RowVectorXd logits = model.logits().row(Eigen::Index(t));
        const Eigen::RowVectorXd p = (logits.array() - logits.maxCoeff()).exp()
            / (logits.array() - logits.maxCoeff()).exp().sum();
        QVERIFY(std::abs(w.probability - p(w.id)) < 1e-12);
        QCOMPARE(int(w.crossAttention.size()), layers);
        for (int l = 0; l < layers; ++l) {
            QCOMPARE(w.crossAttention[size_t(l)].rows(), Eigen::Index(heads));
            QCOMPARE(w.crossAttention[size_t(l)].cols(), Eigen::Index(source.size()));
            for (int h = 0; h < heads; ++h) {
                const Eigen::RowVectorXd want = model.crossWeights(l, 0, h).row(Eigen::Index(t));
                const double diff
                    = (w.crossAttention[size_t(l)].row(h) - want).cwiseAbs().maxCoeff();
                QVERIFY2(diff < 1e-12, qPrintable(QString::number(diff)));
                QVERIFY(std::abs(want.sum() - 1.0) < 1e-12);
            }
        }
    }
}

void TestTransformerTranslation::nothingToDecode()
{
    RunConfig c = defaultRunConfig(ModelKind::Transformer);
    c.dModel = 8;
    c.heads = 2;
    c.dimFeedforward = 8;
    TransformerTrainer trainer(c);
    QVERIFY(transformerTranslate(trainer.spec(), trainer.parameters(), {}, -1, 4).empty());
    QVERIFY(transformerTranslate(trainer.spec(), trainer.parameters(), { 0, 1 }, -1, 0).empty());
    QCOMPARE(
        int(transformerTranslate(trainer.spec(), trainer.parameters(), { 0, 1 }, -1, 3).size()), 3);
}

QTEST_MAIN(TestTransformerTranslation)
#include "tst_transformertranslation.moc"
