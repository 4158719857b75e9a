// SPDX-License-Identifier: GPL-3.0-or-later
// Every limit of the two importers (embedding CSV, attention weights JSON), one past each and
// at each: the refusal names the row, column or JSON path, the value and the limit, and a
// file past the size limit is refused from its size alone, before it is read (the test files
// are sparse). Adding a limit means adding a row to a _data() table.

#include "import/embeddingcsvreader.h"
#include "import/importedattentionreader.h"
#include "session/sessionlimits.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

namespace {

/// A CSV of @p rows rows of @p columns numbers (after a token column), each @p value.
QByteArray csv(int rows, int columns, const QString &value = QStringLiteral("0.5"),
    const QString &token = QString())
{
    QByteArray out;
    for (int r = 0; r < rows; ++r) {
        QStringList cells { token.isEmpty() ? QStringLiteral("t%1").arg(r) : token };
        for (int c = 0; c < columns; ++c)
            cells << value;
        out += cells.join(QLatin1Char(',')).toUtf8() + '\n';
    }
    return out;
}

/// Weights of @p heads heads of @p rows x @p columns, each entry @p value.
QByteArray weights(int heads, int rows, int columns, double value)
{
    QJsonArray all;
    for (int h = 0; h < heads; ++h) {
        QJsonArray head;
        for (int r = 0; r < rows; ++r) {
            QJsonArray row;
            for (int c = 0; c < columns; ++c)
                row.append(value);
            head.append(row);
        }
        all.append(head);
    }
    QJsonObject o;
    o.insert(QStringLiteral("weights"), all);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString n(qint64 v)
{
    return QString::number(v);
}

} // namespace

/// Tests the importers' limits.
class TestImportLimits : public QObject
{
    Q_OBJECT

private slots:
    void csvLimits_data();
    void csvLimits();
    void attentionLimits_data();
    void attentionLimits();
    void oversizedFilesRefusedBeforeReading();

private:
    QTemporaryDir m_dir;
};

void TestImportLimits::csvLimits_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QStringList>("says");
    using namespace limits;
    QTest::newRow("tokens at the limit") << csv(maxTokens, 2) << true << QStringList();
    QTest::newRow("tokens past the limit")
        << csv(maxTokens + 1, 2) << false << QStringList { n(maxTokens + 1), n(maxTokens) };
    QTest::newRow("width at the limit") << csv(2, maxEmbeddingWidth) << true << QStringList();
    QTest::newRow("width past the limit")
        << csv(2, maxEmbeddingWidth + 1) << false
        << QStringList { n(maxEmbeddingWidth + 1), n(maxEmbeddingWidth) };
    QTest::newRow("token length at the limit")
        << csv(2, 2, QStringLiteral("0.5"), QString(maxTokenLength, QLatin1Char('a'))) << true
        << QStringList();
    QTest::newRow("token length past the limit")
        << csv(2, 2, QStringLiteral("0.5"), QString(maxTokenLength + 1, QLatin1Char('a'))) << false
        << QStringList { QStringLiteral("row 1"), n(maxTokenLength) };
    QTest::newRow("value at the limit")
        << csv(2, 2, QStringLiteral("-1e12")) << true << QStringList();
    QTest::newRow("value past the limit")
        << csv(2, 2, QStringLiteral("1.5e12")) << false
        << QStringList { QStringLiteral("row 1, column 2"), QStringLiteral("1.5e12"),
               QString::number(maxAbsValue, 'g') };
}

void TestImportLimits::csvLimits()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, accepted);
    QFETCH(QStringList, says);
    const EmbeddingCsv r = EmbeddingCsvReader::parse(bytes);
    QCOMPARE(r.error.isEmpty(), accepted);
    for (const QString &word : says)
        QVERIFY2(
            r.error.contains(word), qPrintable(QStringLiteral("no %1 in: %2").arg(word, r.error)));
}

void TestImportLimits::attentionLimits_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QStringList>("says");
    using namespace limits;
    const int maxHeads = ImportedAttentionReader::maxHeads;
    QTest::newRow("queries and keys at the limit")
        << weights(1, maxTokens, maxTokens, 1.0 / maxTokens) << true << QStringList();
    QTest::newRow("queries past the limit") << weights(1, maxTokens + 1, 2,
        0.5) << false << QStringList { QStringLiteral("weights"), n(maxTokens + 1), n(maxTokens) };
    QTest::newRow("keys past the limit") << weights(1, 2, maxTokens + 1,
        0.5) << false << QStringList { QStringLiteral("weights"), n(maxTokens + 1), n(maxTokens) };
    QTest::newRow("heads at the limit") << weights(maxHeads, 1, 2, 0.5) << true << QStringList();
    QTest::newRow("heads past the limit") << weights(maxHeads + 1, 1, 2,
        0.5) << false << QStringList { QStringLiteral("weights"), n(maxHeads + 1), n(maxHeads) };
    // 64 heads of 512 x 512 reach 16 M numbers, four times the limit.
    QTest::newRow("numbers past the limit") << weights(17, maxTokens, maxTokens, 0.0) << false
                                            << QStringList { n(qint64(17) * maxTokens * maxTokens),
                                                   n(ImportedAttentionReader::maxNumbers) };
    QTest::newRow("value past the limit")
        << weights(1, 1, 2, 1.5e12) << false
        << QStringList { QStringLiteral("weights[0][0][0]"), QStringLiteral("1.5e+12"),
               QString::number(maxAbsValue, 'g', 3) };
}

void TestImportLimits::attentionLimits()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, accepted);
    QFETCH(QStringList, says);
    const ImportedAttention r = ImportedAttentionReader::parse(bytes);
    QVERIFY2(r.ok() == accepted, qPrintable(r.error));
    for (const QString &word : says)
        QVERIFY2(
            r.error.contains(word), qPrintable(QStringLiteral("no %1 in: %2").arg(word, r.error)));
}

void TestImportLimits::oversizedFilesRefusedBeforeReading()
{
    QVERIFY(m_dir.isValid());
    const std::pair<const char *, qint64> files[]
        = { { "embeddings.csv", EmbeddingCsvReader::maxFileBytes },
              { "weights.json", ImportedAttentionReader::maxFileBytes } };
    for (const auto &[name, limit] : files) {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Sparse: the size is there, the bytes are zeros that were never written. A reader
        // that read them first would report a parse error, not the size.
        QVERIFY(f.resize(limit + 1));
        f.close();
        const QString error = QByteArray(name).endsWith(".csv")
            ? EmbeddingCsvReader::read(path).error
            : ImportedAttentionReader::read(path).error;
        QVERIFY2(error.contains(QStringLiteral("at most %1 MB").arg(limit / (1024 * 1024))),
            qPrintable(error));
        QFile::remove(path);
    }
}

QTEST_MAIN(TestImportLimits)
#include "tst_importlimits.moc"
