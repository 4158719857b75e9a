// SPDX-License-Identifier: GPL-3.0-or-later
// The sequence dock, driven as a user does: typing tokens, editing and pasting cells, padding,
// width, how vectors are made. Expected attention numbers are worked out by hand.

#include "attention/embeddings.h"
#include "document/document.h"
#include "session/embeddingtablemodel.h"
#include "session/embeddingtableview.h"
#include "session/sequencepanel.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/messagebar.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <cmath>

using namespace ae;

namespace {

using T = AttentionTestSupport;

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

Eigen::MatrixXd exampleSource()
{
    Eigen::MatrixXd x(4, 4);
    x << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3, 0.5, 0.2;
    return x;
}

} // namespace

class TestSequencePanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void splitsTokens_data();
    void splitsTokens();
    void typingTokensRecomputes_data();
    void typingTokensRecomputes();
    void undoRewritesTheTokenLine();
    void editingACellRecomputes();
    void typingInACellIsOneUndoStep();
    void badCellTextIsReported();
    void pastesABlock_data();
    void pastesABlock();
    void pasteThatDoesNotFitSaysSo();
    void badPasteIsReportedAndChangesNothing_data();
    void badPasteIsReportedAndChangesNothing();
    void copiesExactNumbers();
    void paddingToggleMasksTheKey();
    void widthSpinKeepsTypedNumbers();
    void hashedVectorsFromTheChooser();
    void positionsCheckBoxAddsEncoding();
    void showsShortNumbersAndExactOnes();
    void displayPrecision_data();
    void displayPrecision();
    void tooManyTokensAreRefusedInline();
    void controlCharactersAreRefusedInline_data();
    void controlCharactersAreRefusedInline();
    void newTokensWithoutVectorsAreNamedAndFilled();
    void refusedInputMessageGoesWithTheNextEdit();

private:
    Document *m_document = nullptr;
    SequencePanel *m_source = nullptr;
    SequencePanel *m_target = nullptr;
};

void TestSequencePanel::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_sequencepanel"));
}

void TestSequencePanel::init()
{
    m_document = new Document;
    m_source = new SequencePanel(m_document, SequenceRole::Source);
    m_target = new SequencePanel(m_document, SequenceRole::Target);
    m_source->resize(400, 500);
    m_target->resize(400, 500);
    m_source->show();
    m_target->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_source));
}

void TestSequencePanel::cleanup()
{
    delete m_source;
    delete m_target;
    delete m_document;
}

void TestSequencePanel::splitsTokens_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("splitCjk");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("spaces") << QStringLiteral("  i love   you ") << false << words("i love you");
    QTest::newRow("tabs and newlines")
        << QStringLiteral("i\tlove\nyou") << false << words("i love you");
    QTest::newRow("CJK kept as words")
        << QStringLiteral("我 爱 深度学习") << false << words("我 爱 深度学习");
    QTest::newRow("CJK split") << QStringLiteral("我爱深度学习") << true
                               << words("我 爱 深 度 学 习");
    QTest::newRow("mixed runs") << QStringLiteral("我爱deep学习") << true
                                << words("我 爱 deep 学 习");
    QTest::newRow("CJK punctuation") << QStringLiteral("我爱你。") << true << words("我 爱 你 。");
    QTest::newRow("ideographic space")
        << QStringLiteral("深度\u3000学习") << false << words("深度 学习");
    QTest::newRow("kana") << QStringLiteral("わたし") << true << words("わ た し");
    QTest::newRow("beyond the BMP")
        << QString::fromUtf8("\xf0\xa0\x80\x80x") << true
        << QStringList { QString::fromUtf8("\xf0\xa0\x80\x80"), QStringLiteral("x") };
    QTest::newRow("empty") << QString() << true << QStringList();
}

void TestSequencePanel::splitsTokens()
{
    QFETCH(QString, text);
    QFETCH(bool, splitCjk);
    QFETCH(QStringList, tokens);
    QCOMPARE(SequencePanel::splitTokens(text, splitCjk), tokens);
}

