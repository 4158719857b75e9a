// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap with the keyboard alone: Tab gives it the focus, the arrows, Home, End, Page Up
// and Page Down move its cursor cell, Enter opens the cell as a click does, the cursor is
// drawn as a ring, and assistive technology is told which cell has the focus. No mouse event.

#include "document/document.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportmouse.h"

#include <QAccessible>
#include <QAccessibleTableCellInterface>
#include <QApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QVBoxLayout>
#include <QtTest>

using namespace ae;

namespace {

/// One accessibility event as assistive technology received it.
struct SeenEvent
{
    QAccessible::Event type;
    int row = -1;
    int column = -1;
    QString name;
};

QList<SeenEvent> seenEvents;

/// Records the focus and selection events on heatmap cells.
void recordEvent(QAccessibleEvent *event)
{
    if (event->type() != QAccessible::Focus && event->type() != QAccessible::Selection)
        return;
    QAccessibleInterface *iface = event->accessibleInterface();
    if (!iface || !iface->tableCellInterface())
        return;
    seenEvents.append({ event->type(), iface->tableCellInterface()->rowIndex(),
        iface->tableCellInterface()->columnIndex(), iface->text(QAccessible::Name) });
}

/// A 3 x 4 map with distinct weights; tokens a b c (queries) and w x y z (keys).
HeatmapData makeData()
{
    HeatmapData d;
    d.values.resize(3, 4);
    d.values << 0.1, 0.2, 0.3, 0.4, 0.4, 0.3, 0.2, 0.1, 0.25, 0.35, 0.15, 0.25;
    d.rowLabels = { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") };
    d.columnLabels
        = { QStringLiteral("w"), QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z") };
    d.title = QStringLiteral("Keyboard test");
    return d;
}

} // namespace

class TestHeatmapKeyboard : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void tabGivesFocusAndCursor();
    void keysMoveCursor_data();
    void keysMoveCursor();
    void enterOpensCellLikeClick();
    void focusRingIsDrawn();
    void accessibleFocusFollowsCursor();
    void accessibleEventsFollowCursor();
    void panelDrillDownAndTilesByKeyboard();

private:
    QWidget *m_window = nullptr;
    QLineEdit *m_edit = nullptr;
    HeatmapPlot *m_plot = nullptr;
    test::MouseCounter m_mouse;
};

void TestHeatmapKeyboard::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_heatmapkeyboard"));
    QAccessible::setActive(true);
    qApp->installEventFilter(&m_mouse);
}

void TestHeatmapKeyboard::init()
{
    m_window = new QWidget;
    auto *layout = new QVBoxLayout(m_window);
    m_edit = new QLineEdit(m_window);
    m_plot = new HeatmapPlot(m_window);
    layout->addWidget(m_edit);
    layout->addWidget(m_plot, 1);
    m_plot->setData(makeData());
    m_window->resize(500, 450);
    m_window->show();
    m_window->activateWindow(); // an X server without a window manager activates nothing
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    m_edit->setFocus();
    QVERIFY(m_edit->hasFocus());
    m_plot->replot();
    seenEvents.clear();
}

void TestHeatmapKeyboard::cleanup()
{
    QCOMPARE(m_mouse.count, 0);
    delete m_window;
    m_window = nullptr;
}

void TestHeatmapKeyboard::tabGivesFocusAndCursor()
{
    QCOMPARE(m_plot->cursorCell(), QPoint(-1, -1));
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QVERIFY(m_plot->hasFocus());
    // The first cell, until the user moves.
    QCOMPARE(m_plot->cursorCell(), QPoint(0, 0));
    QTest::keyClick(m_plot, Qt::Key_Backtab, Qt::ShiftModifier);
    QVERIFY(m_edit->hasFocus());
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QCOMPARE(m_plot->cursorCell(), QPoint(0, 0));
}

