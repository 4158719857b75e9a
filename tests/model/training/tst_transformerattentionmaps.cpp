// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer's maps as heatmaps: one head is the core model's weights of that head, the
// mean (head -1) the average of the layer's heads as a forward pass of the core model gives
// them; rows and columns are named by the words of the kind's sides; the masked decoder
// self-attention hides exactly the cells above the diagonal, which hold no weight.

#include "training/transformer/transformermodel.h"
#include "training/transformerattentionmaps.h"

#include <QtTest>

using namespace ae;

namespace {

/// A small model whose encoder and decoder differ in depth, with three heads.
TransformerSpec smallSpec()
{
    TransformerSpec spec;
    spec.sourceVocab = QStringList { QStringLiteral("我"), QStringLiteral("在"),
        QStringLiteral("学校"), QStringLiteral("学习") };
    spec.targetVocab = QStringList { QStringLiteral("<s>"), QStringLiteral("i"),
        QStringLiteral("study"), QStringLiteral("at"), QStringLiteral("school") };
    spec.dModel = 12;
    spec.heads = 3;
    spec.encoderLayers = 2;
    spec.decoderLayers = 1;
    spec.dimFeedforward = 8;
    return spec;
}

const std::vector<int> source { 0, 1, 2, 3 };
const std::vector<int> target { 1, 2, 3, 4, 4 };

/// Head @p head of layer @p layer of @p kind after a forward pass of the core model.
Eigen::MatrixXd modelWeights(
    const TransformerModel &model, TransformerAttentionKind kind, int layer, int head)
{
    switch (kind) {
    case TransformerAttentionKind::EncoderSelf:
        return model.encoderSelfWeights(layer, 0, head);
    case TransformerAttentionKind::DecoderSelf:
        return model.decoderSelfWeights(layer, 0, head);
    case TransformerAttentionKind::Cross:
        break;
    }
    return model.crossWeights(layer, 0, head);
}

} // namespace

class TestTransformerAttentionMaps : public QObject
{
    Q_OBJECT
private slots:
    void heatmapIsTheModelsWeights_data();
    void heatmapIsTheModelsWeights();
};

void TestTransformerAttentionMaps::heatmapIsTheModelsWeights_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    const TransformerSpec spec = smallSpec();
    for (const auto kind : { TransformerAttentionKind::EncoderSelf,
             TransformerAttentionKind::DecoderSelf, TransformerAttentionKind::Cross }) {
        const int layers = kind == TransformerAttentionKind::EncoderSelf ? spec.encoderLayers
                                                                         : spec.decoderLayers;
        for (int layer = 0; layer < layers; ++layer)
            for (const int head : { -1, 0, 2 })
                QTest::addRow(
                    "%s, layer %d, head %d", qPrintable(attentionKindName(kind)), layer + 1, head)
                    << int(kind) << layer << head;
    }
}

void TestTransformerAttentionMaps::heatmapIsTheModelsWeights()
{
    QFETCH(int, kind);
    QFETCH(int, layer);
    QFETCH(int, head);
    const auto k = TransformerAttentionKind(kind);
    const TransformerSpec spec = smallSpec();
    const TransformerParameters params = TransformerParameters::initial(spec, 7);
    const TransformerAttentionMaps maps
        = TransformerAttentionMaps::compute(spec, params, source, target);
    QVERIFY(!maps.empty());
    const HeatmapData data = maps.heatmap(k, layer, head);

    // The expected weights straight from a forward pass of the core model.
    const TransformerBatch batch = TransformerBatch::single(source, target);
    TransformerModel model(spec);
    model.forward(params, batch);
    Eigen::MatrixXd expected;
    if (head >= 0) {
        expected = modelWeights(model, k, layer, head);
    } else {
        expected = Eigen::MatrixXd::Zero(
            modelWeights(model, k, layer, 0).rows(), modelWeights(model, k, layer, 0).cols());
        for (int h = 0; h < spec.heads; ++h)
            expected += modelWeights(model, k, layer, h);
        expected /= spec.heads;
    }
    QCOMPARE(data.values.rows(), expected.rows());
    QCOMPARE(data.values.cols(), expected.cols());
    QVERIFY((data.values - expected).cwiseAbs().maxCoeff() <= 1e-15);
    QCOMPARE(data.head, head);
    for (Eigen::Index r = 0; r < data.values.rows(); ++r)
        QVERIFY(std::abs(data.values.row(r).sum() - 1.0) < 1e-12);

    QStringList sourceWords, targetWords;
    for (const int id : source)
        sourceWords << spec.sourceVocab.at(id);
    for (const int id : target)
        targetWords << spec.targetVocab.at(id);
    const bool encoder = k == TransformerAttentionKind::EncoderSelf;
    QCOMPARE(data.rowLabels, encoder ? sourceWords : targetWords);
    QCOMPARE(
        data.columnLabels, k == TransformerAttentionKind::DecoderSelf ? targetWords : sourceWords);

    if (k == TransformerAttentionKind::DecoderSelf) {
        QCOMPARE(data.visible.rows(), data.values.rows());
        QCOMPARE(data.visible.cols(), data.values.cols());
        for (int r = 0; r < data.rows(); ++r) {
            for (int c = 0; c < data.columns(); ++c) {
                QCOMPARE(data.isVisible(r, c), c <= r);
                if (c > r)
                    QCOMPARE(data.values(r, c), 0.0);
            }
        }
    } else {
        QCOMPARE(data.visible.size(), Eigen::Index(0));
    }
}

QTEST_MAIN(TestTransformerAttentionMaps)
#include "tst_transformerattentionmaps.moc"
