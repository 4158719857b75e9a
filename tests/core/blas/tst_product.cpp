// SPDX-License-Identifier: GPL-3.0-or-later
// multiplyInto() (core/blas/product.h): products written over, or added to, their
// destination (a block of a larger matrix), with and without the transpose, on whichever
// path the build chose (OpenBLAS or Eigen), against a plain triple loop.

#include "blas/product.h"
#include "testsupport.h"

#include <QtTest>

using namespace ae;

/// Tests multiplyInto().
class TestProduct : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheDefinition_data();
    void matchesTheDefinition();
};

void TestProduct::matchesTheDefinition_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("cols");
    QTest::addColumn<bool>("transposeB");
    QTest::addColumn<bool>("accumulate");

    const int shapes[][3] = { { 2, 2, 4 }, { 1, 1, 1 }, { 37, 19, 23 }, { 256, 64, 10 } };
    for (const auto &s : shapes) {
        for (bool transposeB : { false, true }) {
            for (bool accumulate : { false, true }) {
                const QByteArray name = QByteArray::number(s[0]) + "x" + QByteArray::number(s[1])
                    + "x" + QByteArray::number(s[2]) + (transposeB ? ", b transposed" : "")
                    + (accumulate ? ", added" : ", written over");
                QTest::newRow(name.constData()) << s[0] << s[1] << s[2] << transposeB << accumulate;
            }
        }
    }
}

void TestProduct::matchesTheDefinition()
{
    QFETCH(int, rows);
    QFETCH(int, depth);
    QFETCH(int, cols);
    QFETCH(bool, transposeB);
    QFETCH(bool, accumulate);
    const Eigen::MatrixXd a = test::seededMatrix(rows, depth, 1.0, 1);
    const Eigen::MatrixXd b = transposeB ? test::seededMatrix(cols, depth, 1.0, 2)
                                         : test::seededMatrix(depth, cols, 1.0, 2);
    // The destination is a block inside a larger matrix whose border must stay untouched.
    const Eigen::MatrixXd start = test::seededMatrix(rows + 3, cols + 2, 1.0, 3);
    Eigen::MatrixXd big = start;
    multiplyInto(a, b, transposeB, big.block(1, 1, rows, cols), accumulate);
    for (int r = 0; r < rows + 3; ++r) {
        for (int c = 0; c < cols + 2; ++c) {
            const bool inside = r >= 1 && r <= rows && c >= 1 && c <= cols;
            if (!inside) {
                QCOMPARE(big(r, c), start(r, c));
                continue;
            }
            long double sum = accumulate ? start(r, c) : 0.0L;
            for (int k = 0; k < depth; ++k)
                sum += static_cast<long double>(a(r - 1, k))
                    * (transposeB ? b(c - 1, k) : b(k, c - 1));
            QVERIFY2(std::abs(big(r, c) - static_cast<double>(sum)) <= 1e-13,
                qPrintable(QStringLiteral("entry (%1, %2)").arg(r - 1).arg(c - 1)));
        }
    }
}

QTEST_MAIN(TestProduct)
#include "tst_product.moc"
