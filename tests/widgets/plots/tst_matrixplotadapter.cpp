// SPDX-License-Identifier: GPL-3.0-or-later
// The one Eigen-to-QCustomPlot adapter: the gradient the screen draws agrees with the colour
// map that exports draw, and a masked cell (NaN) gets the masked colour; a heatmap's cells land
// in the colour map's data as values or NaN (single rows and columns doubled), also when the
// map is written again with another or the same shape, and the picture follows each write.

#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"
#include "plots/matrixplotadapter.h"

#include <QApplication>
#include <QtTest>
#include <cmath>
#include <limits>

using namespace ae;

Q_DECLARE_METATYPE(ae::ColorMapKind)

class TestMatrixPlotAdapter : public QObject
{
    Q_OBJECT
private slots:
    void gradientMatchesColorMap_data();
    void gradientMatchesColorMap();
    void setHeatmapWritesCells_data();
    void setHeatmapWritesCells();
    void rewrittenCellsRecolourThePicture();
};

namespace {

/// A rows x columns heatmap with distinct values (negative ones too) and the mask @p mask:
/// "none", "causal", "first row" (fully masked) or "checker".
HeatmapData patterned(int rows, int columns, const QString &mask, double offset)
{
    HeatmapData d;
    d.values.resize(rows, columns);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            d.values(r, c) = offset + 0.37 * r - 0.11 * c + 0.001 * r * c;
    if (mask != QLatin1String("none")) {
        d.visible.resize(rows, columns);
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < columns; ++c) {
                bool shown = true;
                if (mask == QLatin1String("causal"))
                    shown = c <= r;
                else if (mask == QLatin1String("first row"))
                    shown = r != 0;
                else if (mask == QLatin1String("checker"))
                    shown = (r + c) % 2 == 0;
                d.visible(r, c) = shown;
            }
        }
    }
    d.minimum = -1.0;
    d.maximum = 2.5;
    return d;
}

} // namespace

void TestMatrixPlotAdapter::setHeatmapWritesCells_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QString>("mask");
    QTest::addColumn<int>("earlierRows"); ///< the map holds this shape first (0: nothing)
    QTest::addColumn<int>("earlierColumns");
    QTest::newRow("3x4 unmasked, fresh map") << 3 << 4 << QStringLiteral("none") << 0 << 0;
    QTest::newRow("3x4 causal over the same shape") << 3 << 4 << QStringLiteral("causal") << 3 << 4;
    QTest::newRow("4x3 checker over 3x4") << 4 << 3 << QStringLiteral("checker") << 3 << 4;
    QTest::newRow("5x5 first row masked over 2x2")
        << 5 << 5 << QStringLiteral("first row") << 2 << 2;
    QTest::newRow("1x3 single row") << 1 << 3 << QStringLiteral("checker") << 3 << 3;
    QTest::newRow("3x1 single column") << 3 << 1 << QStringLiteral("none") << 0 << 0;
    QTest::newRow("1x1 single cell") << 1 << 1 << QStringLiteral("none") << 1 << 1;
    QTest::newRow("1x1 masked cell") << 1 << 1 << QStringLiteral("first row") << 4 << 4;
    QTest::newRow("64x48 causal over the same shape")
        << 64 << 48 << QStringLiteral("causal") << 64 << 48;
}

