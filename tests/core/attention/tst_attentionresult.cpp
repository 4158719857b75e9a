// SPDX-License-Identifier: GPL-3.0-or-later
// AttentionResult's derived matrices (core/attention/attentionresult.h): the q·k dot products,
// which the forward pass does not keep, are worked out again as the very bits its softmax was
// given, whole or a row at a time, in one row block or several.

#include "attention/attention.h"
#include "attention/projections.h"
#include "attention/softmax.h"
#include "simd/vectorexp.h"
#include "testsupport.h"

#include <QtTest>

using namespace ae;

class TestAttentionResult : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_kernel = activeExpKernel(); }
    void cleanup() { setExpKernel(m_kernel); }
    void dotProductsAreWhatTheSoftmaxWasGiven_data();
    void dotProductsAreWhatTheSoftmaxWasGiven();

private:
    ExpKernel m_kernel = ExpKernel::Portable;
};

void TestAttentionResult::dotProductsAreWhatTheSoftmaxWasGiven_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("identity");
    QTest::addColumn<bool>("severalBlocks");
    QTest::newRow("seed's shape, one block") << 2 << 4 << 4 << 2 << false << false << false;
    QTest::newRow("identity projections") << 7 << 5 << 6 << 3 << false << true << false;
    // 600 keys: blocks of 218 query rows.
    QTest::newRow("long keys, two blocks") << 300 << 600 << 32 << 4 << false << false << true;
    QTest::newRow("causal, two blocks") << 300 << 600 << 32 << 2 << true << false << true;
    // A large computation is cut in two for two threads: blocks of 150 rows.
    QTest::newRow("large, cut in two") << 300 << 300 << 256 << 4 << false << false << true;
}

void TestAttentionResult::dotProductsAreWhatTheSoftmaxWasGiven()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(bool, causal);
    QFETCH(bool, identity);
    QFETCH(bool, severalBlocks);
    // The AVX2 softmax gives a row the same arithmetic wherever it lies in a block, so the
    // weights below can only match the forward pass's bits if the logits do.
    if (!setExpKernel(ExpKernel::Avx2))
        QSKIP("this processor has no AVX2 with FMA");
    AttentionConfig config;
    config.dModel = dModel;
    config.heads = heads;
    config.causal = causal;
    Projections spec;
    if (!identity) {
        spec.mode = ProjectionMode::Random;
        spec.seed = 9;
    }
    const Projections p = materializeProjections(spec, dModel, dModel, dModel);
    // Spread 3 with √d_k scaling: sharp rows, whose weights move with every bit of a logit.
    const AttentionResult r = computeAttention(test::seededMatrix(queries, dModel, 3.0, 1),
        test::seededMatrix(keys, dModel, 3.0, 2), {}, config, p);
    QCOMPARE(r.rowBlock < queries, severalBlocks);

    for (int h = 0; h < heads; ++h) {
        const Eigen::MatrixXd dots = r.dotProducts(h);
        QCOMPARE(dots.rows(), Eigen::Index(queries));
        QCOMPARE(dots.cols(), Eigen::Index(keys));
        // Q_h K_hᵀ to rounding, in long double from the result's Q and K.
        for (Eigen::Index i = 0; i < queries; i += 37) {
            for (Eigen::Index j = 0; j < keys; ++j) {
                long double sum = 0, size = 0;
                for (int t = h * r.dK; t < (h + 1) * r.dK; ++t) {
                    sum += static_cast<long double>(r.q(i, t)) * r.k(j, t);
                    size += std::fabs(static_cast<long double>(r.q(i, t)) * r.k(j, t));
                }
                QVERIFY(std::fabs(dots(i, j) - sum) <= 1e-14L * (size + 1));
            }
        }
        // The softmax of these logits is the forward pass's weights, bit for bit.
        Eigen::MatrixXd weights(queries, keys);
        Eigen::VectorXd entropy(queries);
        softmaxRowsWithEntropy(dots, r.visible, weights, entropy, r.scale);
        const HeadResult &head = r.heads[static_cast<size_t>(h)];
        QVERIFY(test::sameBits(weights, head.weights));
        QVERIFY(test::sameBits(entropy, head.entropy));

        // The scores are the dot products times 1 / scale, and a row is the matrix's row.
        const Eigen::MatrixXd scores = r.scores(h);
        QVERIFY(test::sameBits(scores, dots * (1.0 / r.scale)));
        for (Eigen::Index i : { Eigen::Index(0), r.rowBlock - 1, Eigen::Index(queries - 1) }) {
            if (i >= queries)
                continue;
            QVERIFY(test::sameBits(r.dotProductRow(h, i), dots.row(i)));
            QVERIFY(test::sameBits(r.scoreRow(h, i), scores.row(i)));
            QVERIFY(test::sameBits(r.scaled(dots(i, 1)), scores(i, 1)));
        }
    }
}

QTEST_MAIN(TestAttentionResult)
#include "tst_attentionresult.moc"
