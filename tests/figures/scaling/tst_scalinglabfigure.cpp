// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling lab's export figures: each d_k panel puts one point per d_k and kind of score
// at heights proportional to the result's values, with its guides and the model's d_k; the
// histogram draws each bin's share; the grid holds every panel; all of it vector SVG.

#include "export/svgfigurewriter.h"
#include "scaling/scalinglabfigure.h"
#include "testsupportexport.h"
#include "testsupportsvg.h"

#include <QTest>
#include <cmath>

using namespace ae;
using Panel = ScalingLabFigure::Panel;

Q_DECLARE_METATYPE(ae::ScalingLabFigure::Panel)

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

/// A result with every figure, values chosen by hand (not by the core).
EntropyExperimentResult sample()
{
    EntropyExperimentResult r;
    r.dims = { 8, 32, 128, 512 };
    r.unscaled = { 1.07, 0.55, 0.24, 0.11 };
    r.scaled = { 1.93, 1.97, 1.93, 1.92 };
    r.unscaledScoreStd = { 2.99, 5.35, 11.3, 22.7 };
    r.scaledScoreStd = { 1.06, 0.94, 1.0, 1.004 };
    r.unscaledGradNorm = { 0.31, 0.22, 0.12, 0.06 };
    r.scaledGradNorm = { 0.346, 0.344, 0.347, 0.348 };
    r.unscaledSaturated = { 0.02, 0.17, 0.5, 0.74 };
    r.scaledSaturated = { 0.0, 0.0, 0.0, 0.001 };
    for (int d : r.dims) {
        ScoreHistogram h;
        h.hi = 4 * std::sqrt(double(d));
        h.lo = -h.hi;
        h.unscaled.assign(ScoreHistogram::binCount, 0.0);
        h.scaled.assign(ScoreHistogram::binCount, 0.0);
        h.unscaled[20] = 0.25;
        h.unscaled[40] = 0.5;
        h.scaled[31] = 0.125;
        h.scaled[32] = 0.125;
        r.histograms.push_back(h);
    }
    return r;
}

} // namespace

/// Tests ScalingLabFigure.
class TestScalingLabFigure : public QObject
{
    Q_OBJECT

private slots:
    void viewNames();
    void pointsFollowTheValues_data();
    void pointsFollowTheValues();
    void guides();
    void histogramBars();
    void histogramIndex();
    void grid();
    void svgIsVector_data();
    void svgIsVector();
};

void TestScalingLabFigure::viewNames()
{
    QCOMPARE(ScalingLabFigure::panels().size(), size_t(5));
    for (const Panel p : ScalingLabFigure::panels())
        QCOMPARE(ScalingLabFigure::panelFromName(ScalingLabFigure::viewName(p)), p);
    QCOMPARE(ScalingLabFigure::viewName(Panel::Spread), QStringLiteral("spread"));
    QVERIFY(!ScalingLabFigure::panelFromName(QStringLiteral("loss")));
}

void TestScalingLabFigure::pointsFollowTheValues_data()
{
    QTest::addColumn<Panel>("panel");
    QTest::newRow("entropy") << Panel::Entropy;
    QTest::newRow("spread") << Panel::Spread;
    QTest::newRow("gradient") << Panel::Gradient;
    QTest::newRow("saturation") << Panel::Saturation;
}

void TestScalingLabFigure::pointsFollowTheValues()
{
    QFETCH(Panel, panel);
    const EntropyExperimentResult r = sample();
    const Figure f
        = ScalingLabFigure::make(panel, r, EntropyExperimentConfig {}, 0, FigureOptions {});
    const QRectF plot = withRole(f, QStringLiteral("frame")).front()->rect;
    for (const bool scaled : { false, true }) {
        const std::vector<double> &values = ScalingLabFigure::series(r, panel, scaled);
        std::vector<const Figure::Item *> points;
        for (const auto *item : withRole(f, QStringLiteral("point")))
            if (item->role.startsWith(scaled ? QLatin1String("scaled") : QLatin1String("unscaled")))
                points.push_back(item);
        QCOMPARE(points.size(), r.dims.size());
        // A linear axis from 0: every point's height over the axis over its value is the
        // same, and the x positions are two octaves apart each.
        double ratio = 0.0;
        for (size_t i = 0; i < points.size(); ++i) {
            if (values[i] == 0.0) {
                QVERIFY(std::abs(points[i]->anchor.y() - plot.bottom()) < 1e-9);
                continue;
            }
            const double perUnit = (plot.bottom() - points[i]->anchor.y()) / values[i];
            if (ratio == 0.0)
                ratio = perUnit;
            QVERIFY2(std::abs(perUnit - ratio) < 1e-9 * ratio, qPrintable(QString::number(i)));
            if (i > 0)
                QVERIFY(std::abs((points[i]->anchor.x() - points[i - 1]->anchor.x())
                            - (points[1]->anchor.x() - points[0]->anchor.x()))
                    < 1e-9);
            QVERIFY(points[i]->tooltip.startsWith(QStringLiteral("d_k = %1:").arg(r.dims[i])));
        }
    }
    QCOMPARE(int(withRole(f, QStringLiteral("current-dk")).size()), 0);
    const Figure marked
        = ScalingLabFigure::make(panel, r, EntropyExperimentConfig {}, 64, FigureOptions {});
    QCOMPARE(int(withRole(marked, QStringLiteral("current-dk")).size()), 1);
}

