// Edit ▸ Copy As: matrices as TSV, CSV, Markdown and LaTeX with their headers, masked scores as
// -inf, awkward tokens escaped; the Copy As menu copies the shown view of the document.

#include "copyascontroller.h"
#include "document.h"
#include "matrixclipboard.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QTest>
#include <cmath>

using namespace ae;

namespace {

/// A 2 x 3 matrix with tokens, the middle cell of the second row masked.
LabelledMatrix sample()
{
    LabelledMatrix m;
    m.name = QStringLiteral("Scores");
    m.values.resize(2, 3);
    m.values << 0.5, -1.25, 2.0, 1.0 / 3.0, 7.0, -0.0;
    m.visible.resize(2, 3);
    m.visible << true, true, true, true, false, true;
    m.rowLabels = QStringList { QStringLiteral("i"), QStringLiteral("love") };
    m.columnLabels
        = QStringList { QStringLiteral("我"), QStringLiteral("a,b"), QStringLiteral("x|y") };
    return m;
}

/// Parses TSV numbers (after the header row and the label column) back into a matrix.
Eigen::MatrixXd parseTsv(const QString &text)
{
    const QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    Eigen::MatrixXd m(lines.size() - 1, lines.at(1).split(QLatin1Char('\t')).size() - 1);
    for (int r = 1; r < lines.size(); ++r) {
        const QStringList fields = lines.at(r).split(QLatin1Char('\t'));
        for (int c = 1; c < fields.size(); ++c)
            m(r - 1, c - 1) = fields.at(c).toDouble();
    }
    return m;
}

} // namespace

class TestMatrixClipboard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void formats_data();
    void formats();
    void csvQuoting_data();
    void csvQuoting();
    void markdownEscaping_data();
    void markdownEscaping();
    void severalMatrices();
    void copyAsMenuCopiesTheShownView();
    void everyMatrixHasItsShape();
};

void TestMatrixClipboard::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_matrixclipboard"));
}

void TestMatrixClipboard::formats_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("expected");
    QTest::newRow("TSV: tokens as headers, exact numbers, masked as -inf")
        << int(MatrixClipboard::Format::Tsv)
        << QStringLiteral("\t我\ta,b\tx|y\ni\t0.5\t-1.25\t2\nlove\t0.3333333333333333\t-inf\t0\n");
    QTest::newRow("CSV: quoted where needed, CRLF")
        << int(MatrixClipboard::Format::Csv)
        << QStringLiteral(",我,\"a,b\",x|y\r\ni,0.5,-1.25,2\r\nlove,0.3333333333333333,-inf,0\r\n");
    QTest::newRow("Markdown: four decimals, right-aligned, pipe escaped")
        << int(MatrixClipboard::Format::Markdown)
        << QStringLiteral(
               "|  | 我 | a,b | x\\|y |\n| --- | ---: | ---: | ---: |\n"
               "| i | 0.5000 | -1.2500 | 2.0000 |\n| love | 0.3333 | \u2212\u221e | 0.0000 |\n");
    QTest::newRow("LaTeX: bmatrix with the headers in a comment")
        << int(MatrixClipboard::Format::Latex)
        << QStringLiteral(
               "% Scores; rows: i, love; columns: 我, a,b, x|y\n\\begin{bmatrix}\n"
               "0.5000 & -1.2500 & 2.0000 \\\\\n0.3333 & -\\infty & 0.0000\n\\end{bmatrix}\n");
}

void TestMatrixClipboard::formats()
{
    QFETCH(int, format);
    QFETCH(QString, expected);
    QCOMPARE(MatrixClipboard::format(sample(), MatrixClipboard::Format(format)), expected);
}

void TestMatrixClipboard::csvQuoting_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("cat") << QStringLiteral("cat");
    QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::newRow("quote doubled")
        << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    QTest::newRow("line break") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
    QTest::newRow("outer space") << QStringLiteral(" x") << QStringLiteral("\" x\"");
    QTest::newRow("CJK") << QStringLiteral("深度") << QStringLiteral("深度");
}

void TestMatrixClipboard::csvQuoting()
{
    QFETCH(QString, field);
    QFETCH(QString, expected);
    QCOMPARE(MatrixClipboard::csvField(field), expected);
}

void TestMatrixClipboard::markdownEscaping_data()
{
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QString>("expected");
    QTest::newRow("pipe") << QStringLiteral("a|b") << QStringLiteral("a\\|b");
    QTest::newRow("HTML-like token") << QStringLiteral("<pad>") << QStringLiteral("\\<pad\\>");
    QTest::newRow("emphasis") << QStringLiteral("*x_y*") << QStringLiteral("\\*x\\_y\\*");
    QTest::newRow("line break becomes a space") << QStringLiteral("a\nb") << QStringLiteral("a b");
    QTest::newRow("CJK untouched") << QStringLiteral("学习") << QStringLiteral("学习");
}

