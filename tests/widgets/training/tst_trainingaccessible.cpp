// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab as a screen reader sees it, in English and in Chinese: every heatmap of the
// dock is an accessible table whose headers are its tokens and whose cells read their weights,
// and every curve plot's description is the plot in words (PlotTextAlternative): its title,
// its axes and each run's values at the ticks.

#include "heatmap/heatmapcellinfo.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "plots/plottextalternative.h"
#include "testsupportattention.h"
#include "testsupporttrainingdock.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurveplot.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"

#include <QAccessible>
#include <QAccessibleTableCellInterface>
#include <QRegularExpression>
#include <QtTest>

using namespace ae;

class TestTrainingAccessible : public QObject, protected test::TrainingDockFixture
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void heatmapsAndCurves_data();
    void heatmapsAndCurves();
};

void TestTrainingAccessible::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_trainingaccessible"));
}

void TestTrainingAccessible::cleanup()
{
    destroyDock();
    LanguageManager::apply(QStringLiteral("en"));
}

void TestTrainingAccessible::heatmapsAndCurves_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("horizontalAxis"); // as the curves' description names it
    QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("Horizontal axis: step");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN") << QStringLiteral("横轴：步数");
}

void TestTrainingAccessible::heatmapsAndCurves()
{
    QFETCH(QString, language);
    QFETCH(QString, horizontalAxis);
    QVERIFY(LanguageManager::apply(language));
    createDock();
    for (int i = 0; i < 6; ++i)
        m_dock->runner()->step();
    QTRY_COMPARE(m_dock->runner()->stepsDone(0), 6);
    QTRY_VERIFY(m_dock->attention()->heatmap(0)->data().rows() > 0);

    const QList<HeatmapPlot *> heatmaps = m_dock->findChildren<HeatmapPlot *>();
    QVERIFY(heatmaps.size() >= 2);
    int filled = 0;
    for (HeatmapPlot *plot : heatmaps) {
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(plot);
        QVERIFY(iface);
        QCOMPARE(iface->role(), QAccessible::Table);
        QAccessibleTableInterface *table = iface->tableInterface();
        QVERIFY(table);
        const HeatmapData &data = plot->data();
        QCOMPARE(table->rowCount(), data.rows());
        QCOMPARE(table->columnCount(), data.columns());
        if (data.rows() == 0)
            continue;
        ++filled;
        QVERIFY(!iface->text(QAccessible::Name).isEmpty());
        for (int r = 0; r < data.rows(); ++r)
            QCOMPARE(table->rowDescription(r), data.rowLabels.value(r));
        for (int c = 0; c < data.columns(); ++c)
            QCOMPARE(table->columnDescription(c), data.columnLabels.value(c));
        // Each cell holds its weight, three decimals, as the cells' labels write it.
        for (int r = 0; r < data.rows(); ++r) {
            for (int c = 0; c < data.columns(); ++c) {
                const QString said = table->cellAt(r, c)->text(QAccessible::Name);
                if (data.isVisible(r, c))
                    QVERIFY2(said.contains(HeatmapCellInfo::cellLabel(data.values(r, c), 3)),
                        qPrintable(said));
            }
        }
    }
    QVERIFY(filled >= 2); // run A's and run B's

    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    for (int i = 0; i < 3; ++i) {
        TrainingCurvePlot *plot = m_dock->curvePlot(i);
        plot->replot();
        const QString description = plot->accessibleDescription();
        QCOMPARE(description, PlotTextAlternative::describe(plot, plot->title()));
        QVERIFY2(description.startsWith(plot->title()), qPrintable(description));
        QVERIFY2(description.contains(horizontalAxis), qPrintable(description));
        // Both runs are read, each with values.
        for (int run = 0; run < 2; ++run) {
            const QString name = plot->graph(run, 0)->name();
            QVERIFY(!name.isEmpty());
            QVERIFY2(description.contains(name), qPrintable(description));
        }
        QCOMPARE(description.contains(han), language == QLatin1String("zh_CN"));
    }
}

QTEST_MAIN(TestTrainingAccessible)
#include "tst_trainingaccessible.moc"
