// SPDX-License-Identifier: GPL-3.0-or-later
// Copy As text: matrices as TSV, CSV, Markdown and LaTeX with their headers, masked scores as
// -inf, awkward tokens escaped.

#include "export/matrixclipboard.h"
#include "testsupportattention.h"

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
    QTest::newRow("leading hash, else a comment line")
        << QStringLiteral("#tag") << QStringLiteral("\"#tag\"");
    QTest::newRow("inner hash") << QStringLiteral("C#") << QStringLiteral("C#");
    QTest::newRow("leading U+FEFF, else a byte order mark")
        << QStringLiteral("\uFEFFa") << QStringLiteral("\"\uFEFFa\"");
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

QTEST_MAIN(TestMatrixClipboard)
#include "tst_matrixclipboard.moc"
