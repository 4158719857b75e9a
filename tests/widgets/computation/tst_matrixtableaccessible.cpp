// SPDX-License-Identifier: GPL-3.0-or-later
// The computation view's matrices and the one-row view as a screen reader sees them: accessible
// tables (Qt's, of the QTableWidget) named by their matrix, whose header cells say the whole
// token or dimension number and whose cells say their row, their column and the value as
// shown, or that they are masked or hidden while a lesson's question is open.

#include "computation/matrixtablewidget.h"
#include "computation/queryrowview.h"
#include "document/document.h"
#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QAccessible>
#include <QAccessibleTableCellInterface>
#include <QTableWidget>
#include <QtTest>

using namespace ae;

namespace {

/// The accessible table of @p widget's QTableWidget; null when it is none.
QAccessibleTableInterface *tableOf(const MatrixTableWidget *widget)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget->table());
    return iface ? iface->tableInterface() : nullptr;
}

/// The name of @p headers' only cell, freeing the cells. Qt 6.4's table cell makes a new header
/// cell on every call, registers it nowhere and leaves it to the caller (a leak the sanitized
/// suite reports): handing it to Qt's accessibility cache and removing it there frees it.
QString onlyHeaderName(const QList<QAccessibleInterface *> &headers)
{
    const QString name = headers.size() == 1 ? headers[0]->text(QAccessible::Name) : QString();
#if QT_VERSION < QT_VERSION_CHECK(6, 5, 0)
    for (QAccessibleInterface *header : headers)
        QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(header));
#endif
    return name;
}

/// Two tokens' rows; three columns, the last a long token the header cuts short.
LabelledMatrix handMade()
{
    LabelledMatrix m;
    m.name = QStringLiteral("Scores S");
    m.values.resize(2, 3);
    m.values << 0.30841, -1.2488, 2.0, 0.5, 0.1254, -0.0625;
    m.visible = BoolMatrix::Constant(2, 3, true);
    m.visible(0, 2) = false;
    m.rowLabels = { QStringLiteral("i"), QStringLiteral("爱") };
    m.columnLabels
        = { QStringLiteral("1"), QStringLiteral("you"), QStringLiteral("internationalisation") };
    return m;
}

} // namespace

class TestMatrixTableAccessible : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void cells_data();
    void cells();
    void headersAndName();
    void oneRowView();
};

void TestMatrixTableAccessible::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_matrixtableaccessible"));
}

void TestMatrixTableAccessible::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestMatrixTableAccessible::cells_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<bool>("shown");
    QTest::addColumn<QStringList>("expected"); // row by row
    // A label that only repeats its number ("1") is said once.
    QTest::newRow("4 decimals") << QStringLiteral("en") << 4 << true
                                << QStringList {
                                       QStringLiteral("row 1 (i), column 1: 0.3084"),
                                       QStringLiteral("row 1 (i), column 2 (you): -1.2488"),
                                       QStringLiteral("row 1 (i), column 3 "
                                                      "(internationalisation): masked, minus "
                                                      "infinity"),
                                       QStringLiteral("row 2 (爱), column 1: 0.5000"),
                                       QStringLiteral("row 2 (爱), column 2 (you): 0.1254"),
                                       QStringLiteral("row 2 (爱), column 3 "
                                                      "(internationalisation): -0.0625"),
                                   };
    QTest::newRow("1 decimal") << QStringLiteral("en") << 1 << true
                               << QStringList {
                                      QStringLiteral("row 1 (i), column 1: 0.3"),
                                      QStringLiteral("row 1 (i), column 2 (you): -1.2"),
                                      QStringLiteral("row 1 (i), column 3 (internationalisation): "
                                                     "masked, minus infinity"),
                                      QStringLiteral("row 2 (爱), column 1: 0.5"),
                                      QStringLiteral("row 2 (爱), column 2 (you): 0.1"),
                                      QStringLiteral("row 2 (爱), column 3 "
                                                     "(internationalisation): -0.1"),
                                  };
    QTest::newRow("hidden") << QStringLiteral("en") << 4 << false
                            << QStringList {
                                   QStringLiteral("row 1 (i), column 1: hidden while the "
                                                  "question is open"),
                                   QStringLiteral("row 1 (i), column 2 (you): hidden while the "
                                                  "question is open"),
                                   QStringLiteral("row 1 (i), column 3 (internationalisation): "
                                                  "masked, minus infinity"),
                                   QStringLiteral("row 2 (爱), column 1: hidden while the "
                                                  "question is open"),
                                   QStringLiteral("row 2 (爱), column 2 (you): hidden while the "
                                                  "question is open"),
                                   QStringLiteral("row 2 (爱), column 3 (internationalisation): "
                                                  "hidden while the question is open"),
                               };
    QTest::newRow("Chinese") << QStringLiteral("zh_CN") << 2 << true
                             << QStringList {
                                    QStringLiteral("第 1 行（i），第 1 列：0.31"),
                                    QStringLiteral("第 1 行（i），第 2 列（you）：-1.25"),
                                    QStringLiteral("第 1 行（i），第 3 列（internationalisation）："
                                                   "已屏蔽，负无穷"),
                                    QStringLiteral("第 2 行（爱），第 1 列：0.50"),
                                    QStringLiteral("第 2 行（爱），第 2 列（you）：0.13"),
                                    QStringLiteral(
                                        "第 2 行（爱），第 3 列（internationalisation）："
                                        "-0.06"),
                                };
}

