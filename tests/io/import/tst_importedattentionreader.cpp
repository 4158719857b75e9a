// SPDX-License-Identifier: GPL-3.0-or-later
// Importing attention weights computed elsewhere: the shapes PyTorch gives, validation with
// JSON paths, warnings (not refusals) for rows that do not sum to 1, the mean of the heads.

#include "import/importedattentionreader.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

const QByteArray twoHeads = ExportTestSupport::importedAttentionJson();

} // namespace

class TestImportedAttentionReader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void readsShapes_data();
    void readsShapes();
    void meanOfTheHeads();
    void refuses_data();
    void refuses();
    void warns_data();
    void warns();

private:
    QTemporaryDir m_dir;
};

void TestImportedAttentionReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_importedattentionreader"));
}

void TestImportedAttentionReader::readsShapes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::newRow("[heads][Lq][Lk]") << twoHeads << 2 << 2 << 3;
    QTest::newRow("[Lq][Lk], one head")
        << QByteArray(R"({"query_tokens":["a"],"key_tokens":["b","c"],"weights":[[0.4,0.6]]})") << 1
        << 1 << 2;
    QTest::newRow("[1][heads][Lq][Lk], PyTorch batch of one") << QByteArray(
        R"({"query_tokens":["a"],"key_tokens":["b","c"],"weights":[[[[0.4,0.6]],[[1,0]],[[0.5,0.5]]]]})")
                                                              << 3 << 1 << 2;
    QTest::newRow("token ids as numbers")
        << QByteArray(R"({"query_tokens":[101],"key_tokens":[7592, 102],"weights":[[0.4,0.6]]})")
        << 1 << 1 << 2;
    QTest::newRow("no tokens: numbered")
        << QByteArray(R"({"weights":[[[1,0],[0,1]]]})") << 1 << 2 << 2;
}

void TestImportedAttentionReader::readsShapes()
{
    QFETCH(QByteArray, json);
    QFETCH(int, heads);
    QFETCH(int, rows);
    QFETCH(int, columns);
    const ImportedAttention a = ImportedAttentionReader::parse(json);
    QVERIFY2(a.ok(), qPrintable(a.error));
    QCOMPARE(a.headCount(), heads);
    QCOMPARE(int(a.heads.front().rows()), rows);
    QCOMPARE(int(a.heads.front().cols()), columns);
    QCOMPARE(a.queryTokens.size(), rows);
    QCOMPARE(a.keyTokens.size(), columns);
}

void TestImportedAttentionReader::meanOfTheHeads()
{
    const ImportedAttention a = ImportedAttentionReader::parse(twoHeads);
    QVERIFY(a.ok());
    QVERIFY(a.warnings.isEmpty());
    QCOMPARE(a.title, QStringLiteral("bert layer 3"));
    const HeatmapData mean = a.view(-1);
    // By hand: the average of the two heads, entry by entry.
    Eigen::MatrixXd expected(2, 3);
    expected << 0.35, 0.225, 0.425, 0.2, 0.55, 0.25;
    QVERIFY(test::maxAbsDifference(mean.values, expected) < 1e-15);
    QVERIFY(mean.imported);
    QCOMPARE(mean.rowLabels, (QStringList { QStringLiteral("the"), QStringLiteral("cat") }));
    QCOMPARE(mean.columnLabels.size(), 3);
    const HeatmapData second = a.view(1);
    QCOMPARE(second.values(0, 2), 0.6);
    QVERIFY(second.imported);
    QVERIFY(second.title.contains(QLatin1String("2")));
}

void TestImportedAttentionReader::refuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not JSON") << QByteArray("{\"weights\": [1,") << QStringLiteral("line");
    QTest::newRow("an array, not an object")
        << QByteArray("[[1]]") << QStringLiteral("JSON object");
    QTest::newRow("no weights") << QByteArray(R"({"query_tokens":[]})")
                                << QStringLiteral("weights: missing");
    QTest::newRow("ragged row, with its path")
        << QByteArray(R"({"weights":[[[1,0],[0,1]],[[1,0],[0.5]]]})")
        << QStringLiteral("weights[1][1]: 1 numbers, expected 2");
    QTest::newRow("head with other row count")
        << QByteArray(R"({"weights":[[[1,0],[0,1]],[[1,0]]]})")
        << QStringLiteral("weights[1]: 1 query rows, expected 2");
    QTest::newRow("string among numbers")
        << QByteArray(R"({"weights":[[[1,"x"]]]})")
        << QStringLiteral("weights[0][0][1]: expected a number, found a string");
    QTest::newRow("query tokens do not match")
        << QByteArray(R"({"query_tokens":["a","b","c"],"weights":[[[1,0],[0,1]]]})")
        << QStringLiteral("query_tokens: 3 tokens, but the weights have 2 query rows");
    QTest::newRow("key token not a string")
        << QByteArray(R"({"key_tokens":["a",{}],"weights":[[[1,0]]]})")
        << QStringLiteral("key_tokens[1]: expected a string");
    QTest::newRow("five levels") << QByteArray(R"({"weights":[[[[[1]]]]]})")
                                 << QStringLiteral("5 levels");
    QTest::newRow("batch of two") << QByteArray(R"({"weights":[[[[1]]],[[[1]]]]})")
                                  << QStringLiteral("a batch of 2");
    QTest::newRow("empty head") << QByteArray(R"({"weights":[[]]})")
                                << QStringLiteral("weights: empty");
    QTest::newRow("infinity written as a huge number")
        << QByteArray(R"({"weights":[[[1e999]]]})") << QStringLiteral("1e999");
    QTest::newRow("title not a string") << QByteArray(R"({"title":5,"weights":[[[1]]]})")
                                        << QStringLiteral("title: expected a string");
    QTest::newRow("two weights, the last one would win")
        << QByteArray(R"({"weights":[[[1]]],"weights":[[[0.5]]]})")
        << QStringLiteral("weights: the key \"weights\" appears twice in one object, at line 1, "
                          "column 2 and at line 1, column 20");
    QTest::newRow("a token clearing the terminal")
        << QByteArray(R"({"key_tokens":["a\u001b[2J"],"weights":[[[1]]]})")
        << QStringLiteral("key_tokens[0]: U+001B (a control character) at character 2");
    QTest::newRow("zero bytes") << QByteArray(64, '\0')
                                << QStringLiteral("binary data, not text: it holds a NUL byte at "
                                                  "offset 0");
}

void TestImportedAttentionReader::refuses()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const ImportedAttention a = ImportedAttentionReader::parse(json);
    QVERIFY(!a.ok());
    QVERIFY2(a.error.contains(expected), qPrintable(a.error));
    QCOMPARE(a.headCount(), 0);
}

void TestImportedAttentionReader::warns_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("row sums to 0.9") << QByteArray(R"({"weights":[[[0.5,0.4],[0.5,0.5]]]})")
                                     << QStringLiteral("weights[0][0] sums to 0.9");
    QTest::newRow("scores, not weights")
        << QByteArray(R"({"weights":[[[2.5,-1.0]]]})") << QStringLiteral("below 0");
    QTest::newRow("missing tokens")
        << QByteArray(R"({"weights":[[[1]]]})") << QStringLiteral("numbered from 0");
}

void TestImportedAttentionReader::warns()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const ImportedAttention a = ImportedAttentionReader::parse(json);
    QVERIFY2(a.ok(), qPrintable(a.error));
    QVERIFY2(a.warnings.join(QLatin1Char('\n')).contains(expected),
        qPrintable(a.warnings.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestImportedAttentionReader)
#include "tst_importedattentionreader.moc"
