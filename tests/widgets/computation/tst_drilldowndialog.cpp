// SPDX-License-Identifier: GPL-3.0-or-later
// The drill-down of one weight: the number it ends on equals the heatmap cell to the last
// digit shown, for random cells of every view, masked cells and fully masked rows; clicking a
// heatmap cell or a computation-view cell opens it.

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "computation/drilldowndialog.h"
#include "computation/matrixtablewidget.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The spec example with causal masking and source token 0 padded (query 0 sees no key),
/// 4 heads over d_model 4 so that there are several heads to average.
Session maskedExample()
{
    QJsonObject root = test::specExampleObject();
    root = test::withValue(root, QStringLiteral("attention.causal"), true);
    root = test::withValue(
        root, QStringLiteral("source.padding"), QJsonArray { true, false, false, false });
    root = test::withValue(root, QStringLiteral("attention.heads"), 4);
    const SessionLoadResult loaded = sessionFromJson(test::toBytes(root));
    return loaded.ok() ? loaded.session : Session();
}

Session referenceCase(const QString &name)
{
    const SessionLoadResult loaded = loadSessionFile(
        test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json"));
    return loaded.ok() ? loaded.session : Session();
}

} // namespace

/// Tests DrillDownDialog through the window's classroom tools.
class TestDrillDownDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void weightEqualsTheHeatmapCell_data();
    void weightEqualsTheHeatmapCell();
    void clickingAHeatmapCellExplainsIt();
    void choosingAComputationCellExplainsIt();
    void followsEdits();
    void decimalsControlRewritesTheDerivation();

private:
    void useSession(const Session &s);
    MainWindow *m_window = nullptr;
};

void TestDrillDownDialog::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_drilldowndialog"));
    QCOMPARE(maskedExample().attention.config.heads, 4);
}

void TestDrillDownDialog::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1400, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestDrillDownDialog::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestDrillDownDialog::useSession(const Session &s)
{
    QVERIFY(s.source.length() > 0);
    m_window->document()->resetSession(s, QString());
    QTRY_VERIFY(m_window->document()->hasResult() && !m_window->document()->error()
        && test::compareSessions(m_window->document()->resultSession(), s).isEmpty());
}

void TestDrillDownDialog::weightEqualsTheHeatmapCell_data()
{
    QTest::addColumn<QString>("caseName"); // a reference case, or empty for maskedExample()
    QTest::addColumn<quint32>("seed");
    QTest::newRow("masked example") << QString() << 7u;
    QTest::newRow("seed cross 2 heads") << QStringLiteral("seed-cross-2heads") << 11u;
    QTest::newRow("padding") << QStringLiteral("padding") << 3u;
}

void TestDrillDownDialog::weightEqualsTheHeatmapCell()
{
    QFETCH(QString, caseName);
    QFETCH(quint32, seed);
    useSession(caseName.isEmpty() ? maskedExample() : referenceCase(caseName));
    const AttentionResult &r = m_window->document()->result();
    HeatmapPanel *panel = m_window->heatmapPanel();
    DrillDownDialog *drill = m_window->classroom()->drillDown();
    QRandomGenerator random(seed);
    const int lq = static_cast<int>(r.meanWeights.rows());
    const int lk = static_cast<int>(r.meanWeights.cols());
    int maskedSeen = 0, fullySeen = 0;
    for (int view = -1; view < static_cast<int>(r.heads.size()); ++view) {
        panel->setSelectedView(view);
        HeatmapPlot *plot = panel->largePlot();
        QTRY_VERIFY(plot->valueDecimals() > 0);
        // Random cells, and always row 0 and the last cell (masked in the masked example).
        std::vector<std::pair<int, int>> cells { { 0, 0 }, { lq - 1, lk - 1 } };
        for (int n = 0; n < 6; ++n)
            cells.emplace_back(random.bounded(lq), random.bounded(lk));
        for (const auto &[row, column] : cells) {
            m_window->classroom()->explainCell(view, row, column);
            QVERIFY(drill->explanation());
            const WeightExplanation &e = *drill->explanation();
            const double shownValue = view < 0 ? r.meanWeights(row, column)
                                               : r.heads[size_t(view)].weights(row, column);
            QVERIFY(std::abs(e.weight - shownValue) <= 1e-12);
            const QString where = QStringLiteral("view %1 [%2][%3]").arg(view).arg(row).arg(column);
            if (plot->data().isVisible(row, column)) {
                QCOMPARE(drill->weightText(), plot->cellText(row, column));
            } else {
                ++maskedSeen;
                QVERIFY2(e.masked, qPrintable(where));
                QCOMPARE(e.weight, 0.0);
                QVERIFY(drill->markdown().contains(QStringLiteral("masked")));
            }
            if (e.fullyMaskedRow) {
                ++fullySeen;
                QCOMPARE(e.weight, 0.0);
                for (const HeadWeightDerivation &d : e.heads)
                    QCOMPARE(d.rowSum, 0.0);
            }
            // The derivation ends on the weight worked out from its written numbers; where the
            // heatmap's (exact) value reads differently, it stands beside it.
            QVERIFY2(drill->markdown().contains(QStringLiteral("**%1**").arg(drill->weightText()))
                    || drill->markdown().contains(
                        QStringLiteral("** (exact %1)").arg(drill->weightText())),
                qPrintable(where));
            QCOMPARE(
                static_cast<int>(e.heads.size()), view < 0 ? static_cast<int>(r.heads.size()) : 1);
        }
    }
    if (!r.fullyMaskedRows.empty())
        QVERIFY(fullySeen > 0 && maskedSeen > 0);
}

