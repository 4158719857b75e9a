// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling dock: the d_k text syntax, curves equal to runEntropyExperiment for the same
// parameters, edits through the document (undoable), inline messages, and cancellation of
// stale runs.

#include "document/document.h"
#include "scaling/entropyexperiment.h"
#include "scaling/scalingdims.h"
#include "scaling/scalingplot.h"
#include "scaling/scalingplotdock.h"
#include "scaling/scalingrunner.h"
#include "scaling/scalingseriesplot.h"
#include "scaling/scorehistogramplot.h"
#include "testsupportattention.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolTip>
#include <QtTest>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

using namespace ae;

namespace {

/// The (d_k, value) points of @p graph, in order of d_k.
QList<QPointF> points(QCPGraph *graph)
{
    QList<QPointF> result;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        result.append(QPointF(it->key, it->value));
    return result;
}

/// The points runEntropyExperiment gives for @p config, sorted by d_k.
QList<QPointF> expectedPoints(const EntropyExperimentConfig &config, bool scaled)
{
    const EntropyExperimentResult r = runEntropyExperiment(config);
    QList<QPointF> result;
    for (size_t i = 0; i < r.dims.size(); ++i)
        result.append(QPointF(r.dims[i], scaled ? r.scaled[i] : r.unscaled[i]));
    std::sort(result.begin(), result.end(),
        [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    return result;
}

EntropyExperimentConfig smallConfig(int keys, std::uint64_t seed)
{
    EntropyExperimentConfig c;
    c.dims = { 4, 16, 64 };
    c.queries = 256;
    c.keys = keys;
    c.repeats = 2;
    c.seed = seed;
    return c;
}

} // namespace

class TestScalingPlotDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void parsesDims_data();
    void parsesDims();
    void refusesDims_data();
    void refusesDims();
    void formatsDims_data();
    void formatsDims();
    void curvesEqualCore_data();
    void curvesEqualCore();
    void labPanelsEqualCore_data();
    void labPanelsEqualCore();
    void controlsEditThroughDocument();
    void invalidTextShowsMessage_data();
    void invalidTextShowsMessage();
    void undoRestoresControls();
    void lastOfQuickChangesIsShown();
    void runnerCancelsStaleRun();
    void runnerDropsQueuedRuns();
    void markerFollowsModel();
    void titleStaysReadableWhenNarrow_data();
    void titleStaysReadableWhenNarrow();
    void titleTooLongForTwoLinesIsWholeInItsTooltip();
    void valueAxisIsNumbered_data();
    void valueAxisIsNumbered();

private:
    Document *m_document = nullptr;
    ScalingPlotDock *m_dock = nullptr;
};

void TestScalingPlotDock::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_scalingplotdock"));
}

void TestScalingPlotDock::init()
{
    m_document = new Document;
    m_dock = new ScalingPlotDock(m_document);
    m_dock->resize(700, 520);
    m_dock->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dock));
}

void TestScalingPlotDock::cleanup()
{
    delete m_dock;
    delete m_document;
    m_dock = nullptr;
    m_document = nullptr;
}

void TestScalingPlotDock::parsesDims_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("expected");
    QTest::newRow("range of powers of two")
        << QStringLiteral("8..512") << std::vector<int> { 8, 16, 32, 64, 128, 256, 512 };
    QTest::newRow("list with commas")
        << QStringLiteral("8,32,128,512") << std::vector<int> { 8, 32, 128, 512 };
    QTest::newRow("list with spaces and semicolons")
        << QStringLiteral(" 8  32;128 ") << std::vector<int> { 8, 32, 128 };
    QTest::newRow("Chinese punctuation")
        << QStringLiteral("8，32、128") << std::vector<int> { 8, 32, 128 };
    QTest::newRow("range with ends that are not powers of two")
        << QStringLiteral("5..40") << std::vector<int> { 8, 16, 32 };
    QTest::newRow("range and list mixed")
        << QStringLiteral("1..4, 100") << std::vector<int> { 1, 2, 4, 100 };
    QTest::newRow("single value") << QStringLiteral("64") << std::vector<int> { 64 };
    QTest::newRow("one-element range") << QStringLiteral("16..16") << std::vector<int> { 16 };
    QTest::newRow("tilde range") << QStringLiteral("2~8") << std::vector<int> { 2, 4, 8 };
}

void TestScalingPlotDock::parsesDims()
{
    QFETCH(QString, text);
    QFETCH(std::vector<int>, expected);
    QString error;
    const auto dims = ScalingDims::parse(text, &error);
    QVERIFY2(dims.has_value(), qPrintable(error));
    QCOMPARE(*dims, expected);
}

