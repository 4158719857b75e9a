// SPDX-License-Identifier: GPL-3.0-or-later
// softmaxBlock() (core/simd/softmaxblock.h): each kernel against a row-by-row softmax in long
// double, the copies and the mean it writes on the way, streamed copies, blocks cut at other
// rows, the kernels against each other, the AVX2 kernel four and eight lanes wide (the same
// bits), and the report of a non-finite logit.

#include "simd/softmaxblock.h"
#include "simd/vectorexp.h"
#include "simd/widekernels.h"
#include "testsupport.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

using namespace ae;

namespace {

using BoolArray = Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic>;

/// A mask with a hidden entry wherever (i + 2 j) % 3 == 0, and row 1 (if any) fully hidden.
BoolArray maskFor(int rows, int cols)
{
    BoolArray visible(rows, cols);
    for (int j = 0; j < cols; ++j)
        for (int i = 0; i < rows; ++i)
            visible(i, j) = (i + 2 * j) % 3 != 0 && i != 1;
    return visible;
}

/// The softmax of one row of logits / divisor over its visible entries, and its entropy,
/// term by term in long double: the definition, written independently of the kernels.
void referenceRow(const Eigen::MatrixXd &logits, const BoolArray *visible, int row, double divisor,
    std::vector<long double> &weights, long double &entropy)
{
    const int cols = int(logits.cols());
    weights.assign(static_cast<size_t>(cols), 0.0L);
    long double maximum = -std::numeric_limits<long double>::infinity();
    for (int j = 0; j < cols; ++j)
        if (!visible || (*visible)(row, j))
            maximum = std::max(maximum, (long double)logits(row, j) / divisor);
    entropy = 0.0L;
    if (std::isinf(maximum))
        return;
    long double sum = 0.0L;
    for (int j = 0; j < cols; ++j) {
        if (!visible || (*visible)(row, j)) {
            weights[size_t(j)] = std::exp((long double)logits(row, j) / divisor - maximum);
            sum += weights[size_t(j)];
        }
    }
    for (long double &w : weights) {
        w /= sum;
        if (w > 0.0L)
            entropy -= w * std::log(w);
    }
}

/// What one call writes.
struct Outputs
{
    Eigen::MatrixXd weights, logitsCopy, weightsCopy, mean;
    Eigen::VectorXd entropy;
    bool finite = false;
};

/// softmaxBlock() on @p kernel with every optional output, the mean starting at @p meanStart
/// (or started by the call when empty).
Outputs run(ExpKernel kernel, const Eigen::MatrixXd &logits, const BoolArray *visible,
    double divisor, bool stream, const Eigen::MatrixXd &meanStart = Eigen::MatrixXd())
{
    const ExpKernel before = activeExpKernel();
    setExpKernel(kernel);
    const Eigen::Index rows = logits.rows();
    const Eigen::Index cols = logits.cols();
    Outputs o;
    o.weights = Eigen::MatrixXd::Constant(rows, cols, -7.0);
    o.entropy = Eigen::VectorXd::Constant(rows, -7.0);
    // The copies are blocks of taller matrices, as in the attention result.
    Eigen::MatrixXd tallLogits = Eigen::MatrixXd::Constant(rows + 6, cols, -7.0);
    Eigen::MatrixXd tallWeights = Eigen::MatrixXd::Constant(rows + 6, cols, -7.0);
    o.mean = meanStart.size() ? meanStart : Eigen::MatrixXd::Constant(rows, cols, -7.0);
    SoftmaxBlock b;
    b.rows = rows;
    b.cols = cols;
    b.logits = logits.data();
    b.logitsStride = rows;
    if (visible) {
        b.visible = visible->data();
        b.visibleStride = rows;
    }
    b.divisor = divisor;
    b.weights = o.weights.data();
    b.weightsStride = rows;
    b.entropy = o.entropy.data();
    b.logitsCopy = tallLogits.data() + 2;
    b.logitsCopyStride = rows + 6;
    b.weightsCopy = tallWeights.data() + 2;
    b.weightsCopyStride = rows + 6;
    b.mean = o.mean.data();
    b.meanStride = rows;
    b.meanFactor = 0.25;
    b.meanStarts = meanStart.size() == 0;
    b.streamCopies = stream;
    o.finite = softmaxBlock(b);
    setExpKernel(before);
    o.logitsCopy = tallLogits.middleRows(2, rows);
    o.weightsCopy = tallWeights.middleRows(2, rows);
    // The rows around the block must be untouched.
    if (rows > 0 && cols > 0) {
        if ((tallLogits.topRows(2).array() != -7.0).any()
            || (tallLogits.bottomRows(4).array() != -7.0).any()
            || (tallWeights.topRows(2).array() != -7.0).any()
            || (tallWeights.bottomRows(4).array() != -7.0).any())
            o.finite = false;
    }
    return o;
}

QList<int> kernels()
{
    QList<int> list { int(ExpKernel::Portable) };
    if (expKernelSupported(ExpKernel::Avx2))
        list.append(int(ExpKernel::Avx2));
    return list;
}

} // namespace

