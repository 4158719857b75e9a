// SPDX-License-Identifier: GPL-3.0-or-later
// The embedding table never traps the keyboard: it is one stop in the tab order (Tab and
// Shift+Tab leave it, whether a cell is being edited or not, keeping what was typed), and the
// arrow keys, Ctrl+Tab and Ctrl+Shift+Tab move between its cells.

#include "document/document.h"
#include "session/embeddingtablemodel.h"
#include "session/embeddingtableview.h"
#include "testsupportattention.h"

#include <QApplication>
#include <QLineEdit>
#include <QVBoxLayout>
#include <QtTest>

using namespace ae;

class TestEmbeddingTableKeyboard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void tabEntersAndLeaves_data();
    void tabEntersAndLeaves();
    void keysMoveBetweenCells_data();
    void keysMoveBetweenCells();
    void tabLeavesAnEditKeepingIt_data();
    void tabLeavesAnEditKeepingIt();
    void ctrlTabEditsTheNextCell_data();
    void ctrlTabEditsTheNextCell();

private:
    /// The editor open on the current cell, or nullptr.
    QLineEdit *editor() const;

    Document *m_document = nullptr;
    QWidget *m_window = nullptr;
    QLineEdit *m_before = nullptr;
    EmbeddingTableView *m_view = nullptr;
    QLineEdit *m_after = nullptr;
};

void TestEmbeddingTableKeyboard::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_embeddingtablekeyboard"));
}

void TestEmbeddingTableKeyboard::init()
{
    m_document = new Document;
    m_window = new QWidget;
    auto *layout = new QVBoxLayout(m_window);
    m_before = new QLineEdit(m_window);
    m_view = new EmbeddingTableView(m_window);
    m_view->setModel(new EmbeddingTableModel(m_document, SequenceRole::Source, m_view));
    m_after = new QLineEdit(m_window);
    layout->addWidget(m_before);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_after);
    m_window->resize(500, 400);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    // The built-in example: at least two rows of at least three numbers.
    QVERIFY(m_view->model()->rowCount() >= 2);
    QVERIFY(m_view->model()->columnCount() >= 3);
    m_view->setFocus();
    m_view->setCurrentIndex(m_view->model()->index(0, 0));
    QVERIFY(m_view->hasFocus());
}

void TestEmbeddingTableKeyboard::cleanup()
{
    delete m_window;
    m_window = nullptr;
    delete m_document;
    m_document = nullptr;
}

QLineEdit *TestEmbeddingTableKeyboard::editor() const
{
    return qobject_cast<QLineEdit *>(m_view->indexWidget(m_view->currentIndex()));
}

void TestEmbeddingTableKeyboard::tabEntersAndLeaves_data()
{
    QTest::addColumn<bool>("backwards");
    QTest::newRow("Tab") << false;
    QTest::newRow("Shift+Tab") << true;
}

void TestEmbeddingTableKeyboard::tabEntersAndLeaves()
{
    QFETCH(bool, backwards);
    const Qt::Key key = backwards ? Qt::Key_Backtab : Qt::Key_Tab;
    const Qt::KeyboardModifiers modifiers = backwards ? Qt::ShiftModifier : Qt::NoModifier;
    // One key leaves the table, from any cell, to the control on that side.
    m_view->setCurrentIndex(m_view->model()->index(1, 1));
    QTest::keyClick(m_view, key, modifiers);
    QVERIFY(!m_view->hasFocus());
    QVERIFY((backwards ? m_before : m_after)->hasFocus());
    // One key back enters it again, at the cell it left.
    QTest::keyClick(QApplication::focusWidget(), backwards ? Qt::Key_Tab : Qt::Key_Backtab,
        backwards ? Qt::NoModifier : Qt::ShiftModifier);
    QVERIFY(m_view->hasFocus());
    QCOMPARE(m_view->currentIndex(), m_view->model()->index(1, 1));
}

