// SPDX-License-Identifier: GPL-3.0-or-later
// The transformer's hand-written backward pass against central finite differences of the
// loss, for every entry of every parameter tensor, on small random models with and without
// padding masks; and the masks' meaning: a padded example learns what it would alone.

#include "attention/rng.h"
#include "training/transformer/transformermodel.h"

#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::ScaleSpec)

class TestTransformerGradients : public QObject
{
    Q_OBJECT

private slots:
    void finiteDifferences_data();
    void finiteDifferences();
    void paddingActsAsTruncation();
    void saturatedSoftmaxStaysFinite();
};

namespace {

TransformerSpec smallSpec(int d, int heads, int layers, int dff, ScaleSpec scale)
{
    TransformerSpec spec;
    for (int i = 0; i < 5; ++i)
        spec.sourceVocab << QStringLiteral("s%1").arg(i);
    spec.targetVocab << QStringLiteral("<s>");
    for (int i = 1; i < 4; ++i)
        spec.targetVocab << QStringLiteral("t%1").arg(i);
    spec.dModel = d;
    spec.heads = heads;
    spec.encoderLayers = layers;
    spec.decoderLayers = layers;
    spec.dimFeedforward = dff;
    spec.scale = scale;
    return spec;
}

/// Every entry uniform in [-1, 1] (LayerNorm weights in [0.5, 1.5]), so that biases and
/// norms matter.
TransformerParameters randomParameters(const TransformerSpec &spec, Rng &rng)
{
    TransformerParameters p = TransformerParameters::zeros(spec);
    for (const TransformerTensor &t : p.tensors()) {
        const bool normWeight = t.name.contains(u"norm") && t.name.endsWith(u".weight");
        for (Eigen::Index i = 0; i < t.flat().size(); ++i)
            t.flat()(i) = normWeight ? rng.uniform(0.5, 1.5) : rng.uniform(-1.0, 1.0);
    }
    return p;
}

TransformerBatch randomBatch(int b, int ls, int lt, Rng &rng)
{
    TransformerBatch batch;
    batch.source.resize(b, ls);
    batch.target.resize(b, lt);
    for (Eigen::Index i = 0; i < batch.source.size(); ++i)
        batch.source.data()[i] = static_cast<int>(rng.next() % 5);
    for (Eigen::Index i = 0; i < batch.target.size(); ++i)
        batch.target.data()[i] = 1 + static_cast<int>(rng.next() % 3);
    return batch;
}

/// Example e keeps its first @p keep[e] positions; the rest are padding.
BoolMatrix tailPadding(const std::vector<int> &keep, int length)
{
    BoolMatrix m(Eigen::Index(keep.size()), length);
    for (size_t e = 0; e < keep.size(); ++e)
        for (int i = 0; i < length; ++i)
            m(Eigen::Index(e), i) = i >= keep[e];
    return m;
}

} // namespace

void TestTransformerGradients::finiteDifferences_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("layers");
    QTest::addColumn<ScaleSpec>("scale");
    QTest::addColumn<int>("ls");
    QTest::addColumn<int>("lt");
    QTest::addColumn<int>("seed");
    QTest::addColumn<bool>("padded"); ///< random source and target padding
    const ScaleSpec sqrtDk { ScaleMode::SqrtDk, 1.0 };
    const ScaleSpec none { ScaleMode::None, 1.0 };
    const ScaleSpec custom { ScaleMode::Custom, 2.5 };
    QTest::newRow("1+1 layers, 2 heads sqrt") << 4 << 2 << 1 << sqrtDk << 3 << 3 << 1 << false;
    QTest::newRow("2+2 layers, 1 head none") << 4 << 1 << 2 << none << 4 << 3 << 2 << false;
    QTest::newRow("2+2 layers, heads of width 1") << 3 << 3 << 2 << sqrtDk << 3 << 4 << 3 << false;
    QTest::newRow("1+1 layers, custom, one key") << 4 << 2 << 1 << custom << 1 << 3 << 4 << false;
    QTest::newRow("padded, 1+1 layers sqrt") << 4 << 2 << 1 << sqrtDk << 4 << 4 << 5 << true;
    QTest::newRow("padded, 2+2 layers none") << 4 << 2 << 2 << none << 5 << 3 << 6 << true;
    QTest::newRow("padded, heads of width 1") << 2 << 2 << 2 << custom << 4 << 4 << 7 << true;
}