void TestSequencePanel::typingTokensRecomputes_data()
{
    QTest::addColumn<bool>("splitCjk");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("a longer target")
        << false << QStringLiteral("i love deep learning") << words("i love deep learning");
    QTest::newRow("one word") << false << QStringLiteral("i") << words("i");
    QTest::newRow("CJK characters") << true << QStringLiteral("我爱") << words("我 爱");
}

void TestSequencePanel::typingTokensRecomputes()
{
    QFETCH(bool, splitCjk);
    QFETCH(QString, typed);
    QFETCH(QStringList, tokens);
    if (splitCjk)
        T::toggleCheckBox(m_target->splitCjkCheck());
    const int stepsBefore = m_document->undoStack()->count();
    QLineEdit *line = m_target->tokenEdit();
    line->setFocus();
    line->selectAll();
    T::typeText(line, typed);
    QCOMPARE(m_document->session().target.tokens, tokens);
    // The whole typing is one undo step.
    QCOMPARE(m_document->undoStack()->count(), stepsBefore + 1);
    QVERIFY(!m_document->error());
    // Typed vectors stay where their rows still exist; new rows are zeros.
    Eigen::MatrixXd target = Eigen::MatrixXd::Zero(tokens.size(), 4);
    const int kept = std::min<int>(2, tokens.size());
    target.topRows(kept) = exampleSource().topRows(kept);
    QVERIFY(test::maxAbsDifference(m_document->session().target.embeddings, target) == 0.0);
    QVERIFY(test::maxAbsDifference(
                m_document->result().meanWeights, T::meanWeights(target, exampleSource(), 2, false))
        < 1e-12);
    // The table shows one row per token, labelled with the token.
    QCOMPARE(m_target->tableModel()->rowCount(), tokens.size());
    for (int r = 0; r < tokens.size(); ++r)
        QCOMPARE(m_target->tableModel()->headerData(r, Qt::Vertical).toString(), tokens[r]);
    QCOMPARE(m_target->paddingList()->count(), tokens.size());
}

void TestSequencePanel::undoRewritesTheTokenLine()
{
    QLineEdit *line = m_source->tokenEdit();
    line->setFocus();
    line->end(false);
    T::typeText(line, QStringLiteral(" 。"));
    QCOMPARE(m_document->session().source.length(), 5);
    m_document->undoStack()->undo();
    QCOMPARE(line->text(), QStringLiteral("我 爱 深度 学习"));
    QCOMPARE(m_source->tableModel()->rowCount(), 4);
    m_document->undoStack()->redo();
    QCOMPARE(line->text(), QStringLiteral("我 爱 深度 学习 。"));
}

void TestSequencePanel::editingACellRecomputes()
{
    EmbeddingTableView *view = m_source->tableView();
    QVERIFY(T::typeIntoCell(view, view->model()->index(1, 2), QStringLiteral("0.75")));
    QCOMPARE(m_document->session().source.embeddings(1, 2), 0.75);
    Eigen::MatrixXd x = exampleSource();
    x(1, 2) = 0.75;
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                T::meanWeights(exampleSource().topRows(2), x, 2, false))
        < 1e-12);
    QCOMPARE(view->model()->index(1, 2).data().toString(), QStringLiteral("0.75"));
    QVERIFY(!m_source->messageBar()->isVisible());
}

void TestSequencePanel::typingInACellIsOneUndoStep()
{
    EmbeddingTableView *view = m_source->tableView();
    const QModelIndex index = view->model()->index(0, 0);
    view->setCurrentIndex(index);
    view->edit(index);
    auto *editor = qobject_cast<QLineEdit *>(view->indexWidget(index));
    QVERIFY(editor);
    editor->selectAll();
    // Each keystroke that forms a number recomputes at once.
    QTest::keyClick(editor, Qt::Key_1);
    QCOMPARE(m_document->session().source.embeddings(0, 0), 1.0);
    QTest::keyClicks(editor, QStringLiteral(".25"));
    QCOMPARE(m_document->session().source.embeddings(0, 0), 1.25);
    QCOMPARE(editor->text(), QStringLiteral("1.25"));
    QTest::keyClick(editor, Qt::Key_Enter);
    QTRY_VERIFY(!view->indexWidget(index));
    QCOMPARE(m_document->undoStack()->count(), 1);
    m_document->undoStack()->undo();
    QCOMPARE(m_document->session().source.embeddings(0, 0), 0.5);
}