void TestMatrixClipboard::markdownEscaping()
{
    QFETCH(QString, cell);
    QFETCH(QString, expected);
    QCOMPARE(MatrixClipboard::markdownCell(cell), expected);
}

void TestMatrixClipboard::severalMatrices()
{
    LabelledMatrix a = sample();
    LabelledMatrix b = sample();
    b.name = QStringLiteral("Head 2");
    const QString latex = MatrixClipboard::format({ a, b }, MatrixClipboard::Format::Latex);
    QCOMPARE(latex.count(QLatin1String("\\begin{bmatrix}")), 2);
    QVERIFY(latex.contains(QLatin1String("% Head 2")));
    const QString md = MatrixClipboard::format({ a, b }, MatrixClipboard::Format::Markdown);
    QVERIFY(md.contains(QLatin1String("**Head 2**")));
    const QString tsv = MatrixClipboard::format({ a, b }, MatrixClipboard::Format::Tsv);
    QVERIFY(tsv.startsWith(QLatin1String("Scores\n")));
    QVERIFY(tsv.contains(QLatin1String("\nHead 2\n")));
}

void TestMatrixClipboard::copyAsMenuCopiesTheShownView()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    int view = -1;
    CopyAsController controller(&document, [&view] { return view; });
    QMenu menu;
    controller.fillMenu(&menu);
    QCOMPARE(menu.actions().size(), 6); // weights, scores, Q, K, V, output

    // The mean, as TSV, read back: the reference numbers (PyTorch, float64).
    QAction *weightsTsv
        = menu.findChild<QAction *>(QStringLiteral("copyAs_%1_%2")
                                        .arg(int(CopyAsController::MatrixKind::Weights))
                                        .arg(int(MatrixClipboard::Format::Tsv)));
    QVERIFY(weightsTsv);
    weightsTsv->trigger();
    const QString text = QApplication::clipboard()->text();
    QVERIFY(text.startsWith(QStringLiteral("\t我\t爱\t深度\t学习\ni\t")));
    const Eigen::MatrixXd expected = AttentionTestSupport::referenceMatrix(
        QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
    QVERIFY(AttentionTestSupport::maxDiff(parseTsv(text), expected) < 1e-12);

    // Head 2 shown: its weights and scores.
    view = 1;
    QVERIFY(controller.copy(CopyAsController::MatrixKind::Weights, MatrixClipboard::Format::Tsv));
    QVERIFY(AttentionTestSupport::maxDiff(parseTsv(QApplication::clipboard()->text()),
                AttentionTestSupport::referenceMatrix(
                    QStringLiteral("seed-cross-2heads"), QStringLiteral("heads[1].weights")))
        < 1e-12);
    QVERIFY(controller.copy(CopyAsController::MatrixKind::Scores, MatrixClipboard::Format::Tsv));
    QVERIFY(AttentionTestSupport::maxDiff(parseTsv(QApplication::clipboard()->text()),
                AttentionTestSupport::referenceMatrix(
                    QStringLiteral("seed-cross-2heads"), QStringLiteral("heads[1].scores")))
        < 1e-12);
    QVERIFY(
        controller.menuText(CopyAsController::MatrixKind::Weights).contains(QLatin1String("2")));
    // With the mean shown, the scores of every head, one block each.
    view = -1;
    QCOMPARE(int(controller.matrices(CopyAsController::MatrixKind::Scores).size()), 2);
}

void TestMatrixClipboard::everyMatrixHasItsShape()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    CopyAsController controller(&document, [] { return -1; });
    using K = CopyAsController::MatrixKind;
    const struct
    {
        K kind;
        int rows, columns;
        QString firstRowLabel;
    } cases[] = { { K::Weights, 2, 4, QStringLiteral("i") },
        { K::Query, 2, 4, QStringLiteral("i") }, { K::Key, 4, 4, QStringLiteral("我") },
        { K::Value, 4, 4, QStringLiteral("我") }, { K::Output, 2, 4, QStringLiteral("i") } };
    for (const auto &c : cases) {
        const std::vector<LabelledMatrix> m = controller.matrices(c.kind);
        QCOMPARE(int(m.size()), 1);
        QCOMPARE(int(m.front().values.rows()), c.rows);
        QCOMPARE(int(m.front().values.cols()), c.columns);
        QCOMPARE(m.front().rowLabels.value(0), c.firstRowLabel);
    }
    // Identity projections: Q is the target's embeddings.
    QVERIFY(AttentionTestSupport::maxDiff(controller.matrices(K::Query).front().values,
                ExportTestSupport::specExample().target.embeddings)
        < 1e-15);
}

QTEST_MAIN(TestMatrixClipboard)
#include "tst_matrixclipboard.moc"
