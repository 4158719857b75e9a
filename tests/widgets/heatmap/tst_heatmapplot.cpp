// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap widget: what its colour map, values, alignment markers and masked cells hold for
// hand-made weights, and how it answers the mouse. Its labels: tst_heatmapplotlabels.

#include "heatmap/colormap.h"
#include "heatmap/heatmapcellinfo.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapplot.h"
#include "plots/matrixplotadapter.h"
#include "testsupportheatmap.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QSignalSpy>
#include <QtTest>
#include <cmath>

using namespace ae;
using ae::test::makeData;
using ae::test::parseMask;
using ae::test::parseMatrix;

namespace {

/// The columns an observer would outline in row @p r: those holding the largest visible
/// value, unless the row has no visible cell or all of its several visible cells are equal.
QList<int> expectedAlignment(const Eigen::MatrixXd &values, const BoolMatrix &mask, int r)
{
    const auto seen = [&](int c) { return mask.size() == 0 || mask(r, c); };
    double best = -1.0;
    int visible = 0;
    for (int c = 0; c < values.cols(); ++c) {
        if (seen(c)) {
            best = std::max(best, values(r, c));
            ++visible;
        }
    }
    QList<int> columns;
    for (int c = 0; c < values.cols(); ++c) {
        if (seen(c) && values(r, c) == best)
            columns.append(c);
    }
    if (visible > 1 && columns.size() == visible)
        columns.clear();
    return columns;
}

} // namespace

class TestHeatmapPlot : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void showsData_data();
    void showsData();
    void valuesHideWhenCellsAreSmall();
    void valuesCanBeTurnedOff();
    void toolTipExplainsHeadCell();
    void toolTipExplainsMaskedCell();
    void toolTipListsHeadsOfMean();
    void clickEmitsClicked();
    void dragDoesNotClick();
    void colorMapChangesGradientAndMarkers_data();
    void colorMapChangesGradientAndMarkers();
    void outlineDrawnOnAlignedCell();
    void dimmedAndHighlightedFlags();
};

void TestHeatmapPlot::initTestCase()
{
    test::useFixedFont();
}

