// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap as a screen reader sees it: an accessible table whose headers are the tokens and
// whose cells read the weights worked out by hand, or say that they are masked or hidden.

#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "testsupport.h"
#include "testsupportattention.h"

#include <QAccessible>
#include <QAccessibleTableCellInterface>
#include <QAccessibleTableInterface>
#include <QApplication>
#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::SequenceRole)

namespace {

/// A session with identity projections (so Q = Xq and K = Xkv) and hand-picked embeddings.
Session makeSession(SequenceRole queryFrom, SequenceRole keyValueFrom, int heads, bool causal,
    const std::vector<bool> &sourcePadding = {})
{
    Session s;
    s.title = QStringLiteral("accessible heatmap test");
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

/// True when key @p c of query @p r is hidden by the causal mask or by padding.
bool hiddenKey(int r, int c, bool causal, const std::vector<bool> &keyPadding)
{
    return (causal && c > r) || (c < int(keyPadding.size()) && keyPadding[c]);
}

/// What a screen reader should say for cell (@p r, @p c) of @p weights, by the wording.
QString expectedText(const Eigen::MatrixXd &weights, const QStringList &queries,
    const QStringList &keys, int r, int c, bool causal, const std::vector<bool> &keyPadding)
{
    const QString where = QStringLiteral("query %1 (%2), key %3 (%4)")
                              .arg(r + 1)
                              .arg(queries[r])
                              .arg(c + 1)
                              .arg(keys[c]);
    int seen = 0;
    int best = -1;
    double low = 2.0;
    double high = -1.0;
    for (int k = 0; k < weights.cols(); ++k) {
        if (hiddenKey(r, k, causal, keyPadding))
            continue;
        ++seen;
        low = std::min(low, weights(r, k));
        high = std::max(high, weights(r, k));
        if (best < 0 || weights(r, k) > weights(r, best))
            best = k;
    }
    if (seen == 0)
        return where + QStringLiteral(": masked, this query sees no key");
    if (hiddenKey(r, c, causal, keyPadding))
        return where + QStringLiteral(": masked");
    const QString text
        = where + QStringLiteral(": weight ") + QString::number(weights(r, c), 'f', 3);
    const bool largest = c == best && (seen == 1 || high - low > 1e-9);
    return largest ? text + QStringLiteral(", largest in its row") : text;
}

/// The accessible table of @p widget, or null.
QAccessibleTableInterface *tableOf(QWidget *widget)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
    return iface ? iface->tableInterface() : nullptr;
}

} // namespace

class TestHeatmapAccessible : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void tableReadsTheWeights_data();
    void tableReadsTheWeights();
    void childrenAreHeadersAndCells();
    void smallMultipleReadsItsHead();
    void hiddenWeightsAreNotRead();
    void shapeChangeReadsTheNewCells();
    void cellsSpeakTheInterfaceLanguage();

private:
    Document *m_document = nullptr;
    HeatmapPanel *m_panel = nullptr;
};

void TestHeatmapAccessible::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_heatmapaccessible"));
    // As with a screen reader running: Qt then builds and updates the interfaces.
    QAccessible::setActive(true);
}

void TestHeatmapAccessible::init()
{
    m_document = new Document;
    m_panel = new HeatmapPanel(m_document);
    m_panel->resize(1200, 700);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
}

void TestHeatmapAccessible::cleanup()
{
    delete m_panel;
    delete m_document;
    m_panel = nullptr;
    m_document = nullptr;
}

void TestHeatmapAccessible::tableReadsTheWeights_data()
{
    QTest::addColumn<SequenceRole>("queryFrom");
    QTest::addColumn<SequenceRole>("keyValueFrom");
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<std::vector<bool>>("padding");
    QTest::newRow("cross-attention, 2 heads")
        << SequenceRole::Target << SequenceRole::Source << 2 << false << std::vector<bool> {};
    QTest::newRow("reverse cross-attention, 4 heads")
        << SequenceRole::Source << SequenceRole::Target << 4 << false << std::vector<bool> {};
    QTest::newRow("decoder self-attention, causal")
        << SequenceRole::Target << SequenceRole::Target << 2 << true << std::vector<bool> {};
    QTest::newRow("encoder self-attention, padded last key")
        << SequenceRole::Source << SequenceRole::Source << 1 << false
        << std::vector<bool> { false, false, false, true };
    QTest::newRow("causal with padded first key: a fully masked row")
        << SequenceRole::Source << SequenceRole::Source << 2 << true
        << std::vector<bool> { true, false, false, false };
}

