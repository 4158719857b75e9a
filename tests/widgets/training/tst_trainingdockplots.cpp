// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's dock's pictures driven as a user would: the loss and accuracy curves
// follow the runs (smoothed, raw behind), the film strip and curves export, the step labels
// keep apart and the plots keep their height. Its runs and views: tst_trainingdock.

#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "testsupportsvg.h"
#include "testsupporttrainingdock.h"
#include "training/curvesmoothing.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurveplot.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"

#include <QDoubleSpinBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace ae;

class TestTrainingDockPlots : public QObject, protected test::TrainingDockFixture
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void curvesFollowRuns();
    void exportsCurvesAndFilmStrip_data();
    void exportsCurvesAndFilmStrip();
    void filmStripRefusesBadSteps();
    void stepLabelsApart_data();
    void stepLabelsApart();
    void curvesSmoothedWithRawBehind();
    void runsDifferBeyondHue();
    void plotsKeepTheirHeight_data();
    void plotsKeepTheirHeight();
    void lessonModeGivesThePlotsTheWidth();
    void legendOnlyWhereTheAxesKeepRoom_data();
    void legendOnlyWhereTheAxesKeepRoom();
};

void TestTrainingDockPlots::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_trainingdockplots"));
}

void TestTrainingDockPlots::init()
{
    createDock();
}

void TestTrainingDockPlots::cleanup()
{
    destroyDock();
}

void TestTrainingDockPlots::curvesFollowRuns()
{
    for (int i = 0; i < 8; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(0), 8);
    QTRY_COMPARE(m_dock->curvePlot(0)->graph(0, 0)->dataCount(), 8);
    for (int run = 0; run < 2; ++run) {
        const auto &metrics = m_dock->runner()->metrics(run);
        // The raw values (the smoothed curves over them: curvesSmoothedWithRawBehind).
        QCPGraph *loss = m_dock->curvePlot(0)->rawGraph(run, 0);
        QCPGraph *accuracy = m_dock->curvePlot(0)->rawGraph(run, 1);
        QCPGraph *gradQ = m_dock->curvePlot(1)->rawGraph(run, 0);
        QCPGraph *saturation = m_dock->curvePlot(2)->rawGraph(run, 0);
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(loss->data()->at(i)->value, metrics[size_t(i)].loss);
            QCOMPARE(accuracy->data()->at(i)->value, metrics[size_t(i)].accuracy);
            QCOMPARE(gradQ->data()->at(i)->value, metrics[size_t(i)].gradNormQ);
            QCOMPARE(saturation->data()->at(i)->value, metrics[size_t(i)].maxWeight);
        }
    }
    QCOMPARE(m_dock->curvePlot(1)->yAxis->scaleType(), QCPAxis::stLogarithmic);
}

void TestTrainingDockPlots::exportsCurvesAndFilmStrip_data()
{
    QTest::addColumn<QString>("extension");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("pdf") << QStringLiteral("pdf");
    QTest::newRow("png") << QStringLiteral("png");
}

void TestTrainingDockPlots::exportsCurvesAndFilmStrip()
{
    QFETCH(QString, extension);
    for (int i = 0; i < 12; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(1), 12);
    // The curves receive the steps after the runner counts them: wait for both runs' points.
    for (int run = 0; run < 2; ++run)
        QTRY_COMPARE(m_dock->curvePlot(0)->rawGraph(run, 0)->dataCount(), 12);
    QVERIFY(m_dock->exportButton()->isEnabled());
    const Figure curves = m_dock->curvesFigure();
    // Every step of both runs is a point of each curve.
    int lossCurves = 0;
    for (const Figure::Item &item : curves.items) {
        if (item.role.split(QLatin1Char(' ')).contains(QStringLiteral("loss"))) {
            QCOMPARE(item.points.size(), qsizetype(12));
            ++lossCurves;
        }
    }
    QCOMPARE(lossCurves, 2);
    QString error;
    const auto strip = m_dock->filmStripFigure(QStringLiteral("0, 5, 12"), &error);
    QVERIFY2(strip, qPrintable(error));
    const QString names[] = { m_dock->settings()->runName(0), m_dock->settings()->runName(1) };
    QStringList titles;
    for (const Figure::Item &item : strip->items)
        if (item.role == QLatin1String("panel-title"))
            titles << item.text;
    QCOMPARE(titles.size(), 6);
    QCOMPARE(titles.front(), QStringLiteral("%1 · step 0").arg(names[0]));
    QCOMPARE(titles.back(), QStringLiteral("%1 · step 12").arg(names[1]));

    QTemporaryDir dir;
    for (const Figure *f : { &curves, &*strip }) {
        const QString file = dir.filePath(QStringLiteral("f.") + extension);
        QVERIFY2(TrainingDock::exportFigure(*f, file, &error), qPrintable(error));
        QFile written(file);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray bytes = written.readAll();
        if (extension == QLatin1String("svg"))
            QVERIFY(SvgSummary::read(bytes).wellFormed);
        else if (extension == QLatin1String("pdf"))
            QVERIFY(bytes.startsWith("%PDF"));
        else
            QVERIFY(bytes.startsWith("\x89PNG"));
    }
    QVERIFY(!TrainingDock::exportFigure(curves, dir.filePath(QStringLiteral("f.gif")), &error));
    QVERIFY(error.contains(QStringLiteral("f.gif")));
}