void TestMatrixTableAccessible::cells()
{
    QFETCH(QString, language);
    QFETCH(int, decimals);
    QFETCH(bool, shown);
    QFETCH(QStringList, expected);
    QVERIFY(LanguageManager::apply(language));
    MatrixTableWidget widget;
    widget.setMatrix(handMade());
    widget.setDecimals(decimals);
    widget.setNumbersShown(shown);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QAccessibleTableInterface *table = tableOf(&widget);
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->columnCount(), 3);
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 3; ++c) {
            QAccessibleInterface *cell = table->cellAt(r, c);
            QVERIFY(cell);
            QCOMPARE(cell->role(), QAccessible::Cell);
            QCOMPARE(cell->text(QAccessible::Name), expected[r * 3 + c]);
            QCOMPARE(widget.accessibleText(r, c), expected[r * 3 + c]);
            // What the screen shows is in what is said (but for a masked cell's "−∞").
            if (widget.cellText(r, c) != QStringLiteral("−∞") && shown)
                QVERIFY(expected[r * 3 + c].endsWith(widget.cellText(r, c)));
        }
    }
    QVERIFY(widget.accessibleText(2, 0).isEmpty());
}

void TestMatrixTableAccessible::headersAndName()
{
    MatrixTableWidget widget;
    widget.setMatrix(handMade());
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget.table());
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("Scores S"));
    QVERIFY(!iface->text(QAccessible::Description).isEmpty());
    QAccessibleTableInterface *table = iface->tableInterface();
    // The headers say the whole token, though the screen cuts the long one short.
    const QStringList columns { QStringLiteral("1"), QStringLiteral("you"),
        QStringLiteral("internationalisation") };
    QVERIFY(widget.table()->horizontalHeaderItem(2)->text() != columns[2]);
    for (int c = 0; c < 3; ++c) {
        QCOMPARE(onlyHeaderName(table->cellAt(1, c)->tableCellInterface()->columnHeaderCells()),
            columns[c]);
    }
    const QStringList rows { QStringLiteral("i"), QStringLiteral("爱") };
    for (int r = 0; r < 2; ++r) {
        QCOMPARE(
            onlyHeaderName(table->cellAt(r, 0)->tableCellInterface()->rowHeaderCells()), rows[r]);
        QCOMPARE(table->rowDescription(r), rows[r]);
    }
    // A new matrix: the new shape and name.
    LabelledMatrix q = handMade();
    q.name = QStringLiteral("Q");
    q.values = Eigen::MatrixXd::Constant(1, 2, 0.75);
    q.visible = BoolMatrix();
    q.rowLabels = { QStringLiteral("love") };
    q.columnLabels = { QStringLiteral("1"), QStringLiteral("2") };
    widget.setMatrix(q);
    iface = QAccessible::queryAccessibleInterface(widget.table());
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("Q"));
    QCOMPARE(iface->tableInterface()->rowCount(), 1);
    QCOMPARE(iface->tableInterface()->columnCount(), 2);
    // Qt's table forgets the cells it made on the model's reset event, which it is sent only
    // while assistive technology is active: here the new cell's text is read from the item.
    QCOMPARE(widget.table()->item(0, 1)->data(Qt::AccessibleTextRole).toString(),
        QStringLiteral("row 1 (love), column 2: 0.7500"));
}

void TestMatrixTableAccessible::oneRowView()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    QTRY_VERIFY(document.hasResult());
    QueryRowView view(&document);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.refresh();
    const QList<MatrixTableWidget *> tables = view.tables();
    QCOMPARE(tables.size(), 3);
    for (const MatrixTableWidget *widget : tables) {
        const LabelledMatrix &m = widget->matrix();
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget->table());
        QVERIFY(iface && iface->tableInterface());
        QCOMPARE(iface->text(QAccessible::Name), m.name);
        QCOMPARE(iface->tableInterface()->rowCount(), int(m.values.rows()));
        QCOMPARE(iface->tableInterface()->columnCount(), int(m.values.cols()));
        // Every cell says its place and its value as shown.
        for (int r = 0; r < m.values.rows(); ++r) {
            for (int c = 0; c < m.values.cols(); ++c) {
                const QString said = iface->tableInterface()->cellAt(r, c)->text(QAccessible::Name);
                QVERIFY2(said.startsWith(QStringLiteral("row %1").arg(r + 1)), qPrintable(said));
                if (m.isVisible(r, c))
                    QVERIFY2(said.endsWith(QStringLiteral(": ") + widget->cellText(r, c)),
                        qPrintable(said));
            }
        }
    }
    // The keys' table: a row per key, its columns q·k, the scaled score and the weight.
    QCOMPARE(onlyHeaderName(QAccessible::queryAccessibleInterface(tables[0]->table())
                                ->tableInterface()
                                ->cellAt(0, 2)
                                ->tableCellInterface()
                                ->columnHeaderCells()),
        QStringLiteral("softmax"));
}

QTEST_MAIN(TestMatrixTableAccessible)
#include "tst_matrixtableaccessible.moc"
