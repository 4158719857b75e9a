// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling dock's controls: the d_k text syntax, edits through the document (undoable),
// inline messages, and cancellation of stale runs. Its plots: tst_scalingplotdockplots.

#include "document/document.h"
#include "scaling/entropyexperiment.h"
#include "scaling/scalingdims.h"
#include "scaling/scalingplot.h"
#include "scaling/scalingplotdock.h"
#include "scaling/scalingrunner.h"
#include "scaling/scalingseriesplot.h"
#include "scaling/scorehistogramplot.h"
#include "testsupportattention.h"
#include "testsupportscaling.h"

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
using ae::test::expectedPoints;
using ae::test::points;

namespace {

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

/// What one request on a runner of its own delivered, and how many runs that runner started
/// for it (0: a kept result answered).
struct Delivery
{
    bool delivered = false;
    EntropyExperimentResult result;
    int startedRuns = 0;
};

/// Requests @p config on a new runner and waits for its delivery; this also leaves the result
/// among the program's kept results.
Delivery deliverOnce(const EntropyExperimentConfig &config)
{
    ScalingRunner runner;
    QSignalSpy finished(&runner, &ScalingRunner::finished);
    runner.request(config);
    Delivery d;
    d.delivered = QTest::qWaitFor([&finished] { return finished.count() == 1; }, 10000);
    if (d.delivered)
        d.result = finished.first().at(1).value<EntropyExperimentResult>();
    d.startedRuns = runner.startedRuns();
    return d;
}

} // namespace

class TestScalingPlotDock : public QObject, protected test::ScalingDockFixture
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
    void controlsEditThroughDocument();
    void invalidTextShowsMessage_data();
    void invalidTextShowsMessage();
    void undoRestoresControls();
    void lastOfQuickChangesIsShown();
    void runnerCancelsStaleRun();
    void runnerDropsQueuedRuns();
    void runnerDeliversAKeptResult();
    void keptResultSupersededOrCancelled();
    void replacedExperimentIsNotKept();
};

void TestScalingPlotDock::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_scalingplotdock"));
}

void TestScalingPlotDock::init()
{
    createDock();
}

void TestScalingPlotDock::cleanup()
{
    destroyDock();
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

void TestScalingPlotDock::runnerDeliversAKeptResult()
{
    // A config computed once, by any runner, is delivered again without a run: from the event
    // loop (after request() returns, busy until then), equal to a fresh computation.
    const EntropyExperimentConfig config = smallConfig(9, 777001);
    const Delivery first = deliverOnce(config);
    QVERIFY(first.delivered);
    QCOMPARE(first.startedRuns, 1);

    ScalingRunner second;
    QSignalSpy delivered(&second, &ScalingRunner::finished);
    QSignalSpy busy(&second, &ScalingRunner::busyChanged);
    second.request(config);
    QVERIFY(second.isBusy());
    QCOMPARE(delivered.count(), 0);
    QTRY_COMPARE(delivered.count(), 1);
    QVERIFY(!second.isBusy());
    QCOMPARE(busy.count(), 2);
    QCOMPARE(second.startedRuns(), 0);
    QCOMPARE(delivered.first().first().value<EntropyExperimentConfig>(), config);
    const auto kept = delivered.first().at(1).value<EntropyExperimentResult>();
    const EntropyExperimentResult direct = runEntropyExperiment(config);
    QCOMPARE(kept.dims, direct.dims);
    QCOMPARE(kept.scaled, direct.scaled);
    QCOMPARE(kept.unscaled, direct.unscaled);
    QCOMPARE(kept.scaledGradNorm, direct.scaledGradNorm);
    QCOMPARE(kept.histograms.size(), direct.histograms.size());
    for (size_t i = 0; i < kept.histograms.size(); ++i)
        QCOMPARE(kept.histograms[i].scaled, direct.histograms[i].scaled);

    // Only the most recent results are kept: after as many others, the first is computed again.
    for (int i = 0; i < ScalingRunner::keptResults; ++i)
        QVERIFY(deliverOnce(smallConfig(2 + i, 777100 + std::uint64_t(i))).delivered);
    const Delivery again = deliverOnce(config);
    QVERIFY(again.delivered);
    QCOMPARE(again.startedRuns, 1);
    QCOMPARE(again.result.scaled, direct.scaled);
}

void TestScalingPlotDock::keptResultSupersededOrCancelled()
{
    const EntropyExperimentConfig config = smallConfig(7, 777002);
    QVERIFY(deliverOnce(config).delivered);

    // A kept result asked for and superseded before the event loop came round: only the newer
    // request is delivered.
    ScalingRunner runner;
    QSignalSpy delivered(&runner, &ScalingRunner::finished);
    const EntropyExperimentConfig newer = smallConfig(4, 777003);
    runner.request(config);
    runner.request(newer);
    QTRY_COMPARE(delivered.count(), 1);
    QCOMPARE(delivered.first().first().value<EntropyExperimentConfig>(), newer);
    QVERIFY(!runner.isBusy());

    // Cancelled: nothing is delivered.
    runner.request(config);
    runner.cancel();
    QVERIFY(!runner.isBusy());
    // The delivery request posted to the runner arrives, and delivers nothing.
    QCoreApplication::sendPostedEvents(&runner, QEvent::MetaCall);
    QCOMPARE(delivered.count(), 1);
    QVERIFY(!runner.isBusy());
}

void TestScalingPlotDock::replacedExperimentIsNotKept()
{
    // A replaced computation neither answers from the kept results nor adds to them.
    const EntropyExperimentConfig config = smallConfig(8, 777004);
    QVERIFY(deliverOnce(config).delivered);

    ScalingRunner replaced;
    replaced.setExperiment([](const EntropyExperimentConfig &, const std::function<bool()> &) {
        EntropyExperimentResult marker;
        marker.dims = { 42 };
        return marker;
    });
    QSignalSpy delivered(&replaced, &ScalingRunner::finished);
    replaced.request(config);
    QTRY_COMPARE(delivered.count(), 1);
    QCOMPARE(replaced.startedRuns(), 1);
    QCOMPARE(
        delivered.first().at(1).value<EntropyExperimentResult>().dims, std::vector<int> { 42 });

    const EntropyExperimentConfig other = smallConfig(3, 777005);
    replaced.request(other);
    QTRY_COMPARE(delivered.count(), 2);
    const Delivery fresh = deliverOnce(other);
    QVERIFY(fresh.delivered);
    QCOMPARE(fresh.startedRuns, 1);
    QCOMPARE(fresh.result.scaled, runEntropyExperiment(other).scaled);
}

QTEST_MAIN(TestScalingPlotDock)
#include "tst_scalingplotdock.moc"