void TestHeatmapAccessible::tableReadsTheWeights()
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
    const Eigen::MatrixXd mean
        = AttentionTestSupport::meanWeights(q.embeddings, kv.embeddings, heads, causal, keyPadding);

    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_panel->largePlot());
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QVERIFY(!iface->text(QAccessible::Name).isEmpty());
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), q.length());
    QCOMPARE(table->columnCount(), kv.length());
    for (int r = 0; r < q.length(); ++r)
        QCOMPARE(table->rowDescription(r), q.tokens[r]);
    for (int c = 0; c < kv.length(); ++c)
        QCOMPARE(table->columnDescription(c), kv.tokens[c]);

    for (int r = 0; r < q.length(); ++r) {
        for (int c = 0; c < kv.length(); ++c) {
            QAccessibleInterface *cell = table->cellAt(r, c);
            QVERIFY(cell);
            QCOMPARE(cell->role(), QAccessible::Cell);
            QAccessibleTableCellInterface *info = cell->tableCellInterface();
            QVERIFY(info);
            QCOMPARE(info->rowIndex(), r);
            QCOMPARE(info->columnIndex(), c);
            QCOMPARE(info->table(), iface);
            QCOMPARE(info->rowHeaderCells().size(), 1);
            QCOMPARE(info->rowHeaderCells().first()->text(QAccessible::Name), q.tokens[r]);
            QCOMPARE(info->rowHeaderCells().first()->role(), QAccessible::RowHeader);
            QCOMPARE(info->columnHeaderCells().size(), 1);
            QCOMPARE(info->columnHeaderCells().first()->text(QAccessible::Name), kv.tokens[c]);
            QCOMPARE(cell->text(QAccessible::Name),
                expectedText(mean, q.tokens, kv.tokens, r, c, causal, keyPadding));
        }
    }
    QVERIFY(!table->cellAt(q.length(), 0));
    QVERIFY(!table->cellAt(0, kv.length()));
}

void TestHeatmapAccessible::childrenAreHeadersAndCells()
{
    m_document->resetSession(
        makeSession(SequenceRole::Target, SequenceRole::Source, 2, false), QString());
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_panel->largePlot());
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    // The column headers, then each row's header and cells: 4 + 3 * (1 + 4).
    QCOMPARE(iface->childCount(), 19);
    int cells = 0;
    for (int i = 0; i < iface->childCount(); ++i) {
        QAccessibleInterface *child = iface->child(i);
        QVERIFY(child);
        QCOMPARE(child->parent(), iface);
        QCOMPARE(iface->indexOfChild(child), i);
        QVERIFY(!child->text(QAccessible::Name).isEmpty());
        cells += child->role() == QAccessible::Cell ? 1 : 0;
    }
    QCOMPARE(cells, 12);
    QCOMPARE(iface->child(0)->role(), QAccessible::ColumnHeader);
    QCOMPARE(iface->child(4)->role(), QAccessible::RowHeader);
    QCOMPARE(iface->child(5), table->cellAt(0, 0));

    // The cell under a point of the screen is the cell drawn there.
    HeatmapPlot *plot = m_panel->largePlot();
    plot->replot();
    const QPoint centre = plot->cellRect(2, 1).center().toPoint();
    QCOMPARE(iface->childAt(plot->mapToGlobal(centre).x(), plot->mapToGlobal(centre).y()),
        table->cellAt(2, 1));
    QVERIFY(table->cellAt(2, 1)->rect().contains(plot->mapToGlobal(centre)));
    QVERIFY(!table->cellAt(2, 0)->rect().contains(plot->mapToGlobal(centre)));
    QVERIFY(!table->cellAt(1, 1)->rect().contains(plot->mapToGlobal(centre)));
}

void TestHeatmapAccessible::smallMultipleReadsItsHead()
{
    const Session session = makeSession(SequenceRole::Target, SequenceRole::Source, 2, false);
    m_document->resetSession(session, QString());
    const SequenceData &q = session.querySequence();
    const SequenceData &kv = session.keyValueSequence();
    // Head 2 (index 1) uses columns 2 and 3 of Q and K, scaled by sqrt(2).
    const Eigen::MatrixXd head = AttentionTestSupport::headWeights(
        q.embeddings, kv.embeddings, 1, 2, std::sqrt(2.0), false);
    const QList<HeatmapPlot *> tiles = m_panel->smallMultiples();
    QCOMPARE(tiles.size(), 3);
    QAccessibleTableInterface *table = tableOf(tiles[2]);
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->columnCount(), 4);
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c)
            QCOMPARE(table->cellAt(r, c)->text(QAccessible::Name),
                expectedText(head, q.tokens, kv.tokens, r, c, false, {}));
    }
}

