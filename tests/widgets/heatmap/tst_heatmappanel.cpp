// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap panel driven through a real Document: what the large map and the small
// multiples hold against attention worked out by hand, selection by clicking, staleness,
// colour maps.

#include "document/document.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "plots/matrixplotadapter.h"
#include "testsupport.h"
#include "testsupportattention.h"

#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QSignalSpy>
#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::SequenceRole)
Q_DECLARE_METATYPE(ae::ColorMapKind)

namespace {

/// A session with identity projections (so Q = Xq and K = Xkv) and hand-picked embeddings.
Session makeSession(SequenceRole queryFrom, SequenceRole keyValueFrom, int heads, bool causal,
    const std::vector<bool> &sourcePadding = {})
{
    Session s;
    s.title = QStringLiteral("panel test");
    s.source.tokens = { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度"),
        QStringLiteral("学习") };
    s.source.embeddings.resize(4, 4);
    s.source.embeddings << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3,
        0.5, 0.2;
    s.source.padding = sourcePadding;
    s.target.tokens = { QStringLiteral("i"), QStringLiteral("love"), QStringLiteral("deep") };
    s.target.embeddings.resize(3, 4);
    s.target.embeddings << 0.9, -0.4, 0.7, 0.0, -0.3, 0.8, 0.2, 1.3, 0.6, 0.6, -0.9, 0.4;
    s.attention.queryFrom = queryFrom;
    s.attention.keyValueFrom = keyValueFrom;
    s.attention.config.dModel = 4;
    s.attention.config.heads = heads;
    s.attention.config.causal = causal;
    return s;
}

/// Largest |a - b| over the visible cells; masked cells must hold NaN in the colour map.
double colorMapDiff(HeatmapPlot *plot, const Eigen::MatrixXd &expected)
{
    double worst = 0.0;
    for (int r = 0; r < expected.rows(); ++r) {
        for (int c = 0; c < expected.cols(); ++c) {
            const double v = MatrixPlotAdapter::cellValue(plot->colorMapPlottable(), r, c);
            if (plot->data().isVisible(r, c))
                worst = std::max(worst, std::abs(v - expected(r, c)));
            else if (!std::isnan(v))
                return 1e300;
        }
    }
    return worst;
}

} // namespace

class TestHeatmapPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void showsEveryHead_data();
    void showsEveryHead();
    void clickingSmallMultipleSelectsIt();
    void fewerHeadsResetsSelection();
    void invalidEditDimsButKeepsPicture();
    void editsRedrawLabels();
    void colorMapFromComboAndApi();
    void presentationModeEnlargesFonts();
    void stretchedColorsEndAtLargestWeight();
    void tileScrolledOutDuringEditShowsItWhenBack();
    void everyEditReachesEveryView_data();
    void everyEditReachesEveryView();

private:
    Document *m_document = nullptr;
    HeatmapPanel *m_panel = nullptr;
};

void TestHeatmapPanel::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_heatmappanel"));
}

void TestHeatmapPanel::init()
{
    m_document = new Document;
    m_panel = new HeatmapPanel(m_document);
    m_panel->resize(1200, 700);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
}

void TestHeatmapPanel::cleanup()
{
    delete m_panel;
    delete m_document;
    m_panel = nullptr;
    m_document = nullptr;
}

void TestHeatmapPanel::showsEveryHead_data()
{
    QTest::addColumn<SequenceRole>("queryFrom");
    QTest::addColumn<SequenceRole>("keyValueFrom");
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<std::vector<bool>>("padding");
    QTest::newRow("standard cross-attention, 2 heads")
        << SequenceRole::Target << SequenceRole::Source << 2 << false << std::vector<bool> {};
    QTest::newRow("reverse cross-attention, 4 heads")
        << SequenceRole::Source << SequenceRole::Target << 4 << false << std::vector<bool> {};
    QTest::newRow("decoder self-attention, causal, 2 heads")
        << SequenceRole::Target << SequenceRole::Target << 2 << true << std::vector<bool> {};
    QTest::newRow("encoder self-attention, padded last key, 1 head")
        << SequenceRole::Source << SequenceRole::Source << 1 << false
        << std::vector<bool> { false, false, false, true };
    QTest::newRow("causal with padded first key: a fully masked row")
        << SequenceRole::Source << SequenceRole::Source << 2 << true
        << std::vector<bool> { true, false, false, false };
}

