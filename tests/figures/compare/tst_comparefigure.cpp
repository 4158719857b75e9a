// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison figure at a given size: of its two arrangements (three maps in a row, or A and
// B above the difference) it takes the one with the larger cells, and the maps then stay
// within the size.

#include "compare/comparefigure.h"

#include <QTest>
#include <vector>

using namespace ae;

namespace {

/// A map of @p rows x @p columns with token-like labels and weights in each row summing to 1.
HeatmapData map(int rows, int columns, const QString &title)
{
    HeatmapData d;
    d.values = Eigen::MatrixXd::Constant(rows, columns, 1.0 / columns);
    for (int r = 0; r < rows; ++r)
        d.rowLabels << QStringLiteral("query%1").arg(r + 1);
    for (int c = 0; c < columns; ++c)
        d.columnLabels << QStringLiteral("key%1").arg(c + 1);
    d.title = title;
    d.rowAxisTitle = QStringLiteral("queries");
    d.columnAxisTitle = QStringLiteral("keys");
    return d;
}

ComparePanels panels(int rows, int columns)
{
    ComparePanels p;
    p.a = map(rows, columns, QStringLiteral("A"));
    p.b = map(rows, columns, QStringLiteral("B"));
    p.difference = map(rows, columns, QStringLiteral("A - B"));
    p.difference.minimum = -0.05;
    p.difference.maximum = 0.05;
    p.title = QStringLiteral("A vs B");
    return p;
}

/// Whether the difference (the third map of @p cellsPerMap cells) lies wholly below A (the
/// first): two above one, rather than three in a row.
bool differenceBelow(const Figure &f, int cellsPerMap)
{
    std::vector<QRectF> cells;
    for (const Figure::Item &item : f.items) {
        if (item.role == QLatin1String("cell"))
            cells.push_back(item.rect);
    }
    if (cells.size() != size_t(3 * cellsPerMap))
        return false;
    return cells[size_t(2 * cellsPerMap)].top() >= cells[size_t(cellsPerMap - 1)].bottom();
}

} // namespace

class TestCompareFigure : public QObject
{
    Q_OBJECT
private slots:
    void takesTheArrangementWithLargerCells_data();
    void takesTheArrangementWithLargerCells();
};

void TestCompareFigure::takesTheArrangementWithLargerCells_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("stacked");
    // A strip of a screen: three in a row. A tall window: two above one. A projector's
    // dialog, nearly a tie for a square map: two above one.
    QTest::newRow("5x5, wide strip") << 5 << 5 << QSize(1800, 420) << false;
    QTest::newRow("5x5, tall window") << 5 << 5 << QSize(700, 900) << true;
    QTest::newRow("2x4, tall window") << 2 << 4 << QSize(640, 800) << true;
    QTest::newRow("12x12, wide strip") << 12 << 12 << QSize(2400, 500) << false;
    QTest::newRow("5x5, projector dialog") << 5 << 5 << QSize(950, 560) << true;
}

void TestCompareFigure::takesTheArrangementWithLargerCells()
{
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(QSize, size);
    QFETCH(bool, stacked);
    FigureOptions options;
    options.size = size;
    const ComparePanels p = panels(rows, columns);
    const Figure row = CompareFigure::make(p, options, 3);
    const Figure twoAboveOne = CompareFigure::make(p, options, 2);
    const Figure chosen = CompareFigure::fitted(p, options);

    // Each arrangement draws three maps of rows x columns cells.
    const int cells = rows * columns;
    QVERIFY(!differenceBelow(row, cells));
    QVERIFY(differenceBelow(twoAboveOne, cells));
    const double rowCell = CompareFigure::cellSide(row);
    const double stackedCell = CompareFigure::cellSide(twoAboveOne);
    QVERIFY(rowCell > 0.0 && stackedCell > 0.0);
    QCOMPARE(CompareFigure::cellSide(chosen), stacked ? stackedCell : rowCell);
    // The arrangement expected is the one with the larger cells (three in a row by a margin).
    QCOMPARE(stacked, rowCell <= 1.05 * stackedCell);
    QCOMPARE(differenceBelow(chosen, cells), stacked);
    // Whichever it is, it fits the size asked for.
    QVERIFY2(chosen.size.width() <= size.width() + 1 && chosen.size.height() <= size.height() + 1,
        qPrintable(QStringLiteral("%1 x %2").arg(chosen.size.width()).arg(chosen.size.height())));
}

QTEST_MAIN(TestCompareFigure)
#include "tst_comparefigure.moc"