void TestSequencePanel::badCellTextIsReported()
{
    EmbeddingTableView *view = m_source->tableView();
    QVERIFY(T::typeIntoCell(view, view->model()->index(1, 2), QStringLiteral("1,5")));
    QCOMPARE(m_document->session().source.embeddings(1, 2), 0.3);
    QCOMPARE(m_document->undoStack()->count(), 0);
    MessageBar *bar = m_source->messageBar();
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->kind(), MessageBar::Kind::Error);
    QVERIFY2(
        bar->text().contains(QStringLiteral("token 2 “爱”, dimension 3")), qPrintable(bar->text()));
    QVERIFY(bar->text().contains(QStringLiteral("1,5")));
    // A good number afterwards clears the message.
    QVERIFY(T::typeIntoCell(view, view->model()->index(1, 2), QStringLiteral("1.5")));
    QVERIFY(!bar->isVisible());
}

void TestSequencePanel::pastesABlock_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("from a spreadsheet (tabs)") << QStringLiteral("9\t8\n7\t6\n");
    QTest::newRow("CSV with semicolons") << QStringLiteral("9;8\r\n7;6");
    QTest::newRow("CSV with commas") << QStringLiteral("9, 8\n7, 6");
    QTest::newRow("spaces") << QStringLiteral("9 8\n7 6");
    QTest::newRow("trailing separators") << QStringLiteral("9\t8\t\n7\t6\t\n");
}

void TestSequencePanel::pastesABlock()
{
    QFETCH(QString, text);
    EmbeddingTableView *view = m_source->tableView();
    view->setCurrentIndex(view->model()->index(1, 1));
    QApplication::clipboard()->setText(text);
    QTest::keySequence(view, QKeySequence::Paste);
    Eigen::MatrixXd x = exampleSource();
    x.block(1, 1, 2, 2) << 9, 8, 7, 6;
    QVERIFY(test::maxAbsDifference(m_document->session().source.embeddings, x) == 0.0);
    QCOMPARE(m_document->undoStack()->count(), 1);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                T::meanWeights(exampleSource().topRows(2), x, 2, false))
        < 1e-12);
}

void TestSequencePanel::pasteThatDoesNotFitSaysSo()
{
    EmbeddingTableView *view = m_target->tableView();
    view->setCurrentIndex(view->model()->index(1, 2));
    QApplication::clipboard()->setText(QStringLiteral("1\t2\t3\n4\t5\t6\n7\t8\t9"));
    QTest::keySequence(view, QKeySequence::Paste);
    const Eigen::MatrixXd &y = m_document->session().target.embeddings;
    QCOMPARE(y(1, 2), 1.0);
    QCOMPARE(y(1, 3), 2.0);
    QCOMPARE(y(0, 2), 0.2);
    QVERIFY(m_target->messageBar()->isVisible());
    QCOMPARE(m_target->messageBar()->kind(), MessageBar::Kind::Information);
    QVERIFY(m_target->messageBar()->text().contains(QStringLiteral("1 of 3 rows")));
}

void TestSequencePanel::badPasteIsReportedAndChangesNothing_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("a word") << QStringLiteral("1\t2\n3\tabc") << QStringLiteral("row 2, column 2");
    QTest::newRow("decimal comma") << QStringLiteral("1,5;2") << QStringLiteral("“1,5”");
    QTest::newRow("ragged rows") << QStringLiteral("1\t2\n3") << QStringLiteral("row 2");
    QTest::newRow("an empty cell") << QStringLiteral("1\t\t2") << QStringLiteral("is empty");
    QTest::newRow("nothing") << QStringLiteral("\n\n") << QStringLiteral("no numbers");
    QTest::newRow("infinity") << QStringLiteral("inf") << QStringLiteral("“inf”");
}