void TestTrainingDockPlots::filmStripRefusesBadSteps()
{
    for (int i = 0; i < 4; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(1), 4);
    QString error;
    QVERIFY(!m_dock->filmStripFigure(QStringLiteral("0, 50"), &error));
    QVERIFY2(error.contains(QStringLiteral("step 50 is outside 0..4")), qPrintable(error));
}

void TestTrainingDockPlots::stepLabelsApart_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("narrowest");
    QTest::addColumn<int>("lastStep");
    for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        for (const bool narrowest : { true, false }) {
            for (const int lastStep : { 432, 600, 100000 }) {
                QTest::addRow("%s, %s, %d steps", qPrintable(language),
                    narrowest ? "narrowest" : "1024x768", lastStep)
                    << language << narrowest << lastStep;
            }
        }
    }
}

void TestTrainingDockPlots::stepLabelsApart()
{
    QFETCH(QString, language);
    QFETCH(bool, narrowest);
    QFETCH(int, lastStep);
    QVERIFY(LanguageManager::apply(language));
    // The lab on a 1024 x 768 screen opens at 92 % of it; the user may shrink it to its minimum.
    const int width = narrowest ? m_dock->minimumSizeHint().width() : 1024 * 92 / 100;
    m_dock->resize(width, 768 * 90 / 100);
    QCoreApplication::processEvents();
    TrainingTrace trace;
    for (const int step : { 0, lastStep / 2, lastStep }) {
        StepMetrics m;
        m.step = step;
        m.loss = 1.0;
        m.gradNormQ = m.gradNormK = 0.1;
        trace.append(m);
    }
    for (int i = 0; i < 3; ++i) {
        TrainingCurvePlot *plot = m_dock->curvePlot(i);
        plot->setTraces({ &trace, &trace }, { QStringLiteral("A"), QStringLiteral("B") });
        plot->replot();
        const QVector<double> ticks = plot->xAxis->tickVector();
        const QVector<QString> labels = plot->xAxis->tickVectorLabels();
        // At least two numbered steps on the axis as drawn (one tick past the end does not
        // count: a step axis with only 0 on it says nothing).
        const QCPRange shown = plot->xAxis->range();
        const auto numbered = std::count_if(ticks.cbegin(), ticks.cend(),
            [&shown](double tick) { return tick >= shown.lower && tick <= shown.upper; });
        QVERIFY2(numbered >= 2,
            qPrintable(QStringLiteral("plot %1 (%2 px wide): %3 numbered steps on 0..%4")
                           .arg(i)
                           .arg(plot->width())
                           .arg(numbered)
                           .arg(shown.upper)));
        const QFontMetricsF fm(plot->xAxis->tickLabelFont());
        for (int t = 1; t < ticks.size(); ++t) {
            const double gap
                = (plot->xAxis->coordToPixel(ticks[t]) - fm.horizontalAdvance(labels[t]) / 2.0)
                - (plot->xAxis->coordToPixel(ticks[t - 1])
                    + fm.horizontalAdvance(labels[t - 1]) / 2.0);
            QVERIFY2(gap >= 4.0,
                qPrintable(QStringLiteral("plot %1 (%2 px wide): %3 and %4 are %5 px apart")
                               .arg(i)
                               .arg(plot->width())
                               .arg(labels[t - 1], labels[t])
                               .arg(gap)));
        }
    }
    LanguageManager::apply(QStringLiteral("en"));
}

void TestTrainingDockPlots::curvesSmoothedWithRawBehind()
{
    for (int i = 0; i < 20; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(1), 20);
    QTRY_COMPARE(m_dock->curvePlot(0)->graph(1, 0)->dataCount(), 20);
    QDoubleSpinBox *box = m_dock->smoothingBox();
    QVERIFY(box);
    for (const double weight : { 0.9, 0.0 }) {
        box->setValue(weight);
        TrainingCurvePlot *plot = m_dock->curvePlot(0);
        for (int run = 0; run < 2; ++run) {
            std::vector<double> loss;
            for (const StepMetrics &m : m_dock->runner()->metrics(run))
                loss.push_back(m.loss);
            const std::vector<double> expected = smoothedCurve(loss, weight);
            QCPGraph *shown = plot->graph(run, 0);
            QCPGraph *raw = plot->rawGraph(run, 0);
            QVERIFY(raw);
            QCOMPARE(shown->dataCount(), int(loss.size()));
            QCOMPARE(raw->dataCount(), int(loss.size()));
            for (int i = 0; i < int(loss.size()); ++i) {
                QCOMPARE(shown->data()->at(i)->value, expected[size_t(i)]);
                QCOMPARE(raw->data()->at(i)->value, loss[size_t(i)]);
            }
            // The raw values faint behind, only when there is smoothing.
            QCOMPARE(raw->visible(), weight > 0.0);
            QVERIFY(raw->pen().color().alphaF() < 0.5);
        }
    }
}

