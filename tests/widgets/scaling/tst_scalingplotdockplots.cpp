// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling dock's plots: curves and lab panels equal to runEntropyExperiment for the same
// parameters, the marker at the model's d_k, titles readable when narrow and numbered value
// axes. Its controls: tst_scalingplotdock.

#include "document/document.h"
#include "scaling/entropyexperiment.h"
#include "scaling/scalingplot.h"
#include "scaling/scalingplotdock.h"
#include "scaling/scalingseriesplot.h"
#include "scaling/scorehistogramplot.h"
#include "testsupportattention.h"
#include "testsupportscaling.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolTip>
#include <QtTest>
#include <cmath>

using namespace ae;
using ae::test::expectedPoints;
using ae::test::points;

class TestScalingPlotDockPlots : public QObject, protected test::ScalingDockFixture
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void curvesEqualCore_data();
    void curvesEqualCore();
    void labPanelsEqualCore_data();
    void labPanelsEqualCore();
    void markerFollowsModel();
    void titleStaysReadableWhenNarrow_data();
    void titleStaysReadableWhenNarrow();
    void titleTooLongForTwoLinesIsWholeInItsTooltip();
    void valueAxisIsNumbered_data();
    void valueAxisIsNumbered();
    void markerLabelCoversNoCurve_data();
    void markerLabelCoversNoCurve();
};

void TestScalingPlotDockPlots::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_scalingplotdockplots"));
}

void TestScalingPlotDockPlots::init()
{
    createDock();
}

void TestScalingPlotDockPlots::cleanup()
{
    destroyDock();
}

void TestScalingPlotDockPlots::curvesEqualCore_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("seed");
    QTest::addColumn<std::vector<int>>("dims");
    QTest::newRow("the articles' experiment") << 10 << 0 << std::vector<int> { 8, 32, 128, 512 };
    QTest::newRow("few keys, other seed") << 3 << 42 << std::vector<int> { 4, 16, 64 };
    QTest::newRow("one key: entropy 0") << 1 << 7 << std::vector<int> { 2, 8 };
    QTest::newRow("unsorted list") << 20 << 5 << std::vector<int> { 256, 8, 64 };
}

void TestScalingPlotDockPlots::curvesEqualCore()
{
    QFETCH(int, keys);
    QFETCH(int, seed);
    QFETCH(std::vector<int>, dims);
    EntropyExperimentConfig config;
    config.dims = dims;
    config.queries = 512;
    config.keys = keys;
    config.repeats = 1;
    config.seed = static_cast<std::uint64_t>(seed);
    m_document->setScalingConfig(config);
    QTRY_VERIFY(m_dock->shownConfig() && *m_dock->shownConfig() == config);
    QTRY_VERIFY(!m_dock->isComputing());

    ScalingPlot *plot = m_dock->plot();
    QCOMPARE(points(plot->unscaledGraph()), expectedPoints(config, false));
    QCOMPARE(points(plot->scaledGraph()), expectedPoints(config, true));
    // The ceiling ln(keys), worked out here, spans the axis as a horizontal dashed line.
    const QList<QPointF> ceiling = points(plot->ceilingGraph());
    QCOMPARE(ceiling.size(), 2);
    QCOMPARE(ceiling[0].y(), std::log(double(keys)));
    QCOMPARE(ceiling[1].y(), std::log(double(keys)));
    QCOMPARE(plot->ceilingGraph()->pen().style(), Qt::DashLine);
    QCOMPARE(ceiling[0].x(), plot->xAxis->range().lower);
    QCOMPARE(ceiling[1].x(), plot->xAxis->range().upper);
    // Entropies never exceed the ceiling.
    for (const QPointF &p : points(plot->scaledGraph()))
        QVERIFY(p.y() <= std::log(double(keys)) + 1e-12);
    // A log2 axis with ticks at the dims.
    QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
    for (double d : plot->dimTicks())
        QVERIFY(std::find(dims.begin(), dims.end(), int(d)) != dims.end()
            || int(d) == plot->currentDk());
    QVERIFY(m_dock->message().isEmpty());
}

void TestScalingPlotDockPlots::labPanelsEqualCore_data()
{
    curvesEqualCore_data();
}

