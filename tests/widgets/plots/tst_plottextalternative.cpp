// SPDX-License-Identifier: GPL-3.0-or-later
// A curve plot in words (PlotTextAlternative): the title, each axis with its label and range,
// and every visible named series' values at the horizontal axis's ticks, a line's interpolated
// between its points, a bar's read from the bar the tick falls on; nothing outside a series'
// keys or next to a gap; names told apart by their axis or their line's style. And a
// SeriesPlot's accessible description is that text after a replot.

#include "plots/plottextalternative.h"
#include "plots/seriesplot.h"

#include <QtTest>
#include <cmath>
#include <qcustomplot.h>

using namespace ae;

namespace {

/// One series of a row: a line (or bars one unit wide) on the left or the right value axis.
struct SeriesSpec
{
    QString name;
    QVector<double> keys;
    QVector<double> values;
    bool bars = false;
    bool rightAxis = false;
    bool dashed = false;
    bool visible = true;
};

SeriesSpec line(const QString &name, QVector<double> keys, QVector<double> values)
{
    return { name, std::move(keys), std::move(values) };
}

const double gap = std::nan("");

} // namespace

Q_DECLARE_METATYPE(SeriesSpec)

class TestPlotTextAlternative : public QObject
{
    Q_OBJECT
private slots:
    void describe_data();
    void describe();
    void seriesPlotDescription();
};

void TestPlotTextAlternative::describe_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("xLabel");
    QTest::addColumn<QString>("yLabel");
    QTest::addColumn<QString>("y2Label"); // "-" for no right-hand axis
    QTest::addColumn<double>("xLower");
    QTest::addColumn<double>("xUpper");
    QTest::addColumn<double>("tickStep");
    QTest::addColumn<QList<SeriesSpec>>("series");
    QTest::addColumn<QString>("expected");

    QTest::newRow("points on the ticks")
        << QStringLiteral("Entropy") << QStringLiteral("d_k") << QStringLiteral("nats")
        << QStringLiteral("-") << 1.0 << 4.0 << 1.0
        << QList<SeriesSpec> { line(QStringLiteral("scaled"), { 1, 2, 3, 4 }, { 0.5, 1, 1.5, 2 }) }
        << QStringLiteral("Entropy. Horizontal axis: d_k, from 1 to 4. Vertical axis: nats, "
                          "from 0 to 2. scaled: 0.5 at 1, 1 at 2, 1.5 at 3, 2 at 4.");
    // 0.25 of the way from 0 to 1 at 2.5, and so on.
    QTest::newRow("interpolated")
        << QStringLiteral("Loss") << QStringLiteral("step") << QStringLiteral("loss")
        << QStringLiteral("-") << 0.0 << 10.0 << 2.5
        << QList<SeriesSpec> { line(QStringLiteral("run A"), { 0, 10 }, { 0, 1 }) }
        << QStringLiteral("Loss. Horizontal axis: step, from 0 to 10. Vertical axis: loss, "
                          "from 0 to 2. run A: 0 at 0, 0.25 at 2.5, 0.5 at 5, 0.75 at 7.5, "
                          "1 at 10.");
    // Ticks 1 and 5 lie outside the keys, 3 on a gap; 2.5 and 3.5 would touch it.
    QTest::newRow("outside and gap")
        << QStringLiteral("Gaps") << QStringLiteral("x") << QStringLiteral("y")
        << QStringLiteral("-") << 1.0 << 5.0 << 0.5
        << QList<SeriesSpec> { line(QStringLiteral("s"), { 2, 3, 4 }, { 1, gap, 1.5 }) }
        << QStringLiteral("Gaps. Horizontal axis: x, from 1 to 5. Vertical axis: y, from 0 to "
                          "2. s: 1 at 2, 1.5 at 4.");
    SeriesSpec bars { QStringLiteral("unscaled: q·k"), { 0, 1, 2 }, { 5, 3, 1 }, true };
    QTest::newRow("bars")
        << QStringLiteral("Scores") << QStringLiteral("score") << QStringLiteral("share")
        << QStringLiteral("-") << -1.0 << 3.0 << 1.0 << QList<SeriesSpec> { bars }
        << QStringLiteral("Scores. Horizontal axis: score, from -1 to 3. Vertical axis: share, "
                          "from 0 to 2. unscaled: q·k: 5 at 0, 3 at 1, 1 at 2.");
    // One run's two quantities: the names say their axes.
    SeriesSpec accuracy = line(QStringLiteral("run A"), { 0, 1 }, { 0.25, 0.5 });
    accuracy.rightAxis = true;
    QTest::newRow("right-hand axis")
        << QStringLiteral("Loss and accuracy") << QStringLiteral("step") << QStringLiteral("loss")
        << QStringLiteral("accuracy") << 0.0 << 1.0 << 1.0
        << QList<SeriesSpec> { line(QStringLiteral("run A"), { 0, 1 }, { 2, 1 }), accuracy }
        << QStringLiteral("Loss and accuracy. Horizontal axis: step, from 0 to 1. Vertical "
                          "axis: loss, from 0 to 2. Right-hand axis: accuracy, from 0 to 1. "
                          "run A (loss): 2 at 0, 1 at 1. run A (accuracy): 0.25 at 0, 0.5 at 1.");
    // One run's two norms on one axis: the lines' styles tell them apart.
    SeriesSpec wk = line(QStringLiteral("run A"), { 0, 1 }, { 0.125, 0.5 });
    wk.dashed = true;
    QTest::newRow("solid and dashed")
        << QString() << QString() << QStringLiteral("norm") << QStringLiteral("-") << 0.0 << 1.0
        << 1.0 << QList<SeriesSpec> { line(QStringLiteral("run A"), { 0, 1 }, { 1, 2 }), wk }
        << QStringLiteral("Horizontal axis from 0 to 1. Vertical axis: norm, from 0 to 2. "
                          "run A, solid line: 1 at 0, 2 at 1. run A, dashed line: 0.125 at 0, "
                          "0.5 at 1.");
    // A hidden series and an unnamed one (a raw curve, a marker) are not read.
    SeriesSpec hidden = line(QStringLiteral("raw"), { 0, 1 }, { 1, 1 });
    hidden.visible = false;
    QTest::newRow("hidden and unnamed")
        << QStringLiteral("Saturation") << QStringLiteral("step")
        << QStringLiteral("largest weight") << QStringLiteral("-") << 0.0 << 1.0 << 1.0
        << QList<SeriesSpec> { hidden, line(QString(), { 0, 1 }, { 1, 1 }),
               line(QStringLiteral("run B"), { 0.5, 1 }, { 0.75, 1 }) }
        << QStringLiteral("Saturation. Horizontal axis: step, from 0 to 1. Vertical axis: "
                          "largest weight, from 0 to 2. run B: 1 at 1.");
    QTest::newRow("no values at the ticks")
        << QStringLiteral("Empty") << QStringLiteral("x") << QStringLiteral("y")
        << QStringLiteral("-") << 0.0 << 1.0 << 1.0
        << QList<SeriesSpec> { line(QStringLiteral("s"), {}, {}) }
        << QStringLiteral("Empty. Horizontal axis: x, from 0 to 1. Vertical axis: y, from 0 to "
                          "2. s: no values.");
}