void TestSequencePanel::badPasteIsReportedAndChangesNothing()
{
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    EmbeddingTableView *view = m_source->tableView();
    view->setCurrentIndex(view->model()->index(0, 0));
    QApplication::clipboard()->setText(text);
    QTest::keySequence(view, QKeySequence::Paste);
    QVERIFY(
        test::maxAbsDifference(m_document->session().source.embeddings, exampleSource()) == 0.0);
    QCOMPARE(m_document->undoStack()->count(), 0);
    MessageBar *bar = m_source->messageBar();
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->kind(), MessageBar::Kind::Error);
    QVERIFY2(bar->text().contains(mentions), qPrintable(bar->text()));
    QVERIFY(bar->text().startsWith(QStringLiteral("Nothing was pasted")));
}

void TestSequencePanel::copiesExactNumbers()
{
    m_document->setEmbeddingCell(SequenceRole::Source, 0, 0, 0.1 + 0.2);
    EmbeddingTableView *view = m_source->tableView();
    view->selectionModel()->select(
        QItemSelection(view->model()->index(0, 0), view->model()->index(1, 1)),
        QItemSelectionModel::ClearAndSelect);
    QTest::keySequence(view, QKeySequence::Copy);
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("0.30000000000000004\t1.1\n1\t1.1"));
}

void TestSequencePanel::paddingToggleMasksTheKey()
{
    QListWidget *list = m_source->paddingList();
    QCOMPARE(list->count(), 4);
    QCOMPARE(list->item(2)->text(), QStringLiteral("深度"));
    list->item(2)->setCheckState(Qt::Checked);
    QVERIFY(m_document->session().source.isPadding(2));
    const std::vector<bool> pad { false, false, true, false };
    const Eigen::MatrixXd expected
        = T::meanWeights(exampleSource().topRows(2), exampleSource(), 2, false, pad);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, expected) < 1e-12);
    QCOMPARE(m_document->result().meanWeights(1, 2), 0.0);
    QVERIFY(m_source->tableModel()
                ->headerData(2, Qt::Vertical)
                .toString()
                .contains(QStringLiteral("pad")));
    m_document->undoStack()->undo();
    QCOMPARE(list->item(2)->checkState(), Qt::Unchecked);
}

void TestSequencePanel::widthSpinKeepsTypedNumbers()
{
    T::typeIntoSpinBox(m_source->widthSpin(), 6);
    QCOMPARE(m_document->session().source.width(), 6);
    QVERIFY(
        test::maxAbsDifference(m_document->session().source.embeddings.leftCols(4), exampleSource())
        == 0.0);
    QCOMPARE(m_source->tableModel()->columnCount(), 6);
    // Identity projections cannot map width 6 to d_model 4: an error, the last picture stays.
    QVERIFY(m_document->error());
    QVERIFY(m_document->isResultStale());
    T::typeIntoSpinBox(m_source->widthSpin(), 4);
    QVERIFY(!m_document->error());
}

void TestSequencePanel::hashedVectorsFromTheChooser()
{
    QVERIFY(T::chooseComboData(m_target->recipeCombo(), static_cast<int>(EmbeddingMode::Hashed)));
    const SequenceData &t = m_document->session().target;
    QCOMPARE(t.recipe.mode, EmbeddingMode::Hashed);
    QVERIFY(m_target->seedSpin()->isEnabled());
    const Eigen::MatrixXd seed0 = t.embeddings;
    for (Eigen::Index i = 0; i < seed0.size(); ++i)
        QVERIFY(std::abs(seed0.data()[i]) <= 1.0);
    T::typeIntoSpinBox(m_target->seedSpin(), 3);
    QCOMPARE(m_document->session().target.recipe.seed, 3u);
    QVERIFY(m_document->session().target.embeddings != seed0);
    // The same word typed twice gets the same vector.
    QLineEdit *line = m_target->tokenEdit();
    line->setFocus();
    line->end(false);
    QTest::keyClicks(line, QStringLiteral(" i"));
    const Eigen::MatrixXd &e = m_document->session().target.embeddings;
    QVERIFY(e.row(0) == e.row(2));
    QVERIFY(test::maxAbsDifference(
                m_document->result().meanWeights, T::meanWeights(e, exampleSource(), 2, false))
        < 1e-12);
}