void TestHeatmapPlot::showsData_data()
{
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("mask");

    QTest::newRow("two queries, three keys, no mask")
        << QStringList { QStringLiteral("le"), QStringLiteral("chat") }
        << QStringList { QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("sat") }
        << QStringLiteral("0.2 0.5 0.3; 0.6 0.1 0.3") << QString();
    QTest::newRow("causal three by three")
        << QStringList { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") }
        << QStringList { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") }
        << QStringLiteral("1 0 0; 0.3 0.7 0; 0.25 0.15 0.6")
        << QStringLiteral("1 0 0; 1 1 0; 1 1 1");
    QTest::newRow("padded key and a fully masked row")
        << QStringList { QStringLiteral("<pad>"), QStringLiteral("x"), QStringLiteral("y") }
        << QStringList { QStringLiteral("<pad>"), QStringLiteral("x"), QStringLiteral("y") }
        << QStringLiteral("0 0 0; 0 1 0; 0 0.45 0.55") << QStringLiteral("0 0 0; 0 1 0; 0 1 1");
    QTest::newRow("single cell") << QStringList { QStringLiteral("q") }
                                 << QStringList { QStringLiteral("k") } << QStringLiteral("1")
                                 << QString();
    QTest::newRow("one query, one key column of a causal map")
        << QStringList { QStringLiteral("q1"), QStringLiteral("q2") }
        << QStringList { QStringLiteral("k") } << QStringLiteral("1; 1") << QString();
    QTest::newRow("Chinese and English tokens")
        << QStringList { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("你") }
        << QStringList { QStringLiteral("I"), QStringLiteral("love"), QStringLiteral("you") }
        << QStringLiteral("0.7 0.2 0.1; 0.1 0.8 0.1; 0.05 0.15 0.8") << QString();
    QTest::newRow("tie between two keys, uniform row")
        << QStringList { QStringLiteral("p"), QStringLiteral("q") }
        << QStringList { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") }
        << QStringLiteral("0.4 0.4 0.2; 0.25 0.25 0.25") << QString();
}

void TestHeatmapPlot::showsData()
{
    QFETCH(QStringList, rows);
    QFETCH(QStringList, columns);
    QFETCH(QString, values);
    QFETCH(QString, mask);
    const HeatmapData data = makeData(rows, columns, values, mask);
    const Eigen::MatrixXd v = parseMatrix(values);
    const BoolMatrix visible = parseMask(mask);
    const auto isVisible = [&](int r, int c) { return visible.size() == 0 || visible(r, c); };

    HeatmapPlot plot;
    plot.resize(900, 700);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(data);
    plot.replot();

    // The colour map holds every visible weight, masked cells hold NaN (drawn masked).
    for (int r = 0; r < v.rows(); ++r) {
        for (int c = 0; c < v.cols(); ++c) {
            const double cell = MatrixPlotAdapter::cellValue(plot.colorMapPlottable(), r, c);
            if (isVisible(r, c))
                QCOMPARE(cell, v(r, c));
            else
                QVERIFY2(std::isnan(cell), qPrintable(QStringLiteral("cell %1,%2").arg(r).arg(c)));
        }
    }
    QCOMPARE(plot.colorMapPlottable()->dataRange(), QCPRange(0.0, 1.0));
    QVERIFY(plot.colorScale());
    QCOMPARE(plot.colorScale()->dataRange(), QCPRange(0.0, 1.0));

    // Labels: query tokens on the rows, key tokens on the columns, each at its cell.
    QMap<double, QString> expectedRows, expectedColumns;
    for (int r = 0; r < rows.size(); ++r)
        expectedRows.insert(r, rows[r]);
    for (int c = 0; c < columns.size(); ++c)
        expectedColumns.insert(c, columns[c]);
    QCOMPARE(plot.rowTickLabels(), expectedRows);
    QCOMPARE(plot.columnTickLabels(), expectedColumns);
    QCOMPARE(plot.yAxis->label(), QStringLiteral("queries from target Y"));
    QCOMPARE(plot.xAxis->label(), QStringLiteral("keys/values from source X"));
    // The first query is at the top.
    QVERIFY(plot.cellRect(0, 0).top() < plot.cellRect(static_cast<int>(v.rows()) - 1, 0).top()
        || v.rows() == 1);

    // One outline per aligned cell, exactly around that cell.
    QSet<QPair<int, int>> expectedMarkers;
    for (int r = 0; r < v.rows(); ++r) {
        for (int c : expectedAlignment(v, visible, r))
            expectedMarkers.insert({ r, c });
    }
    QSet<QPair<int, int>> markers;
    for (const QPoint &cell : plot.alignmentCells())
        markers.insert({ cell.y(), cell.x() });
    QCOMPARE(markers, expectedMarkers);
    QCOMPARE(plot.alignmentCells().size(), expectedMarkers.size());

    // Values are written with 3 decimals in these large cells; masked cells stay empty.
    QCOMPARE(plot.valueDecimals(), 3);
    for (int r = 0; r < v.rows(); ++r) {
        for (int c = 0; c < v.cols(); ++c) {
            const QString text = plot.cellText(r, c);
            if (isVisible(r, c))
                QCOMPARE(text, QString::number(v(r, c), 'f', 3));
            else
                QVERIFY(text.isEmpty());
            // The tooltip of a masked cell says so; every tooltip names both tokens.
            const QString tip = plot.cellToolTip(r, c);
            QVERIFY(tip.contains(rows[r].toHtmlEscaped()));
            QVERIFY(tip.contains(columns[c].toHtmlEscaped()));
            QCOMPARE(tip.contains(QStringLiteral("masked"), Qt::CaseInsensitive), !isVisible(r, c));
            // The pointer over a cell's centre finds that cell.
            QCOMPARE(plot.cellAt(plot.cellRect(r, c).center().toPoint()), QPoint(c, r));
        }
    }
}

void TestHeatmapPlot::valuesHideWhenCellsAreSmall()
{
    HeatmapData data;
    data.values = Eigen::MatrixXd::Constant(12, 12, 1.0 / 12);
    for (int i = 0; i < 12; ++i) {
        data.rowLabels << QStringLiteral("q%1").arg(i);
        data.columnLabels << QStringLiteral("k%1").arg(i);
    }
    HeatmapPlot plot;
    plot.setCompact(true);
    plot.resize(160, 160);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(data);
    plot.replot();
    QCOMPARE(plot.valueDecimals(), 0);
    QVERIFY(plot.cellText(3, 4).isEmpty());

    // Grown large enough, the same map shows its values.
    plot.setCompact(false);
    plot.resize(1400, 1000);
    QTRY_VERIFY(plot.valueDecimals() >= 2);
    QCOMPARE(plot.cellText(3, 4), QString::number(1.0 / 12, 'f', plot.valueDecimals()));
}

void TestHeatmapPlot::valuesCanBeTurnedOff()
{
    HeatmapPlot plot;
    plot.resize(600, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(makeData({ QStringLiteral("a") }, { QStringLiteral("b"), QStringLiteral("c") },
        QStringLiteral("0.25 0.75"), QString()));
    plot.replot();
    QCOMPARE(plot.cellText(0, 1), QStringLiteral("0.750"));
    plot.setShowValues(false);
    QCOMPARE(plot.valueDecimals(), 0);
    QVERIFY(plot.cellText(0, 1).isEmpty());
}

void TestHeatmapPlot::toolTipExplainsHeadCell()
{
    // One head: q·k = 3, divided by sqrt(d_k) = 2 gives 1.5; the weights are the softmax of
    // the row's scores (1.5, -0.5): e^2 / (1 + e^2) and 1 / (1 + e^2).
    HeatmapData d = makeData({ QStringLiteral("q") }, { QStringLiteral("a"), QStringLiteral("b") },
        QStringLiteral("0 0"), QString());
    const double e2 = std::exp(2.0);
    d.values << e2 / (1 + e2), 1 / (1 + e2);
    d.dotProducts = std::make_shared<const Eigen::MatrixXd>(parseMatrix(QStringLiteral("3 -1")));
    d.scaleDivisor = 2.0;
    d.head = 0;
    // Every number to the decimals asked for: e^2 / (1 + e^2) = 0.880797...
    const QString tip = HeatmapCellInfo::toolTip(d, 0, 0, 4);
    QVERIFY2(tip.contains(QStringLiteral(">3.0000<")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("\u00f7 2.0000)")));
    QVERIFY(tip.contains(QStringLiteral(">1.5000<")));
    QVERIFY(tip.contains(QStringLiteral(">0.8808<")));
    QVERIFY(tip.contains(QStringLiteral("largest weight"), Qt::CaseInsensitive));
    const QString other = HeatmapCellInfo::toolTip(d, 0, 1, 4);
    QVERIFY(other.contains(QStringLiteral(">-1.0000<")));
    QVERIFY(other.contains(QStringLiteral(">-0.5000<")));
    QVERIFY(other.contains(QStringLiteral(">0.1192<")));
    QVERIFY(!other.contains(QStringLiteral("largest weight"), Qt::CaseInsensitive));
    const QString two = HeatmapCellInfo::toolTip(d, 0, 0, 2);
    QVERIFY2(two.contains(QStringLiteral(">0.88<")) && two.contains(QStringLiteral(">1.50<")),
        qPrintable(two));
    QVERIFY(!two.contains(QStringLiteral("0.880")));
}

void TestHeatmapPlot::toolTipExplainsMaskedCell()
{
    HeatmapData d = makeData({ QStringLiteral("q0"), QStringLiteral("q1") },
        { QStringLiteral("k0"), QStringLiteral("k1") }, QStringLiteral("1 0; 0.5 0.5"),
        QStringLiteral("1 0; 1 1"));
    d.dotProducts
        = std::make_shared<const Eigen::MatrixXd>(parseMatrix(QStringLiteral("2 7; 1 1")));
    d.head = 0;
    const QString masked = HeatmapCellInfo::toolTip(d, 0, 1, 0);
    QVERIFY(masked.contains(QStringLiteral("\u2212\u221e")));
    QVERIFY(masked.contains(QStringLiteral("masked"), Qt::CaseInsensitive));
    // The score under the mask is still shown (it exists, the softmax ignores it).
    QVERIFY(masked.contains(QStringLiteral(">7<")));

    HeatmapData fully = makeData({ QStringLiteral("q0") }, { QStringLiteral("k0") },
        QStringLiteral("0"), QStringLiteral("0"));
    QVERIFY(fully.isRowFullyMasked(0));
    QVERIFY(HeatmapCellInfo::toolTip(fully, 0, 0, 4).contains(QStringLiteral("sees no key")));
}

void TestHeatmapPlot::toolTipListsHeadsOfMean()
{
    HeatmapData d = makeData({ QStringLiteral("q") }, { QStringLiteral("a"), QStringLiteral("b") },
        QStringLiteral("0.35 0.65"), QString());
    d.head = -1;
    d.headWeights
        = { std::make_shared<const Eigen::MatrixXd>(parseMatrix(QStringLiteral("0.2 0.8"))),
              std::make_shared<const Eigen::MatrixXd>(parseMatrix(QStringLiteral("0.5 0.5"))) };
    const QString tip = HeatmapCellInfo::toolTip(d, 0, 0, 2);
    QVERIFY(tip.contains(QStringLiteral("head 1")));
    QVERIFY(tip.contains(QStringLiteral(">0.20<")));
    QVERIFY(tip.contains(QStringLiteral("head 2")));
    QVERIFY(tip.contains(QStringLiteral(">0.50<")));
    QVERIFY(tip.contains(QStringLiteral(">0.35<")));
}

void TestHeatmapPlot::clickEmitsClicked()
{
    HeatmapPlot plot;
    plot.setCompact(true);
    plot.resize(200, 200);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(
        makeData({ QStringLiteral("a") }, { QStringLiteral("b") }, QStringLiteral("1"), QString()));
    QSignalSpy spy(&plot, &HeatmapPlot::clicked);
    QTest::mouseClick(&plot, Qt::LeftButton, {}, QPoint(100, 100));
    QCOMPARE(spy.count(), 1);
    QTest::mouseClick(&plot, Qt::RightButton, {}, QPoint(100, 100));
    QCOMPARE(spy.count(), 1);
}

void TestHeatmapPlot::dragDoesNotClick()
{
    HeatmapPlot plot;
    plot.resize(200, 200);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QSignalSpy spy(&plot, &HeatmapPlot::clicked);
    QTest::mousePress(&plot, Qt::LeftButton, {}, QPoint(50, 50));
    QMouseEvent move(QEvent::MouseMove, QPointF(150, 150), plot.mapToGlobal(QPointF(150, 150)),
        Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&plot, &move);
    QTest::mouseRelease(&plot, Qt::LeftButton, {}, QPoint(150, 150));
    QCOMPARE(spy.count(), 0);
}

void TestHeatmapPlot::colorMapChangesGradientAndMarkers_data()
{
    QTest::addColumn<QString>("key");
    for (ColorMapKind kind : ColorMap::all())
        QTest::newRow(qPrintable(ColorMap::key(kind))) << ColorMap::key(kind);
}

void TestHeatmapPlot::colorMapChangesGradientAndMarkers()
{
    QFETCH(QString, key);
    const ColorMapKind kind = *ColorMap::fromKey(key);
    HeatmapPlot plot;
    plot.setData(makeData({ QStringLiteral("a") }, { QStringLiteral("b"), QStringLiteral("c") },
        QStringLiteral("0.1 0.9"), QString()));
    plot.setColorMap(kind);
    QCOMPARE(plot.colorMap(), kind);
    QCPColorGradient g = plot.colorMapPlottable()->gradient();
    for (double t : { 0.0, 0.3, 1.0 }) {
        const QColor drawn = QColor::fromRgb(g.color(t, QCPRange(0, 1)));
        const QColor expected = ColorMap::at(kind, t);
        QVERIFY(std::abs(drawn.red() - expected.red()) <= 2);
        QVERIFY(std::abs(drawn.green() - expected.green()) <= 2);
        QVERIFY(std::abs(drawn.blue() - expected.blue()) <= 2);
    }
    QCOMPARE(plot.alignmentCells(), QList<QPoint> { QPoint(1, 0) });
    QCOMPARE(plot.alignmentPen().color(), ColorMap::accent(kind));
}

void TestHeatmapPlot::outlineDrawnOnAlignedCell()
{
    HeatmapPlot plot;
    plot.setData(makeData({ QStringLiteral("q") }, { QStringLiteral("a"), QStringLiteral("b") },
        QStringLiteral("0.1 0.9"), QString()));
    plot.setShowValues(false);
    plot.resize(600, 320);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    const QImage image = plot.grab().toImage();
    const QColor accent = plot.alignmentPen().color();
    // Along the middle of each cell, from its left edge inwards: the aligned cell (column 1)
    // shows the outline, the other (column 0) only its own colour.
    const auto accentNear = [&](int column) {
        const QRectF cell = plot.cellRect(0, column);
        for (int x = int(cell.left()); x < int(cell.left() + cell.width() / 4); ++x) {
            const QColor p = image.pixelColor(x, int(cell.center().y()));
            if (std::abs(p.red() - accent.red()) < 30 && std::abs(p.green() - accent.green()) < 30
                && std::abs(p.blue() - accent.blue()) < 30)
                return true;
        }
        return false;
    };
    QVERIFY(accentNear(1));
    QVERIFY(!accentNear(0));
}

void TestHeatmapPlot::dimmedAndHighlightedFlags()
{
    HeatmapPlot plot;
    plot.setData(
        makeData({ QStringLiteral("a") }, { QStringLiteral("b") }, QStringLiteral("1"), QString()));
    plot.setColorMap(ColorMapKind::Blues);
    plot.resize(300, 300);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    const QRectF cell = plot.cellRect(0, 0);
    const QPoint probe = (cell.topLeft() + QPointF(cell.width() / 4, cell.height() / 4)).toPoint();
    const int dark = plot.grab().toImage().pixelColor(probe).lightness();
    // A weight of 1 in Blues is the map's darkest blue.
    QVERIFY(dark < 100);
    QVERIFY(!plot.isDimmed());
    plot.setDimmed(true);
    QVERIFY(plot.isDimmed());
    // Dimming fades the picture towards white but keeps it.
    const int faded = plot.grab().toImage().pixelColor(probe).lightness();
    QVERIFY2(faded > dark + 60 && faded < 250,
        qPrintable(QStringLiteral("%1 -> %2").arg(dark).arg(faded)));
    plot.setHighlighted(true);
    QVERIFY(plot.isHighlighted());
    const QColor frame = plot.grab().toImage().pixelColor(1, plot.height() / 2);
    QCOMPARE(frame, ColorMap::accent(ColorMapKind::Blues));
}

QTEST_MAIN(TestHeatmapPlot)
#include "tst_heatmapplot.moc"