void TestHeatmapKeyboard::keysMoveCursor_data()
{
    // Each key as (key, Ctrl held); the cell is (column, row).
    QTest::addColumn<QList<int>>("keys");
    QTest::addColumn<QList<bool>>("control");
    QTest::addColumn<QPoint>("cell");
    QTest::newRow("right twice, down") << QList<int> { Qt::Key_Right, Qt::Key_Right, Qt::Key_Down }
                                       << QList<bool> { false, false, false } << QPoint(2, 1);
    QTest::newRow("left and up stop at the edge")
        << QList<int> { Qt::Key_Left, Qt::Key_Up, Qt::Key_Left }
        << QList<bool> { false, false, false } << QPoint(0, 0);
    QTest::newRow("right and down stop at the edge")
        << QList<int>(6, Qt::Key_Right) + QList<int>(5, Qt::Key_Down) << QList<bool>(11, false)
        << QPoint(3, 2);
    QTest::newRow("End: the row's last key")
        << QList<int> { Qt::Key_Down, Qt::Key_End } << QList<bool> { false, false } << QPoint(3, 1);
    QTest::newRow("Home: the row's first key")
        << QList<int> { Qt::Key_Down, Qt::Key_Right, Qt::Key_Right, Qt::Key_Home }
        << QList<bool> { false, false, false, false } << QPoint(0, 1);
    QTest::newRow("Ctrl+End: the last cell")
        << QList<int> { Qt::Key_End } << QList<bool> { true } << QPoint(3, 2);
    QTest::newRow("Ctrl+Home: the first cell")
        << QList<int> { Qt::Key_Down, Qt::Key_Down, Qt::Key_Right, Qt::Key_Home }
        << QList<bool> { false, false, false, true } << QPoint(0, 0);
    QTest::newRow("Page Down, Page Up: the column's ends") << QList<int> { Qt::Key_Right,
        Qt::Key_PageDown } << QList<bool> { false, false } << QPoint(1, 2);
}

void TestHeatmapKeyboard::keysMoveCursor()
{
    QFETCH(QList<int>, keys);
    QFETCH(QList<bool>, control);
    QFETCH(QPoint, cell);
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QVERIFY(m_plot->hasFocus());
    for (int i = 0; i < keys.size(); ++i) {
        QTest::keyClick(m_plot, static_cast<Qt::Key>(keys[i]),
            control[i] ? Qt::ControlModifier : Qt::NoModifier);
    }
    QCOMPARE(m_plot->cursorCell(), cell);
    QVERIFY(m_plot->hasFocus());
}

