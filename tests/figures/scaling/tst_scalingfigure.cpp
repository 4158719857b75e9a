// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling plot figure: one point per d_k on each curve, placed on a log2 x axis and a
// linear y axis from 0, the ceiling at ln(keys), the current d_k marked, vector SVG.

#include "export/svgfigurewriter.h"
#include "scaling/scalingfigure.h"
#include "testsupportexport.h"

#include <QTest>
#include <cmath>

using namespace ae;

namespace {

std::vector<const Figure::Item *> withRole(const Figure &f, const QString &role)
{
    std::vector<const Figure::Item *> out;
    for (const Figure::Item &item : f.items) {
        if (item.role.split(QLatin1Char(' ')).contains(role))
            out.push_back(&item);
    }
    return out;
}

EntropyExperimentResult sample()
{
    EntropyExperimentResult r;
    r.dims = { 8, 32, 128, 512 };
    r.unscaled = { 1.16, 0.52, 0.24, 0.11 };
    r.scaled = { 1.99, 1.96, 1.91, 1.93 };
    return r;
}

} // namespace

class TestScalingFigure : public QObject
{
    Q_OBJECT

private slots:
    void pointsFollowTheAxes();
    void ceilingAndCurrentDk();
    void unsortedDimsAreJoinedInOrder();
    void emptyResultSaysSo();
    void svgIsVector();
    void dkLabelPlaceIsTheFreePlace_data();
    void dkLabelPlaceIsTheFreePlace();
    void dkLabelHidesNoCurve_data();
    void dkLabelHidesNoCurve();
};

void TestScalingFigure::pointsFollowTheAxes()
{
    const Figure f = ScalingFigure::make(sample(), EntropyExperimentConfig {}, 0, FigureOptions {});
    const auto scaled = withRole(f, QStringLiteral("scaled"));
    std::vector<const Figure::Item *> points, unscaledPoints;
    for (const auto *item : withRole(f, QStringLiteral("point"))) {
        if (item->role.startsWith(QLatin1String("scaled")))
            points.push_back(item);
        else
            unscaledPoints.push_back(item);
    }
    QCOMPARE(int(points.size()), 4);
    QCOMPARE(int(unscaledPoints.size()), 4);
    // log2 x: 8, 32, 128, 512 are two octaves apart each, so equally spaced.
    const double step = points[1]->anchor.x() - points[0]->anchor.x();
    QVERIFY(step > 0);
    for (int i = 1; i < 4; ++i)
        QVERIFY(std::abs(points[size_t(i)]->anchor.x() - points[size_t(i - 1)]->anchor.x() - step)
            < 1e-6);
    // Linear y from 0: pixel heights above the axis are proportional to the entropies.
    const QRectF plot = withRole(f, QStringLiteral("frame")).front()->rect;
    const double ratio = (plot.bottom() - points[0]->anchor.y()) / 1.99;
    QVERIFY(std::abs((plot.bottom() - unscaledPoints[3]->anchor.y()) / 0.11 - ratio) < 1e-6);
    // The values are written by the points when asked.
    QCOMPARE(int(withRole(f, QStringLiteral("value")).size()), 8);
    FigureOptions quiet;
    quiet.includeValues = false;
    QCOMPARE(int(withRole(ScalingFigure::make(sample(), EntropyExperimentConfig {}, 0, quiet),
                 QStringLiteral("value"))
                     .size()),
        0);
    QVERIFY(!scaled.empty());
}

void TestScalingFigure::ceilingAndCurrentDk()
{
    EntropyExperimentConfig config;
    config.keys = 10;
    const Figure f = ScalingFigure::make(sample(), config, 2, FigureOptions {});
    const auto ceiling = withRole(f, QStringLiteral("ceiling"));
    QCOMPARE(int(ceiling.size()), 1);
    const QRectF plot = withRole(f, QStringLiteral("frame")).front()->rect;
    const auto scaledPoint = withRole(f, QStringLiteral("point")).back();
    // The ceiling sits at ln 10 on the same scale as the points.
    const double pxPerNat = (plot.bottom() - scaledPoint->anchor.y()) / 1.93;
    QVERIFY(
        std::abs((plot.bottom() - ceiling.front()->anchor.y()) - std::log(10.0) * pxPerNat) < 1e-6);
    // d_k = 2 is marked left of d_k = 8, two octaves from it.
    const auto marker = withRole(f, QStringLiteral("current-dk"));
    QCOMPARE(int(marker.size()), 1);
    QVERIFY(marker.front()->anchor.x() < plot.left() + plot.width() / 2);
    const auto labels = withRole(f, QStringLiteral("current-dk-label"));
    QCOMPARE(int(labels.size()), 1);
    QVERIFY(labels.front()->text.contains(QLatin1String("2")));
    QCOMPARE(int(withRole(ScalingFigure::make(sample(), config, 0, FigureOptions {}),
                 QStringLiteral("current-dk"))
                     .size()),
        0);
}

void TestScalingFigure::unsortedDimsAreJoinedInOrder()
{
    EntropyExperimentResult r;
    r.dims = { 512, 8, 128, 32 };
    r.unscaled = { 0.11, 1.16, 0.24, 0.52 };
    r.scaled = { 1.93, 1.99, 1.91, 1.96 };
    const Figure f = ScalingFigure::make(r, EntropyExperimentConfig {}, 0, FigureOptions {});
    const auto curves = withRole(f, QStringLiteral("curve"));
    QCOMPARE(int(curves.size()), 2); // unscaled and scaled
    for (const auto *curve : curves) {
        QCOMPARE(int(curve->points.size()), 4);
        for (int i = 1; i < curve->points.size(); ++i)
            QVERIFY(curve->points[i].x() > curve->points[i - 1].x());
    }
}

