// SPDX-License-Identifier: GPL-3.0-or-later
// The embedding generators (core/attention/embeddings.h): hashed, one-hot, sinusoidal positions.

#include "attention/embeddings.h"

#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(std::uint64_t)
Q_DECLARE_METATYPE(Eigen::MatrixXd)

namespace {

/// A matrix from rows written out in the test.
Eigen::MatrixXd matrix(std::initializer_list<std::initializer_list<double>> rows)
{
    const Eigen::Index cols
        = rows.size() == 0 ? 0 : static_cast<Eigen::Index>(rows.begin()->size());
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), cols);
    Eigen::Index i = 0;
    for (const auto &r : rows) {
        Eigen::Index j = 0;
        for (double v : r)
            m(i, j++) = v;
        ++i;
    }
    return m;
}

/// PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)), written
/// from Vaswani et al. with the pair index i, independently of the core's loop.
double positionalEntry(int pos, int column, int width)
{
    const int i = column / 2;
    const double frequency = std::exp(-std::log(10000.0) * (2.0 * i) / width);
    return column % 2 == 0 ? std::sin(pos * frequency) : std::cos(pos * frequency);
}

} // namespace

/// Tests the hashed, one-hot and positional generators and generateEmbeddings().
class TestEmbeddings : public QObject
{
    Q_OBJECT

private slots:
    void hashedIsDeterministicAndRounded_data();
    void hashedIsDeterministicAndRounded();
    void hashedSameTokenSameRow();
    void hashedDiffersByTokenAndSeed();
    void hashedSpreadsOverTheRange();
    void oneHot_data();
    void oneHot();
    void vocabularySize_data();
    void vocabularySize();
    void sinusoidalMatchesFormula_data();
    void sinusoidalMatchesFormula();
    void sinusoidalHandValues();
    void generate_data();
    void generate();
};

void TestEmbeddings::hashedIsDeterministicAndRounded_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("width");
    QTest::addColumn<std::uint64_t>("seed");
    QTest::newRow("ascii word") << QStringLiteral("love") << 4 << std::uint64_t(0);
    QTest::newRow("Chinese word") << QStringLiteral("深度") << 8 << std::uint64_t(7);
    QTest::newRow("single CJK character") << QStringLiteral("我") << 1 << std::uint64_t(1);
    QTest::newRow("emoji") << QStringLiteral("🙂") << 5 << std::uint64_t(3);
    QTest::newRow("padding token") << QStringLiteral("<pad>") << 64 << std::uint64_t(123456789);
    QTest::newRow("wide") << QStringLiteral("attention") << 1024 << (std::uint64_t(1) << 53);
}

void TestEmbeddings::hashedIsDeterministicAndRounded()
{
    QFETCH(QString, token);
    QFETCH(int, width);
    QFETCH(std::uint64_t, seed);
    const Eigen::RowVectorXd a = hashedEmbedding(token, width, seed);
    const Eigen::RowVectorXd b = hashedEmbedding(QString(token), width, seed);
    QCOMPARE(a.size(), Eigen::Index(width));
    QCOMPARE(a, b);
    for (Eigen::Index j = 0; j < a.size(); ++j) {
        QVERIFY2(a(j) >= -1.0 && a(j) <= 1.0, qPrintable(QString::number(a(j))));
        // Two decimals: 100 * x is a whole number (up to the rounding of the division).
        QVERIFY2(std::abs(a(j) * 100.0 - std::round(a(j) * 100.0)) < 1e-9,
            qPrintable(QString::number(a(j), 'g', 17)));
    }
}

void TestEmbeddings::hashedSameTokenSameRow()
{
    const QStringList tokens { QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("sat"),
        QStringLiteral("on"), QStringLiteral("the"), QStringLiteral("mat") };
    const Eigen::MatrixXd m = hashedEmbeddings(tokens, 6, 42);
    QCOMPARE(m.rows(), Eigen::Index(6));
    QCOMPARE(m.cols(), Eigen::Index(6));
    QCOMPARE(Eigen::RowVectorXd(m.row(0)), Eigen::RowVectorXd(m.row(4)));
    // Each row is the single-token vector, whatever its position or neighbours.
    for (int i = 0; i < tokens.size(); ++i)
        QCOMPARE(Eigen::RowVectorXd(m.row(i)), hashedEmbedding(tokens[i], 6, 42));
    QCOMPARE(hashedEmbeddings({ QStringLiteral("mat") }, 6, 42), Eigen::MatrixXd(m.row(5)));
}