void TestTransformerGradients::finiteDifferences()
{
    QFETCH(int, d);
    QFETCH(int, heads);
    QFETCH(int, layers);
    QFETCH(ScaleSpec, scale);
    QFETCH(int, ls);
    QFETCH(int, lt);
    QFETCH(int, seed);
    QFETCH(bool, padded);
    Rng rng(static_cast<std::uint64_t>(seed));
    const TransformerSpec spec = smallSpec(d, heads, layers, 5, scale);
    TransformerParameters p = randomParameters(spec, rng);
    TransformerBatch batch = randomBatch(3, ls, lt, rng);
    if (padded) {
        // Example 0 whole but for source position 1, example 1 shorter on both sides,
        // example 2 with one source word and two target positions.
        batch.sourcePadding = tailPadding({ ls, ls - 2, 1 }, ls);
        batch.targetPadding = tailPadding({ lt, lt - 1, 2 }, lt);
        batch.sourcePadding(0, 1) = true;
    }
    TransformerModel model(spec);
    TransformerParameters g;
    model.forwardBackward(p, batch, g);
    QVERIFY(g.fits(spec));
    const double h = 1e-5;
    const std::vector<TransformerTensor> params = p.tensors();
    const std::vector<TransformerTensor> grads = std::as_const(g).tensors();
    for (size_t t = 0; t < params.size(); ++t) {
        auto flat = params[t].flat();
        for (Eigen::Index i = 0; i < flat.size(); ++i) {
            const double keep = flat(i);
            flat(i) = keep + h;
            const double up = model.forward(p, batch).loss;
            flat(i) = keep - h;
            const double down = model.forward(p, batch).loss;
            flat(i) = keep;
            const double numeric = (up - down) / (2 * h);
            const double analytic = grads[t].flat()(i);
            // Central differences are exact to O(h^2) ~ 1e-10 here, plus rounding ~1e-11.
            QVERIFY2(std::abs(numeric - analytic) <= 1e-7 * std::max(1.0, std::abs(numeric)),
                qPrintable(QStringLiteral("%1[%2]: analytic %3, numeric %4")
                               .arg(params[t].name)
                               .arg(i)
                               .arg(analytic, 0, 'g', 12)
                               .arg(numeric, 0, 'g', 12)));
        }
    }
}

void TestTransformerGradients::paddingActsAsTruncation()
{
    // An example padded at its end (source 5 -> 3, target 4 -> 2) gives the loss and every
    // gradient of the same example cut to its real length: no real position sees a padded
    // one, and a padded target is not in the loss.
    Rng rng(11);
    const TransformerSpec spec = smallSpec(4, 2, 2, 6, { ScaleMode::SqrtDk, 1.0 });
    const TransformerParameters p = randomParameters(spec, rng);
    TransformerBatch padded = randomBatch(1, 5, 4, rng);
    padded.sourcePadding = tailPadding({ 3 }, 5);
    padded.targetPadding = tailPadding({ 2 }, 4);
    TransformerBatch cut;
    cut.source = padded.source.leftCols(3);
    cut.target = padded.target.leftCols(2);
    TransformerModel model(spec);
    TransformerParameters gPadded, gCut;
    const TransformerStepResult a = model.forwardBackward(p, padded, gPadded);
    const TransformerStepResult b = model.forwardBackward(p, cut, gCut);
    QCOMPARE(a.tokens, 2);
    QVERIFY(std::abs(a.loss - b.loss) <= 1e-12);
    const std::vector<TransformerTensor> x = std::as_const(gPadded).tensors();
    const std::vector<TransformerTensor> y = std::as_const(gCut).tensors();
    for (size_t t = 0; t < x.size(); ++t)
        QVERIFY2((x[t].flat() - y[t].flat()).cwiseAbs().maxCoeff() <= 1e-12, qPrintable(x[t].name));
}

void TestTransformerGradients::saturatedSoftmaxStaysFinite()
{
    // Scores divided by 1e-6 make every attention row one-hot: the loss and every gradient
    // stay finite.
    Rng rng(9);
    const TransformerSpec spec = smallSpec(4, 1, 1, 4, { ScaleMode::Custom, 1e-6 });
    const TransformerParameters p = randomParameters(spec, rng);
    const TransformerBatch batch = randomBatch(2, 3, 3, rng);
    TransformerModel model(spec);
    TransformerParameters g;
    const TransformerStepResult r = model.forwardBackward(p, batch, g);
    QVERIFY(std::isfinite(r.loss));
    QVERIFY(g.allFinite());
    QCOMPARE(model.crossWeights(0, 0, 0).rowwise().maxCoeff().minCoeff(), 1.0);
}

QTEST_MAIN(TestTransformerGradients)
#include "tst_transformergradients.moc"