void TestScalingFigure::emptyResultSaysSo()
{
    const Figure f = ScalingFigure::make(
        EntropyExperimentResult {}, EntropyExperimentConfig {}, 4, FigureOptions {});
    QCOMPARE(int(withRole(f, QStringLiteral("message")).size()), 1);
    QCOMPARE(int(withRole(f, QStringLiteral("curve")).size()), 0);
}

void TestScalingFigure::svgIsVector()
{
    FigureOptions options;
    options.title = QStringLiteral("缩放的效果");
    const SvgSummary svg = SvgSummary::read(SvgFigureWriter::toSvg(
        ScalingFigure::make(sample(), EntropyExperimentConfig {}, 4, options)));
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QCOMPARE(svg.images, 0);
    QVERIFY(svg.texts.contains(options.title));
    QVERIFY(svg.texts.contains(QStringLiteral("512")));
}

void TestScalingFigure::dkLabelPlaceIsTheFreePlace_data()
{
    // A plot 400 × 200 from (0, 0), a label 100 × 20 right of a marker at x = 50: its box near
    // the top (y 4 to 24), near the bottom (176 to 196), or the highest free one between, tried
    // every other pixel from y 6 (each with 5 pixels of air).
    QTest::addColumn<QList<QPolygonF>>("curves");
    QTest::addColumn<double>("top");
    const QPolygonF acrossTop({ QPointF(0, 10), QPointF(400, 10) });
    const QPolygonF acrossBottom({ QPointF(0, 190), QPointF(400, 190) });
    QTest::newRow("no curve: the top") << QList<QPolygonF> {} << 4.0;
    QTest::newRow("a line across the top: the bottom") << QList<QPolygonF> { acrossTop } << 176.0;
    QTest::newRow("top and bottom taken: the highest free place")
        << QList<QPolygonF> { acrossTop, acrossBottom } << 16.0;
    // A falling line crosses the top box's region only where it is; a point alone counts too.
    QTest::newRow("a point in the top box: the bottom")
        << QList<QPolygonF> { QPolygonF({ QPointF(120, 15) }) } << 176.0;
    QTest::newRow("a curve right of the label's span: the top")
        << QList<QPolygonF> { QPolygonF({ QPointF(200, 10), QPointF(400, 190) }) } << 4.0;
    // Lines every 20 pixels: every place is crossed, by one line at the least; the top's
    // (y -1 to 29 with its air) by one.
    QList<QPolygonF> everyTwenty;
    for (int y = 10; y < 200; y += 20)
        everyTwenty << QPolygonF({ QPointF(0, y), QPointF(400, y) });
    QTest::newRow("everywhere crossed: the least crossed, the top first") << everyTwenty << 4.0;
}

void TestScalingFigure::dkLabelPlaceIsTheFreePlace()
{
    QFETCH(QList<QPolygonF>, curves);
    QFETCH(double, top);
    const ScalingFigure::LabelPlace place
        = ScalingFigure::dkLabelPlace(QRectF(0, 0, 400, 200), 50.0, false, QSizeF(100, 20), curves);
    QCOMPARE(place.box, QRectF(50, top, 100, 20));
    QCOMPARE(place.crossedPixels > 0, QByteArray(QTest::currentDataTag()).startsWith("everywhere"));
    // Left of the marker: the same height, ending at it.
    QCOMPARE(
        ScalingFigure::dkLabelPlace(QRectF(0, 0, 400, 200), 350.0, true, QSizeF(100, 20), curves)
            .box.left(),
        250.0);
}

void TestScalingFigure::dkLabelHidesNoCurve_data()
{
    QTest::addColumn<int>("currentDk");
    QTest::addColumn<QSize>("size");
    // Sizes whose plot is several labels tall (at 360 × 240 the title, the legend and the
    // axes leave it 45 pixels: no place is free there).
    for (const int dk : { 2, 4, 64, 1024 }) {
        QTest::addRow("d_k %d, 640 × 420", dk) << dk << QSize(640, 420);
        QTest::addRow("d_k %d, 480 × 360", dk) << dk << QSize(480, 360);
    }
}

void TestScalingFigure::dkLabelHidesNoCurve()
{
    QFETCH(int, currentDk);
    QFETCH(QSize, size);
    EntropyExperimentConfig config;
    config.keys = 10;
    FigureOptions options;
    options.size = size;
    options.includeValues = false;
    const Figure f = ScalingFigure::make(sample(), config, currentDk, options);
    const auto boxes = withRole(f, QStringLiteral("current-dk-label-box"));
    QCOMPARE(int(boxes.size()), 1);
    const QRectF box = boxes.front()->rect;
    QVERIFY(withRole(f, QStringLiteral("frame")).front()->rect.contains(box));
    // Every curve and the ceiling, walked a pixel at a time: none passes through the label.
    std::vector<QPolygonF> lines;
    for (const auto *curve : withRole(f, QStringLiteral("curve")))
        lines.push_back(curve->points);
    for (const auto *ceiling : withRole(f, QStringLiteral("ceiling")))
        lines.push_back(QPolygonF({ ceiling->anchor, ceiling->end }));
    QCOMPARE(int(lines.size()), 3);
    for (const QPolygonF &line : lines) {
        for (qsizetype i = 1; i < line.size(); ++i) {
            const int steps = std::max(1, int(QLineF(line[i - 1], line[i]).length()));
            for (int k = 0; k <= steps; ++k) {
                const QPointF at = line[i - 1] + (line[i] - line[i - 1]) * (double(k) / steps);
                QVERIFY2(!box.contains(at),
                    qPrintable(QStringLiteral("%1,%2 in the label").arg(at.x()).arg(at.y())));
            }
        }
    }
}

QTEST_MAIN(TestScalingFigure)
#include "tst_scalingfigure.moc"