void TestTrainingDockPlots::runsDifferBeyondHue()
{
    for (int p = 0; p < 3; ++p) {
        TrainingCurvePlot *plot = m_dock->curvePlot(p);
        for (int s = 0; s < 2; ++s) {
            QCPGraph *a = plot->graph(0, s), *b = plot->graph(1, s);
            if (!a)
                continue;
            const bool marked = a->scatterStyle().shape() != b->scatterStyle().shape();
            const bool styled = a->pen().style() != b->pen().style()
                || a->pen().dashPattern() != b->pen().dashPattern();
            QVERIFY2(
                marked || styled, qPrintable(QStringLiteral("plot %1, series %2").arg(p).arg(s)));
        }
        // Within a run, the two quantities differ by their line.
        if (QCPGraph *second = plot->graph(0, 1))
            QVERIFY(plot->graph(0, 0)->pen().style() != second->pen().style());
    }
}

void TestTrainingDockPlots::plotsKeepTheirHeight_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        // The floating lab at 1024x768, and what the √d_k lesson's training steps leave it
        // below their caption at 1024x768.
        QTest::addRow("%s, full", qPrintable(language)) << language << QSize(942, 690);
        QTest::addRow("%s, below a caption", qPrintable(language)) << language << QSize(1024, 550);
    }
}

void TestTrainingDockPlots::plotsKeepTheirHeight()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QVERIFY(LanguageManager::apply(language));
    m_dock->resize(size);
    for (int i = 0; i < 10; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(1), 10);
    QCoreApplication::processEvents();
    for (int p = 0; p < 3; ++p) {
        TrainingCurvePlot *plot = m_dock->curvePlot(p);
        plot->replot();
        const int axisHeight = plot->axisRect()->height();
        QVERIFY2(axisHeight >= 100,
            qPrintable(QStringLiteral("plot %1: %2 px of axis").arg(p).arg(axisHeight)));
        // Every axis title fits along its axis.
        for (QCPAxis *axis : { plot->yAxis, plot->yAxis2 }) {
            if (!axis->visible())
                continue;
            const int needed = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
            QVERIFY2(needed <= axisHeight,
                qPrintable(QStringLiteral("plot %1: \"%2\" needs %3 px of %4")
                               .arg(p)
                               .arg(axis->label())
                               .arg(needed)
                               .arg(axisHeight)));
        }
    }
    // The heatmaps below keep enough room for their cells and colour bar.
    for (int run = 0; run < 2; ++run)
        QVERIFY2(m_dock->attention()->heatmap(run)->height() >= 140,
            qPrintable(QStringLiteral("heatmap %1: %2 px")
                           .arg(run)
                           .arg(m_dock->attention()->heatmap(run)->height())));
    LanguageManager::apply(QStringLiteral("en"));
}

void TestTrainingDockPlots::lessonModeGivesThePlotsTheWidth()
{
    auto *toggle = m_dock->findChild<QPushButton *>(QStringLiteral("trainingSettingsToggle"));
    QVERIFY(toggle);
    const TrainingSettingsForm *settings = m_dock->findChild<TrainingSettingsForm *>();
    QVERIFY(settings);
    QVERIFY(settings->isVisible());
    QVERIFY(!toggle->isVisible()); // everyday: the settings are there, no button for them
    const int everyday = m_dock->curvePlot(0)->width();

    // In lesson mode the settings wait behind the button and the plots take their width.
    m_dock->setPresentationMode(true);
    QVERIFY(!settings->isVisible());
    QVERIFY(toggle->isVisible());
    QTRY_VERIFY2(m_dock->curvePlot(0)->width() > everyday + settings->width() / 4,
        qPrintable(
            QStringLiteral("%1 px, %2 before").arg(m_dock->curvePlot(0)->width()).arg(everyday)));
    QTest::mouseClick(toggle, Qt::LeftButton);
    QVERIFY(settings->isVisible());
    QTest::mouseClick(toggle, Qt::LeftButton);
    QVERIFY(!settings->isVisible());

    // Leaving lesson mode brings the settings back, whatever the button said.
    m_dock->setPresentationMode(false);
    QVERIFY(settings->isVisible());
    QVERIFY(!toggle->isVisible());
}

void TestTrainingDockPlots::legendOnlyWhereTheAxesKeepRoom_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("legend");
    QTest::newRow("wide and tall") << QSize(700, 400) << true;
    QTest::newRow("wide and short") << QSize(700, 160) << false;
}

void TestTrainingDockPlots::legendOnlyWhereTheAxesKeepRoom()
{
    QFETCH(QSize, size);
    QFETCH(bool, legend);
    TrainingCurvePlot plot(TrainingCurvePlot::Kind::LossAccuracy);
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QTRY_COMPARE(plot.size(), size);
    QCOMPARE(plot.legend->visible(), legend);
    // Where it shows, it has a row of its own above the axes, not inside them.
    QCOMPARE(plot.plotLayout()->elementCount() > 2, legend);
}

QTEST_MAIN(TestTrainingDockPlots)
#include "tst_trainingdockplots.moc"