/// Tests softmaxBlock() on every kernel the processor has.
class TestSoftmaxBlock : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheDefinition_data();
    void matchesTheDefinition();
    void meanAccumulates_data();
    void meanAccumulates();
    void rowBitsIndependentOfTheBlock();
    void kernelsAgree_data();
    void kernelsAgree();
    void widthsGiveTheSameBits_data();
    void widthsGiveTheSameBits();
    void nonFiniteLogitIsReported_data();
    void nonFiniteLogitIsReported();
    void noKeys();
};

void TestSoftmaxBlock::matchesTheDefinition_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<bool>("masked");
    QTest::addColumn<double>("divisor");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<double>("magnitude");
    for (int kernel : kernels()) {
        const QByteArray k = kernel == int(ExpKernel::Avx2) ? "avx2" : "portable";
        // Heights around the vector width (tails of one to three rows) and a tall block.
        for (int rows : { 1, 2, 3, 4, 5, 7, 8, 9, 33 }) {
            for (bool masked : { false, true }) {
                const QByteArray name
                    = k + "/" + QByteArray::number(rows) + "x6" + (masked ? "/masked" : "");
                QTest::newRow(name.constData())
                    << kernel << rows << 6 << masked << 1.0 << false << 30.0;
            }
        }
        QTest::newRow((k + "/scaled sqrt 2").constData())
            << kernel << 5 << 9 << false << std::sqrt(2.0) << false << 30.0;
        QTest::newRow((k + "/scaled 8, masked").constData())
            << kernel << 12 << 40 << true << 8.0 << false << 30.0;
        // Logits of 1e20 round by 1e4 when multiplied: x - max must still be 0 exactly at
        // a row's maximum (a multiply and subtract fused by the compiler would not be).
        QTest::newRow((k + "/huge logits, scaled").constData())
            << kernel << 9 << 7 << false << std::sqrt(7.0) << false << 1e20;
        QTest::newRow((k + "/huge logits, masked").constData())
            << kernel << 6 << 5 << true << 1.0 << false << 1e300;
        QTest::newRow((k + "/streamed copies").constData())
            << kernel << 16 << 12 << false << 4.0 << true << 30.0;
        QTest::newRow((k + "/streamed copies, odd height").constData())
            << kernel << 7 << 12 << true << 4.0 << true << 30.0;
    }
}