void TestHeatmapPanel::showsEveryHead()
{
    QFETCH(SequenceRole, queryFrom);
    QFETCH(SequenceRole, keyValueFrom);
    QFETCH(int, heads);
    QFETCH(bool, causal);
    QFETCH(std::vector<bool>, padding);
    const Session session = makeSession(queryFrom, keyValueFrom, heads, causal, padding);
    m_document->resetSession(session, QString());
    QVERIFY(!m_document->error().has_value());

    const SequenceData &q = session.querySequence();
    const SequenceData &kv = session.keyValueSequence();
    const std::vector<bool> keyPadding
        = keyValueFrom == SequenceRole::Source ? padding : std::vector<bool> {};
    const int dK = 4 / heads;
    const Eigen::MatrixXd mean
        = AttentionTestSupport::meanWeights(q.embeddings, kv.embeddings, heads, causal, keyPadding);

    // The large map shows the mean, labelled with the tokens.
    HeatmapPlot *large = m_panel->largePlot();
    QCOMPARE(m_panel->selectedView(), -1);
    QVERIFY(colorMapDiff(large, mean) < 1e-12);
    QCOMPARE(large->data().rowLabels, q.tokens);
    QCOMPARE(large->data().columnLabels, kv.tokens);
    large->replot();
    QMap<double, QString> rowTicks;
    for (int i = 0; i < q.length(); ++i)
        rowTicks.insert(i, q.tokens[i]);
    QCOMPARE(large->rowTickLabels(), rowTicks);

    // Masked cells: exactly the hidden ones; each row's outline on its largest weight.
    int fullyMasked = 0;
    for (int r = 0; r < mean.rows(); ++r) {
        bool any = false;
        int best = -1, seen = 0;
        double low = 1.0, high = 0.0;
        for (int c = 0; c < mean.cols(); ++c) {
            const bool hidden = (causal && c > r) || (c < int(keyPadding.size()) && keyPadding[c]);
            QCOMPARE(large->data().isVisible(r, c), !hidden);
            if (!hidden) {
                any = true;
                ++seen;
                low = std::min(low, mean(r, c));
                high = std::max(high, mean(r, c));
                if (best < 0 || mean(r, c) > mean(r, best))
                    best = c;
            }
        }
        fullyMasked += any ? 0 : 1;
        QList<int> marked;
        for (const QPoint &cell : large->alignmentCells()) {
            if (cell.y() == r)
                marked.append(cell.x());
        }
        if (!any)
            QVERIFY(marked.isEmpty());
        else if (seen == 1 || high - low > 1e-9)
            QCOMPARE(marked, QList<int> { best });
    }
    QCOMPARE(fullyMasked, static_cast<int>(m_document->result().fullyMaskedRows.size()));

    // The small multiples: the mean, then each head, unless there is only one head.
    const QList<HeatmapPlot *> tiles = m_panel->smallMultiples();
    if (heads == 1) {
        QVERIFY(tiles.isEmpty());
        QVERIFY(!m_panel->smallMultiplesShown());
        return;
    }
    QVERIFY(m_panel->smallMultiplesShown());
    QCOMPARE(tiles.size(), heads + 1);
    QVERIFY(colorMapDiff(tiles[0], mean) < 1e-12);
    QVERIFY(tiles[0]->isHighlighted());
    for (int h = 0; h < heads; ++h) {
        const Eigen::MatrixXd expected = AttentionTestSupport::headWeights(
            q.embeddings, kv.embeddings, h, dK, std::sqrt(double(dK)), causal, keyPadding);
        QVERIFY2(colorMapDiff(tiles[h + 1], expected) < 1e-12, qPrintable(QString::number(h)));
        QVERIFY(tiles[h + 1]->isCompact());
        QVERIFY(!tiles[h + 1]->isHighlighted());
    }
}

void TestHeatmapPanel::clickingSmallMultipleSelectsIt()
{
    const Session session = makeSession(SequenceRole::Target, SequenceRole::Source, 2, false);
    m_document->resetSession(session, QString());
    QSignalSpy spy(m_panel, &HeatmapPanel::selectedViewChanged);
    const QList<HeatmapPlot *> tiles = m_panel->smallMultiples();
    QCOMPARE(tiles.size(), 3);

    QTest::mouseClick(tiles[2], Qt::LeftButton, {}, tiles[2]->rect().center());
    QCOMPARE(m_panel->selectedView(), 1);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.last().first().toInt(), 1);
    const Eigen::MatrixXd head1 = AttentionTestSupport::headWeights(
        session.target.embeddings, session.source.embeddings, 1, 2, std::sqrt(2.0), false);
    QVERIFY(colorMapDiff(m_panel->largePlot(), head1) < 1e-12);
    QVERIFY(tiles[2]->isHighlighted());
    QVERIFY(!tiles[0]->isHighlighted());
    QCOMPARE(m_panel->largePlot()->data().head, 1);

    // The mean is a tile too: clicking it goes back.
    QTest::mouseClick(tiles[0], Qt::LeftButton, {}, tiles[0]->rect().center());
    QCOMPARE(m_panel->selectedView(), -1);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(m_panel->largePlot()->data().head, -1);
    // Clicking the selected tile again changes nothing.
    QTest::mouseClick(tiles[0], Qt::LeftButton, {}, tiles[0]->rect().center());
    QCOMPARE(spy.count(), 2);
}