void TestPlotTextAlternative::describe()
{
    QFETCH(QString, title);
    QFETCH(QString, xLabel);
    QFETCH(QString, yLabel);
    QFETCH(QString, y2Label);
    QFETCH(double, xLower);
    QFETCH(double, xUpper);
    QFETCH(double, tickStep);
    QFETCH(QList<SeriesSpec>, series);
    QFETCH(QString, expected);

    QCustomPlot plot;
    plot.resize(600, 400);
    plot.xAxis->setLabel(xLabel);
    plot.yAxis->setLabel(yLabel);
    plot.xAxis->setRange(xLower, xUpper);
    plot.yAxis->setRange(0, 2);
    // Ticks every tickStep, no more and no fewer, labelled as the axis labels numbers.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(tickStep);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    plot.xAxis->setTicker(ticker);
    if (y2Label != QLatin1String("-")) {
        plot.yAxis2->setVisible(true);
        plot.yAxis2->setLabel(y2Label);
        plot.yAxis2->setRange(0, 1);
    }
    for (const SeriesSpec &s : series) {
        QCPAxis *valueAxis = s.rightAxis ? plot.yAxis2 : plot.yAxis;
        QCPAbstractPlottable *p = nullptr;
        if (s.bars) {
            auto *b = new QCPBars(plot.xAxis, valueAxis);
            b->setWidth(1.0);
            b->setData(s.keys, s.values);
            p = b;
        } else {
            QCPGraph *g = plot.addGraph(plot.xAxis, valueAxis);
            g->setData(s.keys, s.values);
            p = g;
        }
        p->setName(s.name);
        p->setVisible(s.visible);
        p->setPen(QPen(Qt::black, 1, s.dashed ? Qt::DashLine : Qt::SolidLine));
    }
    plot.replot();
    QCOMPARE(PlotTextAlternative::describe(&plot, title), expected);
}

void TestPlotTextAlternative::seriesPlotDescription()
{
    SeriesPlot plot;
    plot.resize(600, 400);
    plot.setTitle(QStringLiteral("Saturation"));
    plot.xAxis->setLabel(QStringLiteral("step"));
    plot.xAxis->setRange(0, 2);
    plot.yAxis->setRange(0, 1);
    QCPGraph *g = plot.addGraph();
    g->setName(QStringLiteral("run A"));
    g->setData({ 0, 2 }, { 0, 1 });
    plot.replot();
    QCOMPARE(plot.accessibleName(), QStringLiteral("Saturation"));
    QVERIFY(!plot.accessibleDescription().isEmpty());
    QCOMPARE(plot.accessibleDescription(), PlotTextAlternative::describe(&plot, plot.title()));
    QVERIFY2(plot.accessibleDescription().startsWith(
                 QStringLiteral("Saturation. Horizontal axis: step")),
        qPrintable(plot.accessibleDescription()));
    // New data is read after the next replot.
    g->setData({ 0, 2 }, { 1, 1 });
    plot.replot();
    QVERIFY2(plot.accessibleDescription().contains(QStringLiteral("run A: 1 at 0")),
        qPrintable(plot.accessibleDescription()));
}

QTEST_MAIN(TestPlotTextAlternative)
#include "tst_plottextalternative.moc"