void TestSoftmaxBlock::matchesTheDefinition()
{
    QFETCH(int, kernel);
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(bool, masked);
    QFETCH(double, divisor);
    QFETCH(bool, stream);
    QFETCH(double, magnitude);
    const Eigen::MatrixXd logits
        = test::seededMatrix(rows, cols, magnitude, unsigned(rows * 100 + cols));
    const BoolArray mask = maskFor(rows, cols);
    const BoolArray *visible = masked ? &mask : nullptr;
    const Outputs o = run(ExpKernel(kernel), logits, visible, divisor, stream);
    QVERIFY(o.finite);
    QCOMPARE(o.logitsCopy, logits);
    QCOMPARE(o.weightsCopy, o.weights);
    std::vector<long double> expected;
    long double entropy = 0.0L;
    for (int i = 0; i < rows; ++i) {
        referenceRow(logits, visible, i, divisor, expected, entropy);
        for (int j = 0; j < cols; ++j) {
            const double w = o.weights(i, j);
            if (expected[size_t(j)] == 0.0L) {
                QCOMPARE(w, 0.0);
            } else {
                // x = logit / divisor - max is rounded to the nearest double first; e^x
                // inherits that rounding, |x| ulps of relative error, on top of its own.
                const double x = std::abs(double(std::log(expected[size_t(j)])));
                const double e = double(expected[size_t(j)]);
                QVERIFY2(std::abs(w - e) <= (4.0 + 2.0 * x) * 2.3e-16 * e + 1e-300,
                    qPrintable(QStringLiteral("weight (%1, %2): %3 vs %4")
                                   .arg(i)
                                   .arg(j)
                                   .arg(w, 0, 'g', 17)
                                   .arg(double(expected[size_t(j)]), 0, 'g', 17)));
            }
            QCOMPARE(o.mean(i, j), 0.25 * w);
        }
        QVERIFY2(std::abs(o.entropy(i) - double(entropy)) <= 1e-14,
            qPrintable(QStringLiteral("entropy of row %1: %2 vs %3")
                           .arg(i)
                           .arg(o.entropy(i), 0, 'g', 17)
                           .arg(double(entropy), 0, 'g', 17)));
    }
}

void TestSoftmaxBlock::meanAccumulates_data()
{
    QTest::addColumn<int>("kernel");
    for (int kernel : kernels())
        QTest::newRow(kernel == int(ExpKernel::Avx2) ? "avx2" : "portable") << kernel;
}

void TestSoftmaxBlock::meanAccumulates()
{
    QFETCH(int, kernel);
    const Eigen::MatrixXd logits = test::seededMatrix(6, 5, 3.0, 5);
    const Eigen::MatrixXd start = test::seededMatrix(6, 5, 1.0, 6);
    const Outputs o = run(ExpKernel(kernel), logits, nullptr, 2.0, false, start);
    QVERIFY(o.finite);
    for (Eigen::Index j = 0; j < logits.cols(); ++j)
        for (Eigen::Index i = 0; i < logits.rows(); ++i)
            QCOMPARE(o.mean(i, j), start(i, j) + 0.25 * o.weights(i, j));
}

void TestSoftmaxBlock::rowBitsIndependentOfTheBlock()
{
    if (!expKernelSupported(ExpKernel::Avx2))
        QSKIP("this processor has no AVX2 with FMA");
    const int kernel = int(ExpKernel::Avx2);
    // Row r of a 9-row block, and the same row as row 0, 1 or 2 of blocks of 1 to 3 rows
    // (in the vector body or in its tail), must get the same bits.
    const Eigen::MatrixXd logits = test::seededMatrix(9, 11, 20.0, 9);
    const BoolArray mask = maskFor(9, 11);
    const Outputs whole = run(ExpKernel(kernel), logits, &mask, 3.0, false);
    for (int first = 0; first < 9; ++first) {
        for (int height = 1; height <= std::min(5, 9 - first); ++height) {
            const Eigen::MatrixXd part = logits.middleRows(first, height);
            const BoolArray partMask = mask.middleRows(first, height);
            const Outputs o = run(ExpKernel(kernel), part, &partMask, 3.0, false);
            QVERIFY(o.finite);
            QCOMPARE(o.weights, Eigen::MatrixXd(whole.weights.middleRows(first, height)));
            QCOMPARE(o.entropy, Eigen::VectorXd(whole.entropy.segment(first, height)));
        }
    }
}

void TestSoftmaxBlock::kernelsAgree_data()
{
    QTest::addColumn<bool>("masked");
    QTest::newRow("all visible") << false;
    QTest::newRow("masked") << true;
}

void TestSoftmaxBlock::kernelsAgree()
{
    if (!expKernelSupported(ExpKernel::Avx2))
        QSKIP("this processor has no AVX2 with FMA");
    QFETCH(bool, masked);
    const Eigen::MatrixXd logits = test::seededMatrix(37, 29, 50.0, 37);
    const BoolArray mask = maskFor(37, 29);
    const BoolArray *visible = masked ? &mask : nullptr;
    const Outputs a = run(ExpKernel::Portable, logits, visible, 5.0, false);
    const Outputs b = run(ExpKernel::Avx2, logits, visible, 5.0, true);
    QVERIFY(a.finite && b.finite);
    QVERIFY((a.weights - b.weights).cwiseAbs().maxCoeff() <= 1e-15);
    QVERIFY((a.entropy - b.entropy).cwiseAbs().maxCoeff() <= 1e-14);
}

