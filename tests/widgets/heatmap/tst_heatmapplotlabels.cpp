// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap widget's labels: the colour bar's labels keep apart, the compact map drops its
// colour bar and labels, a long axis thins its labels (no further than the labels' own ink
// needs: Chinese rows as tall as their characters keep every label) and narrow column labels
// stack or turn.
// Its weights and the mouse: tst_heatmapplot.

#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapplot.h"
#include "heatmap/heatmapticklayout.h"
#include "plots/matrixplotadapter.h"
#include "testsupportheatmap.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <iterator>

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
    void rowsLabelledAsDenselyAsTheirInkAllows_data();
    void rowsLabelledAsDenselyAsTheirInkAllows();
    void narrowColumnLabelsStackOrTurn_data();
    void narrowColumnLabelsStackOrTurn();
    void fitTitle_data();
    void fitTitle();
    void rowTitleFitsItsAxis_data();
    void rowTitleFitsItsAxis();
    void titleAndNoteFitANarrowMap_data();
    void titleAndNoteFitANarrowMap();
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

void TestHeatmapPlotLabels::rowsLabelledAsDenselyAsTheirInkAllows_data()
{
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<int>("height");
    const QStringList chinese { QStringLiteral("我"), QStringLiteral("昨天"), QStringLiteral("看"),
        QStringLiteral("了"), QStringLiteral("书"), QStringLiteral("。") };
    const QStringList english { QStringLiteral("i"), QStringLiteral("read"), QStringLiteral("a"),
        QStringLiteral("book"), QStringLiteral("yesterday"), QStringLiteral("</s>") };
    for (const int height : { 150, 175, 200, 260, 400 }) {
        QTest::addRow("Chinese rows, %d px", height) << chinese << height;
        QTest::addRow("English rows, %d px", height) << english << height;
    }
}

void TestHeatmapPlotLabels::rowsLabelledAsDenselyAsTheirInkAllows()
{
    QFETCH(QStringList, rows);
    QFETCH(int, height);
    HeatmapData d;
    d.values = Eigen::MatrixXd::Constant(rows.size(), 3, 1.0 / 3);
    d.rowLabels = rows;
    d.columnLabels = QStringList { QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z") };
    HeatmapPlot plot;
    plot.resize(400, height);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    plot.replot();
    QCoreApplication::processEvents();
    plot.replot();
    const QMap<double, QString> kept = plot.rowTickLabels();
    QVERIFY(!kept.isEmpty());
    // The ink of the tallest label, measured here in the axis's own font.
    const QFontMetricsF metrics(plot.yAxis->tickLabelFont());
    double ink = 0.0;
    for (const QString &row : rows)
        ink = std::max(ink, metrics.tightBoundingRect(row).height());
    const double cell = plot.axisRect()->rect().height() / double(rows.size());
    QVERIFY(cell > 0.0);
    const int step = kept.size() > 1 ? int(std::next(kept.begin()).key() - kept.begin().key())
                                     : int(rows.size());
    const QString where = QStringLiteral("cells %1 px, ink %2 px, every %3th row labelled")
                              .arg(cell)
                              .arg(ink)
                              .arg(step);
    // Every row the labels skip is one whose label's ink would touch its neighbour's.
    QVERIFY2(step * cell >= ink + HeatmapTickLayout::rowLabelGap - 1e-9 || kept.size() == 1,
        qPrintable(where));
    if (step > 1)
        QVERIFY2((step - 1) * cell < ink + HeatmapTickLayout::rowLabelGap, qPrintable(where));
    for (auto it = kept.begin(); it != kept.end(); ++it) {
        QCOMPARE(int(it.key()) % step, 0);
        QCOMPARE(it.value(), rows[int(it.key())]);
    }
    // The line height (the font's leading included) would have kept fewer at some sizes; the
    // ink never keeps fewer.
    const int lineStep = std::max(1, int(std::ceil((metrics.height() + 1.0) / cell)));
    QVERIFY2(step <= lineStep, qPrintable(where));
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

void TestHeatmapPlotLabels::fitTitle_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<int>("length"); // in the fixed test font's average character widths
    QTest::addColumn<QString>("expected");
    const QString english = QStringLiteral("queries from target Y");
    const QString chinese = QStringLiteral("查询来自目标序列 Y");
    QTest::newRow("room to spare") << english << 40 << english;
    QTest::newRow("before the first layout") << english << 0 << english;
    QTest::newRow("two lines") << english << 14 << QStringLiteral("queries from\ntarget Y");
    QTest::newRow("Chinese, two lines") << chinese << 14 << QStringLiteral("查询来自\n目标序列 Y");
}

void TestHeatmapPlotLabels::fitTitle()
{
    QFETCH(QString, title);
    QFETCH(int, length);
    QFETCH(QString, expected);
    const QFont font = MatrixPlotAdapter::plotFont(10.0);
    const QFontMetricsF metrics(font);
    const int px = int(length * metrics.averageCharWidth());
    // The expected lines must fit and the title must not, or the row would test nothing.
    if (expected.contains(QLatin1Char('\n'))) {
        QVERIFY(metrics.horizontalAdvance(title) > px);
        for (const QString &line : expected.split(QLatin1Char('\n')))
            QVERIFY2(metrics.horizontalAdvance(line) <= px, qPrintable(line));
    }
    QCOMPARE(HeatmapTickLayout::fitTitle(title, px, font), expected);
    // Far too short an axis cuts each line short rather than letting it run past.
    const QString cut
        = HeatmapTickLayout::fitTitle(title, int(4 * metrics.averageCharWidth()), font);
    for (const QString &line : cut.split(QLatin1Char('\n')))
        QVERIFY2(metrics.horizontalAdvance(line) <= 4 * metrics.averageCharWidth() + 1,
            qPrintable(line));
}

void TestHeatmapPlotLabels::rowTitleFitsItsAxis_data()
{
    QTest::addColumn<int>("height");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<bool>("whole");
    QTest::newRow("tall") << 700 << false << true;
    QTest::newRow("lesson fonts, tall") << 700 << true << true;
    QTest::newRow("lesson fonts, short") << 300 << true << false;
}

void TestHeatmapPlotLabels::rowTitleFitsItsAxis()
{
    // Lesson mode's large fonts on a short heatmap: the queries' title is drawn in two lines
    // along the axis instead of running past both its ends.
    QFETCH(int, height);
    QFETCH(bool, presentation);
    QFETCH(bool, whole);
    HeatmapPlot plot;
    plot.setPresentationMode(presentation);
    plot.resize(900, height);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    HeatmapData d = makeData({ QStringLiteral("i"), QStringLiteral("love") },
        { QStringLiteral("a"), QStringLiteral("b") }, QStringLiteral("0.25 0.75; 0.5 0.5"),
        QString());
    d.rowAxisTitle = QStringLiteral("queries from target Y");
    plot.setData(d);
    plot.replot();
    QCoreApplication::processEvents();
    plot.replot();
    const QString label = plot.yAxis->label();
    QCOMPARE(label == d.rowAxisTitle, whole);
    const QFontMetricsF metrics(plot.yAxis->labelFont());
    for (const QString &line : label.split(QLatin1Char('\n')))
        QVERIFY2(metrics.horizontalAdvance(line) <= plot.axisRect()->height(),
            qPrintable(QStringLiteral("\"%1\" is %2 px along an axis of %3 px")
                           .arg(line)
                           .arg(metrics.horizontalAdvance(line))
                           .arg(plot.axisRect()->height())));
    // Nothing of the title is lost while it fits in two lines.
    QCOMPARE(QString(label).replace(QLatin1Char('\n'), QLatin1Char(' ')), d.rowAxisTitle);
}

void TestHeatmapPlotLabels::titleAndNoteFitANarrowMap_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("fits"); // the whole title in its own font
    QTest::newRow("wide") << 1400 << true;
    QTest::newRow("beside the tiles and a question") << 440 << false;
    QTest::newRow("very narrow") << 200 << false;
}

