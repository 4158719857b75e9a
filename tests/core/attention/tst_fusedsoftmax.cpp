// SPDX-License-Identifier: GPL-3.0-or-later
// softmaxRowsWithEntropy() (core/attention/softmax.h): the one-pass softmax and row entropy the
// attention core uses, against a long double evaluation of the definitions and against
// maskedSoftmaxRows() + rowEntropy() where logits are infinite or NaN, on each kernel of its
// exponential.

#include "attention/softmax.h"
#include "simd/vectorexp.h"
#include "testsupport.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace ae;

namespace {

const double inf = std::numeric_limits<double>::infinity();
const double notANumber = std::numeric_limits<double>::quiet_NaN();

/// Softmax weights and entropy of one row by the definitions, in long double; hidden
/// entries weigh 0, a row with nothing visible is all 0 with entropy 0.
void definition(const Eigen::MatrixXd &x, const BoolMatrix &visible, int r,
    Eigen::RowVectorXd *weights, double *entropy)
{
    const auto shown = [&](int c) { return visible.size() == 0 || visible(r, c); };
    long double maximum = -std::numeric_limits<long double>::infinity();
    for (int c = 0; c < x.cols(); ++c) {
        if (shown(c))
            maximum = std::max(maximum, static_cast<long double>(x(r, c)));
    }
    weights->setZero(x.cols());
    *entropy = 0.0;
    if (std::isinf(maximum))
        return;
    long double sum = 0;
    for (int c = 0; c < x.cols(); ++c) {
        if (shown(c))
            sum += std::exp(static_cast<long double>(x(r, c)) - maximum);
    }
    long double h = 0;
    for (int c = 0; c < x.cols(); ++c) {
        if (!shown(c))
            continue;
        const long double p = std::exp(static_cast<long double>(x(r, c)) - maximum) / sum;
        (*weights)(c) = static_cast<double>(p);
        if (p > 0)
            h -= p * std::log(p);
    }
    *entropy = static_cast<double>(h);
}

/// Adds the row once per kernel of the softmax's exponential: the same checks hold for each.
void addRows(const char *name, const Eigen::MatrixXd &logits, const BoolMatrix &visible)
{
    const std::pair<ExpKernel, const char *> kernels[]
        = { { ExpKernel::Portable, " (portable exp)" }, { ExpKernel::Avx2, " (AVX2 exp)" } };
    for (const auto &[kernel, suffix] : kernels) {
        const QByteArray row = QByteArray(name) + suffix;
        QTest::newRow(row.constData()) << logits << visible << int(kernel);
    }
}

} // namespace

Q_DECLARE_METATYPE(BoolMatrix)

/// Tests softmaxRowsWithEntropy().
class TestFusedSoftmax : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_kernel = activeExpKernel(); }
    void cleanup() { setExpKernel(m_kernel); }
    void matchesDefinitions_data();
    void matchesDefinitions();
    void nonFiniteLogitsFollowTheCarefulRules_data();
    void nonFiniteLogitsFollowTheCarefulRules();
    void writesIntoBlocksOfLargerMatrices();
    void noKeysMeansZeroEntropy();

private:
    ExpKernel m_kernel = ExpKernel::Portable;
};

void TestFusedSoftmax::matchesDefinitions_data()
{
    QTest::addColumn<Eigen::MatrixXd>("logits");
    QTest::addColumn<BoolMatrix>("visible");
    QTest::addColumn<int>("kernel");

    addRows("one entry", Eigen::MatrixXd(Eigen::MatrixXd::Constant(1, 1, 0.3)), BoolMatrix());
    addRows("equal logits", Eigen::MatrixXd(Eigen::MatrixXd::Constant(3, 5, 2.0)), BoolMatrix());
    addRows("moderate 7x9", test::seededMatrix(7, 9, 3.0, 1), BoolMatrix());
    addRows("wide 5x300", test::seededMatrix(5, 300, 4.0, 2), BoolMatrix());
    addRows("one dominant per row", test::seededMatrix(6, 8, 200.0, 3), BoolMatrix());
    addRows("large magnitudes",
        Eigen::MatrixXd((test::seededMatrix(4, 6, 1.0, 4).array() + 1e6).matrix()), BoolMatrix());

    const Eigen::MatrixXd x = test::seededMatrix(6, 6, 2.0, 5);
    BoolMatrix causal(6, 6);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c)
            causal(r, c) = c <= r;
    addRows("causal", x, causal);
    BoolMatrix padded = BoolMatrix::Constant(6, 6, true);
    padded.col(1).setConstant(false);
    padded.col(4).setConstant(false);
    addRows("padded keys", x, padded);
    BoolMatrix rowHidden = padded;
    rowHidden.row(2).setConstant(false);
    addRows("a fully masked row", x, rowHidden);
    // A hidden entry larger than every visible one must not become the row's maximum.
    Eigen::MatrixXd hiddenLarge = x;
    hiddenLarge.col(4).setConstant(500.0);
    addRows("hidden entries larger than visible", hiddenLarge, padded);
    // Finite logits of both signs up to 1e300 and the largest double: differences from the row
    // maximum far below the exponent range (and, at the largest double, overflowing to -inf).
    const double top = std::numeric_limits<double>::max();
    Eigen::MatrixXd huge(4, 3);
    huge << 1e300, -1e300, 0, 1e300, 1e300, -1e300, -1e300, -5e299, 1e-300, top, -top, 1e300;
    addRows("logits up to 1e300", Eigen::MatrixXd(huge.topRows(3)), BoolMatrix());
    addRows("logits up to the largest double", huge, BoolMatrix());
    BoolMatrix hugeMask = BoolMatrix::Constant(4, 3, true);
    hugeMask(0, 0) = hugeMask(1, 2) = hugeMask(3, 0) = false;
    addRows("logits up to the largest double, masked", huge, hugeMask);
    Eigen::MatrixXd spread = test::seededMatrix(5, 7, 1.0, 6);
    spread.col(3).array() += 800.0;
    addRows("gaps just past the exponent range", spread, BoolMatrix());
}