void TestHeatmapPanel::fewerHeadsResetsSelection()
{
    m_document->resetSession(
        makeSession(SequenceRole::Target, SequenceRole::Source, 4, false), QString());
    m_panel->setSelectedView(3);
    QCOMPARE(m_panel->selectedView(), 3);
    QSignalSpy spy(m_panel, &HeatmapPanel::selectedViewChanged);
    m_document->setHeads(2);
    QCOMPARE(m_panel->selectedView(), -1);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_panel->smallMultiples().size(), 3);
    m_document->setHeads(1);
    QVERIFY(m_panel->smallMultiples().isEmpty());
    // Out-of-range requests fall back to the mean.
    m_panel->setSelectedView(7);
    QCOMPARE(m_panel->selectedView(), -1);
}

void TestHeatmapPanel::invalidEditDimsButKeepsPicture()
{
    const Session session = makeSession(SequenceRole::Target, SequenceRole::Source, 2, false);
    m_document->resetSession(session, QString());
    const Eigen::MatrixXd before = m_panel->largePlot()->data().values;
    QVERIFY(!m_panel->largePlot()->isDimmed());

    m_document->setHeads(3); // 3 does not divide d_model 4
    QVERIFY(m_document->isResultStale());
    QVERIFY(m_panel->largePlot()->isDimmed());
    for (HeatmapPlot *tile : m_panel->smallMultiples())
        QVERIFY(tile->isDimmed());
    QCOMPARE(m_panel->largePlot()->data().values, before);
    QCOMPARE(m_panel->smallMultiples().size(), 3);

    m_document->undoStack()->undo();
    QVERIFY(!m_panel->largePlot()->isDimmed());
    QVERIFY(colorMapDiff(m_panel->largePlot(),
                AttentionTestSupport::meanWeights(
                    session.target.embeddings, session.source.embeddings, 2, false))
        < 1e-12);
}

void TestHeatmapPanel::editsRedrawLabels()
{
    m_document->resetSession(
        makeSession(SequenceRole::Target, SequenceRole::Source, 2, false), QString());
    m_document->setTokens(SequenceRole::Target, { QStringLiteral("我"), QStringLiteral("学") });
    const QStringList expected { QStringLiteral("我"), QStringLiteral("学") };
    QCOMPARE(m_panel->largePlot()->data().rowLabels, expected);
    for (HeatmapPlot *tile : m_panel->smallMultiples())
        QCOMPARE(tile->data().rowLabels, expected);
    QCOMPARE(m_panel->largePlot()->data().rows(), 2);
    QCOMPARE(m_panel->largePlot()->data().rowAxisTitle, QStringLiteral("queries from target Y"));

    m_document->setWiring(SequenceRole::Source, SequenceRole::Target);
    QCOMPARE(m_panel->largePlot()->data().rowAxisTitle, QStringLiteral("queries from source X"));
    QCOMPARE(
        m_panel->largePlot()->data().columnAxisTitle, QStringLiteral("keys/values from target Y"));
    QCOMPARE(m_panel->largePlot()->data().columnLabels, expected);
}

