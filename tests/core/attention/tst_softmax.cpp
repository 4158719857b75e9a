// SPDX-License-Identifier: GPL-3.0-or-later
// The stable masked softmax and the row entropy (core/attention/softmax.h).

#include "attention/softmax.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

using namespace ae;

namespace {

const double inf = std::numeric_limits<double>::infinity();

Eigen::RowVectorXd row(std::initializer_list<double> values)
{
    Eigen::RowVectorXd r(static_cast<Eigen::Index>(values.size()));
    Eigen::Index j = 0;
    for (double v : values)
        r(j++) = v;
    return r;
}

BoolMatrix maskRow(std::initializer_list<bool> values)
{
    BoolMatrix m(1, static_cast<Eigen::Index>(values.size()));
    Eigen::Index j = 0;
    for (bool v : values)
        m(0, j++) = v;
    return m;
}

/// softmax of a row of finite, moderate logits straight from the definition, in long double.
Eigen::RowVectorXd definitionSoftmax(const Eigen::RowVectorXd &x)
{
    long double sum = 0;
    for (Eigen::Index j = 0; j < x.size(); ++j)
        sum += std::exp(static_cast<long double>(x(j)));
    Eigen::RowVectorXd p(x.size());
    for (Eigen::Index j = 0; j < x.size(); ++j)
        p(j) = static_cast<double>(std::exp(static_cast<long double>(x(j))) / sum);
    return p;
}

} // namespace

Q_DECLARE_METATYPE(Eigen::RowVectorXd)
Q_DECLARE_METATYPE(BoolMatrix)

/// Tests maskedSoftmaxRows(), softmaxRows() and rowEntropy().
class TestSoftmax : public QObject
{
    Q_OBJECT

private slots:
    void matchesDefinition_data();
    void matchesDefinition();
    void extremeLogitsStayExact_data();
    void extremeLogitsStayExact();
    void maskedRows_data();
    void maskedRows();
    void addingConstantChangesNothing_data();
    void addingConstantChangesNothing();
    void dyadicShiftIsBitExact();
    void unmaskedAgreesWithAllVisible();
    void entropy_data();
    void entropy();
};

void TestSoftmax::matchesDefinition_data()
{
    QTest::addColumn<Eigen::RowVectorXd>("logits");
    QTest::newRow("single entry") << row({ 0.3 });
    QTest::newRow("equal logits") << row({ 2.0, 2.0, 2.0, 2.0 });
    QTest::newRow("increasing") << row({ -1.0, 0.0, 1.0, 2.0, 3.0 });
    QTest::newRow("mixed signs") << row({ 0.5, -2.25, 3.125, -0.75 });
    QTest::newRow("one dominant") << row({ 30.0, 0.0, -5.0 });
    QTest::newRow("tiny differences") << row({ 1e-12, 2e-12, -3e-12 });
}

