// SPDX-License-Identifier: GPL-3.0-or-later
// wideProductInto() (core/simd/wideproduct.h): on each path the processor has (the AVX-512
// kernel and multiplyInto()), products written over a block of a larger matrix, with and
// without the transpose, against a plain triple loop; on the AVX-512 kernel, every entry as
// the very chain of fused multiply-adds the header promises, and a block computed alone
// giving the bits of the whole.

#include "simd/widekernels.h"
#include "simd/wideproduct.h"
#include "testsupport.h"

#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

/// Runs wideProductInto() with the AVX-512 kernels on (@p wide) or off, into the block at
/// (1, 1) of a larger matrix of -7s; the border is checked by the caller.
Eigen::MatrixXd product(bool wide, const Eigen::MatrixXd &a, const Eigen::MatrixXd &b,
    bool transposeB, Eigen::Index rows, Eigen::Index cols)
{
    const bool before = wideKernelsActive();
    setWideKernels(wide);
    Eigen::MatrixXd big = Eigen::MatrixXd::Constant(rows + 3, cols + 2, -7.0);
    wideProductInto(a, b, transposeB, big.block(1, 1, rows, cols));
    setWideKernels(before);
    return big;
}

/// The right factor's entry (k, j).
double right(const Eigen::MatrixXd &b, bool transposeB, int k, int j)
{
    return transposeB ? b(j, k) : b(k, j);
}

} // namespace

/// Tests wideProductInto().
class TestWideProduct : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheDefinition_data();
    void matchesTheDefinition();
    void wideEntryIsOneFusedChain_data();
    void wideEntryIsOneFusedChain();
    void wideBlockGivesTheBitsOfTheWhole_data();
    void wideBlockGivesTheBitsOfTheWhole();
};

void TestWideProduct::matchesTheDefinition_data()
{
    QTest::addColumn<bool>("wide");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("cols");
    QTest::addColumn<bool>("transposeB");

    // Row counts around the kernel's 16-row tiles and 8-lane halves, column counts around its
    // 8-column tiles, depths around its 128-index passes, and an empty inner dimension.
    const int shapes[][3] = { { 1, 1, 1 }, { 7, 3, 9 }, { 9, 32, 8 }, { 16, 5, 17 },
        { 17, 300, 12 }, { 33, 129, 3 }, { 40, 0, 5 } };
    for (bool wide : { false, true }) {
        if (wide && !wideKernelsSupported())
            continue;
        for (const auto &s : shapes) {
            for (bool transposeB : { false, true }) {
                const QByteArray name = QByteArray(wide ? "wide " : "narrow ")
                    + QByteArray::number(s[0]) + "x" + QByteArray::number(s[1]) + "x"
                    + QByteArray::number(s[2]) + (transposeB ? ", b transposed" : "");
                QTest::newRow(name.constData()) << wide << s[0] << s[1] << s[2] << transposeB;
            }
        }
    }
}

void TestWideProduct::matchesTheDefinition()
{
    QFETCH(bool, wide);
    QFETCH(int, rows);
    QFETCH(int, depth);
    QFETCH(int, cols);
    QFETCH(bool, transposeB);
    const Eigen::MatrixXd a = test::seededMatrix(rows, depth, 1.0, 1);
    const Eigen::MatrixXd b = transposeB ? test::seededMatrix(cols, depth, 1.0, 2)
                                         : test::seededMatrix(depth, cols, 1.0, 2);
    const Eigen::MatrixXd big = product(wide, a, b, transposeB, rows, cols);
    for (int r = 0; r < rows + 3; ++r) {
        for (int c = 0; c < cols + 2; ++c) {
            const bool inside = r >= 1 && r <= rows && c >= 1 && c <= cols;
            if (!inside) {
                QCOMPARE(big(r, c), -7.0);
                continue;
            }
            long double sum = 0.0L;
            for (int k = 0; k < depth; ++k)
                sum += static_cast<long double>(a(r - 1, k)) * right(b, transposeB, k, c - 1);
            QVERIFY2(std::abs(big(r, c) - static_cast<double>(sum)) <= 1e-13,
                qPrintable(QStringLiteral("entry (%1, %2)").arg(r - 1).arg(c - 1)));
        }
    }
}

void TestWideProduct::wideEntryIsOneFusedChain_data()
{
    QTest::addColumn<bool>("transposeB");
    QTest::newRow("a b") << false;
    QTest::newRow("a b^T") << true;
}

void TestWideProduct::wideEntryIsOneFusedChain()
{
    if (!wideKernelsSupported())
        QSKIP("this processor has no AVX-512");
    QFETCH(bool, transposeB);
    const int rows = 21;
    const int depth = 261;
    const int cols = 11;
    const Eigen::MatrixXd a = test::seededMatrix(rows, depth, 3.0, 4);
    const Eigen::MatrixXd b = transposeB ? test::seededMatrix(cols, depth, 3.0, 5)
                                         : test::seededMatrix(depth, cols, 3.0, 5);
    const Eigen::MatrixXd big = product(true, a, b, transposeB, rows, cols);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            double sum = 0.0;
            for (int k = 0; k < depth; ++k)
                sum = std::fma(a(r, k), right(b, transposeB, k, c), sum);
            QCOMPARE(big(r + 1, c + 1), sum);
        }
    }
}

void TestWideProduct::wideBlockGivesTheBitsOfTheWhole_data()
{
    QTest::addColumn<bool>("transposeB");
    QTest::newRow("a b") << false;
    QTest::newRow("a b^T") << true;
}

void TestWideProduct::wideBlockGivesTheBitsOfTheWhole()
{
    if (!wideKernelsSupported())
        QSKIP("this processor has no AVX-512");
    QFETCH(bool, transposeB);
    const int rows = 45;
    const int depth = 150;
    const int cols = 19;
    const Eigen::MatrixXd a = test::seededMatrix(rows, depth, 3.0, 6);
    const Eigen::MatrixXd b = transposeB ? test::seededMatrix(cols, depth, 3.0, 7)
                                         : test::seededMatrix(depth, cols, 3.0, 7);
    const Eigen::MatrixXd whole
        = product(true, a, b, transposeB, rows, cols).block(1, 1, rows, cols);
    // Blocks of rows and of columns at offsets that cut the kernel's tiles.
    for (const auto &cut : { std::pair<int, int> { 3, 9 }, { 13, 20 }, { 30, 15 } }) {
        const Eigen::MatrixXd part = a.middleRows(cut.first, cut.second);
        const Eigen::MatrixXd rowsPart
            = product(true, part, b, transposeB, cut.second, cols).block(1, 1, cut.second, cols);
        QCOMPARE(rowsPart, Eigen::MatrixXd(whole.middleRows(cut.first, cut.second)));
    }
    const int c0 = 5;
    const int width = 10;
    const Eigen::MatrixXd bPart = transposeB ? Eigen::MatrixXd(b.middleRows(c0, width))
                                             : Eigen::MatrixXd(b.middleCols(c0, width));
    const Eigen::MatrixXd colsPart
        = product(true, a, bPart, transposeB, rows, width).block(1, 1, rows, width);
    QCOMPARE(colsPart, Eigen::MatrixXd(whole.middleCols(c0, width)));
}

QTEST_MAIN(TestWideProduct)
#include "tst_wideproduct.moc"