void TestEmbeddings::hashedDiffersByTokenAndSeed()
{
    const Eigen::RowVectorXd a = hashedEmbedding(QStringLiteral("i"), 16, 0);
    QVERIFY(a != hashedEmbedding(QStringLiteral("love"), 16, 0));
    QVERIFY(a != hashedEmbedding(QStringLiteral("I"), 16, 0));
    QVERIFY(a != hashedEmbedding(QStringLiteral("i"), 16, 1));
    // Tokens that differ only in a CJK character.
    QVERIFY(hashedEmbedding(QStringLiteral("深度"), 16, 0)
        != hashedEmbedding(QStringLiteral("深渡"), 16, 0));
}

void TestEmbeddings::hashedSpreadsOverTheRange()
{
    // Uniform on [-1, 1] rounded to 0.01: over many tokens the mean is near 0, the values reach
    // both ends of the range, and both signs are common.
    double sum = 0.0;
    int n = 0, negatives = 0;
    double lo = 1.0, hi = -1.0;
    for (int t = 0; t < 500; ++t) {
        const Eigen::RowVectorXd v = hashedEmbedding(QStringLiteral("token%1").arg(t), 32, 5);
        for (Eigen::Index j = 0; j < v.size(); ++j) {
            sum += v(j);
            ++n;
            negatives += v(j) < 0;
            lo = std::min(lo, v(j));
            hi = std::max(hi, v(j));
        }
    }
    // Standard error of the mean: sqrt(1/3 / n).
    QVERIFY(std::abs(sum / n) < 5 * std::sqrt(1.0 / 3.0 / n));
    QVERIFY(lo <= -0.99);
    QVERIFY(hi >= 0.99);
    QVERIFY(negatives > n / 3 && negatives < 2 * n / 3);
}

void TestEmbeddings::oneHot_data()
{
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("fits");
    QTest::addColumn<Eigen::MatrixXd>("expected");
    const QString a = QStringLiteral("a"), b = QStringLiteral("b"), c = QStringLiteral("c");
    QTest::newRow("repeats, exact width") << QStringList { a, b, a,
        c } << 3 << true << matrix({ { 1, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } });
    QTest::newRow("order of first appearance")
        << QStringList { c, a, c } << 2 << true << matrix({ { 1, 0 }, { 0, 1 }, { 1, 0 } });
    QTest::newRow("wider than the vocabulary")
        << QStringList { b, a } << 4 << true << matrix({ { 1, 0, 0, 0 }, { 0, 1, 0, 0 } });
    QTest::newRow("Chinese tokens")
        << QStringList { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("我") } << 2
        << true << matrix({ { 1, 0 }, { 0, 1 }, { 1, 0 } });
    QTest::newRow("vocabulary larger than width")
        << QStringList { a, b, c } << 2 << false << Eigen::MatrixXd();
    QTest::newRow("one token") << QStringList { a } << 1 << true << matrix({ { 1 } });
}

void TestEmbeddings::oneHot()
{
    QFETCH(QStringList, tokens);
    QFETCH(int, width);
    QFETCH(bool, fits);
    QFETCH(Eigen::MatrixXd, expected);
    const std::optional<Eigen::MatrixXd> m = oneHotEmbeddings(tokens, width);
    QCOMPARE(m.has_value(), fits);
    if (fits)
        QCOMPARE(*m, expected);
}

void TestEmbeddings::vocabularySize_data()
{
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<int>("expected");
    QTest::newRow("distinct") << QStringList { QStringLiteral("x"), QStringLiteral("y") } << 2;
    QTest::newRow("repeated") << QStringList { QStringLiteral("x"), QStringLiteral("x") } << 1;
    QTest::newRow("case matters") << QStringList { QStringLiteral("X"), QStringLiteral("x") } << 2;
    QTest::newRow("empty") << QStringList {} << 0;
}

void TestEmbeddings::vocabularySize()
{
    QFETCH(QStringList, tokens);
    QFETCH(int, expected);
    QCOMPARE(ae::vocabularySize(tokens), expected);
}

void TestEmbeddings::sinusoidalMatchesFormula_data()
{
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("width");
    QTest::newRow("4 x 4") << 4 << 4;
    QTest::newRow("odd width 3 x 5") << 3 << 5;
    QTest::newRow("width 1") << 6 << 1;
    QTest::newRow("512 x 512") << 512 << 512;
}