void TestScalingLabFigure::guides()
{
    EntropyExperimentConfig config;
    config.keys = 10;
    const EntropyExperimentResult r = sample();
    // Entropy: one dashed line at ln(keys), level across the plot.
    const Figure e = ScalingLabFigure::make(Panel::Entropy, r, config, 0, FigureOptions {});
    const auto eGuides = withRole(e, QStringLiteral("guide"));
    QCOMPARE(int(eGuides.size()), 1);
    const QRectF plot = withRole(e, QStringLiteral("frame")).front()->rect;
    const auto unscaledPoint = withRole(e, QStringLiteral("point")).front(); // d_k 8, 1.07 nats
    const double perNat = (plot.bottom() - unscaledPoint->anchor.y()) / 1.07;
    const QPolygonF &level = eGuides.front()->points;
    QVERIFY(std::abs(level.first().y() - (plot.bottom() - perNat * std::log(10.0))) < 1e-6);
    QCOMPARE(level.first().y(), level.last().y());
    // Spread: sqrt(d_k) through (d_k, sqrt(d_k)) and the constant 1.
    const Figure s = ScalingLabFigure::make(Panel::Spread, r, config, 0, FigureOptions {});
    const auto sGuides = withRole(s, QStringLiteral("guide"));
    QCOMPARE(int(sGuides.size()), 2);
    const QRectF sPlot = withRole(s, QStringLiteral("frame")).front()->rect;
    const auto sPoints = withRole(s, QStringLiteral("point"));
    const double perUnit = (sPlot.bottom() - sPoints.front()->anchor.y()) / 2.99; // d_k 8
    const QPolygonF &root = sGuides[0]->points;
    QVERIFY(root.last().y() < root.first().y()); // rising
    const QPolygonF &one = sGuides[1]->points;
    QVERIFY(std::abs(one.first().y() - (sPlot.bottom() - perUnit)) < 1e-6);
    // Gradient and saturation have no guides.
    QCOMPARE(int(withRole(ScalingLabFigure::make(Panel::Gradient, r, config, 0, FigureOptions {}),
                 QStringLiteral("guide"))
                     .size()),
        0);
}

void TestScalingLabFigure::histogramBars()
{
    const EntropyExperimentResult r = sample();
    const Figure f = ScalingLabFigure::make(
        Panel::Histogram, r, EntropyExperimentConfig {}, 32, FigureOptions {});
    const auto unscaled = withRole(f, QStringLiteral("unscaled"));
    const auto scaled = withRole(f, QStringLiteral("scaled"));
    QCOMPARE(int(unscaled.size()), 2); // the non-empty bins only
    QCOMPARE(int(scaled.size()), 2);
    // Heights proportional to the shares, widths one bin on the shared axis.
    QVERIFY(std::abs(unscaled[1]->rect.height() - 2 * unscaled[0]->rect.height()) < 1e-9);
    QVERIFY(std::abs(scaled[0]->rect.height() - scaled[1]->rect.height()) < 1e-9);
    QVERIFY(std::abs(scaled[0]->rect.width() - unscaled[0]->rect.width()) < 1e-9);
    const QRectF plot = withRole(f, QStringLiteral("frame")).front()->rect;
    QVERIFY(std::abs(unscaled[0]->rect.width() * ScoreHistogram::binCount - plot.width()) < 1e-6);
    QVERIFY(SvgFigureWriter::toSvg(f).contains("score at d_k = 32"));
}

void TestScalingLabFigure::histogramIndex()
{
    const EntropyExperimentResult r = sample(); // 8, 32, 128, 512
    QCOMPARE(ScalingLabFigure::histogramIndex(r, 32), 1);
    QCOMPARE(ScalingLabFigure::histogramIndex(r, 60), 1);
    QCOMPARE(ScalingLabFigure::histogramIndex(r, 64), 2); // a tie goes to the larger
    QCOMPARE(ScalingLabFigure::histogramIndex(r, 4096), 3);
    QCOMPARE(ScalingLabFigure::histogramIndex(r, 0), 3);
    QCOMPARE(ScalingLabFigure::histogramIndex(EntropyExperimentResult {}, 8), -1);
}

void TestScalingLabFigure::grid()
{
    const Figure f
        = ScalingLabFigure::makeGrid(sample(), EntropyExperimentConfig {}, 16, FigureOptions {});
    QCOMPARE(int(withRole(f, QStringLiteral("panel-title")).size()), 5);
    QCOMPARE(int(withRole(f, QStringLiteral("point")).size()), 4 * 8);
    QCOMPARE(int(withRole(f, QStringLiteral("current-dk")).size()), 4);
    QCOMPARE(int(withRole(f, QStringLiteral("frame")).size()), 5);
    // No panel spills out of the figure.
    for (const auto *frame : withRole(f, QStringLiteral("frame")))
        QVERIFY(QRectF(QPointF(0, 0), f.size).contains(frame->rect));
}

void TestScalingLabFigure::svgIsVector_data()
{
    QTest::addColumn<int>("which"); // a panel, or -1 for the grid
    for (int i = 0; i < 5; ++i)
        QTest::addRow(
            "%s", qPrintable(ScalingLabFigure::viewName(ScalingLabFigure::panels()[size_t(i)])))
            << i;
    QTest::newRow("grid") << -1;
}

void TestScalingLabFigure::svgIsVector()
{
    QFETCH(int, which);
    FigureOptions options;
    options.title = QStringLiteral("缩放实验");
    const Figure f = which < 0
        ? ScalingLabFigure::makeGrid(sample(), EntropyExperimentConfig {}, 4, options)
        : ScalingLabFigure::make(ScalingLabFigure::panels()[size_t(which)], sample(),
            EntropyExperimentConfig {}, 4, options);
    const SvgSummary svg = SvgSummary::read(SvgFigureWriter::toSvg(f));
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QCOMPARE(svg.images, 0);
    QVERIFY(!svg.rasterData);
    QVERIFY(svg.texts.contains(options.title));
}

QTEST_MAIN(TestScalingLabFigure)
#include "tst_scalinglabfigure.moc"
