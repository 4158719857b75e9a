// SPDX-License-Identifier: GPL-3.0-or-later
// The training curves for export: three panels with their titles and axis titles, every step of
// both runs on one shared step axis, each curve's points at heights proportional to the
// history's values (log10 for the gradient norms), step labels that never touch, vector SVG.

#include "export/svgfigurewriter.h"
#include "testsupportsvg.h"
#include "training/trainingcurvesfigure.h"

#include <QFontMetricsF>
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

/// A hand-made history of @p steps steps: loss falling from 2 by @p fall a step, accuracy
/// rising, norms halving every ten steps, saturation @p saturation.
std::vector<StepMetrics> history(int steps, double fall, double saturation)
{
    std::vector<StepMetrics> out;
    for (int s = 0; s < steps; ++s) {
        StepMetrics m;
        m.step = s;
        m.loss = 2.0 - fall * s;
        m.accuracy = std::min(1.0, 0.05 * s);
        m.gradNormQ = 0.5 * std::pow(0.5, s / 10.0);
        m.gradNormK = 0.25 * std::pow(0.5, s / 10.0);
        m.maxWeight = saturation;
        out.push_back(m);
    }
    return out;
}

double valueOf(const StepMetrics &m, const QString &quantity)
{
    if (quantity == QLatin1String("loss"))
        return m.loss;
    if (quantity == QLatin1String("accuracy"))
        return m.accuracy;
    if (quantity == QLatin1String("grad-q"))
        return m.gradNormQ;
    if (quantity == QLatin1String("grad-k"))
        return m.gradNormK;
    return m.maxWeight;
}

} // namespace

/// Tests TrainingCurvesFigure.
class TestTrainingCurvesFigure : public QObject
{
    Q_OBJECT

private slots:
    void titlesAndAxes();
    void curvesFollowTheHistory_data();
    void curvesFollowTheHistory();
    void sharedStepAxis();
    void stepLabelsApart_data();
    void stepLabelsApart();
    void thinning();
    void svgIsVector();
    void runsDifferBeyondHue();
};

void TestTrainingCurvesFigure::titlesAndAxes()
{
    const auto a = history(40, 0.01, 0.4), b = history(40, 0.001, 0.99);
    FigureOptions options;
    options.title = QStringLiteral("Reverse, d_model 128");
    const Figure f
        = TrainingCurvesFigure::make({ TrainingFigureRun { QStringLiteral("Run A"), &a },
                                         TrainingFigureRun { QStringLiteral("Run B"), &b } },
            QStringLiteral("seed 0"), options);
    QCOMPARE(f.title, options.title);
    QStringList panelTitles, axisTitles, legends;
    for (const auto *t : withRole(f, QStringLiteral("panel-title")))
        panelTitles << t->text;
    for (const auto *t : withRole(f, QStringLiteral("axis-title")))
        axisTitles << t->text;
    for (const auto *t : withRole(f, QStringLiteral("legend")))
        legends << t->text;
    QCOMPARE(panelTitles,
        QStringList({ QStringLiteral("Loss and accuracy"), QStringLiteral("Gradient norms"),
            QStringLiteral("Saturation") }));
    QCOMPARE(axisTitles.count(QStringLiteral("step")), 3);
    QVERIFY(axisTitles.contains(QStringLiteral("accuracy (dashed)")));
    QVERIFY(axisTitles.contains(QStringLiteral("W_q solid, W_k dashed")));
    QCOMPARE(legends, QStringList({ QStringLiteral("Run A"), QStringLiteral("Run B") }));
    QCOMPARE(f.count(QStringLiteral("frame")), 3);
    QCOMPARE(withRole(f, QStringLiteral("subtitle")).front()->text, QStringLiteral("seed 0"));
}

void TestTrainingCurvesFigure::curvesFollowTheHistory_data()
{
    QTest::addColumn<QString>("quantity");
    QTest::addColumn<bool>("logAxis");
    QTest::newRow("loss") << QStringLiteral("loss") << false;
    QTest::newRow("accuracy") << QStringLiteral("accuracy") << false;
    QTest::newRow("grad-q") << QStringLiteral("grad-q") << true;
    QTest::newRow("grad-k") << QStringLiteral("grad-k") << true;
    QTest::newRow("saturation") << QStringLiteral("saturation") << false;
}