void TestSequencePanel::positionsCheckBoxAddsEncoding()
{
    T::toggleCheckBox(m_target->positionalCheck());
    const Eigen::MatrixXd &y = m_document->session().target.embeddings;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 4; ++c)
            QVERIFY(std::abs(y(r, c) - (exampleSource()(r, c) + T::sinusoid(r, c, 4))) < 1e-15);
    }
    // The table shows the final vectors.
    QCOMPARE(m_target->tableModel()->index(1, 0).data(Qt::UserRole).toDouble(), y(1, 0));
    T::toggleCheckBox(m_target->positionalCheck());
    QVERIFY(
        test::maxAbsDifference(m_document->session().target.embeddings, exampleSource().topRows(2))
        < 1e-15);
}

void TestSequencePanel::showsShortNumbersAndExactOnes()
{
    m_document->setEmbeddingCell(SequenceRole::Source, 0, 0, std::sin(1.0));
    const QModelIndex index = m_source->tableModel()->index(0, 0);
    QCOMPARE(index.data(Qt::DisplayRole).toString(), QStringLiteral("0.841"));
    QCOMPARE(index.data(Qt::EditRole).toString().toDouble(), std::sin(1.0));
    // The tooltip names the cell with the number as shown, never all of a double's digits (the
    // editor has those).
    const QString tip = index.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.endsWith(QStringLiteral(": 0.841")), qPrintable(tip));
    QVERIFY(!tip.contains(index.data(Qt::EditRole).toString()));
}

void TestSequencePanel::displayPrecision_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("shown");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0");
    QTest::newRow("one decimal") << 1.1 << QStringLiteral("1.1");
    QTest::newRow("rounded to three decimals") << -0.57134 << QStringLiteral("-0.571");
    QTest::newRow("integer") << 3.0 << QStringLiteral("3");
    QTest::newRow("tiny, not shown as 0") << 1e-7 << QStringLiteral("1e-07");
    QTest::newRow("large") << 123456.0 << QStringLiteral("1.23e+05");
    QTest::newRow("negative that rounds to zero") << -0.0004 << QStringLiteral("-0.0004");
}

void TestSequencePanel::displayPrecision()
{
    QFETCH(double, value);
    QFETCH(QString, shown);
    m_document->setEmbeddingCell(SequenceRole::Target, 1, 3, value);
    const QModelIndex index = m_target->tableModel()->index(1, 3);
    QCOMPARE(index.data(Qt::DisplayRole).toString(), shown);
    QCOMPARE(index.data(Qt::EditRole).toString().toDouble(), value);
}

void TestSequencePanel::tooManyTokensAreRefusedInline()
{
    QString text;
    for (int i = 0; i < 513; ++i)
        text += QStringLiteral("w%1 ").arg(i);
    QLineEdit *line = m_target->tokenEdit();
    line->setFocus();
    line->selectAll();
    QApplication::clipboard()->setText(text);
    QTest::keySequence(line, QKeySequence::Paste);
    QCOMPARE(m_document->session().target.tokens, words("i love"));
    QVERIFY(m_target->messageBar()->isVisible());
    QVERIFY(m_target->messageBar()->text().contains(QStringLiteral("513")));
    QTest::keySequence(line, QKeySequence::Undo);
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("i love you"));
    QVERIFY(!m_target->messageBar()->isVisible());
    QCOMPARE(m_document->session().target.length(), 3);
}

void TestSequencePanel::controlCharactersAreRefusedInline_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("named");
    QTest::newRow("ESC title sequence") << QStringLiteral("i love\x1b]0;pwned\x07")
                                        << QStringLiteral("Token 2 of this line: U+001B");
    QTest::newRow("BEL") << QStringLiteral("\x07i love")
                         << QStringLiteral("Token 1 of this line: U+0007");
    QTest::newRow("C1 CSI") << QString::fromUtf8("i lo\xc2\x9bve") << QStringLiteral("U+009B");
    QTest::newRow("right-to-left override")
        << QStringLiteral("i \u202elove") << QStringLiteral("U+202E");
    QTest::newRow("isolate") << QStringLiteral("i love\u2066") << QStringLiteral("U+2066");
}