void TestHeatmapPanel::colorMapFromComboAndApi()
{
    QSignalSpy spy(m_panel, &HeatmapPanel::colorMapChanged);
    QCOMPARE(m_panel->colorMap(), ColorMapKind::Cividis);
    auto *combo = m_panel->findChild<QComboBox *>(QStringLiteral("colorMapCombo"));
    QVERIFY(combo);
    QVERIFY(AttentionTestSupport::chooseComboData(combo, ColorMap::key(ColorMapKind::Blues)));
    // The arrow keys may pass over Viridis on the way; the last change is Blues.
    QCOMPARE(m_panel->colorMap(), ColorMapKind::Blues);
    QVERIFY(!spy.isEmpty());
    QCOMPARE(spy.last().first().value<ColorMapKind>(), ColorMapKind::Blues);
    spy.clear();
    QCOMPARE(m_panel->largePlot()->colorMap(), ColorMapKind::Blues);
    for (HeatmapPlot *tile : m_panel->smallMultiples())
        QCOMPARE(tile->colorMap(), ColorMapKind::Blues);

    m_panel->setColorMap(ColorMapKind::Viridis);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.last().first().value<ColorMapKind>(), ColorMapKind::Viridis);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("viridis"));
    // The chooser names the map briefly; what it is for is in its tooltip.
    QCOMPARE(combo->currentText(), ColorMap::shortName(ColorMapKind::Viridis));
    QCOMPARE(combo->toolTip(), ColorMap::displayName(ColorMapKind::Viridis));
    m_panel->setColorMap(ColorMapKind::Viridis);
    QCOMPARE(spy.count(), 1);
}

void TestHeatmapPanel::presentationModeEnlargesFonts()
{
    const double before = m_panel->largePlot()->xAxis->tickLabelFont().pointSizeF();
    m_panel->setPresentationMode(true);
    QVERIFY(m_panel->largePlot()->isPresentationMode());
    QVERIFY(m_panel->largePlot()->xAxis->tickLabelFont().pointSizeF() >= before * 1.5);
    for (HeatmapPlot *tile : m_panel->smallMultiples())
        QVERIFY(tile->isPresentationMode());
    m_panel->setPresentationMode(false);
    QCOMPARE(m_panel->largePlot()->xAxis->tickLabelFont().pointSizeF(), before);
}

void TestHeatmapPanel::stretchedColorsEndAtLargestWeight()
{
    const Session session = makeSession(SequenceRole::Target, SequenceRole::Source, 2, false);
    m_document->resetSession(session, QString());
    double largest = 0.0;
    for (int h = 0; h < 2; ++h)
        largest = std::max(largest,
            AttentionTestSupport::headWeights(
                session.target.embeddings, session.source.embeddings, h, 2, std::sqrt(2.0), false)
                .maxCoeff());
    QCOMPARE(m_panel->largePlot()->colorScale()->dataRange(), QCPRange(0.0, 1.0));
    m_panel->setStretchColors(true);
    // Every view shares the range, so one colour means one weight in all of them.
    QVERIFY(std::abs(m_panel->largePlot()->data().maximum - largest) < 1e-12);
    QVERIFY(std::abs(m_panel->largePlot()->colorScale()->dataRange().upper - largest) < 1e-12);
    for (HeatmapPlot *tile : m_panel->smallMultiples())
        QCOMPARE(tile->data().maximum, m_panel->largePlot()->data().maximum);
    // A later edit keeps the stretch, with the new largest weight.
    m_document->setCausal(true);
    double causalLargest = 0.0;
    for (int h = 0; h < 2; ++h)
        causalLargest = std::max(causalLargest,
            AttentionTestSupport::headWeights(
                session.target.embeddings, session.source.embeddings, h, 2, std::sqrt(2.0), true)
                .maxCoeff());
    QVERIFY(std::abs(m_panel->largePlot()->data().maximum - causalLargest) < 1e-12);
    m_panel->setStretchColors(false);
    QCOMPARE(m_panel->largePlot()->data().maximum, 1.0);
    QCOMPARE(m_panel->largePlot()->colorScale()->dataRange(), QCPRange(0.0, 1.0));
}