void TestTrainingCurvesFigure::curvesFollowTheHistory()
{
    QFETCH(QString, quantity);
    QFETCH(bool, logAxis);
    const auto a = history(60, 0.02, 0.3), b = history(60, 0.001, 0.98);
    const Figure f = TrainingCurvesFigure::make({ TrainingFigureRun { QStringLiteral("A"), &a },
                                                    TrainingFigureRun { QStringLiteral("B"), &b } },
        QString(), FigureOptions());
    for (int run = 0; run < 2; ++run) {
        const auto &metrics = run == 0 ? a : b;
        const auto curves = withRole(f, QStringLiteral("run%1").arg(run));
        const Figure::Item *curve = nullptr;
        for (const auto *c : curves)
            if (c->role.split(QLatin1Char(' ')).contains(quantity))
                curve = c;
        QVERIFY(curve);
        QCOMPARE(curve->points.size(), qsizetype(metrics.size()));
        // Two points fix the line: every other point lies on it (linear, or linear in log10).
        const auto t = [&](double v) { return logAxis ? std::log10(v) : v; };
        const double v0 = t(valueOf(metrics[0], quantity));
        const double v1 = t(valueOf(metrics[59], quantity));
        const double y0 = curve->points[0].y(), y1 = curve->points[59].y();
        const double x0 = curve->points[0].x(), x1 = curve->points[59].x();
        for (int i = 0; i < 60; ++i) {
            QVERIFY(std::abs(curve->points[i].x() - (x0 + (x1 - x0) * i / 59.0)) < 1e-9);
            if (v1 != v0) {
                const double expected
                    = y0 + (y1 - y0) * (t(valueOf(metrics[size_t(i)], quantity)) - v0) / (v1 - v0);
                QVERIFY2(std::abs(curve->points[i].y() - expected) < 1e-6,
                    qPrintable(QStringLiteral("point %1").arg(i)));
            }
        }
        QCOMPARE(curve->dashed,
            quantity == QLatin1String("accuracy") || quantity == QLatin1String("grad-k"));
    }
}

void TestTrainingCurvesFigure::sharedStepAxis()
{
    // Run B stopped at step 19: its last point sits where run A's step 19 is, not at the end.
    const auto a = history(80, 0.01, 0.5), b = history(20, 0.01, 0.5);
    const Figure f = TrainingCurvesFigure::make({ TrainingFigureRun { QStringLiteral("A"), &a },
                                                    TrainingFigureRun { QStringLiteral("B"), &b } },
        QString(), FigureOptions());
    for (const QString &q : { QStringLiteral("loss"), QStringLiteral("saturation") }) {
        const Figure::Item *ca = nullptr, *cb = nullptr;
        for (const auto *c : withRole(f, q)) {
            if (c->role.contains(QLatin1String("run0")))
                ca = c;
            else
                cb = c;
        }
        QVERIFY(ca && cb);
        QCOMPARE(cb->points.size(), qsizetype(20));
        QVERIFY(std::abs(cb->points.back().x() - ca->points[19].x()) < 1e-9);
    }
}

void TestTrainingCurvesFigure::stepLabelsApart_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("steps");
    QTest::newRow("narrow, 600") << 640 << 600;
    QTest::newRow("narrow, 100000") << 640 << 100000;
    QTest::newRow("wide, 600") << 1600 << 600;
    QTest::newRow("wide, 250000") << 1600 << 250000;
}

void TestTrainingCurvesFigure::stepLabelsApart()
{
    QFETCH(int, width);
    QFETCH(int, steps);
    std::vector<StepMetrics> a(2);
    a[1].step = steps;
    FigureOptions options;
    options.size = QSize(width, 360);
    const Figure f = TrainingCurvesFigure::make({ TrainingFigureRun { QStringLiteral("A"), &a },
                                                    TrainingFigureRun { QStringLiteral("B"), &a } },
        QString(), options);
    const auto labels = withRole(f, QStringLiteral("x-tick"));
    QVERIFY(labels.size() >= 6); // at least two per panel
    const QFontMetricsF fm(Figure::font(labels.front()->fontSize));
    for (size_t i = 1; i < labels.size(); ++i) {
        const auto *p = labels[i - 1], *q = labels[i];
        if (q->anchor.x() < p->anchor.x())
            continue; // the next panel
        const double gap = (q->anchor.x() - fm.horizontalAdvance(q->text) / 2.0)
            - (p->anchor.x() + fm.horizontalAdvance(p->text) / 2.0);
        QVERIFY2(gap >= 8.0,
            qPrintable(QStringLiteral("%1 and %2 are %3 px apart").arg(p->text, q->text).arg(gap)));
    }
}

