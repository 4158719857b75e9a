// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison figure at a given size: of its two arrangements (three maps in a row, or A and
// B above the difference) it takes the one with the larger cells, and the maps then stay
// within the size. The difference map carries its sign in writing as well as in its blue and
// red: every cell and colour-bar label of a positive difference has its "+".

#include "compare/comparefigure.h"
#include "document/examplecatalog.h"
#include "heatmap/heatmapfigure.h"
#include "session/sessioncompare.h"

#include <QTest>
#include <algorithm>
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
    void differenceWritesItsSign_data();
    void differenceWritesItsSign();
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

void TestCompareFigure::differenceWritesItsSign_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("bothSigns"); // the example's difference has cells of both signs
    QTest::newRow("scaled vs unscaled") << int(CompareKind::Scaling) << true;
    QTest::newRow("causal") << int(CompareKind::Causal) << false;
}

void TestCompareFigure::differenceWritesItsSign()
{
    QFETCH(int, kind);
    QFETCH(bool, bothSigns);
    const SessionLoadResult loaded = ExampleCatalog::load(ExampleCatalog::defaultExamplePath());
    QVERIFY(loaded.ok());
    const CompareResult result
        = compareSessions(loaded.session, CompareSpec { CompareKind(kind), -1, 0, 1 });
    const ComparePanels p = CompareFigure::panels(result, CompareKind(kind));
    QVERIFY(p.difference.signedValues);
    QVERIFY(!p.a.signedValues && !p.b.signedValues);

    FigureOptions options;
    options.size = QSize(1800, 600);
    options.includeValues = true;
    const Figure f = CompareFigure::make(p, options, 3);
    QStringList values;
    QStringList ticks;
    for (const Figure::Item &item : f.items) {
        if (item.role == QLatin1String("value"))
            values << item.text;
        else if (item.role == QLatin1String("tick-label"))
            ticks << item.text;
    }
    // The maps are drawn A, B, then the difference, each cell's value in it.
    const auto shownIn = [](const HeatmapData &d) {
        qsizetype n = 0;
        for (int r = 0; r < d.rows(); ++r) {
            for (int c = 0; c < d.columns(); ++c)
                n += d.isVisible(r, c) ? 1 : 0;
        }
        return n;
    };
    const qsizetype before = shownIn(p.a) + shownIn(p.b);
    QVERIFY(shownIn(p.difference) > 0);
    QCOMPARE(values.size(), before + shownIn(p.difference));
    int positive = 0, negative = 0;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const bool difference = i >= before;
        const double v = values[i].toDouble();
        if (!difference) {
            QVERIFY2(!values[i].startsWith(QLatin1Char('+')), qPrintable(values[i]));
            continue;
        }
        // Signed exactly as the value: "+" above zero, "-" below, none for a zero.
        QCOMPARE(values[i].startsWith(QLatin1Char('+')), v > 0.0);
        QCOMPARE(values[i].startsWith(QLatin1Char('-')), v < 0.0);
        positive += v > 0.0 ? 1 : 0;
        negative += v < 0.0 ? 1 : 0;
    }
    QVERIFY(positive + negative > 0);
    if (bothSigns)
        QVERIFY(positive > 0 && negative > 0);
    // The difference's colour bar, symmetric about zero, labels its positive half with "+";
    // the weights' bars (0 to 1) have no "+".
    QVERIFY(ticks.contains(QStringLiteral("+") + Figure::tickText(p.difference.maximum, 4))
        || std::any_of(ticks.cbegin(), ticks.cend(),
            [](const QString &t) { return t.startsWith(QLatin1Char('+')); }));
    QVERIFY(ticks.contains(QStringLiteral("1")) || ticks.contains(QStringLiteral("1.0")));
    QCOMPARE(HeatmapFigure::valueText(0.1234, 2, true), QStringLiteral("+0.12"));
    QCOMPARE(HeatmapFigure::valueText(-0.1234, 2, true), QStringLiteral("-0.12"));
    QCOMPARE(HeatmapFigure::valueText(0.0004, 2, true), QStringLiteral("0.00"));
    QCOMPARE(HeatmapFigure::valueText(0.1234, 2), QStringLiteral("0.12"));
}

QTEST_MAIN(TestCompareFigure)
#include "tst_comparefigure.moc"
