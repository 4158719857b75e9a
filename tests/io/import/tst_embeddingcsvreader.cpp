// SPDX-License-Identifier: GPL-3.0-or-later
// Importing embeddings from CSV: separators, token columns, headers and quoting read as a
// spreadsheet user expects; every bad file refused with its row and column.

#include "import/embeddingcsvreader.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

Eigen::MatrixXd matrix(int rows, int columns, std::initializer_list<double> values)
{
    Eigen::MatrixXd m(rows, columns);
    int i = 0;
    for (const double v : values) {
        m(i / columns, i % columns) = v;
        ++i;
    }
    return m;
}

} // namespace

class TestEmbeddingCsvReader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void reads_data();
    void reads();
    void refuses_data();
    void refuses();
    void refusesTooManyRows();

private:
    QTemporaryDir m_dir;
};

void TestEmbeddingCsvReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_embeddingcsvreader"));
}

void TestEmbeddingCsvReader::reads_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<Eigen::MatrixXd>("values");
    QTest::addColumn<bool>("header");

    const Eigen::MatrixXd two = matrix(2, 3, { 0.5, 1.1, -0.2, 1, 2e-3, 3 });
    const QStringList cjk { QStringLiteral("我"), QStringLiteral("爱") };
    QTest::newRow("numbers only") << QByteArray("0.5,1.1,-0.2\n1,2e-3,3\n") << QStringList() << two
                                  << false;
    QTest::newRow("tokens in the first column")
        << QByteArray("我,0.5,1.1,-0.2\n爱,1,2e-3,3\n") << cjk << two << false;
    QTest::newRow("header row") << QByteArray("token,d0,d1,d2\n我,0.5,1.1,-0.2\n爱,1,2e-3,3\n")
                                << cjk << two << true;
    QTest::newRow("pandas corner header")
        << QByteArray(",0,1,2\n我,0.5,1.1,-0.2\n爱,1,2e-3,3\n") << cjk << two << true;
    QTest::newRow("tab separated")
        << QByteArray("我\t0.5\t1.1\t-0.2\n爱\t1\t2e-3\t3\n") << cjk << two << false;
    QTest::newRow("semicolons") << QByteArray("0.5;1.1;-0.2\n1;2e-3;3\n") << QStringList() << two
                                << false;
    QTest::newRow("spaces, as numpy.savetxt writes")
        << QByteArray("0.5  1.1 -0.2\n 1 2e-3 3\n") << QStringList() << two << false;
    QTest::newRow("CRLF, BOM, comments and blank lines")
        << QByteArray("\xEF\xBB\xBF# exported\r\n\r\n0.5,1.1,-0.2\r\n\r\n1,2e-3,3\r\n")
        << QStringList() << two << false;
    QTest::newRow("BOM of a second file joined on")
        << QByteArray("\xEF\xBB\xBF我,0.5,1.1,-0.2\n\xEF\xBB\xBF爱,1,2e-3,3\n") << cjk << two
        << false;
    QTest::newRow("quoted token starting with a hash")
        << QByteArray("\"#a\",0.5,1.1,-0.2\n\"#b\",1,2e-3,3\n")
        << QStringList { QStringLiteral("#a"), QStringLiteral("#b") } << two << false;
    QTest::newRow("quoted token with a comma")
        << QByteArray("\"a,b\",0.5,1.1,-0.2\n\"say \"\"hi\"\"\",1,2e-3,3\n")
        << QStringList { QStringLiteral("a,b"), QStringLiteral("say \"hi\"") } << two << false;
    QTest::newRow("typographic minus") << QByteArray("0.5,1.1,\xE2\x88\x92"
                                                     "0.2\n1,2e-3,3\n")
                                       << QStringList() << two << false;
    QTest::newRow("one column") << QByteArray("1\n2\n3\n") << QStringList()
                                << matrix(3, 1, { 1, 2, 3 }) << false;
}

void TestEmbeddingCsvReader::reads()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, tokens);
    QFETCH(Eigen::MatrixXd, values);
    QFETCH(bool, header);
    const EmbeddingCsv csv = EmbeddingCsvReader::parse(text);
    QVERIFY2(csv.ok(), qPrintable(csv.error));
    QCOMPARE(csv.tokens, tokens);
    QCOMPARE(csv.hadHeader, header);
    QCOMPARE(csv.values.rows(), values.rows());
    QCOMPARE(csv.values.cols(), values.cols());
    QVERIFY(test::maxAbsDifference(csv.values, values) < 1e-15);
}

void TestEmbeddingCsvReader::refuses_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty file") << QByteArray("") << QStringLiteral("no rows");
    QTest::newRow("only a header") << QByteArray("token,a,b\n") << QStringLiteral("only a header");
    QTest::newRow("ragged row names its line")
        << QByteArray("1,2,3\n4,5,6\n7,8\n") << QStringLiteral("row 3: 2 fields, expected 3");
    QTest::newRow("word among numbers") << QByteArray(
        "1,2,3\n4,five,6\n") << QStringLiteral("row 2, column 2: \"five\" is not a number");
    QTest::newRow("decimal comma, semicolons")
        << QByteArray("0,5;1,5\n2,5;x\n") << QStringLiteral("row 2, column 2");
    QTest::newRow("decimal comma hint")
        << QByteArray("1;2\n3;\"4,5\"\n") << QStringLiteral("decimal");
    QTest::newRow("NaN") << QByteArray("1,2\n3,nan\n")
                         << QStringLiteral("row 2, column 2: \"nan\" is not a finite number");
    QTest::newRow("infinity") << QByteArray("a,1,inf\n") << QStringLiteral("row 1, column 3");
    QTest::newRow("too large") << QByteArray("1,1e13\n")
                               << QStringLiteral("row 1, column 2: 1e13 is larger than");
    QTest::newRow("empty token") << QByteArray("a,1\n\"\",2\n")
                                 << QStringLiteral("row 2, column 1: the token is empty");
    QTest::newRow("open quote") << QByteArray("a,1\n\"b,2\n")
                                << QStringLiteral("row 2: a quoted field is not closed");
    QTest::newRow("token without numbers")
        << QByteArray("a\nb\n") << QStringLiteral("row 1: no numbers");
    QTest::newRow("blank lines count as rows of the file")
        << QByteArray("1,2\n\n\n3\n") << QStringLiteral("row 4: 1 fields, expected 2");
}

void TestEmbeddingCsvReader::refuses()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const EmbeddingCsv csv = EmbeddingCsvReader::parse(text);
    QVERIFY(!csv.ok());
    QVERIFY2(csv.error.contains(expected), qPrintable(csv.error));
}

void TestEmbeddingCsvReader::refusesTooManyRows()
{
    QByteArray text;
    for (int i = 0; i < 600; ++i)
        text += "1,2\n";
    const EmbeddingCsv csv = EmbeddingCsvReader::parse(text);
    QVERIFY(!csv.ok());
    QVERIFY2(csv.error.contains(QLatin1String("512")), qPrintable(csv.error));
    QByteArray wide = "1";
    for (int i = 0; i < 1100; ++i)
        wide += ",1";
    QVERIFY(EmbeddingCsvReader::parse(wide).error.contains(QLatin1String("1024")));
    QVERIFY(EmbeddingCsvReader::read(m_dir.filePath(QStringLiteral("nothing-here.csv")))
                .error.contains(QLatin1String("does not exist")));
}

QTEST_MAIN(TestEmbeddingCsvReader)
#include "tst_embeddingcsvreader.moc"
