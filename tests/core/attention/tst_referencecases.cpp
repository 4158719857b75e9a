// SPDX-License-Identifier: GPL-3.0-or-later
// The shared reference cases (tests/data/shared/reference/cases, computed independently with
// PyTorch in float64) through the core: loadSessionFile + computeSession, and
// attentionResultToJson.

#include "testsupport.h"

#include "attention/resultjson.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace ae;

namespace {

/// Every number of the expected file must be this close (absolute).
constexpr double tolerance = 1e-9;

/// Compares a matrix with an expected array of rows. With @p visible, an entry must be null in
/// the expectation exactly where the mask hides it.
QString compareMatrix(const Eigen::MatrixXd &m, const QJsonValue &expected, const QString &name,
    const BoolMatrix *visible = nullptr)
{
    const QJsonArray rows = expected.toArray();
    if (rows.size() != m.rows())
        return QStringLiteral("%1: %2 rows, expected %3").arg(name).arg(m.rows()).arg(rows.size());
    for (int i = 0; i < rows.size(); ++i) {
        const QJsonArray row = rows.at(i).toArray();
        if (row.size() != m.cols())
            return QStringLiteral("%1[%2]: %3 columns, expected %4")
                .arg(name)
                .arg(i)
                .arg(m.cols())
                .arg(row.size());
        for (int j = 0; j < row.size(); ++j) {
            const QString where = QStringLiteral("%1[%2][%3]").arg(name).arg(i).arg(j);
            const bool hidden = visible && !(*visible)(i, j);
            if (row.at(j).isNull() != hidden)
                return where
                    + (hidden ? QStringLiteral(": masked, but the expectation has a number")
                              : QStringLiteral(": visible, but the expectation is null"));
            if (hidden)
                continue;
            const double e = row.at(j).toDouble();
            if (!(std::abs(m(i, j) - e) <= tolerance))
                return where
                    + QStringLiteral(": %1, expected %2")
                          .arg(m(i, j), 0, 'g', 17)
                          .arg(e, 0, 'g', 17);
        }
    }
    return QString();
}

} // namespace

/// Runs every reference case through the core.
class TestReferenceCases : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void coreResultMatchesExpected_data();
    void coreResultMatchesExpected();
    void resultJsonMatchesExpected_data();
    void resultJsonMatchesExpected();
    void resultJsonTextReadsBackExactly_data();
    void resultJsonTextReadsBackExactly();

private:
    void addCaseRows();
};

void TestReferenceCases::initTestCase()
{
    // The shared folder holds 11 cases today; more may be added, none may silently vanish.
    QVERIFY2(test::referenceCaseNames().size() >= 11, qPrintable(test::referenceCasesDir()));
}

void TestReferenceCases::addCaseRows()
{
    QTest::addColumn<QString>("sessionFile");
    QTest::addColumn<QString>("expectedFile");
    const QString dir = test::referenceCasesDir() + QLatin1Char('/');
    for (const QString &name : test::referenceCaseNames()) {
        QTest::newRow(qPrintable(name)) << dir + name + QStringLiteral(".session.json")
                                        << dir + name + QStringLiteral(".expected.json");
    }
}

void TestReferenceCases::coreResultMatchesExpected_data()
{
    addCaseRows();
}

void TestReferenceCases::coreResultMatchesExpected()
{
    QFETCH(QString, sessionFile);
    QFETCH(QString, expectedFile);
    const SessionLoadResult loaded = loadSessionFile(sessionFile);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const QJsonObject expected = test::readJsonObject(expectedFile);
    QVERIFY2(!expected.isEmpty(), qPrintable(expectedFile));

    const AttentionResult r = computeSession(loaded.session);
    QCOMPARE(r.dK, expected.value(QStringLiteral("d_k")).toInt());
    QCOMPARE(QJsonArray::fromStringList(loaded.session.querySequence().tokens),
        expected.value(QStringLiteral("query_tokens")).toArray());
    QCOMPARE(QJsonArray::fromStringList(loaded.session.keyValueSequence().tokens),
        expected.value(QStringLiteral("key_tokens")).toArray());

    const QJsonArray heads = expected.value(QStringLiteral("heads")).toArray();
    QCOMPARE(static_cast<int>(r.heads.size()), heads.size());
    for (int h = 0; h < heads.size(); ++h) {
        const QJsonObject head = heads.at(h).toObject();
        const HeadResult &got = r.heads[static_cast<size_t>(h)];
        const QString prefix = QStringLiteral("heads[%1].").arg(h);
        for (const QString &why : { compareMatrix(r.scores(h), head.value(QStringLiteral("scores")),
                                        prefix + QStringLiteral("scores"), &r.visible),
                 compareMatrix(got.weights, head.value(QStringLiteral("weights")),
                     prefix + QStringLiteral("weights")),
                 compareMatrix(got.output, head.value(QStringLiteral("output")),
                     prefix + QStringLiteral("output")) })
            QVERIFY2(why.isEmpty(), qPrintable(why));
    }
    const QString meanWhy = compareMatrix(r.meanWeights,
        expected.value(QStringLiteral("mean_weights")), QStringLiteral("mean_weights"));
    QVERIFY2(meanWhy.isEmpty(), qPrintable(meanWhy));
    const QString outWhy = compareMatrix(
        r.output, expected.value(QStringLiteral("output")), QStringLiteral("output"));
    QVERIFY2(outWhy.isEmpty(), qPrintable(outWhy));

    std::vector<int> expectedMasked;
    for (const QJsonValue &v : expected.value(QStringLiteral("fully_masked_rows")).toArray())
        expectedMasked.push_back(v.toInt());
    QCOMPARE(r.fullyMaskedRows, expectedMasked);
}

void TestReferenceCases::resultJsonMatchesExpected_data()
{
    addCaseRows();
}

void TestReferenceCases::resultJsonMatchesExpected()
{
    QFETCH(QString, sessionFile);
    QFETCH(QString, expectedFile);
    const SessionLoadResult loaded = loadSessionFile(sessionFile);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const QJsonObject json = attentionResultToJson(loaded.session, computeSession(loaded.session));
    const QString why = test::compareJson(json, test::readJsonObject(expectedFile), tolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

void TestReferenceCases::resultJsonTextReadsBackExactly_data()
{
    addCaseRows();
}

void TestReferenceCases::resultJsonTextReadsBackExactly()
{
    // "Numbers are printed so that they read back to the same double": the text form of the
    // result, parsed again, equals the in-memory numbers bit for bit.
    QFETCH(QString, sessionFile);
    const SessionLoadResult loaded = loadSessionFile(sessionFile);
    QVERIFY(loaded.ok());
    const QJsonObject json = attentionResultToJson(loaded.session, computeSession(loaded.session));
    const QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Indented);
    const QJsonObject reread = QJsonDocument::fromJson(text).object();
    const QString why = test::compareJson(reread, json, 0.0);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

QTEST_MAIN(TestReferenceCases)
#include "tst_referencecases.moc"
