// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapData's alignment rules: alignedCells() (all rows in one sweep) against a plain
// row-by-row reading of the rule, on hand-made rows and seeded random maps with masks.

#include "heatmap/heatmapdata.h"

#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

/// The rule read literally, row by row: the visible columns holding the row's largest value
/// (ties within 1e-12 relative), none for a fully masked row or a uniform row of several.
QList<QPoint> expectedCells(const HeatmapData &d)
{
    QList<QPoint> cells;
    for (int r = 0; r < d.rows(); ++r) {
        long double best = -INFINITY;
        int visible = 0;
        for (int c = 0; c < d.columns(); ++c) {
            if (d.isVisible(r, c)) {
                best = std::max(best, static_cast<long double>(d.values(r, c)));
                ++visible;
            }
        }
        if (visible == 0)
            continue;
        const long double tolerance = 1e-12L * std::max(1.0L, std::fabs(best));
        QList<QPoint> row;
        for (int c = 0; c < d.columns(); ++c) {
            if (d.isVisible(r, c) && d.values(r, c) >= best - tolerance)
                row.append(QPoint(c, r));
        }
        if (visible > 1 && row.size() == visible)
            continue;
        cells += row;
    }
    return cells;
}

HeatmapData randomMap(int rows, int columns, unsigned seed, bool masked, int levels)
{
    HeatmapData d;
    d.values.resize(rows, columns);
    unsigned long long state = seed * 0x9E3779B97F4A7C15ULL + 7;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return double(state >> 11) / double(1ULL << 53);
    };
    for (int c = 0; c < columns; ++c)
        for (int r = 0; r < rows; ++r)
            d.values(r, c) = std::floor(next() * levels) / levels; // few levels: many ties
    if (masked) {
        d.visible.resize(rows, columns);
        for (int c = 0; c < columns; ++c)
            for (int r = 0; r < rows; ++r)
                d.visible(r, c) = next() > 0.3;
        d.visible.row(0).setConstant(false); // one fully masked row
    }
    return d;
}

} // namespace

Q_DECLARE_METATYPE(HeatmapData)

/// Tests HeatmapData::alignedCells() and alignedColumns().
class TestHeatmapData : public QObject
{
    Q_OBJECT

private slots:
    void alignedCellsFollowTheRule_data();
    void alignedCellsFollowTheRule();
};

void TestHeatmapData::alignedCellsFollowTheRule_data()
{
    QTest::addColumn<HeatmapData>("data");
    HeatmapData handMade;
    handMade.values.resize(4, 3);
    handMade.values << 0.2, 0.5, 0.3, // one maximum
        0.4, 0.4, 0.2, // a tie of two
        0.25, 0.25, 0.25, // uniform: nothing
        0.1, 0.1 + 1e-15, 0.8;
    QTest::newRow("hand made") << handMade;
    HeatmapData single;
    single.values = Eigen::MatrixXd::Constant(3, 1, 1.0);
    QTest::newRow("one column: each row aligns with it") << single;
    QTest::newRow("random 17x23, few levels") << randomMap(17, 23, 1, false, 4);
    QTest::newRow("random 40x9, masked") << randomMap(40, 9, 2, true, 3);
    QTest::newRow("random 64x64, fine levels, masked") << randomMap(64, 64, 3, true, 1000);
    QTest::newRow("empty") << HeatmapData();
}

void TestHeatmapData::alignedCellsFollowTheRule()
{
    QFETCH(HeatmapData, data);
    const QList<QPoint> expected = expectedCells(data);
    QCOMPARE(data.alignedCells(), expected);
    QList<QPoint> byRows;
    for (int r = 0; r < data.rows(); ++r)
        for (int c : data.alignedColumns(r))
            byRows.append(QPoint(c, r));
    QCOMPARE(byRows, expected);
}

QTEST_MAIN(TestHeatmapData)
#include "tst_heatmapdata.moc"