void TestScalingPlotDock::refusesDims_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("empty") << QString() << QStringLiteral("at least one");
    QTest::newRow("only separators")
        << QStringLiteral(" , ;") << QStringLiteral("entry 1 is empty");
    QTest::newRow("word") << QStringLiteral("8, abc") << QStringLiteral("entry 2");
    QTest::newRow("negative") << QStringLiteral("-8") << QStringLiteral("entry 1");
    QTest::newRow("decimal") << QStringLiteral("8, 3.5") << QStringLiteral("3.5");
    QTest::newRow("downward range") << QStringLiteral("512..8") << QStringLiteral("smaller");
    QTest::newRow("range without a power of two")
        << QStringLiteral("33..63") << QStringLiteral("no power of two");
    QTest::newRow("half a range") << QStringLiteral("8..") << QStringLiteral("not a range");
    QTest::newRow("huge number") << QStringLiteral("99999999999") << QStringLiteral("entry 1");
}

void TestScalingPlotDock::refusesDims()
{
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    QString error;
    QVERIFY(!ScalingDims::parse(text, &error).has_value());
    QVERIFY2(error.contains(mentions), qPrintable(error));
}

void TestScalingPlotDock::formatsDims_data()
{
    QTest::addColumn<std::vector<int>>("dims");
    QTest::addColumn<QString>("expected");
    QTest::newRow("doubling run") << std::vector<int> { 8, 16, 32, 64 } << QStringLiteral("8..64");
    QTest::newRow("spaced powers")
        << std::vector<int> { 8, 32, 128, 512 } << QStringLiteral("8, 32, 128, 512");
    QTest::newRow("two values") << std::vector<int> { 8, 16 } << QStringLiteral("8, 16");
    QTest::newRow("not powers") << std::vector<int> { 3, 6, 12 } << QStringLiteral("3, 6, 12");
}

void TestScalingPlotDock::formatsDims()
{
    QFETCH(std::vector<int>, dims);
    QFETCH(QString, expected);
    QCOMPARE(ScalingDims::format(dims), expected);
    QCOMPARE(*ScalingDims::parse(expected), dims);
}

void TestScalingPlotDock::curvesEqualCore_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("seed");
    QTest::addColumn<std::vector<int>>("dims");
    QTest::newRow("the articles' experiment") << 10 << 0 << std::vector<int> { 8, 32, 128, 512 };
    QTest::newRow("few keys, other seed") << 3 << 42 << std::vector<int> { 4, 16, 64 };
    QTest::newRow("one key: entropy 0") << 1 << 7 << std::vector<int> { 2, 8 };
    QTest::newRow("unsorted list") << 20 << 5 << std::vector<int> { 256, 8, 64 };
}

void TestScalingPlotDock::curvesEqualCore()
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

void TestScalingPlotDock::labPanelsEqualCore_data()
{
    curvesEqualCore_data();
}

void TestScalingPlotDock::labPanelsEqualCore()
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

void TestScalingPlotDock::controlsEditThroughDocument()
{
    QTRY_VERIFY(m_dock->shownConfig().has_value());
    const int stepsBefore = m_document->undoStack()->count();
    const EntropyExperimentConfig before = m_document->session().scaling;

    AttentionTestSupport::typeIntoSpinBox(m_dock->keysBox(), 17);
    QTRY_COMPARE(m_document->session().scaling.keys, 17);
    QCOMPARE(m_document->undoStack()->count(), stepsBefore + 1);

    m_dock->dimsEdit()->setFocus();
    m_dock->dimsEdit()->selectAll();
    QTest::keyClicks(m_dock->dimsEdit(), QStringLiteral("4..32"));
    QTest::keyClick(m_dock->dimsEdit(), Qt::Key_Enter);
    QTRY_COMPARE(m_document->session().scaling.dims, (std::vector<int> { 4, 8, 16, 32 }));

    m_dock->seedEdit()->setFocus();
    m_dock->seedEdit()->selectAll();
    QTest::keyClicks(m_dock->seedEdit(), QStringLiteral("123"));
    QTest::keyClick(m_dock->seedEdit(), Qt::Key_Enter);
    QTRY_COMPARE(m_document->session().scaling.seed, std::uint64_t(123));

    EntropyExperimentConfig expected = before;
    expected.keys = 17;
    expected.dims = { 4, 8, 16, 32 };
    expected.seed = 123;
    QCOMPARE(m_document->session().scaling, expected);
    QTRY_VERIFY(m_dock->shownConfig() && *m_dock->shownConfig() == expected);
    QCOMPARE(points(m_dock->plot()->scaledGraph()), expectedPoints(expected, true));
    QCOMPARE(points(m_dock->plot()->ceilingGraph()).first().y(), std::log(17.0));
}