void TestDrillDownDialog::clickingAHeatmapCellExplainsIt()
{
    useSession(referenceCase(QStringLiteral("seed-cross-2heads")));
    HeatmapPanel *panel = m_window->heatmapPanel();
    panel->setSelectedView(0);
    HeatmapPlot *plot = panel->largePlot();
    QTRY_VERIFY(plot->cellRect(1, 2).isValid() && !plot->cellRect(1, 2).isEmpty());
    DrillDownDialog *drill = m_window->classroom()->drillDown();
    QVERIFY(!drill->isVisible());
    QTest::mouseClick(plot, Qt::LeftButton, {}, plot->cellRect(1, 2).center().toPoint());
    QTRY_VERIFY(drill->isVisible());
    QVERIFY(drill->explanation());
    QCOMPARE(drill->explanation()->head, 0);
    QCOMPARE(drill->explanation()->query, 1);
    QCOMPARE(drill->explanation()->key, 2);
    QCOMPARE(drill->weightText(), plot->cellText(1, 2));
}

void TestDrillDownDialog::choosingAComputationCellExplainsIt()
{
    useSession(referenceCase(QStringLiteral("seed-cross-2heads")));
    ComputationDock *dock = m_window->classroom()->computation();
    dock->show();
    dock->setHead(1);
    dock->setStep(static_cast<int>(ComputationStep::Softmax));
    QTableWidget *table = dock->matrixWidgets().front()->table();
    QTRY_VERIFY(table->isVisible());
    const QRect cell = table->visualRect(table->model()->index(0, 3));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    DrillDownDialog *drill = m_window->classroom()->drillDown();
    QTRY_VERIFY(drill->isVisible());
    QCOMPARE(drill->explanation()->head, 1);
    QCOMPARE(drill->explanation()->query, 0);
    QCOMPARE(drill->explanation()->key, 3);
}

void TestDrillDownDialog::followsEdits()
{
    useSession(referenceCase(QStringLiteral("seed-cross-2heads")));
    m_window->classroom()->explainCell(-1, 1, 1);
    DrillDownDialog *drill = m_window->classroom()->drillDown();
    const double before = drill->explanation()->weight;
    m_window->document()->setCausal(true);
    QTRY_VERIFY(m_window->document()->resultSession().attention.config.causal);
    QVERIFY(drill->explanation());
    QCOMPARE(drill->explanation()->weight, m_window->document()->result().meanWeights(1, 1));
    QVERIFY(drill->explanation()->weight != before);
}

void TestDrillDownDialog::decimalsControlRewritesTheDerivation()
{
    useSession(referenceCase(QStringLiteral("seed-cross-2heads")));
    m_window->classroom()->explainCell(0, 1, 2);
    DrillDownDialog *drill = m_window->classroom()->drillDown();
    auto *box = drill->findChild<QSpinBox *>(QStringLiteral("drillDownDecimals"));
    QVERIFY(box);
    QCOMPARE(box->value(), drill->decimals());
    for (const int decimals : { 2, 6, 3 }) {
        box->setValue(decimals);
        QCOMPARE(drill->decimals(), decimals);
        const double weight = m_window->document()->result().heads[0].weights(1, 2);
        QCOMPARE(drill->weightText(), QString::number(weight, 'f', decimals));
        // The sum of the row is written as the sum of the written terms.
        static const QRegularExpression sumLine(
            QStringLiteral(R"(sum = ((?:[\d.]+ \+ )+[\d.]+) = ([\d.]+))"));
        const QRegularExpressionMatch m = sumLine.match(drill->markdown());
        QVERIFY2(m.hasMatch(), qPrintable(drill->markdown()));
        double total = 0.0;
        for (const QString &term : m.captured(1).split(QStringLiteral(" + "))) {
            QCOMPARE(term.size() - term.indexOf(QLatin1Char('.')) - 1, decimals);
            total += term.toDouble();
        }
        QCOMPARE(m.captured(2), QString::number(total, 'f', decimals));
    }
    // The chosen decimals stay for the next cell.
    m_window->classroom()->explainCell(0, 0, 0);
    QCOMPARE(box->value(), 3);
    QCOMPARE(drill->weightText(),
        QString::number(m_window->document()->result().heads[0].weights(0, 0), 'f', 3));
}

QTEST_MAIN(TestDrillDownDialog)
#include "tst_drilldowndialog.moc"
