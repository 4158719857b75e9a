// SPDX-License-Identifier: GPL-3.0-or-later
// One attention of a trained transformer as a session: for every kind and layer, the
// explorer's own computation on the session gives the model's weights there, the session is
// valid and wired as the kind says; the kinds' names.

#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformersession.h"
#include "training/transformer/transformertrainer.h"

#include <QtTest>

using namespace ae;

class TestTransformerSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void layerSession_data();
    void layerSession();
    void kindNames();

private:
    TransformerSpec m_spec;
    TransformerParameters m_params;
    std::vector<int> m_source, m_target;
};

void TestTransformerSession::initTestCase()
{
    // A briefly trained 2 + 2 layer model (trained, so that the weights are not the
    // initialisation's), d_model 16, 4 heads, a custom scale.
    RunConfig c = defaultRunConfig(ModelKind::Transformer);
    c.task.kind = TaskKind::TranslateZhEn;
    c.dModel = 16;
    c.dimFeedforward = 32;
    c.scale = ScaleSpec { ScaleMode::Custom, 3.0 };
    c.steps = 20;
    TransformerTrainer trainer(c);
    while (trainer.step()) { }
    m_spec = trainer.spec();
    m_params = trainer.parameters();
    // 我 昨天 看 了 书 -> i read a book yesterday </s>
    for (const char *w : { "我", "昨天", "看", "了", "书" })
        m_source.push_back(int(m_spec.sourceVocab.indexOf(QString::fromUtf8(w))));
    for (const char *w : { "i", "read", "a", "book", "yesterday", "</s>" })
        m_target.push_back(int(m_spec.targetVocab.indexOf(QString::fromUtf8(w))));
    QVERIFY(std::find(m_source.begin(), m_source.end(), -1) == m_source.end());
    QVERIFY(std::find(m_target.begin(), m_target.end(), -1) == m_target.end());
}

void TestTransformerSession::layerSession_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("layer");
    for (const auto kind : { TransformerAttentionKind::EncoderSelf,
             TransformerAttentionKind::DecoderSelf, TransformerAttentionKind::Cross })
        for (int layer : { 0, 1 })
            QTest::addRow("%s %d", qPrintable(attentionKindName(kind)), layer)
                << int(kind) << layer;
}

void TestTransformerSession::layerSession()
{
    QFETCH(int, kind);
    QFETCH(int, layer);
    const auto k = TransformerAttentionKind(kind);
    const Session s = transformerLayerSession(m_spec, m_params, m_source, m_target, layer, k);
    const auto problem = validateSession(s);
    QVERIFY2(!problem, qPrintable(problem ? problem->toString() : QString()));
    QCOMPARE(s.source.tokens.join(QLatin1Char(' ')), QStringLiteral("我 昨天 看 了 书"));
    QCOMPARE(
        s.target.tokens.join(QLatin1Char(' ')), QStringLiteral("i read a book yesterday </s>"));
    QCOMPARE(s.attention.config.heads, m_spec.heads);
    QCOMPARE(s.attention.config.causal, k == TransformerAttentionKind::DecoderSelf);
    const SequenceRole queries
        = k == TransformerAttentionKind::EncoderSelf ? SequenceRole::Source : SequenceRole::Target;
    const SequenceRole keys
        = k == TransformerAttentionKind::DecoderSelf ? SequenceRole::Target : SequenceRole::Source;
    QCOMPARE(s.attention.queryFrom, queries);
    QCOMPARE(s.attention.keyValueFrom, keys);

    // The model's own weights at that layer, from a forward pass of the example.
    TransformerBatch batch;
    batch.source = Eigen::Map<const IdMatrix>(m_source.data(), 1, Eigen::Index(m_source.size()));
    batch.target = Eigen::Map<const IdMatrix>(m_target.data(), 1, Eigen::Index(m_target.size()));
    TransformerModel model(m_spec);
    model.forward(m_params, batch);
    const AttentionResult r = computeSession(s);
    QCOMPARE(int(r.heads.size()), m_spec.heads);
    for (int h = 0; h < m_spec.heads; ++h) {
        const Eigen::MatrixXd want = k == TransformerAttentionKind::EncoderSelf
            ? Eigen::MatrixXd(model.encoderSelfWeights(layer, 0, h))
            : k == TransformerAttentionKind::DecoderSelf
            ? Eigen::MatrixXd(model.decoderSelfWeights(layer, 0, h))
            : Eigen::MatrixXd(model.crossWeights(layer, 0, h));
        const Eigen::MatrixXd &got = r.heads[size_t(h)].weights;
        QCOMPARE(got.rows(), want.rows());
        QCOMPARE(got.cols(), want.cols());
        QVERIFY2((got - want).cwiseAbs().maxCoeff() < 1e-12,
            qPrintable(QString::number((got - want).cwiseAbs().maxCoeff())));
    }
}

void TestTransformerSession::kindNames()
{
    for (const auto kind : { TransformerAttentionKind::EncoderSelf,
             TransformerAttentionKind::DecoderSelf, TransformerAttentionKind::Cross })
        QCOMPARE(attentionKindFromName(attentionKindName(kind)),
            std::optional<TransformerAttentionKind>(kind));
    QVERIFY(!attentionKindFromName(QStringLiteral("self")));
}

QTEST_MAIN(TestTransformerSession)
#include "tst_transformersession.moc"