void TestHeatmapAccessible::hiddenWeightsAreNotRead()
{
    const Session session = makeSession(SequenceRole::Source, SequenceRole::Source, 2, true);
    m_document->resetSession(session, QString());
    m_document->setWeightsHidden(true);
    QAccessibleTableInterface *table = tableOf(m_panel->largePlot());
    QVERIFY(table);
    // The tokens stay (the class sees what is asked); no weight, and no mask, is given away.
    QCOMPARE(table->rowDescription(1), session.source.tokens[1]);
    const QRegularExpression digitsAfterColon(QStringLiteral(":.*\\d"));
    for (int r = 0; r < table->rowCount(); ++r) {
        for (int c = 0; c < table->columnCount(); ++c) {
            const QString text = table->cellAt(r, c)->text(QAccessible::Name);
            QVERIFY2(text.endsWith(QStringLiteral(": weight hidden while the question is open")),
                qPrintable(text));
            QVERIFY2(!digitsAfterColon.match(text).hasMatch(), qPrintable(text));
        }
    }
    QVERIFY(tableOf(m_panel->smallMultiples().at(1))
                ->cellAt(0, 0)
                ->text(QAccessible::Name)
                .endsWith(QStringLiteral("hidden while the question is open")));
    m_document->setWeightsHidden(false);
    QVERIFY(table->cellAt(0, 0)->text(QAccessible::Name).contains(QStringLiteral("weight 1.000")));
}

void TestHeatmapAccessible::shapeChangeReadsTheNewCells()
{
    m_document->resetSession(
        makeSession(SequenceRole::Target, SequenceRole::Source, 1, false), QString());
    QAccessibleTableInterface *table = tableOf(m_panel->largePlot());
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 3);
    QVERIFY(table->cellAt(2, 3));
    // Self-attention over the source: four rows, the last query is "学习".
    m_document->resetSession(
        makeSession(SequenceRole::Source, SequenceRole::Source, 1, false), QString());
    table = tableOf(m_panel->largePlot());
    QCOMPARE(table->rowCount(), 4);
    QVERIFY(table->cellAt(3, 3));
    QVERIFY(table->cellAt(3, 3)
                ->text(QAccessible::Name)
                .startsWith(QStringLiteral("query 4 (学习), key 4 (学习): weight")));
    QCOMPARE(table->cellAt(3, 3)->tableCellInterface()->rowHeaderCells().first()->text(
                 QAccessible::Name),
        QStringLiteral("学习"));
}

void TestHeatmapAccessible::cellsSpeakTheInterfaceLanguage()
{
    // Decoder-style self-attention over the source with the causal mask: the first query sees
    // only itself (weight 1, its row's largest), and not the second key.
    m_document->resetSession(
        makeSession(SequenceRole::Source, SequenceRole::Source, 1, true), QString());
    QAccessibleTableInterface *table = tableOf(m_panel->largePlot());
    QVERIFY(table);
    QVERIFY(LanguageManager::apply(QStringLiteral("zh_CN")));
    const QString seen = table->cellAt(0, 0)->text(QAccessible::Name);
    const QString masked = table->cellAt(0, 1)->text(QAccessible::Name);
    m_document->setWeightsHidden(true);
    const QString hidden = table->cellAt(0, 0)->text(QAccessible::Name);
    LanguageManager::apply(QStringLiteral("en"));
    QCOMPARE(seen, QStringLiteral("查询 1（我），键 1（我）：权重 1.000，本行最大"));
    QCOMPARE(masked, QStringLiteral("查询 1（我），键 2（爱）：已屏蔽"));
    QCOMPARE(hidden, QStringLiteral("查询 1（我），键 1（我）：提问期间权重已隐藏"));
    QCOMPARE(table->cellAt(0, 1)->text(QAccessible::Name),
        QStringLiteral("query 1 (我), key 2 (爱): weight hidden while the question is open"));
}

QTEST_MAIN(TestHeatmapAccessible)
#include "tst_heatmapaccessible.moc"