void TestEmbeddingTableKeyboard::keysMoveBetweenCells_data()
{
    QTest::addColumn<int>("fromRow");
    QTest::addColumn<int>("fromColumn");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<int>("toRow");
    QTest::addColumn<int>("toColumn");
    const int ctrl = Qt::ControlModifier;
    const int ctrlShift = Qt::ControlModifier | Qt::ShiftModifier;
    QTest::newRow("Right") << 0 << 0 << int(Qt::Key_Right) << 0 << 0 << 1;
    QTest::newRow("Down") << 0 << 1 << int(Qt::Key_Down) << 0 << 1 << 1;
    QTest::newRow("Left") << 1 << 1 << int(Qt::Key_Left) << 0 << 1 << 0;
    QTest::newRow("Up") << 1 << 0 << int(Qt::Key_Up) << 0 << 0 << 0;
    QTest::newRow("Ctrl+Tab") << 0 << 0 << int(Qt::Key_Tab) << ctrl << 0 << 1;
    QTest::newRow("Ctrl+Shift+Tab (Backtab)")
        << 0 << 2 << int(Qt::Key_Backtab) << ctrlShift << 0 << 1;
    QTest::newRow("Ctrl+Shift+Tab (Tab)") << 0 << 2 << int(Qt::Key_Tab) << ctrlShift << 0 << 1;
    // Past a row's last cell Ctrl+Tab goes on to the next row's first.
    QTest::newRow("Ctrl+Tab at a row's end") << 0 << -1 << int(Qt::Key_Tab) << ctrl << 1 << 0;
    QTest::newRow("Ctrl+Shift+Tab at a row's start")
        << 1 << 0 << int(Qt::Key_Tab) << ctrlShift << 0 << -1;
}

void TestEmbeddingTableKeyboard::keysMoveBetweenCells()
{
    QFETCH(int, fromRow);
    QFETCH(int, fromColumn);
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(int, toRow);
    QFETCH(int, toColumn);
    const int last = m_view->model()->columnCount() - 1;
    m_view->setCurrentIndex(m_view->model()->index(fromRow, fromColumn < 0 ? last : fromColumn));
    QTest::keyClick(m_view, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    QVERIFY(m_view->hasFocus());
    QCOMPARE(m_view->currentIndex(), m_view->model()->index(toRow, toColumn < 0 ? last : toColumn));
}

void TestEmbeddingTableKeyboard::tabLeavesAnEditKeepingIt_data()
{
    tabEntersAndLeaves_data();
}

void TestEmbeddingTableKeyboard::tabLeavesAnEditKeepingIt()
{
    QFETCH(bool, backwards);
    const QModelIndex cell = m_view->model()->index(1, 2);
    m_view->setCurrentIndex(cell);
    // Typing a digit opens the editor on the cell.
    QTest::keyClicks(m_view, QStringLiteral("2"));
    QLineEdit *edit = editor();
    QVERIFY(edit);
    QTest::keyClicks(edit, QStringLiteral(".5"));
    QTest::keyClick(edit, backwards ? Qt::Key_Backtab : Qt::Key_Tab,
        backwards ? Qt::ShiftModifier : Qt::NoModifier);
    QTRY_VERIFY(!m_view->indexWidget(cell));
    QCOMPARE(m_document->session().source.embeddings(1, 2), 2.5);
    QVERIFY((backwards ? m_before : m_after)->hasFocus());
    QCOMPARE(m_view->currentIndex(), cell);
}

void TestEmbeddingTableKeyboard::ctrlTabEditsTheNextCell_data()
{
    QTest::addColumn<bool>("backwards");
    QTest::newRow("Ctrl+Tab") << false;
    QTest::newRow("Ctrl+Shift+Tab") << true;
}

void TestEmbeddingTableKeyboard::ctrlTabEditsTheNextCell()
{
    QFETCH(bool, backwards);
    const QModelIndex cell = m_view->model()->index(1, 1);
    m_view->setCurrentIndex(cell);
    QTest::keyClicks(m_view, QStringLiteral("3"));
    QLineEdit *edit = editor();
    QVERIFY(edit);
    QTest::keyClick(edit, Qt::Key_Tab,
        backwards ? Qt::ControlModifier | Qt::ShiftModifier : Qt::ControlModifier);
    QCOMPARE(m_document->session().source.embeddings(1, 1), 3.0);
    const QModelIndex next = m_view->model()->index(1, backwards ? 0 : 2);
    QCOMPARE(m_view->currentIndex(), next);
    // Still editing, now the neighbour, and the focus is in its editor.
    QTRY_VERIFY(editor());
    QVERIFY(editor()->hasFocus());
    QVERIFY(!m_view->indexWidget(cell));
}

QTEST_MAIN(TestEmbeddingTableKeyboard)
#include "tst_embeddingtablekeyboard.moc"