void TestScalingPlotDockPlots::labPanelsEqualCore()
{
    QFETCH(int, keys);
    QFETCH(int, seed);
    QFETCH(std::vector<int>, dims);
    EntropyExperimentConfig config;
    config.dims = dims;
    config.queries = 512;
    config.keys = keys;
    config.seed = static_cast<std::uint64_t>(seed);
    m_document->setScalingConfig(config);
    QTRY_VERIFY(m_dock->shownConfig() && *m_dock->shownConfig() == config);
    QTRY_VERIFY(!m_dock->isComputing());
    const EntropyExperimentResult r = runEntropyExperiment(config);
    QVERIFY(m_dock->shownResult().has_value());

    // Every d_k panel plots the core's numbers for its quantity, in order of d_k.
    using Panel = ScalingLabFigure::Panel;
    for (const Panel panel : { Panel::Spread, Panel::Gradient, Panel::Saturation }) {
        ScalingSeriesPlot *plot = m_dock->seriesPlot(panel);
        QVERIFY(plot);
        for (const bool scaled : { false, true }) {
            const std::vector<double> &values = ScalingLabFigure::series(r, panel, scaled);
            QList<QPointF> expected;
            for (size_t i = 0; i < r.dims.size(); ++i)
                expected.append(QPointF(r.dims[i], values[i]));
            std::sort(expected.begin(), expected.end(),
                [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
            QCOMPARE(points(scaled ? plot->scaledGraph() : plot->unscaledGraph()), expected);
        }
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
    }
    // The spread panel's guides: sqrt(d_k) across the axis, and 1.
    ScalingSeriesPlot *spread = m_dock->seriesPlot(Panel::Spread);
    QCOMPARE(spread->guideGraphs().size(), 2);
    const QList<QPointF> root = points(spread->guideGraphs()[0]);
    QVERIFY(root.size() > 10);
    for (const QPointF &p : root)
        QVERIFY(std::abs(p.y() - std::sqrt(p.x())) < 1e-12 * p.y());
    QCOMPARE(root.first().x(), spread->xAxis->range().lower);
    for (const QPointF &p : points(spread->guideGraphs()[1]))
        QCOMPARE(p.y(), 1.0);
    QCOMPARE(m_dock->seriesPlot(Panel::Gradient)->guideGraphs().size(), 0);

    // The histogram: one choice per distinct d_k; each shows the core's shares on its bins.
    QComboBox *box = m_dock->histogramDkBox();
    QCOMPARE(box->count(), int(dims.size()));
    for (int c = 0; c < box->count(); ++c) {
        box->setCurrentIndex(c);
        emit box->activated(c);
        const int dk = box->itemData(c).toInt();
        QCOMPARE(m_dock->histogramPlot()->shownDk(), dk);
        const size_t i = size_t(std::find(r.dims.begin(), r.dims.end(), dk) - r.dims.begin());
        const ScoreHistogram &h = r.histograms[i];
        for (const bool scaled : { false, true }) {
            QCPBars *bars = scaled ? m_dock->histogramPlot()->scaledBars()
                                   : m_dock->histogramPlot()->unscaledBars();
            QCOMPARE(bars->data()->size(), ScoreHistogram::binCount);
            int b = 0;
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it, ++b) {
                QCOMPARE(it->value, (scaled ? h.scaled : h.unscaled)[size_t(b)]);
                QVERIFY(std::abs(it->key - (h.lo + (b + 0.5) * h.binWidth())) < 1e-12 * h.hi);
            }
        }
    }
    // One entry per panel switches the page; the histogram's d_k shows with its panel only.
    QCOMPARE(m_dock->panelChooser()->count(), 5);
    m_dock->panelChooser()->setCurrentIndex(1);
    QVERIFY(spread->isVisible());
    QVERIFY(!m_dock->plot()->isVisible());
    QVERIFY(!box->isVisible());
    m_dock->panelChooser()->setCurrentIndex(4);
    QVERIFY(m_dock->histogramPlot()->isVisible());
    QVERIFY(box->isVisible());
    m_dock->panelChooser()->setCurrentIndex(0);
    QVERIFY(m_dock->plot()->isVisible());
}

void TestScalingPlotDockPlots::markerFollowsModel()
{
    // The default example: d_model 4, 2 heads, d_k 2.
    Session s = m_document->session();
    s.attention.config.dModel = 4;
    s.attention.config.heads = 2;
    m_document->resetSession(s, QString());
    QVERIFY(m_document->hasResult());
    QCOMPARE(m_dock->plot()->currentDk(), 2);
    QVERIFY(m_dock->plot()->dkMarker()->visible());
    QCOMPARE(m_dock->plot()->dkMarker()->point1->coords().x(), 2.0);
    QVERIFY(m_dock->plot()->xAxis->range().contains(2.0));
    m_document->setHeads(1);
    QCOMPARE(m_dock->plot()->currentDk(), 4);
    QCOMPARE(m_dock->plot()->dkMarker()->point1->coords().x(), 4.0);
    // Every d_k panel marks it too.
    for (const auto panel : { ScalingLabFigure::Panel::Spread, ScalingLabFigure::Panel::Gradient,
             ScalingLabFigure::Panel::Saturation }) {
        QVERIFY(m_dock->seriesPlot(panel)->dkMarker()->visible());
        QCOMPARE(m_dock->seriesPlot(panel)->dkMarker()->point1->coords().x(), 4.0);
    }
}

void TestScalingPlotDockPlots::titleStaysReadableWhenNarrow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<int>("lines");
    QTest::newRow("wide") << QSize(700, 520) << false << 1;
    // Docked at the side of a 1024×768 projector.
    QTest::newRow("narrow") << QSize(230, 420) << false << 2;
    QTest::newRow("narrow, lesson mode") << QSize(300, 480) << true << 2;
}