void TestEmbeddings::sinusoidalMatchesFormula()
{
    QFETCH(int, length);
    QFETCH(int, width);
    const Eigen::MatrixXd pe = sinusoidalPositions(length, width);
    QCOMPARE(pe.rows(), Eigen::Index(length));
    QCOMPARE(pe.cols(), Eigen::Index(width));
    for (int pos = 0; pos < length; ++pos)
        for (int j = 0; j < width; ++j)
            QVERIFY2(std::abs(pe(pos, j) - positionalEntry(pos, j, width)) < 1e-12,
                qPrintable(QStringLiteral("PE(%1, %2)").arg(pos).arg(j)));
}

void TestEmbeddings::sinusoidalHandValues()
{
    const Eigen::MatrixXd pe = sinusoidalPositions(3, 4);
    // Position 0: sin 0 = 0 in even columns, cos 0 = 1 in odd ones.
    QCOMPARE(Eigen::RowVectorXd(pe.row(0)), (Eigen::RowVectorXd(4) << 0, 1, 0, 1).finished());
    // Column pair 0 has frequency 1; pair 1 has 10000^(-2/4) = 1/100.
    QVERIFY(std::abs(pe(1, 0) - std::sin(1.0)) < 1e-15);
    QVERIFY(std::abs(pe(1, 1) - std::cos(1.0)) < 1e-15);
    QVERIFY(std::abs(pe(2, 2) - std::sin(0.02)) < 1e-15);
    QVERIFY(std::abs(pe(2, 3) - std::cos(0.02)) < 1e-15);
}

void TestEmbeddings::generate_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<bool>("positional");
    QTest::addColumn<int>("width");
    QTest::newRow("hashed") << int(EmbeddingMode::Hashed) << false << 5;
    QTest::newRow("hashed + positions") << int(EmbeddingMode::Hashed) << true << 6;
    QTest::newRow("one-hot") << int(EmbeddingMode::OneHot) << false << 4;
    QTest::newRow("one-hot + positions") << int(EmbeddingMode::OneHot) << true << 4;
    QTest::newRow("one-hot too narrow") << int(EmbeddingMode::OneHot) << false << 2;
    QTest::newRow("manual, same size") << int(EmbeddingMode::Manual) << false << 3;
    QTest::newRow("manual grows") << int(EmbeddingMode::Manual) << false << 5;
    QTest::newRow("manual shrinks") << int(EmbeddingMode::Manual) << false << 2;
    QTest::newRow("manual ignores positions") << int(EmbeddingMode::Manual) << true << 3;
}

void TestEmbeddings::generate()
{
    QFETCH(int, mode);
    QFETCH(bool, positional);
    QFETCH(int, width);
    const QStringList tokens { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("我"),
        QStringLiteral("学习") };
    EmbeddingRecipe recipe;
    recipe.mode = static_cast<EmbeddingMode>(mode);
    recipe.seed = 11;
    recipe.positional = positional;
    // The typed matrix: 4 x 3 with distinct entries.
    const Eigen::MatrixXd manual
        = matrix({ { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 }, { 10, 11, 12 } });

    const std::optional<Eigen::MatrixXd> m = generateEmbeddings(recipe, tokens, width, manual);
    if (recipe.mode == EmbeddingMode::OneHot && width < 3) {
        QVERIFY(!m.has_value()); // 3 distinct tokens do not fit
        return;
    }
    QVERIFY(m.has_value());
    QCOMPARE(m->rows(), Eigen::Index(4));
    QCOMPARE(m->cols(), Eigen::Index(width));

    Eigen::MatrixXd expected;
    switch (recipe.mode) {
    case EmbeddingMode::Hashed:
        expected = hashedEmbeddings(tokens, width, 11);
        break;
    case EmbeddingMode::OneHot:
        expected = *oneHotEmbeddings(tokens, width);
        break;
    case EmbeddingMode::Manual:
        // What was typed stays where it fits; new cells are 0; positions are never added.
        expected = Eigen::MatrixXd::Zero(4, width);
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < std::min(width, 3); ++j)
                expected(i, j) = manual(i, j);
        QCOMPARE(*m, expected);
        return;
    }
    if (positional)
        expected += sinusoidalPositions(4, width);
    QVERIFY((*m - expected).cwiseAbs().maxCoeff() < 1e-15);
}

QTEST_MAIN(TestEmbeddings)
#include "tst_embeddings.moc"