void TestScalingPlotDock::invalidTextShowsMessage_data()
{
    // An empty dims or seed column leaves that field as it is.
    QTest::addColumn<QString>("dims");
    QTest::addColumn<QString>("seed");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("not a number") << QStringLiteral("8, x") << QString()
                                  << QStringLiteral("d_k values");
    QTest::newRow("dimension too large")
        << QStringLiteral("8, 100000") << QString() << QStringLiteral("entry 2");
    QTest::newRow("zero dimension")
        << QStringLiteral("0, 8") << QString() << QStringLiteral("entry 1");
    QTest::newRow("negative seed") << QString() << QStringLiteral("-1") << QStringLiteral("Seed");
    QTest::newRow("seed with letters")
        << QString() << QStringLiteral("12ab") << QStringLiteral("Seed");
    QTest::newRow("too much work for the live plot")
        << QStringLiteral("64") << QString() << QStringLiteral("live plot");
}

void TestScalingPlotDock::invalidTextShowsMessage()
{
    QFETCH(QString, dims);
    QFETCH(QString, seed);
    QFETCH(QString, mentions);
    const bool heavy
        = QTest::currentDataTag() == QByteArrayLiteral("too much work for the live plot");
    QTRY_VERIFY(m_dock->shownConfig().has_value());
    if (heavy) {
        AttentionTestSupport::typeIntoSpinBox(m_dock->keysBox(), 4096);
        AttentionTestSupport::typeIntoSpinBox(m_dock->queriesBox(), 60000);
    }
    const EntropyExperimentConfig saved = m_document->session().scaling;
    const int steps = m_document->undoStack()->count();

    const auto type = [](QLineEdit *edit, const QString &text) {
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Enter);
    };
    if (!dims.isEmpty())
        type(m_dock->dimsEdit(), dims);
    if (!seed.isEmpty())
        type(m_dock->seedEdit(), seed);

    QVERIFY2(m_dock->message().contains(mentions), qPrintable(m_dock->message()));
    // Nothing reaches the document; the typed text stays for the user to fix.
    QCOMPARE(m_document->session().scaling, saved);
    QCOMPARE(m_document->undoStack()->count(), steps);
    if (!dims.isEmpty())
        QCOMPARE(m_dock->dimsEdit()->text(), dims);
    if (!seed.isEmpty())
        QCOMPARE(m_dock->seedEdit()->text(), seed);
    QVERIFY(m_dock->plot()->isDimmed());

    // Fixing the text clears the message and the parameters reach the document.
    if (heavy)
        AttentionTestSupport::typeIntoSpinBox(m_dock->queriesBox(), 100);
    type(m_dock->seedEdit(), QStringLiteral("1"));
    type(m_dock->dimsEdit(), QStringLiteral("8..32"));
    QTRY_VERIFY(m_dock->message().isEmpty());
    QTRY_COMPARE(m_document->session().scaling.dims, (std::vector<int> { 8, 16, 32 }));
    QCOMPARE(m_document->session().scaling.seed, std::uint64_t(1));
    QTRY_VERIFY(!m_dock->plot()->isDimmed());
}

void TestScalingPlotDock::undoRestoresControls()
{
    const EntropyExperimentConfig original = m_document->session().scaling;
    EntropyExperimentConfig changed = smallConfig(6, 9);
    m_document->setScalingConfig(changed);
    QCOMPARE(m_dock->keysBox()->value(), 6);
    QCOMPARE(m_dock->queriesBox()->value(), 256);
    QCOMPARE(m_dock->repeatsBox()->value(), 2);
    QCOMPARE(*ScalingDims::parse(m_dock->dimsEdit()->text()), changed.dims);
    QCOMPARE(m_dock->seedEdit()->text(), QStringLiteral("9"));

    m_document->undoStack()->undo();
    QCOMPARE(m_document->session().scaling, original);
    QCOMPARE(m_dock->keysBox()->value(), original.keys);
    QCOMPARE(m_dock->queriesBox()->value(), original.queries);
    QCOMPARE(*ScalingDims::parse(m_dock->dimsEdit()->text()), original.dims);
    QTRY_VERIFY(m_dock->shownConfig() && *m_dock->shownConfig() == original);
    QCOMPARE(points(m_dock->plot()->unscaledGraph()), expectedPoints(original, false));
}