void TestHeatmapPanel::tileScrolledOutDuringEditShowsItWhenBack()
{
    // A small panel: the five tiles of four heads do not all fit, so some are scrolled out
    // while an edit arrives. Scrolled back, each must show the new weights in every cell.
    m_panel->resize(520, 330);
    m_panel->setShowValues(false); // the colour at a cell's centre, no number over it
    m_document->resetSession(
        makeSession(SequenceRole::Target, SequenceRole::Source, 4, false), QString());
    QTest::qWait(50);
    auto *area = m_panel->findChild<QScrollArea *>(QStringLiteral("smallMultiplesArea"));
    QVERIFY(area);
    const QList<HeatmapPlot *> tiles = m_panel->smallMultiples();
    QCOMPARE(tiles.size(), 5);
    area->ensureWidgetVisible(tiles.first());
    QTest::qWait(50);
    QVERIFY(tiles.last()->visibleRegion().isEmpty());

    const auto cellColour = [](HeatmapPlot *tile, int r, int c) {
        const QImage picture = tile->grab().toImage();
        const QPointF centre = tile->cellRect(r, c).center() * picture.devicePixelRatio();
        return picture.pixelColor(centre.toPoint());
    };
    const auto expectedColour = [](HeatmapPlot *tile, int r, int c) {
        const QCPColorMap *map = tile->colorMapPlottable();
        return QColor::fromRgb(map->gradient().color(tile->data().values(r, c), map->dataRange()));
    };
    const auto near = [](const QColor &a, const QColor &b) {
        return std::max({ std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                   std::abs(a.blue() - b.blue()) })
            <= 2;
    };
    HeatmapPlot *last = tiles.last();
    const QColor before = expectedColour(last, 1, 0);

    // The second query's vector turned around and stretched: its weights change in every
    // view (the first query's last component is 0, which the last head alone would see).
    for (int column = 0; column < 4; ++column)
        m_document->setEmbeddingCell(SequenceRole::Target, 1, column,
            -3.0 * m_document->session().target.embeddings(1, column));
    QTest::qWait(50);
    QVERIFY(last->visibleRegion().isEmpty());
    QVERIFY(!near(expectedColour(last, 1, 0), before));

    area->ensureWidgetVisible(last);
    QTest::qWait(50);
    QVERIFY(!last->visibleRegion().isEmpty());
    for (int r = 0; r < last->data().rows(); ++r) {
        for (int c = 0; c < last->data().columns(); ++c) {
            const QColor shown = cellColour(last, r, c);
            const QColor expected = expectedColour(last, r, c);
            QVERIFY2(near(shown, expected),
                qPrintable(QStringLiteral("cell %1,%2: %3, expected %4")
                               .arg(r)
                               .arg(c)
                               .arg(shown.name(), expected.name())));
        }
    }
}

void TestHeatmapPanel::everyEditReachesEveryView_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("stretch");
    QTest::newRow("2 heads") << 2 << false;
    QTest::newRow("4 heads") << 4 << false;
    QTest::newRow("4 heads, stretched colours") << 4 << true;
}

void TestHeatmapPanel::everyEditReachesEveryView()
{
    // The tiles take their views' matrices and hand back the ones shown before, to be
    // refilled by the next edit: edit after edit, every picture must show the latest weights,
    // and so must a head selected after them.
    QFETCH(int, heads);
    QFETCH(bool, stretch);
    m_document->resetSession(
        makeSession(SequenceRole::Target, SequenceRole::Source, heads, false), QString());
    m_panel->setStretchColors(stretch);
    const int dK = 4 / heads;
    for (int edit = 1; edit <= 3; ++edit) {
        m_document->setEmbeddingCell(SequenceRole::Source, edit % 2, edit, 0.5 * edit - 2.0);
        if (edit == 2)
            m_panel->setStretchColors(!stretch);
        const Session &s = m_document->session();
        const Eigen::MatrixXd mean = AttentionTestSupport::meanWeights(
            s.target.embeddings, s.source.embeddings, heads, false, {});
        const QList<HeatmapPlot *> tiles = m_panel->smallMultiples();
        QCOMPARE(tiles.size(), heads + 1);
        QVERIFY(colorMapDiff(tiles[0], mean) < 1e-12);
        QVERIFY(test::maxAbsDifference(tiles[0]->data().values, mean) < 1e-12);
        QVERIFY(colorMapDiff(m_panel->largePlot(), mean) < 1e-12);
        for (int h = 0; h < heads; ++h) {
            const Eigen::MatrixXd expected = AttentionTestSupport::headWeights(
                s.target.embeddings, s.source.embeddings, h, dK, std::sqrt(double(dK)), false);
            const QString where = QStringLiteral("edit %1, head %2").arg(edit).arg(h + 1);
            QVERIFY2(colorMapDiff(tiles[h + 1], expected) < 1e-12, qPrintable(where));
            QVERIFY2(test::maxAbsDifference(tiles[h + 1]->data().values, expected) < 1e-12,
                qPrintable(where));
            // One colour range in every view.
            QCOMPARE(tiles[h + 1]->data().maximum, tiles[0]->data().maximum);
        }
        m_panel->setSelectedView(heads - 1);
        const Eigen::MatrixXd last = AttentionTestSupport::headWeights(
            s.target.embeddings, s.source.embeddings, heads - 1, dK, std::sqrt(double(dK)), false);
        QVERIFY(colorMapDiff(m_panel->largePlot(), last) < 1e-12);
        QCOMPARE(m_panel->largePlot()->data().maximum, tiles[0]->data().maximum);
        m_panel->setSelectedView(-1);
    }
}

QTEST_MAIN(TestHeatmapPanel)
#include "tst_heatmappanel.moc"
