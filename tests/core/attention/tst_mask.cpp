// SPDX-License-Identifier: GPL-3.0-or-later
// The visibility mask: causal (top-left aligned for any Lq, Lk) AND key padding
// (core/attention/mask.h).

#include "attention/mask.h"

#include <QtTest>

using namespace ae;

namespace {

/// A mask written out by hand, one string per query row, '1' visible and '.' hidden.
BoolMatrix pattern(const QStringList &rows)
{
    BoolMatrix m(rows.size(), rows.isEmpty() ? 0 : rows.first().size());
    for (int i = 0; i < rows.size(); ++i)
        for (int j = 0; j < rows[i].size(); ++j)
            m(i, j) = rows[i][j] == QLatin1Char('1');
    return m;
}

QString describe(const BoolMatrix &m)
{
    QStringList rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        QString r;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            r += m(i, j) ? QLatin1Char('1') : QLatin1Char('.');
        rows << r;
    }
    return rows.join(QLatin1Char(' '));
}

} // namespace

Q_DECLARE_METATYPE(std::vector<bool>)

/// Tests buildVisibilityMask().
class TestMask : public QObject
{
    Q_OBJECT

private slots:
    void handWritten_data();
    void handWritten();
    void followsDefinition_data();
    void followsDefinition();
};

void TestMask::handWritten_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<std::vector<bool>>("padding");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("no mask 2x3") << 2 << 3 << false << std::vector<bool> {}
                                 << QStringList { QStringLiteral("111"), QStringLiteral("111") };
    QTest::newRow("causal square 3x3")
        << 3 << 3 << true << std::vector<bool> {}
        << QStringList { QStringLiteral("1.."), QStringLiteral("11."), QStringLiteral("111") };
    // torch.tril(torch.ones(2, 4)): top-left aligned, not bottom-right.
    QTest::newRow("causal wide 2x4 top-left")
        << 2 << 4 << true << std::vector<bool> {}
        << QStringList { QStringLiteral("1..."), QStringLiteral("11..") };
    QTest::newRow("causal tall 4x2 top-left")
        << 4 << 2 << true << std::vector<bool> {}
        << QStringList { QStringLiteral("1."), QStringLiteral("11"), QStringLiteral("11"),
               QStringLiteral("11") };
    QTest::newRow("padding only") << 2 << 4 << false
                                  << std::vector<bool> { false, true, false, true }
                                  << QStringList { QStringLiteral("1.1."), QStringLiteral("1.1.") };
    QTest::newRow("all keys padded") << 2 << 2 << false << std::vector<bool> { true, true }
                                     << QStringList { QStringLiteral(".."), QStringLiteral("..") };
    QTest::newRow("causal AND padding")
        << 3 << 3 << true << std::vector<bool> { false, true, false }
        << QStringList { QStringLiteral("1.."), QStringLiteral("1.."), QStringLiteral("1.1") };
    QTest::newRow("causal AND padding of the first key: row 0 fully masked")
        << 3 << 3 << true << std::vector<bool> { true, false, false }
        << QStringList { QStringLiteral("..."), QStringLiteral(".1."), QStringLiteral(".11") };
    QTest::newRow("padding, no padded key")
        << 1 << 3 << false << std::vector<bool> { false, false, false }
        << QStringList { QStringLiteral("111") };
    QTest::newRow("single query and key")
        << 1 << 1 << true << std::vector<bool> {} << QStringList { QStringLiteral("1") };
}

void TestMask::handWritten()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(bool, causal);
    QFETCH(std::vector<bool>, padding);
    QFETCH(QStringList, expected);
    const BoolMatrix mask = buildVisibilityMask(queries, keys, causal, padding);
    QCOMPARE(describe(mask), describe(pattern(expected)));
}

void TestMask::followsDefinition_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<std::vector<bool>>("padding");
    // Every shape from 1x1 to 7x7, with and without causality, with a padding pattern derived
    // from the shape so that rows differ.
    for (int lq = 1; lq <= 7; ++lq) {
        for (int lk = 1; lk <= 7; ++lk) {
            for (bool causal : { false, true }) {
                std::vector<bool> padding;
                if ((lq + lk) % 3 != 0) {
                    for (int j = 0; j < lk; ++j)
                        padding.push_back((j * 5 + lq) % 4 == 0);
                }
                QTest::addRow("%dx%d %s%s", lq, lk, causal ? "causal" : "open",
                    padding.empty() ? "" : " padded")
                    << lq << lk << causal << padding;
            }
        }
    }
}

void TestMask::followsDefinition()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(bool, causal);
    QFETCH(std::vector<bool>, padding);
    const BoolMatrix mask = buildVisibilityMask(queries, keys, causal, padding);
    QCOMPARE(mask.rows(), Eigen::Index(queries));
    QCOMPARE(mask.cols(), Eigen::Index(keys));
    for (int i = 0; i < queries; ++i) {
        for (int j = 0; j < keys; ++j) {
            const bool padded = !padding.empty() && padding[static_cast<size_t>(j)];
            const bool expected = (!causal || j <= i) && !padded;
            QVERIFY2(mask(i, j) == expected, qPrintable(QStringLiteral("(%1, %2)").arg(i).arg(j)));
        }
    }
}

QTEST_MAIN(TestMask)
#include "tst_mask.moc"
