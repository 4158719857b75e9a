// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap widget's labels: the colour bar's labels keep apart, the compact map drops its
// colour bar and labels, a long axis thins its labels and narrow column labels stack or turn.
// Its weights and the mouse: tst_heatmapplot.

#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapplot.h"
#include "plots/matrixplotadapter.h"
#include "testsupportheatmap.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QtTest>
#include <cmath>

using namespace ae;
using ae::test::makeData;

class TestHeatmapPlotLabels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void colorBarLabelsKeepApart_data();
    void colorBarLabelsKeepApart();
    void compactDropsColorBarAndLabels();
    void longAxisThinsLabels();
    void narrowColumnLabelsStackOrTurn_data();
    void narrowColumnLabelsStackOrTurn();
};

void TestHeatmapPlotLabels::initTestCase()
{
    test::useFixedFont();
}

void TestHeatmapPlotLabels::colorBarLabelsKeepApart_data()
{
    QTest::addColumn<int>("height");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("tall") << 700 << false;
    QTest::newRow("squeezed") << 200 << false;
    QTest::newRow("strip") << 130 << false;
    QTest::newRow("squeezed, lesson fonts") << 220 << true;
}

void TestHeatmapPlotLabels::colorBarLabelsKeepApart()
{
    // However short the plot, the colour bar's numbers never touch: fewer of them, a line of
    // space between two.
    QFETCH(int, height);
    QFETCH(bool, presentation);
    HeatmapPlot plot;
    plot.setPresentationMode(presentation);
    plot.resize(700, height);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(makeData({ QStringLiteral("i"), QStringLiteral("love") },
        { QStringLiteral("a"), QStringLiteral("b") }, QStringLiteral("0.25 0.75; 0.5 0.5"),
        QString()));
    plot.replot();
    QCoreApplication::processEvents();
    plot.replot();
    QCPAxis *axis = plot.colorScale()->axis();
    const QVector<double> ticks = axis->tickVector();
    QVERIFY2(!ticks.isEmpty(), "no numbers on the colour bar");
    const double line = QFontMetricsF(axis->tickLabelFont()).height();
    for (int i = 1; i < ticks.size(); ++i) {
        const double gap
            = std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
        QVERIFY2(gap >= line * 1.5,
            qPrintable(QStringLiteral("ticks %1 and %2 are %3 px apart, a label is %4 px tall")
                           .arg(ticks[i - 1])
                           .arg(ticks[i])
                           .arg(gap)
                           .arg(line)));
    }
}

void TestHeatmapPlotLabels::compactDropsColorBarAndLabels()
{
    HeatmapPlot plot;
    HeatmapData d = makeData(
        { QStringLiteral("a") }, { QStringLiteral("b") }, QStringLiteral("1"), QString());
    plot.setData(d);
    QVERIFY(plot.colorScale());
    QCOMPARE(plot.titleElement()->text(), QStringLiteral("Test heatmap"));
    plot.setCompact(true);
    QVERIFY(!plot.colorScale());
    QVERIFY(!plot.xAxis->tickLabels());
    QVERIFY(plot.xAxis->label().isEmpty());
    QCOMPARE(plot.titleElement()->text(), QStringLiteral("Test"));
    plot.setCompact(false);
    QVERIFY(plot.colorScale());
    QCOMPARE(plot.colorScale()->dataRange(), QCPRange(0.0, 1.0));
    QVERIFY(plot.xAxis->tickLabels());
}

void TestHeatmapPlotLabels::longAxisThinsLabels()
{
    // 60 keys in a narrow plot: labels are thinned so none overlaps, every kept label is the
    // token at its position.
    HeatmapData d;
    d.values = Eigen::MatrixXd::Constant(60, 60, 1.0 / 60);
    for (int i = 0; i < 60; ++i) {
        d.rowLabels << QStringLiteral("token%1").arg(i);
        d.columnLabels << QStringLiteral("token%1").arg(i);
    }
    HeatmapPlot plot;
    plot.resize(500, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    plot.replot();
    QTRY_VERIFY(plot.rowTickLabels().size() < 60);
    QVERIFY(plot.columnTickLabels().size() < 60);
    QVERIFY(!plot.rowTickLabels().isEmpty());
    const QMap<double, QString> rows = plot.rowTickLabels();
    for (auto it = rows.begin(); it != rows.end(); ++it)
        QCOMPARE(it.value(), d.rowLabels[static_cast<int>(it.key())]);
    QCOMPARE(plot.valueDecimals(), 0);
}

void TestHeatmapPlotLabels::narrowColumnLabelsStackOrTurn_data()
{
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<int>("style");
    const auto repeat = [](const QString &token) { return QStringList(12, token); };
    QTest::newRow("short Chinese words stand upright")
        << repeat(QStringLiteral("深度")) << int(HeatmapPlot::ColumnLabelStyle::Stacked);
    QTest::newRow("Chinese punctuation stands upright")
        << QStringList({ QStringLiteral("我"), QStringLiteral("，"), QStringLiteral("学习"),
               QStringLiteral("。") })
            + repeat(QStringLiteral("机器"))
        << int(HeatmapPlot::ColumnLabelStyle::Stacked);
    QTest::newRow("English words turn")
        << repeat(QStringLiteral("understand")) << int(HeatmapPlot::ColumnLabelStyle::Rotated);
    QTest::newRow("one English word among Chinese turns the axis")
        << QStringList({ QStringLiteral("GPU") }) + repeat(QStringLiteral("深度"))
        << int(HeatmapPlot::ColumnLabelStyle::Rotated);
    QTest::newRow("long Chinese tokens turn")
        << repeat(QStringLiteral("深度学习模型")) << int(HeatmapPlot::ColumnLabelStyle::Rotated);
}

void TestHeatmapPlotLabels::narrowColumnLabelsStackOrTurn()
{
    // Cells about 25 px wide: no two-character label fits level.
    QFETCH(QStringList, columns);
    QFETCH(int, style);
    HeatmapData d;
    d.values = Eigen::MatrixXd::Constant(2, columns.size(), 1.0 / double(columns.size()));
    d.rowLabels = QStringList({ QStringLiteral("i"), QStringLiteral("love") });
    d.columnLabels = columns;
    HeatmapPlot plot;
    plot.resize(420, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    plot.replot();
    QTRY_COMPARE(int(plot.columnLabelStyle()), style);
    // Whatever the style, every kept label is its token as typed.
    const QMap<double, QString> ticks = plot.columnTickLabels();
    QVERIFY(!ticks.isEmpty());
    for (auto it = ticks.begin(); it != ticks.end(); ++it) {
        const QString token = columns[static_cast<int>(it.key())];
        QCOMPARE(it.value(), MatrixPlotAdapter::elided(token, 14));
    }
    if (style == int(HeatmapPlot::ColumnLabelStyle::Stacked))
        QCOMPARE(plot.xAxis->tickLabelRotation(), 0.0);
    else
        QCOMPARE(plot.xAxis->tickLabelRotation(), -90.0);
}

QTEST_MAIN(TestHeatmapPlotLabels)
#include "tst_heatmapplotlabels.moc"