void TestHeatmapKeyboard::enterOpensCellLikeClick()
{
    QSignalSpy cells(m_plot, &HeatmapPlot::cellClicked);
    QSignalSpy clicks(m_plot, &HeatmapPlot::clicked);
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QTest::keyClick(m_plot, Qt::Key_Down);
    QTest::keyClick(m_plot, Qt::Key_Right);
    QTest::keyClick(m_plot, Qt::Key_Right);
    QCOMPARE(cells.count(), 0);
    QTest::keyClick(m_plot, Qt::Key_Return);
    QCOMPARE(clicks.count(), 1);
    QCOMPARE(cells.count(), 1);
    QCOMPARE(cells.first().at(0).toInt(), 1);
    QCOMPARE(cells.first().at(1).toInt(), 2);
    QTest::keyClick(m_plot, Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(cells.count(), 2);
}

void TestHeatmapKeyboard::focusRingIsDrawn()
{
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QTest::keyClick(m_plot, Qt::Key_Right);
    QTest::keyClick(m_plot, Qt::Key_Down);
    const QRectF cell = m_plot->cellRect(1, 1);
    // Just outside the cell's left and bottom edges, where the ring's dark line runs.
    const QPoint left(qRound(cell.left()) - 2, qRound(cell.center().y()));
    const QPoint below(qRound(cell.center().x()), qRound(cell.bottom()) + 1);
    const QImage focused = m_plot->grab().toImage();
    QCOMPARE(focused.pixelColor(left), QColor(Qt::black));
    QCOMPARE(focused.pixelColor(below), QColor(Qt::black));
    // Another cell's edge carries no ring.
    const QRectF other = m_plot->cellRect(2, 3);
    QVERIFY(focused.pixelColor(qRound(other.left()) - 2, qRound(other.center().y()))
        != QColor(Qt::black));

    QTest::keyClick(m_plot, Qt::Key_Backtab, Qt::ShiftModifier);
    QVERIFY(!m_plot->hasFocus());
    const QImage unfocused = m_plot->grab().toImage();
    QVERIFY(unfocused.pixelColor(left) != QColor(Qt::black));
    QVERIFY(unfocused.pixelColor(below) != QColor(Qt::black));
}

void TestHeatmapKeyboard::accessibleFocusFollowsCursor()
{
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QTest::keyClick(m_plot, Qt::Key_Right);
    QTest::keyClick(m_plot, Qt::Key_Down);
    // What a screen reader asks the focused table for: the cell under the cursor.
    QAccessibleInterface *table = QAccessible::queryAccessibleInterface(m_plot);
    QAccessibleInterface *focused = table->focusChild();
    QVERIFY(focused);
    QCOMPARE(focused, table->tableInterface()->cellAt(1, 1));
    QVERIFY(focused->state().focused);
    QVERIFY(focused->state().selected);
    // b's row is 0.4 0.3 0.2 0.1: key x holds 0.3, not the row's largest.
    QCOMPARE(
        focused->text(QAccessible::Name), QStringLiteral("query 2 (b), key 2 (x): weight 0.300"));
    QVERIFY(!table->tableInterface()->cellAt(0, 0)->state().focused);
    QVERIFY(!table->tableInterface()->cellAt(0, 0)->state().selected);
    QCOMPARE(table->tableInterface()->selectedCells(), QList<QAccessibleInterface *> { focused });
    QTest::keyClick(m_plot, Qt::Key_Backtab, Qt::ShiftModifier);
    QVERIFY(!table->focusChild());
    QVERIFY(!focused->state().focused);
}

void TestHeatmapKeyboard::accessibleEventsFollowCursor()
{
    // Qt passes events on only while assistive technology is active: on Linux, with the
    // AT-SPI bridge (ctest atspi/heatmapkeyboard), not on the offscreen platform.
    if (!QAccessible::isActive()) {
        // The AT-SPI run of this suite (tests/atspi) must not skip it.
        QVERIFY2(qEnvironmentVariableIsEmpty("AE_EXPECT_ATSPI"), "the AT-SPI bridge is not active");
        QSKIP("no assistive technology is active on this platform");
    }
    const auto previous = QAccessible::installUpdateHandler(&recordEvent);
    QTest::keyClick(m_edit, Qt::Key_Tab);
    QTest::keyClick(m_plot, Qt::Key_Right);
    QTest::keyClick(m_plot, Qt::Key_Down);
    QAccessible::installUpdateHandler(previous);

    QList<SeenEvent> focus;
    QList<SeenEvent> selection;
    for (const SeenEvent &e : std::as_const(seenEvents))
        (e.type == QAccessible::Focus ? focus : selection).append(e);
    QCOMPARE(focus.size(), 3);
    QCOMPARE(QPoint(focus[0].column, focus[0].row), QPoint(0, 0));
    QCOMPARE(QPoint(focus[1].column, focus[1].row), QPoint(1, 0));
    QCOMPARE(QPoint(focus[2].column, focus[2].row), QPoint(1, 1));
    QCOMPARE(focus[2].name, QStringLiteral("query 2 (b), key 2 (x): weight 0.300"));
    QCOMPARE(selection.size(), 3);
    QCOMPARE(QPoint(selection.last().column, selection.last().row), QPoint(1, 1));
}

void TestHeatmapKeyboard::panelDrillDownAndTilesByKeyboard()
{
    Document document;
    Session s;
    s.source.tokens = { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("学习") };
    s.source.embeddings.resize(3, 4);
    s.source.embeddings << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4;
    s.target.tokens = { QStringLiteral("i"), QStringLiteral("love") };
    s.target.embeddings.resize(2, 4);
    s.target.embeddings << 0.9, -0.4, 0.7, 0.0, -0.3, 0.8, 0.2, 1.3;
    s.attention.config.dModel = 4;
    s.attention.config.heads = 2;
    document.resetSession(s, QString());
    QVERIFY(!document.error().has_value());
    HeatmapPanel panel(&document);
    panel.resize(1000, 600);
    panel.show();
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));

    // The large map: Enter opens the drill-down of the cell under the cursor.
    QSignalSpy drill(&panel, &HeatmapPanel::cellClicked);
    panel.largePlot()->setFocus();
    QVERIFY(panel.largePlot()->hasFocus());
    QTest::keyClick(panel.largePlot(), Qt::Key_Down);
    QTest::keyClick(panel.largePlot(), Qt::Key_End);
    QTest::keyClick(panel.largePlot(), Qt::Key_Return);
    QCOMPARE(drill.count(), 1);
    QCOMPARE(drill.first().at(0).toInt(), -1); // the mean
    QCOMPARE(drill.first().at(1).toInt(), 1);
    QCOMPARE(drill.first().at(2).toInt(),
        static_cast<int>(document.session().keyValueSequence().length()) - 1);

    // A small multiple: Tab reaches it, Enter shows it large.
    const QList<HeatmapPlot *> tiles = panel.smallMultiples();
    QCOMPARE(tiles.size(), 3);
    tiles[2]->setFocus();
    QTest::keyClick(tiles[2], Qt::Key_Return);
    QCOMPARE(panel.selectedView(), 1);
    QTest::keyClick(tiles[2], Qt::Key_Backtab, Qt::ShiftModifier);
    QVERIFY(tiles[1]->hasFocus());
    QTest::keyClick(tiles[1], Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(panel.selectedView(), 0);
}

QTEST_MAIN(TestHeatmapKeyboard)
#include "tst_heatmapkeyboard.moc"
