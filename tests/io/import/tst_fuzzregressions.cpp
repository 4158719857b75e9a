// SPDX-License-Identifier: GPL-3.0-or-later
// Replays the inputs the importers' fuzz harnesses kept (tests/data/fuzz-regressions/
// embeddingcsv and importedattention): each is refused with a message, or read and written
// back by the program's own writer to the same tokens and numbers. The CSV inputs also go
// through the clipboard paste, as the harness feeds them.

#include "testsupport.h"
#include "testsupportfuzzio.h"

#include <QTest>

using namespace ae;

namespace {

const QString csv = QStringLiteral("embeddingcsv");
const QString weights = QStringLiteral("importedattention");

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void embeddingCsv_data();
    void embeddingCsv();
    void importedAttention_data();
    void importedAttention();
    void keepsAcceptedAndRefusedInputs();
};

void TestFuzzRegressions::initTestCase()
{
    for (const QString &harness : { csv, weights })
        QVERIFY2(!test::fuzzRegressionFiles(harness).isEmpty(),
            qPrintable(
                QStringLiteral("tests/data/fuzz-regressions/%1 holds no inputs").arg(harness)));
}

void TestFuzzRegressions::embeddingCsv_data()
{
    QTest::addColumn<QString>("file");
    test::addFuzzRegressionRows(csv);
}

void TestFuzzRegressions::embeddingCsv()
{
    QFETCH(QString, file);
    const QByteArray bytes = test::readFileBytes(file);
    const test::FuzzVerdict read = test::checkEmbeddingCsvInput(bytes);
    QVERIFY2(read.problem.isEmpty(), qPrintable(read.problem));
    const test::FuzzVerdict pasted = test::checkPasteInput(bytes);
    QVERIFY2(pasted.problem.isEmpty(), qPrintable(pasted.problem));
}

void TestFuzzRegressions::importedAttention_data()
{
    QTest::addColumn<QString>("file");
    test::addFuzzRegressionRows(weights);
}

void TestFuzzRegressions::importedAttention()
{
    QFETCH(QString, file);
    const test::FuzzVerdict verdict = test::checkImportedAttentionInput(test::readFileBytes(file));
    QVERIFY2(verdict.problem.isEmpty(), qPrintable(verdict.problem));
}

void TestFuzzRegressions::keepsAcceptedAndRefusedInputs()
{
    const std::pair<QString, test::FuzzVerdict (*)(const QByteArray &)> checks[] = {
        { csv, test::checkEmbeddingCsvInput },
        { csv, test::checkPasteInput },
        { weights, test::checkImportedAttentionInput },
    };
    for (const auto &[harness, check] : checks) {
        const auto [accepted, refused] = test::countAcceptedRefused(harness, check);
        QVERIFY2(accepted > 0, qPrintable(harness + QStringLiteral(": no kept input is accepted")));
        QVERIFY2(refused > 0, qPrintable(harness + QStringLiteral(": no kept input is refused")));
    }
}

QTEST_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