void TestScalingPlotDockPlots::titleStaysReadableWhenNarrow()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(int, lines);
    // The lab's longest title.
    ScalingPlot plot;
    plot.resize(size);
    plot.setPresentationMode(presentation);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    const QString title = ScalingPlot::tr("Scaling effect on softmax sharpness");
    QCOMPARE(plot.title(), title);
    QVERIFY(plot.titleElement()->visible());
    const QStringList shown = plot.titleElement()->text().split(QLatin1Char('\n'));
    QCOMPARE(shown.size(), lines);
    // Every line within the plot, and no word lost.
    const QFontMetricsF metrics(plot.titleElement()->font());
    for (const QString &line : shown)
        QVERIFY2(metrics.horizontalAdvance(line) <= plot.width(), qPrintable(line));
    QCOMPARE(shown.join(QLatin1Char(' ')), title);
    QVERIFY(!plot.isTitleElided());
    // A narrow plot in lesson mode keeps smaller than full presentation fonts.
    if (presentation)
        QVERIFY(
            plot.titleElement()->font().pointSizeF() < 11.0 * SeriesPlot::fullPresentationScale);
}

void TestScalingPlotDockPlots::titleTooLongForTwoLinesIsWholeInItsTooltip()
{
    ScalingPlot plot;
    plot.resize(230, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    const QString title
        = QStringLiteral("A title far too long for two lines of a plot this narrow, "
                         "written out in many words");
    plot.setTitle(title);
    plot.replot();
    const QStringList shown = plot.titleElement()->text().split(QLatin1Char('\n'));
    QCOMPARE(shown.size(), 2);
    QVERIFY(plot.isTitleElided());
    QVERIFY(shown.last().endsWith(QChar(0x2026)));
    // Hovering the title shows it whole.
    const QPoint onTitle = plot.titleElement()->outerRect().center();
    QHelpEvent help(QEvent::ToolTip, onTitle, plot.mapToGlobal(onTitle));
    QApplication::sendEvent(&plot, &help);
    QTRY_COMPARE(QToolTip::text(), title);
    QToolTip::hideText();
}

void TestScalingPlotDockPlots::valueAxisIsNumbered_data()
{
    QTest::addColumn<int>("panel");
    QTest::addColumn<QSize>("size");
    using Panel = ScalingLabFigure::Panel;
    // The dock in the left column at 1024×768 (as the √d_k lesson's step 2 shows it), and wide.
    for (const auto &[name, panel] :
        { std::pair { "spread", Panel::Spread }, std::pair { "gradient", Panel::Gradient },
            std::pair { "saturation", Panel::Saturation } }) {
        QTest::addRow("%s, 390×500", name) << int(panel) << QSize(390, 500);
        QTest::addRow("%s, 390×330", name) << int(panel) << QSize(390, 330);
        QTest::addRow("%s, 700×520", name) << int(panel) << QSize(700, 520);
    }
}

void TestScalingPlotDockPlots::valueAxisIsNumbered()
{
    QFETCH(int, panel);
    QFETCH(QSize, size);
    // The dock's default settings.
    m_dock->resize(size);
    QTRY_VERIFY(m_dock->shownResult().has_value());
    QTRY_VERIFY(!m_dock->isComputing());
    const auto which = static_cast<ScalingLabFigure::Panel>(panel);
    const auto &panels = ScalingLabFigure::panels();
    m_dock->panelChooser()->setCurrentIndex(
        int(std::find(panels.begin(), panels.end(), which) - panels.begin()));
    ScalingSeriesPlot *plot = m_dock->seriesPlot(which);
    QTRY_VERIFY(plot->isVisible());
    // As a lesson's step shows it: the plot laid out small (a dock behind a tab), then given
    // its room in one step.
    m_dock->resize(size.width(), 80);
    QTest::qWait(50);
    m_dock->resize(size);
    // What the screen shows once every queued replot has run.
    QTest::qWait(100);
    // Every tick on the value axis carries its number, and there are at least two of them.
    const QCPRange range = plot->yAxis->range();
    const QVector<double> ticks = plot->yAxis->tickVector();
    const QVector<QString> labels = plot->yAxis->tickVectorLabels();
    QStringList shown;
    for (int i = 0; i < ticks.size(); ++i) {
        if (!range.contains(ticks[i]))
            continue;
        QVERIFY2(!labels.value(i).isEmpty(), qPrintable(QStringLiteral("tick %1").arg(ticks[i])));
        shown << labels.value(i);
    }
    QVERIFY2(shown.size() >= 2,
        qPrintable(QStringLiteral("%1 px tall, range %2 to %3: labels %4")
                       .arg(plot->axisRect()->height())
                       .arg(range.lower)
                       .arg(range.upper)
                       .arg(shown.join(QStringLiteral(", ")))));
}

void TestScalingPlotDockPlots::markerLabelCoversNoCurve_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<int>("heads");
    // The dock's default experiment; the model's d_k 2 (two heads) or 4 (one).
    for (const int heads : { 2, 1 }) {
        QTest::addRow("390×500, d_k %d", 4 / heads) << QSize(390, 500) << false << heads;
        QTest::addRow("700×520, d_k %d", 4 / heads) << QSize(700, 520) << false << heads;
        // Below a lesson's caption in lesson mode at 1024×768.
        QTest::addRow("360×330, lesson mode, d_k %d", 4 / heads)
            << QSize(360, 330) << true << heads;
    }
}

