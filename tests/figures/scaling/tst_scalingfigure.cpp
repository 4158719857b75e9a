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

QTEST_MAIN(TestScalingFigure)
#include "tst_scalingfigure.moc"
