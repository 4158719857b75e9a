// SPDX-License-Identifier: GPL-3.0-or-later
// The one Eigen-to-QCustomPlot adapter: the gradient the screen draws agrees with the colour
// map that exports draw, and a masked cell (NaN) gets the masked colour.

#include "colormap.h"
#include "matrixplotadapter.h"

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
};

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