void TestTrainingCurvesFigure::thinning()
{
    QCOMPARE(TrainingCurvesFigure::drawnIndices(3), std::vector<int>({ 0, 1, 2 }));
    const std::vector<int> thin = TrainingCurvesFigure::drawnIndices(100000);
    QCOMPARE(int(thin.size()), TrainingCurvesFigure::maxPoints);
    QCOMPARE(thin.front(), 0);
    QCOMPARE(thin.back(), 99999);
    QVERIFY(std::is_sorted(thin.begin(), thin.end()));
    QVERIFY(std::adjacent_find(thin.begin(), thin.end()) == thin.end());
}

void TestTrainingCurvesFigure::svgIsVector()
{
    const auto a = history(30, 0.01, 0.4);
    FigureOptions options;
    options.title = QStringLiteral("训练曲线 我爱深度学习");
    const Figure f
        = TrainingCurvesFigure::make({ TrainingFigureRun { QStringLiteral("A：缩放"), &a },
                                         TrainingFigureRun { QStringLiteral("B：不缩放"), &a } },
            QString(), options);
    const SvgSummary svg = SvgSummary::read(SvgFigureWriter::toSvg(f));
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QCOMPARE(svg.images, 0);
    QVERIFY(!svg.rasterData);
    QVERIFY(svg.texts.contains(options.title));
    QVERIFY(svg.texts.contains(QStringLiteral("B：不缩放")));
    QCOMPARE(svg.textsWithClass(QStringLiteral("panel-title")), 3);
}

void TestTrainingCurvesFigure::runsDifferBeyondHue()
{
    // Run B's curves carry hollow circles on their points, run A's none, and the legend shows
    // the circle on run B's swatch: the runs are told apart without their blue and orange.
    const auto a = history(60, 0.02, 0.3), b = history(60, 0.001, 0.98);
    const Figure f = TrainingCurvesFigure::make({ TrainingFigureRun { QStringLiteral("A"), &a },
                                                    TrainingFigureRun { QStringLiteral("B"), &b } },
        QString(), FigureOptions());
    const auto markers = withRole(f, QStringLiteral("run-marker"));
    QVERIFY(markers.size() >= 12);
    QPolygonF runB, runA;
    for (const auto *curve : withRole(f, QStringLiteral("run1")))
        runB += curve->points;
    for (const auto *curve : withRole(f, QStringLiteral("run0")))
        runA += curve->points;
    QVERIFY(!runA.isEmpty() && !runB.isEmpty());
    for (const auto *marker : markers) {
        QCOMPARE(marker->kind, Figure::Kind::Circle);
        QCOMPARE(marker->stroke, TrainingCurvesFigure::runColor(1));
        QCOMPARE(marker->fill, QColor(Qt::white)); // hollow
        QVERIFY(runB.contains(marker->anchor));
    }
    // Every quantity of run B is marked; none lies only on run A's curves.
    for (const QString &quantity : { QStringLiteral("loss"), QStringLiteral("accuracy"),
             QStringLiteral("grad-q"), QStringLiteral("grad-k"), QStringLiteral("saturation") })
        QVERIFY2(!withRole(f, QStringLiteral("marker-") + quantity).empty(), qPrintable(quantity));
    const auto legend = withRole(f, QStringLiteral("legend-marker"));
    QCOMPARE(legend.size(), size_t(1));
    const auto swatches = withRole(f, QStringLiteral("legend-swatch"));
    QCOMPARE(swatches.size(), size_t(2));
    // On the second swatch (run B's), halfway along it.
    QCOMPARE(legend.front()->anchor, (swatches[1]->anchor + swatches[1]->end) / 2.0);
}

QTEST_MAIN(TestTrainingCurvesFigure)
#include "tst_trainingcurvesfigure.moc"
