// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer's parameters (torch's names, default initialisation) and its optimiser
// (SGD, Adam, clipping by global norm).

#include "training/transformer/transformeroptimizer.h"

#include <QtTest>
#include <cmath>

using namespace ae;

class TestTransformerOptimizer : public QObject
{
    Q_OBJECT

private slots:
    void namesFollowTorch();
    void initialisationIsTorchs();
    void sgdWithoutClipping();
    void clippingScalesToTheNorm();
    void adamMovesEveryEntryByAboutLr();
};

namespace {

TransformerSpec spec()
{
    TransformerSpec s;
    s.sourceVocab = QStringList { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") };
    s.targetVocab = QStringList { QStringLiteral("<s>"), QStringLiteral("A"), QStringLiteral("B") };
    s.dModel = 8;
    s.heads = 2;
    s.encoderLayers = 2;
    s.decoderLayers = 1;
    s.dimFeedforward = 12;
    return s;
}

/// Every entry of @p p set to @p value.
void fill(TransformerParameters &p, double value)
{
    for (const TransformerTensor &t : p.tensors())
        t.flat().setConstant(value);
}

} // namespace

void TestTransformerOptimizer::namesFollowTorch()
{
    const TransformerParameters p = TransformerParameters::zeros(spec());
    const std::vector<TransformerTensor> t = p.tensors();
    // 4 + 12 per encoder layer + 2 + 18 per decoder layer + 2, as the reference files.
    QCOMPARE(t.size(), size_t(4 + 2 * 12 + 2 + 18 + 2));
    QCOMPARE(t[4].name, QStringLiteral("encoder.layers.0.self_attn.in_proj_weight"));
    QCOMPARE(t[4].rows, Eigen::Index(24));
    QCOMPARE(t[4].cols, Eigen::Index(8));
    QCOMPARE(t[8].name, QStringLiteral("encoder.layers.0.linear1.weight"));
    QCOMPARE(t[8].rows, Eigen::Index(12));
    QCOMPARE(t[28].name, QStringLiteral("encoder.norm.weight"));
    QVERIFY(t[28].vector);
    QCOMPARE(t[34].name, QStringLiteral("decoder.layers.0.multihead_attn.in_proj_weight"));
    QCOMPARE(t.back().name, QStringLiteral("decoder.norm.bias"));
    QCOMPARE(t[2].name, QStringLiteral("w_out"));
    QCOMPARE(t[2].rows, Eigen::Index(8));
    QCOMPARE(t[2].cols, Eigen::Index(3));
}

void TestTransformerOptimizer::initialisationIsTorchs()
{
    const TransformerParameters p = TransformerParameters::initial(spec(), 5);
    QVERIFY(p.fits(spec()));
    const TransformerParameters q = TransformerParameters::initial(spec(), 5);
    for (const TransformerTensor &t : p.tensors()) {
        const auto flat = t.flat();
        if (t.name.contains(u"norm") && t.name.endsWith(u".weight")) {
            QVERIFY2((flat.array() == 1.0).all(), qPrintable(t.name));
        } else if (t.name.endsWith(u"proj_bias") || t.name.endsWith(u"proj.bias")
            || t.name.contains(u"norm") || t.name == u"b_out") {
            QVERIFY2((flat.array() == 0.0).all(), qPrintable(t.name));
        } else if (t.name.contains(u".linear") && t.vector) {
            const double fanIn = t.name.contains(u"linear1") ? 8.0 : 12.0;
            QVERIFY2(flat.cwiseAbs().maxCoeff() <= 1.0 / std::sqrt(fanIn), qPrintable(t.name));
            QVERIFY2(flat.cwiseAbs().maxCoeff() > 0.0, qPrintable(t.name));
        } else if (!t.vector && !t.name.endsWith(u"_embedding")) {
            const double bound = std::sqrt(6.0 / double(t.rows + t.cols));
            QVERIFY2(flat.cwiseAbs().maxCoeff() <= bound, qPrintable(t.name));
            QVERIFY2(flat.cwiseAbs().maxCoeff() > bound / 2, qPrintable(t.name));
        }
    }
    // The same seed draws the same numbers; another seed others.
    const std::vector<TransformerTensor> a = p.tensors(), b = q.tensors();
    for (size_t i = 0; i < a.size(); ++i)
        QVERIFY(a[i].flat() == b[i].flat());
    QVERIFY(TransformerParameters::initial(spec(), 6).sourceEmbedding != p.sourceEmbedding);
}

void TestTransformerOptimizer::sgdWithoutClipping()
{
    TransformerParameters p = TransformerParameters::zeros(spec());
    TransformerParameters g = TransformerParameters::zeros(spec());
    fill(p, 1.0);
    fill(g, 100.0);
    TransformerOptimizer sgd({ OptimizerKind::Sgd, 0.01 }, spec());
    QCOMPARE(sgd.clipNorm(), 0.0);
    sgd.apply(p, g);
    for (const TransformerTensor &t : p.tensors())
        QVERIFY2((t.flat().array() == 0.0).all(), qPrintable(t.name));
    QCOMPARE(g.decoderNorm.bias(0), 100.0);
}

void TestTransformerOptimizer::clippingScalesToTheNorm()
{
    TransformerParameters p = TransformerParameters::zeros(spec());
    TransformerParameters g = TransformerParameters::zeros(spec());
    fill(g, 2.0);
    const double norm = g.globalNorm();
    TransformerOptimizer sgd({ OptimizerKind::Sgd, 1.0 }, spec(), 1.0);
    sgd.apply(p, g);
    // torch: g * (max_norm / (norm + 1e-6)).
    const double expected = 2.0 * (1.0 / (norm + 1e-6));
    QCOMPARE(g.wOut(0, 0), expected);
    QCOMPARE(p.encoder[1].norm2.bias(3), -expected);
    QVERIFY(std::abs(g.globalNorm() - 1.0) < 1e-6);
    // Below the limit nothing changes.
    fill(g, 2.0);
    TransformerOptimizer loose({ OptimizerKind::Sgd, 1.0 }, spec(), 2.0 * norm);
    loose.apply(p, g);
    QCOMPARE(g.wOut(0, 0), 2.0);
}

void TestTransformerOptimizer::adamMovesEveryEntryByAboutLr()
{
    // Adam's first step moves every entry by lr g / (|g| + eps), about lr against the sign.
    TransformerParameters p = TransformerParameters::zeros(spec());
    TransformerParameters g = TransformerParameters::zeros(spec());
    fill(g, -3.0);
    TransformerOptimizer adam({ OptimizerKind::Adam, 0.05 }, spec());
    adam.apply(p, g);
    QCOMPARE(adam.steps(), 1);
    for (const TransformerTensor &t : p.tensors())
        QVERIFY2((t.flat().array() - 0.05).abs().maxCoeff() < 1e-9, qPrintable(t.name));
}

QTEST_MAIN(TestTransformerOptimizer)
#include "tst_transformeroptimizer.moc"