void TestHeatmapPlotLabels::titleAndNoteFitANarrowMap()
{
    // Lesson mode's large fonts on a narrow heatmap: the title and the note standing in for
    // hidden weights stay within the map instead of being cut at both ends.
    QFETCH(int, width);
    QFETCH(bool, fits);
    HeatmapPlot plot;
    plot.setPresentationMode(true);
    plot.resize(width, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    HeatmapData d = makeData({ QStringLiteral("i"), QStringLiteral("love") },
        { QStringLiteral("a"), QStringLiteral("b") }, QStringLiteral("0.25 0.75; 0.5 0.5"),
        QString());
    d.title = QStringLiteral("Head 1: scores S / s, before the softmax");
    plot.setData(d);
    plot.setWeightsHidden(true);
    plot.replot();
    QCoreApplication::processEvents();
    plot.replot();
    FittedTextElement *title = plot.titleElement();
    QCOMPARE(title->text(), d.title);
    const QString shown = title->shownText();
    QVERIFY2(QFontMetricsF(title->shownFont()).horizontalAdvance(shown) <= title->rect().width(),
        qPrintable(shown));
    QCOMPARE(shown == d.title && title->shownFont() == title->font(), fits);
    // What is shown is the title, or its beginning followed by an ellipsis.
    QVERIFY2(
        shown == d.title || (shown.endsWith(QChar(0x2026)) && d.title.startsWith(shown.chopped(1))),
        qPrintable(shown));
    const QRectF note = plot.hiddenNoteRect();
    QVERIFY(!note.isEmpty());
    QVERIFY2(
        note.left() >= plot.axisRect()->left() - 1 && note.right() <= plot.axisRect()->right() + 1,
        qPrintable(QStringLiteral("note %1 to %2, map %3 to %4")
                       .arg(note.left())
                       .arg(note.right())
                       .arg(plot.axisRect()->left())
                       .arg(plot.axisRect()->right())));
}

QTEST_MAIN(TestHeatmapPlotLabels)
#include "tst_heatmapplotlabels.moc"