void TestScalingPlotDock::lastOfQuickChangesIsShown()
{
    QTRY_VERIFY(m_dock->shownConfig().has_value());
    QTRY_VERIFY(!m_dock->isComputing());
    QSignalSpy delivered(m_dock->runner(), &ScalingRunner::finished);
    const EntropyExperimentConfig first = smallConfig(5, 1);
    const EntropyExperimentConfig second = smallConfig(8, 2);
    m_document->setScalingConfig(first);
    m_document->setScalingConfig(second);
    QTRY_VERIFY(m_dock->shownConfig() && *m_dock->shownConfig() == second);
    QTRY_VERIFY(!m_dock->isComputing());
    // The first never reached the plot.
    for (const QList<QVariant> &call : delivered)
        QVERIFY(call.first().value<EntropyExperimentConfig>() != first);
    QCOMPARE(points(m_dock->plot()->scaledGraph()), expectedPoints(second, true));
}

void TestScalingPlotDock::runnerCancelsStaleRun()
{
    // The first run blocks until it is told to stop, so the order of events is certain.
    ScalingRunner runner;
    std::atomic_bool firstStarted { false };
    runner.setExperiment(
        [&](const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop) {
            if (config.keys == 5) {
                firstStarted = true;
                while (!shouldStop())
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                EntropyExperimentResult stopped;
                stopped.cancelled = true;
                return stopped;
            }
            return runEntropyExperiment(config, shouldStop);
        });
    QSignalSpy delivered(&runner, &ScalingRunner::finished);
    QSignalSpy busy(&runner, &ScalingRunner::busyChanged);
    runner.request(smallConfig(5, 1));
    QVERIFY(runner.isBusy());
    QTRY_VERIFY(firstStarted.load());
    const EntropyExperimentConfig last = smallConfig(8, 2);
    runner.request(last);
    QTRY_COMPARE(delivered.count(), 1);
    QCOMPARE(delivered.first().first().value<EntropyExperimentConfig>(), last);
    const auto result = delivered.first().at(1).value<EntropyExperimentResult>();
    const EntropyExperimentResult direct = runEntropyExperiment(last);
    QCOMPARE(result.scaled, direct.scaled);
    QCOMPARE(result.unscaled, direct.unscaled);
    QCOMPARE(runner.cancelledRuns(), 1);
    QVERIFY(!runner.isBusy());
    QCOMPARE(busy.count(), 2); // busy once, idle once: the hand-over stayed busy
}

void TestScalingPlotDock::runnerDropsQueuedRuns()
{
    // Many requests in a burst: only the last is delivered, every other is cancelled. Every
    // run but the last waits until it is told to stop, so no run can finish early by chance.
    ScalingRunner runner;
    runner.setExperiment(
        [](const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop) {
            if (config.keys != 7) {
                while (!shouldStop())
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                EntropyExperimentResult stopped;
                stopped.cancelled = true;
                return stopped;
            }
            return runEntropyExperiment(config, shouldStop);
        });
    QSignalSpy delivered(&runner, &ScalingRunner::finished);
    for (int i = 1; i <= 6; ++i)
        runner.request(smallConfig(i + 1, std::uint64_t(i)));
    QTRY_COMPARE(delivered.count(), 1);
    QCOMPARE(delivered.first().first().value<EntropyExperimentConfig>(), smallConfig(7, 6));
    QTRY_COMPARE(runner.cancelledRuns(), 5);
    QVERIFY(!runner.isBusy());

    // Cancelling the current request delivers nothing.
    runner.request(smallConfig(3, 3));
    QVERIFY(runner.isBusy());
    runner.cancel();
    QVERIFY(!runner.isBusy());
    QTRY_COMPARE(runner.cancelledRuns(), 6);
    QCOMPARE(delivered.count(), 1);
}

void TestScalingPlotDock::markerFollowsModel()
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

void TestScalingPlotDock::titleStaysReadableWhenNarrow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<int>("lines");
    QTest::newRow("wide") << QSize(700, 520) << false << 1;
    // Docked at the side of a 1024×768 projector.
    QTest::newRow("narrow") << QSize(230, 420) << false << 2;
    QTest::newRow("narrow, lesson mode") << QSize(300, 480) << true << 2;
}

void TestScalingPlotDock::titleStaysReadableWhenNarrow()
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

void TestScalingPlotDock::titleTooLongForTwoLinesIsWholeInItsTooltip()
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

void TestScalingPlotDock::valueAxisIsNumbered_data()
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

void TestScalingPlotDock::valueAxisIsNumbered()
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

QTEST_MAIN(TestScalingPlotDock)
#include "tst_scalingplotdock.moc"