void TestScalingPlotDockPlots::markerLabelCoversNoCurve()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(int, heads);
    Session s = m_document->session();
    s.attention.config.dModel = 4;
    s.attention.config.heads = heads;
    m_document->resetSession(s, QString());
    ScalingPlot plot;
    plot.setPresentationMode(presentation);
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QTRY_VERIFY(m_dock->shownResult().has_value());
    plot.setResult(*m_dock->shownResult(), m_dock->shownConfig()->keys);
    plot.setCurrentDk(4 / heads);
    QTest::qWait(100);
    QVERIFY(plot.dkLabel()->visible());
    // The label's box on screen, and every curve (the points and the straight lines between
    // them, the ceiling) walked in steps of a pixel or two: none passes through the box.
    const QRectF box = QRectF(
        plot.dkLabel()->topLeft->pixelPosition(), plot.dkLabel()->bottomRight->pixelPosition())
                           .normalized();
    QVERIFY(plot.axisRect()->rect().contains(box.toRect()));
    for (QCPGraph *graph : { plot.unscaledGraph(), plot.scaledGraph(), plot.ceilingGraph() }) {
        QList<QPointF> pixels;
        for (const QPointF &p : points(graph))
            pixels << QPointF(plot.xAxis->coordToPixel(p.x()), plot.yAxis->coordToPixel(p.y()));
        for (int i = 0; i + 1 < pixels.size(); ++i) {
            const QPointF a = pixels[i], b = pixels[i + 1];
            const int steps = std::max(1, int(QLineF(a, b).length()));
            for (int k = 0; k <= steps; ++k) {
                const QPointF at = a + (b - a) * (double(k) / steps);
                QVERIFY2(!box.contains(at),
                    qPrintable(QStringLiteral("%1 passes through the label at %2,%3")
                                   .arg(graph->name())
                                   .arg(at.x())
                                   .arg(at.y())));
            }
        }
    }
}

QTEST_MAIN(TestScalingPlotDockPlots)
#include "tst_scalingplotdockplots.moc"