void TestSequencePanel::controlCharactersAreRefusedInline()
{
    QFETCH(QString, text);
    QFETCH(QString, named);
    QLineEdit *line = m_target->tokenEdit();
    line->setFocus();
    line->selectAll();
    QApplication::clipboard()->setText(text);
    QTest::keySequence(line, QKeySequence::Paste);
    QCOMPARE(line->text(), text);
    QCOMPARE(m_document->session().target.tokens, words("i love"));
    QVERIFY(m_target->messageBar()->isVisible());
    QVERIFY2(
        m_target->messageBar()->text().contains(named), qPrintable(m_target->messageBar()->text()));
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("i love you"));
    QVERIFY(!m_target->messageBar()->isVisible());
    QCOMPARE(m_document->session().target.length(), 3);
}

void TestSequencePanel::newTokensWithoutVectorsAreNamedAndFilled()
{
    // The built-in session's source vectors are typed by hand: 我 爱 深度 学习.
    QCOMPARE(m_document->session().source.recipe.mode, EmbeddingMode::Manual);
    MessageBar *note = m_source->blankRowsNote();
    QVERIFY(!note->isVisible());
    QLineEdit *line = m_source->tokenEdit();
    line->setFocus();
    line->end(false);
    QTest::keyClicks(line, QStringLiteral(" w5 w6"));
    const SequenceData &typed = m_document->session().source;
    QCOMPARE(typed.length(), 6);
    QVERIFY(typed.embeddings.bottomRows(2).isZero(0.0));
    // Said under the line being typed in, naming the new tokens only.
    QVERIFY(note->isVisible());
    QCOMPARE(note->kind(), MessageBar::Kind::Warning);
    QVERIFY2(note->text().contains(QStringLiteral("“w5”"))
            && note->text().contains(QStringLiteral("“w6”"))
            && !note->text().contains(QStringLiteral("学习")),
        qPrintable(note->text()));
    QVERIFY(!note->actionText().isEmpty());

    const Eigen::MatrixXd kept = typed.embeddings.topRows(4);
    const int steps = m_document->undoStack()->count();
    auto *fill = note->findChild<QPushButton *>(QStringLiteral("messageAction"));
    QVERIFY(fill && fill->isVisible());
    QTest::mouseClick(fill, Qt::LeftButton);
    const SequenceData &filled = m_document->session().source;
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    QCOMPARE(filled.recipe.mode, EmbeddingMode::Manual);
    QCOMPARE(filled.embeddings.topRows(4), kept);
    // The hashed generator's vectors of those tokens, as a hashed table would have them.
    const auto generated
        = generateEmbeddings(EmbeddingRecipe { EmbeddingMode::Hashed, filled.recipe.seed, false },
            filled.tokens, filled.width());
    QVERIFY(generated);
    QCOMPARE(Eigen::MatrixXd(filled.embeddings.bottomRows(2)),
        Eigen::MatrixXd(generated->bottomRows(2)));
    QVERIFY(!filled.embeddings.bottomRows(2).isZero(0.0));
    QVERIFY(!note->isVisible());
    // Undo brings the blank rows back, and the note with them.
    m_document->undoStack()->undo();
    QVERIFY(m_document->session().source.embeddings.bottomRows(2).isZero(0.0));
    QVERIFY(note->isVisible());
    // A padding token needs no vector.
    m_document->setPadding(SequenceRole::Source, 4, true);
    m_document->setPadding(SequenceRole::Source, 5, true);
    QVERIFY(!note->isVisible());
}

void TestSequencePanel::refusedInputMessageGoesWithTheNextEdit()
{
    EmbeddingTableView *view = m_source->tableView();
    QVERIFY(T::typeIntoCell(view, view->model()->index(1, 2), QStringLiteral("x")));
    MessageBar *bar = m_source->messageBar();
    QVERIFY(bar->isVisible());
    // An edit elsewhere: the refused text is gone from the cell, and so is its message.
    m_document->setCausal(true);
    QVERIFY(!bar->isVisible());
    // So does the note about a paste that did not all fit.
    QVERIFY(m_source->tableModel()->paste(view->model()->index(3, 0), QStringLiteral("1 2\n3 4")));
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->kind(), MessageBar::Kind::Information);
    m_document->setCausal(false);
    QVERIFY(!bar->isVisible());
}

QTEST_MAIN(TestSequencePanel)
#include "tst_sequencepanel.moc"
