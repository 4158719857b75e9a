// SPDX-License-Identifier: GPL-3.0-or-later
// Each row's prediction from the output layer's logits: rowArgmax() against Eigen's own
// row(r).maxCoeff(&c), the rule it replaces, on random logits with ties, NaNs and infinities.

#include "training/softmaxcrossentropy.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace ae;

class TestSoftmaxCrossEntropy : public QObject
{
    Q_OBJECT

private slots:
    void rowArgmaxAsMaxCoeff_data();
    void rowArgmaxAsMaxCoeff();
    void rowArgmaxHandPicked_data();
    void rowArgmaxHandPicked();
};

void TestSoftmaxCrossEntropy::rowArgmaxAsMaxCoeff_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<int>("levels"); // 0: continuous values; n: n distinct values (many ties)
    QTest::addColumn<bool>("specials");
    QTest::newRow("one column") << 7 << 1 << 0 << false;
    QTest::newRow("one row") << 1 << 40 << 0 << false;
    QTest::newRow("continuous") << 300 << 50 << 0 << false;
    QTest::newRow("ties") << 200 << 30 << 3 << false;
    QTest::newRow("NaN and infinities") << 200 << 30 << 4 << true;
    QTest::newRow("a thousand words") << 640 << 1000 << 0 << false;
}

void TestSoftmaxCrossEntropy::rowArgmaxAsMaxCoeff()
{
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(int, levels);
    QFETCH(bool, specials);
    std::mt19937_64 rng(quint64(rows) * 1000003u + quint64(cols));
    std::normal_distribution<double> normal;
    std::uniform_int_distribution<int> level(0, std::max(levels - 1, 0));
    std::uniform_int_distribution<int> special(0, 9);
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Eigen::MatrixXd logits(rows, cols);
    for (int c = 0; c < cols; ++c) {
        for (int r = 0; r < rows; ++r) {
            double v = levels > 0 ? double(level(rng)) : normal(rng);
            if (specials) {
                const int k = special(rng);
                v = k == 0 ? nan : k == 1 ? inf : k == 2 ? -inf : v;
            }
            logits(r, c) = v;
        }
    }
    Eigen::ArrayXi best;
    rowArgmax(logits, best);
    QCOMPARE(best.size(), Eigen::Index(rows));
    for (int r = 0; r < rows; ++r) {
        Eigen::Index expected = -1;
        logits.row(r).maxCoeff(&expected);
        QCOMPARE(Eigen::Index(best(r)), expected);
    }
}

void TestSoftmaxCrossEntropy::rowArgmaxHandPicked_data()
{
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::addColumn<QList<double>>("row");
    QTest::addColumn<int>("expected");
    QTest::newRow("largest last") << QList<double> { 1, 2, 3 } << 2;
    QTest::newRow("first of equals") << QList<double> { 0, 5, 1, 5 } << 1;
    QTest::newRow("all equal") << QList<double> { 2, 2, 2 } << 0;
    QTest::newRow("NaN never wins") << QList<double> { -1, nan, -3 } << 0;
    QTest::newRow("NaN first keeps column 0") << QList<double> { nan, 4, 9 } << 0;
    QTest::newRow("infinity") << QList<double> { 1e308, inf, 3 } << 1;
    QTest::newRow("all minus infinity") << QList<double> { -inf, -inf } << 0;
}

void TestSoftmaxCrossEntropy::rowArgmaxHandPicked()
{
    QFETCH(QList<double>, row);
    QFETCH(int, expected);
    Eigen::MatrixXd logits(1, row.size());
    for (int c = 0; c < int(row.size()); ++c)
        logits(0, c) = row[c];
    Eigen::ArrayXi best;
    rowArgmax(logits, best);
    QCOMPARE(best(0), expected);
}

QTEST_MAIN(TestSoftmaxCrossEntropy)
#include "tst_softmaxcrossentropy.moc"