void TestMatrixPlotAdapter::setHeatmapWritesCells()
{
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(QString, mask);
    QFETCH(int, earlierRows);
    QFETCH(int, earlierColumns);
    QCustomPlot plot;
    auto *map = new QCPColorMap(plot.xAxis, plot.yAxis);
    if (earlierRows > 0)
        MatrixPlotAdapter::setHeatmap(
            map, patterned(earlierRows, earlierColumns, QStringLiteral("none"), 7.0));
    const HeatmapData d = patterned(rows, columns, mask, 0.0);
    MatrixPlotAdapter::setHeatmap(map, d);

    // One cell per value, a single row or column doubled into two half cells.
    QCPColorMapData *cells = map->data();
    const int keySize = columns == 1 ? 2 : columns;
    const int valueSize = rows == 1 ? 2 : rows;
    QCOMPARE(cells->keySize(), keySize);
    QCOMPARE(cells->valueSize(), valueSize);
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (int k = 0; k < keySize; ++k) {
        for (int v = 0; v < valueSize; ++v) {
            const int r = rows == 1 ? 0 : v;
            const int c = columns == 1 ? 0 : k;
            const bool shown = d.visible.size() == 0 || d.visible(r, c);
            const double expected = 0.37 * r - 0.11 * c + 0.001 * r * c;
            const double got = cells->cell(k, v);
            if (shown) {
                QCOMPARE(got, expected);
                lo = std::min(lo, expected);
                hi = std::max(hi, expected);
            } else {
                QVERIFY2(std::isnan(got), qPrintable(QStringLiteral("cell %1,%2").arg(r).arg(c)));
            }
        }
    }
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const double got = MatrixPlotAdapter::cellValue(map, rows == 1 ? 0 : r, c);
            QCOMPARE(std::isnan(got), d.visible.size() != 0 && !d.visible(r, c));
        }
    }
    // The bounds of the values written (what setCell() would have found), and the data range
    // the heatmap asks for.
    if (hi >= lo) {
        QCOMPARE(cells->dataBounds().lower, lo);
        QCOMPARE(cells->dataBounds().upper, hi);
    }
    QCOMPARE(map->dataRange().lower, -1.0);
    QCOMPARE(map->dataRange().upper, 2.5);
    QVERIFY(map->visible());
}

void TestMatrixPlotAdapter::rewrittenCellsRecolourThePicture()
{
    // The same shape twice: the storage is kept, and the picture must still follow the values.
    QCustomPlot plot;
    plot.resize(200, 200);
    auto *map = new QCPColorMap(plot.xAxis, plot.yAxis);
    map->setGradient(MatrixPlotAdapter::gradient(ColorMapKind::Blues));
    map->setInterpolate(false);
    plot.xAxis->setRange(-0.5, 1.5);
    plot.yAxis->setRange(-0.5, 1.5);
    const QCPRange range(0.0, 1.0);
    for (double value : { 0.0, 1.0, 0.0 }) {
        HeatmapData d;
        d.values = Eigen::MatrixXd::Constant(2, 2, value);
        MatrixPlotAdapter::setHeatmap(map, d);
        const QImage picture = plot.toPixmap(200, 200).toImage();
        const QPoint centre = plot.axisRect()->rect().center();
        const QColor expected = QColor::fromRgb(map->gradient().color(value, range));
        QCOMPARE(picture.pixelColor(centre), expected);
    }
}

void TestMatrixPlotAdapter::gradientMatchesColorMap_data()
{
    QTest::addColumn<ColorMapKind>("kind");
    QTest::newRow("blues") << ColorMapKind::Blues;
    QTest::newRow("viridis") << ColorMapKind::Viridis;
    QTest::newRow("cividis") << ColorMapKind::Cividis;
}

void TestMatrixPlotAdapter::gradientMatchesColorMap()
{
    // What the screen draws (the QCustomPlot gradient) and what exports draw (ColorMap::at)
    // must agree, within rounding of the gradient's colour table.
    QFETCH(ColorMapKind, kind);
    QCPColorGradient gradient = MatrixPlotAdapter::gradient(kind);
    for (int i = 0; i <= 40; ++i) {
        const double t = i / 40.0;
        const QColor screen = QColor::fromRgb(gradient.color(t, QCPRange(0.0, 1.0)));
        const QColor exported = ColorMap::at(kind, t);
        const int distance = std::max(
            { std::abs(screen.red() - exported.red()), std::abs(screen.green() - exported.green()),
                std::abs(screen.blue() - exported.blue()) });
        QVERIFY2(distance <= 2,
            qPrintable(
                QStringLiteral("at %1: %2 vs %3").arg(t).arg(screen.name(), exported.name())));
    }
    const QColor masked = QColor::fromRgb(
        gradient.color(std::numeric_limits<double>::quiet_NaN(), QCPRange(0.0, 1.0)));
    QCOMPARE(masked, MatrixPlotAdapter::maskedCellColor());
}

QTEST_MAIN(TestMatrixPlotAdapter)
#include "tst_matrixplotadapter.moc"