void TestFusedSoftmax::matchesDefinitions()
{
    QFETCH(Eigen::MatrixXd, logits);
    QFETCH(BoolMatrix, visible);
    QFETCH(int, kernel);
    if (!setExpKernel(ExpKernel(kernel)))
        QSKIP("this processor lacks the row's exponential kernel");
    Eigen::MatrixXd weights(logits.rows(), logits.cols());
    Eigen::VectorXd entropy(logits.rows());
    softmaxRowsWithEntropy(logits, visible, weights, entropy);
    for (int r = 0; r < logits.rows(); ++r) {
        Eigen::RowVectorXd expected;
        double expectedEntropy = 0.0;
        definition(logits, visible, r, &expected, &expectedEntropy);
        for (int c = 0; c < logits.cols(); ++c)
            QVERIFY2(std::abs(weights(r, c) - expected(c)) <= 1e-15,
                qPrintable(QStringLiteral("weight (%1, %2)").arg(r).arg(c)));
        QVERIFY2(std::abs(entropy(r) - expectedEntropy) <= 1e-13,
            qPrintable(QStringLiteral("entropy of row %1: %2 vs %3")
                           .arg(r)
                           .arg(entropy(r), 0, 'g', 17)
                           .arg(expectedEntropy, 0, 'g', 17)));
        QVERIFY(entropy(r) >= 0.0);
    }
}

void TestFusedSoftmax::nonFiniteLogitsFollowTheCarefulRules_data()
{
    QTest::addColumn<Eigen::MatrixXd>("logits");
    QTest::addColumn<BoolMatrix>("visible");
    QTest::addColumn<int>("kernel");

    Eigen::MatrixXd x = test::seededMatrix(4, 5, 2.0, 6);
    Eigen::MatrixXd plusInf = x;
    plusInf(1, 2) = inf;
    plusInf(1, 3) = inf;
    addRows("+inf shares the row", plusInf, BoolMatrix());
    Eigen::MatrixXd minusInf = x;
    minusInf(2, 0) = -inf;
    addRows("-inf weighs 0", minusInf, BoolMatrix());
    Eigen::MatrixXd allMinusInf = x;
    allMinusInf.row(3).setConstant(-inf);
    addRows("a row of -inf", allMinusInf, BoolMatrix());
    Eigen::MatrixXd withNan = x;
    withNan(0, 4) = notANumber;
    addRows("NaN is skipped", withNan, BoolMatrix());
    BoolMatrix hideNan = BoolMatrix::Constant(4, 5, true);
    hideNan(0, 4) = false;
    addRows("hidden NaN", withNan, hideNan);
}

void TestFusedSoftmax::nonFiniteLogitsFollowTheCarefulRules()
{
    QFETCH(Eigen::MatrixXd, logits);
    QFETCH(BoolMatrix, visible);
    QFETCH(int, kernel);
    if (!setExpKernel(ExpKernel(kernel)))
        QSKIP("this processor lacks the row's exponential kernel");
    Eigen::MatrixXd weights(logits.rows(), logits.cols());
    Eigen::VectorXd entropy(logits.rows());
    softmaxRowsWithEntropy(logits, visible, weights, entropy);

    Eigen::MatrixXd expected;
    const BoolMatrix mask
        = visible.size() == 0 ? BoolMatrix::Constant(logits.rows(), logits.cols(), true) : visible;
    maskedSoftmaxRows(logits, mask, expected);
    QVERIFY(weights.allFinite());
    QCOMPARE(weights, expected);
    QVERIFY((entropy - rowEntropy(expected)).cwiseAbs().maxCoeff() <= 1e-15);
}

void TestFusedSoftmax::writesIntoBlocksOfLargerMatrices()
{
    // The core works on row blocks of column-major matrices (strided columns).
    const Eigen::MatrixXd x = test::seededMatrix(16, 12, 3.0, 7);
    Eigen::MatrixXd weights = Eigen::MatrixXd::Constant(16, 12, -1.0);
    Eigen::VectorXd entropy = Eigen::VectorXd::Constant(16, -1.0);
    softmaxRowsWithEntropy(
        x.middleRows(4, 8), BoolMatrix(), weights.middleRows(4, 8), entropy.segment(4, 8));
    QVERIFY((weights.topRows(4).array() == -1.0).all());
    QVERIFY((weights.bottomRows(4).array() == -1.0).all());
    QVERIFY((entropy.head(4).array() == -1.0).all());
    QVERIFY((entropy.tail(4).array() == -1.0).all());
    for (int r = 4; r < 12; ++r) {
        Eigen::RowVectorXd expected;
        double expectedEntropy = 0.0;
        definition(x, BoolMatrix(), r, &expected, &expectedEntropy);
        QVERIFY((weights.row(r) - expected).cwiseAbs().maxCoeff() <= 1e-15);
        QVERIFY(std::abs(entropy(r) - expectedEntropy) <= 1e-13);
    }
}

void TestFusedSoftmax::noKeysMeansZeroEntropy()
{
    Eigen::MatrixXd weights(3, 0);
    Eigen::VectorXd entropy = Eigen::VectorXd::Constant(3, 7.0);
    softmaxRowsWithEntropy(Eigen::MatrixXd(3, 0), BoolMatrix(), weights, entropy);
    QCOMPARE(entropy, Eigen::VectorXd::Zero(3).eval());
}

QTEST_MAIN(TestFusedSoftmax)
#include "tst_fusedsoftmax.moc"