void TestSoftmaxBlock::widthsGiveTheSameBits_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<bool>("masked");
    QTest::addColumn<bool>("stream");
    // Heights in the eight-lane body and in its tail, and a block of both.
    for (int rows : { 1, 3, 5, 7, 8, 12, 15, 16, 19, 37 }) {
        for (bool masked : { false, true }) {
            const QByteArray name = QByteArray::number(rows) + " rows"
                + (masked ? ", masked" : ", all visible") + (rows == 37 ? ", streamed" : "");
            QTest::newRow(name.constData()) << rows << masked << (rows == 37);
        }
    }
}

void TestSoftmaxBlock::widthsGiveTheSameBits()
{
    if (!expKernelSupported(ExpKernel::Avx2) || !wideKernelsSupported())
        QSKIP("this processor has no AVX-512");
    QFETCH(int, rows);
    QFETCH(bool, masked);
    QFETCH(bool, stream);
    const Eigen::MatrixXd logits = test::seededMatrix(rows, 23, 40.0, unsigned(rows));
    const BoolArray mask = maskFor(rows, 23);
    const BoolArray *visible = masked ? &mask : nullptr;
    const Eigen::MatrixXd meanStart = test::seededMatrix(rows, 23, 1.0, 5);
    const bool before = wideKernelsActive();
    setWideKernels(false);
    const Outputs narrow = run(ExpKernel::Avx2, logits, visible, 3.0, stream, meanStart);
    setWideKernels(true);
    const Outputs wide = run(ExpKernel::Avx2, logits, visible, 3.0, stream, meanStart);
    setWideKernels(before);
    QVERIFY(narrow.finite && wide.finite);
    QCOMPARE(wide.weights, narrow.weights);
    QCOMPARE(wide.entropy, narrow.entropy);
    QCOMPARE(wide.logitsCopy, narrow.logitsCopy);
    QCOMPARE(wide.weightsCopy, narrow.weightsCopy);
    QCOMPARE(wide.mean, narrow.mean);
}

void TestSoftmaxBlock::nonFiniteLogitIsReported_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<double>("bad");
    QTest::addColumn<int>("row");
    const double inf = std::numeric_limits<double>::infinity();
    for (int kernel : kernels()) {
        const QByteArray k = kernel == int(ExpKernel::Avx2) ? "avx2" : "portable";
        QTest::newRow((k + "/+inf in the body").constData()) << kernel << inf << 0;
        QTest::newRow((k + "/-inf in the tail").constData()) << kernel << -inf << 4;
        QTest::newRow((k + "/NaN in the tail").constData())
            << kernel << std::numeric_limits<double>::quiet_NaN() << 5;
    }
}

void TestSoftmaxBlock::nonFiniteLogitIsReported()
{
    QFETCH(int, kernel);
    QFETCH(double, bad);
    QFETCH(int, row);
    Eigen::MatrixXd logits = test::seededMatrix(6, 4, 2.0, 3);
    logits(row, 2) = bad;
    const Outputs o = run(ExpKernel(kernel), logits, nullptr, 1.0, false);
    QVERIFY(!o.finite);
    // The copy of the logits is complete all the same: the careful path starts from it.
    QVERIFY(o.logitsCopy.cwiseEqual(logits).count() + (std::isnan(bad) ? 1 : 0) == logits.size());
}

void TestSoftmaxBlock::noKeys()
{
    Eigen::VectorXd entropy = Eigen::VectorXd::Constant(3, -1.0);
    SoftmaxBlock b;
    b.rows = 3;
    b.cols = 0;
    b.entropy = entropy.data();
    QVERIFY(softmaxBlock(b));
    QCOMPARE(entropy, Eigen::VectorXd::Zero(3));
}

QTEST_MAIN(TestSoftmaxBlock)
#include "tst_softmaxblock.moc"