void TestSoftmax::matchesDefinition()
{
    QFETCH(Eigen::RowVectorXd, logits);
    Eigen::MatrixXd weights;
    softmaxRows(logits, weights);
    const Eigen::RowVectorXd expected = definitionSoftmax(logits);
    QCOMPARE(weights.rows(), Eigen::Index(1));
    QVERIFY((weights.row(0) - expected).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY(std::abs(weights.sum() - 1.0) < 1e-15);
}

void TestSoftmax::extremeLogitsStayExact_data()
{
    QTest::addColumn<Eigen::RowVectorXd>("logits");
    QTest::addColumn<Eigen::RowVectorXd>("expected");
    // 1 / (1 + e^-1) and its complement: what softmax([a, a - 1]) is for every a.
    const double big = 1.0 / (1.0 + std::exp(-1.0));
    const double small = std::exp(-1.0) / (1.0 + std::exp(-1.0));
    QTest::newRow("1e5 and 1e5-1") << row({ 1e5, 1e5 - 1 }) << row({ big, small });
    QTest::newRow("-1e5 and -1e5-1") << row({ -1e5, -1e5 - 1 }) << row({ big, small });
    QTest::newRow("1e5-1 and 1e5") << row({ 1e5 - 1, 1e5 }) << row({ small, big });
    QTest::newRow("1e8 spread of 1") << row({ 1e8, 1e8 - 1 }) << row({ big, small });
    QTest::newRow("1e300 twice") << row({ 1e300, 1e300 }) << row({ 0.5, 0.5 });
    QTest::newRow("1e300 and -1e300") << row({ 1e300, -1e300 }) << row({ 1.0, 0.0 });
    QTest::newRow("-1e300 and 1e300 and 0")
        << row({ -1e300, 1e300, 0.0 }) << row({ 0.0, 1.0, 0.0 });
    QTest::newRow("largest doubles of both signs")
        << row({ std::numeric_limits<double>::max(), -std::numeric_limits<double>::max() })
        << row({ 1.0, 0.0 });
    QTest::newRow("1e5 against 0") << row({ 1e5, 0.0 }) << row({ 1.0, 0.0 });
    QTest::newRow("+inf and a finite") << row({ inf, 3.0 }) << row({ 1.0, 0.0 });
    QTest::newRow("two +inf and a finite") << row({ inf, 1.0, inf }) << row({ 0.5, 0.0, 0.5 });
    QTest::newRow("-inf and finites") << row({ -inf, 0.0, 0.0 }) << row({ 0.0, 0.5, 0.5 });
    QTest::newRow("+inf and -inf") << row({ -inf, inf }) << row({ 0.0, 1.0 });
    // Equal logits falling towards -inf share the weight evenly; that is the limit kept.
    QTest::newRow("all -inf") << row({ -inf, -inf }) << row({ 0.5, 0.5 });
}

void TestSoftmax::extremeLogitsStayExact()
{
    QFETCH(Eigen::RowVectorXd, logits);
    QFETCH(Eigen::RowVectorXd, expected);
    Eigen::MatrixXd weights;
    softmaxRows(logits, weights);
    QVERIFY(weights.allFinite());
    for (Eigen::Index j = 0; j < expected.size(); ++j)
        QVERIFY2(std::abs(weights(0, j) - expected(j)) <= 1e-15,
            qPrintable(QStringLiteral("entry %1: %2, expected %3")
                           .arg(j)
                           .arg(weights(0, j), 0, 'g', 17)
                           .arg(expected(j), 0, 'g', 17)));
}

void TestSoftmax::maskedRows_data()
{
    QTest::addColumn<Eigen::RowVectorXd>("logits");
    QTest::addColumn<BoolMatrix>("visible");
    QTest::addColumn<Eigen::RowVectorXd>("expected");
    QTest::addColumn<bool>("fullyMasked");
    const double e1 = std::exp(1.0);
    QTest::newRow("all visible") << row({ 0.0, 1.0 }) << maskRow({ true, true })
                                 << row({ 1 / (1 + e1), e1 / (1 + e1) }) << false;
    QTest::newRow("one hidden") << row({ 0.0, 5.0, 1.0 }) << maskRow({ true, false, true })
                                << row({ 1 / (1 + e1), 0.0, e1 / (1 + e1) }) << false;
    QTest::newRow("only one visible")
        << row({ -3.0, 100.0, 7.0 }) << maskRow({ false, false, true }) << row({ 0.0, 0.0, 1.0 })
        << false;
    QTest::newRow("hidden entry is huge")
        << row({ 1e300, 0.0, 0.0 }) << maskRow({ false, true, true }) << row({ 0.0, 0.5, 0.5 })
        << false;
    QTest::newRow("hidden entry is +inf")
        << row({ inf, 2.0 }) << maskRow({ false, true }) << row({ 0.0, 1.0 }) << false;
    QTest::newRow("fully masked") << row({ 1.0, 2.0, 3.0 }) << maskRow({ false, false, false })
                                  << row({ 0.0, 0.0, 0.0 }) << true;
}

void TestSoftmax::maskedRows()
{
    QFETCH(Eigen::RowVectorXd, logits);
    QFETCH(BoolMatrix, visible);
    QFETCH(Eigen::RowVectorXd, expected);
    QFETCH(bool, fullyMasked);
    Eigen::MatrixXd weights;
    const std::vector<bool> masked = maskedSoftmaxRows(logits, visible, weights);
    QCOMPARE(masked, std::vector<bool> { fullyMasked });
    for (Eigen::Index j = 0; j < expected.size(); ++j) {
        if (!visible(0, j) || fullyMasked)
            QCOMPARE(weights(0, j), 0.0); // exactly zero, not merely small
        else
            QVERIFY(std::abs(weights(0, j) - expected(j)) <= 1e-15);
    }
}

void TestSoftmax::addingConstantChangesNothing_data()
{
    QTest::addColumn<double>("constant");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("+1") << 1.0 << 1e-15;
    QTest::newRow("-7.5") << -7.5 << 1e-15;
    QTest::newRow("+1000") << 1000.0 << 1e-12;
    QTest::newRow("-1e5") << -1e5 << 1e-10;
    QTest::newRow("+1e6") << 1e6 << 1e-9;
}

void TestSoftmax::addingConstantChangesNothing()
{
    QFETCH(double, constant);
    QFETCH(double, tolerance);
    // The tolerance allows only for rounding x + c to the nearest double.
    std::mt19937_64 gen(12345);
    std::normal_distribution<double> normal(0.0, 3.0);
    for (int trial = 0; trial < 50; ++trial) {
        Eigen::MatrixXd logits(4, 1 + trial % 9);
        for (Eigen::Index i = 0; i < logits.size(); ++i)
            logits.data()[i] = normal(gen);
        Eigen::MatrixXd shifted = logits;
        shifted.row(trial % 4).array() += constant;
        Eigen::MatrixXd a, b;
        softmaxRows(logits, a);
        softmaxRows(shifted, b);
        QVERIFY2((a - b).cwiseAbs().maxCoeff() <= tolerance,
            qPrintable(QStringLiteral("trial %1: difference %2")
                           .arg(trial)
                           .arg((a - b).cwiseAbs().maxCoeff())));
    }
}

void TestSoftmax::dyadicShiftIsBitExact()
{
    // Logits on a 1/8 grid shifted by 1024 are represented exactly, so the subtraction of the
    // row maximum gives the very same exponents and the result must match to the last bit.
    const Eigen::RowVectorXd logits = row({ 0.125, -2.5, 3.75, 1.0, -0.875 });
    const Eigen::RowVectorXd shifted = logits.array() + 1024.0;
    Eigen::MatrixXd a, b;
    softmaxRows(logits, a);
    softmaxRows(shifted, b);
    QCOMPARE(a, b);
}

void TestSoftmax::unmaskedAgreesWithAllVisible()
{
    std::mt19937_64 gen(7);
    std::uniform_real_distribution<double> uniform(-20.0, 20.0);
    Eigen::MatrixXd logits(6, 5);
    for (Eigen::Index i = 0; i < logits.size(); ++i)
        logits.data()[i] = uniform(gen);
    Eigen::MatrixXd plain, masked;
    softmaxRows(logits, plain);
    const std::vector<bool> fully
        = maskedSoftmaxRows(logits, BoolMatrix::Constant(6, 5, true), masked);
    QCOMPARE(plain, masked);
    QCOMPARE(fully, std::vector<bool>(6, false));
}

void TestSoftmax::entropy_data()
{
    QTest::addColumn<Eigen::RowVectorXd>("probabilities");
    QTest::addColumn<double>("expected");
    QTest::newRow("uniform over 4") << row({ 0.25, 0.25, 0.25, 0.25 }) << std::log(4.0);
    QTest::newRow("uniform over 10")
        << Eigen::RowVectorXd(Eigen::RowVectorXd::Constant(10, 0.1)) << std::log(10.0);
    QTest::newRow("one-hot") << row({ 0.0, 1.0, 0.0 }) << 0.0;
    QTest::newRow("half and half with zeros") << row({ 0.5, 0.0, 0.5, 0.0 }) << std::log(2.0);
    QTest::newRow("quarter and three quarters")
        << row({ 0.25, 0.75 }) << -(0.25 * std::log(0.25) + 0.75 * std::log(0.75));
    QTest::newRow("fully masked row") << row({ 0.0, 0.0, 0.0 }) << 0.0;
}

void TestSoftmax::entropy()
{
    QFETCH(Eigen::RowVectorXd, probabilities);
    QFETCH(double, expected);
    const Eigen::VectorXd h = rowEntropy(probabilities);
    QCOMPARE(h.size(), Eigen::Index(1));
    QVERIFY2(std::abs(h(0) - expected) <= 1e-15,
        qPrintable(
            QStringLiteral("%1, expected %2").arg(h(0), 0, 'g', 17).arg(expected, 0, 'g', 17)));
    QVERIFY(h(0) >= 0.0);
}

QTEST_MAIN(TestSoftmax)
#include "tst_softmax.moc"
