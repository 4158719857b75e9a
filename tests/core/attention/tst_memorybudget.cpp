// SPDX-License-Identifier: GPL-3.0-or-later
// The memory budget (limits::maxMemoryBytes): `compute`'s estimate counts exactly the numbers it
// prints, a training run's estimate refuses what the documented limits alone let through, and
// the refusal names the figure and the budget.

#include "attention/resultjson.h"
#include "attention/workestimate.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "session/sessionlimits.h"
#include "testsupport.h"
#include "training/trainingconfig.h"

#include <QJsonArray>
#include <QtTest>

using namespace ae;

namespace {

/// How many numbers @p v holds at any depth, counting the nulls printed for masked scores.
qint64 countNumbers(const QJsonValue &v)
{
    if (v.isDouble() || v.isNull())
        return 1;
    qint64 n = 0;
    if (v.isArray()) {
        for (const QJsonValue &e : v.toArray())
            n += countNumbers(e);
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            n += countNumbers(it.value());
    }
    return n;
}

} // namespace

class TestMemoryBudget : public QObject
{
    Q_OBJECT

private slots:
    void computeCountsWhatItPrints_data();
    void computeCountsWhatItPrints();
    void refusalNamesTheFigure_data();
    void refusalNamesTheFigure();
    void trainingRuns_data();
    void trainingRuns();
};

void TestMemoryBudget::computeCountsWhatItPrints_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("projections");
    QTest::addColumn<bool>("qkv");
    for (const QString &name : test::referenceCaseNames()) {
        QTest::newRow(qPrintable(name)) << name << false << false;
        QTest::newRow(qPrintable(name + QStringLiteral(" with projections and qkv")))
            << name << true << true;
    }
}

void TestMemoryBudget::computeCountsWhatItPrints()
{
    QFETCH(QString, name);
    QFETCH(bool, projections);
    QFETCH(bool, qkv);
    const SessionLoadResult loaded = loadSessionFile(
        test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json"));
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error->toString()));
    const Session &s = loaded.session;
    const AttentionResult result = computeSession(s);
    QJsonObject printed = attentionResultToJson(s, result);
    if (projections)
        printed.insert(QStringLiteral("projections"), projectionsToJson(s));
    if (qkv)
        printed.insert(QStringLiteral("qkv"), qkvToJson(result));
    // The fully masked rows are counted at their most: one for every query.
    printed.remove(QStringLiteral("fully_masked_rows"));
    const qint64 numbers = countNumbers(printed) + s.querySequence().length();
    const double outputBytes = computeOutputWork(s, projections, qkv).bytes - sessionWork(s).bytes;
    QCOMPARE(outputBytes, 96.0 * double(numbers));
}

void TestMemoryBudget::refusalNamesTheFigure_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("message"); // empty: within the budget
    QTest::newRow("nothing") << 0.0 << QString();
    QTest::newRow("the budget itself") << limits::maxMemoryBytes << QString();
    QTest::newRow("3.6 GB") << 3.6e9
                            << QStringLiteral("needs about 3.6 GB of memory, more than the budget "
                                              "of 1.0 GB: use less");
    QTest::newRow("just past the budget")
        << 1.04e9
        << QStringLiteral("needs about 1.0 GB of memory, more than the budget of 1.0 GB: use less");
}

void TestMemoryBudget::refusalNamesTheFigure()
{
    QFETCH(double, bytes);
    QFETCH(QString, message);
    const auto problem
        = memoryBudgetProblem(bytes, QStringLiteral("attention"), QStringLiteral("use less"));
    QCOMPARE(problem.has_value(), !message.isEmpty());
    if (problem) {
        QCOMPARE(problem->path, QStringLiteral("attention"));
        QCOMPARE(problem->message, message);
    }
}

void TestMemoryBudget::trainingRuns_data()
{
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("vocab");
    QTest::addColumn<bool>("refused");
    // Measured with /usr/bin/time -v: 5.1 GB held; within batch x length x d_model <= 5e7.
    QTest::newRow("the issue's run, 5.1 GB") << 4096 << 12 << 1016 << 1000 << true;
    QTest::newRow("a smaller batch, 1.8 GB") << 1024 << 12 << 1016 << 1000 << true;
    QTest::newRow("a small vocabulary, 3.6 GB") << 4096 << 12 << 1016 << 12 << true;
    QTest::newRow("the defaults") << 32 << 6 << 128 << 12 << false;
    QTest::newRow("0.65 GB held") << 400 << 12 << 512 << 1000 << false;
    QTest::newRow("length and vocabulary at their limits, 0.6 GB held")
        << 2 << 64 << 8 << 1000 << false;
}

void TestMemoryBudget::trainingRuns()
{
    QFETCH(int, batch);
    QFETCH(int, length);
    QFETCH(int, dModel);
    QFETCH(int, vocab);
    QFETCH(bool, refused);
    RunConfig c;
    c.task.kind = TaskKind::Copy;
    c.task.length = length;
    c.task.vocab = vocab;
    c.dModel = dModel;
    c.batch = batch;
    const std::optional<SessionError> error = checkRunConfig(c);
    QCOMPARE(error.has_value(), refused);
    QCOMPARE(runMemoryBytes(c) > limits::maxMemoryBytes, refused);
    if (error) {
        QCOMPARE(error->path, QStringLiteral("batch"));
        QVERIFY2(
            error->message.startsWith(QStringLiteral("needs about ")), qPrintable(error->message));
        QVERIFY2(error->message.contains(QStringLiteral("more than the budget of 1.0 GB")),
            qPrintable(error->message));
    }
}

QTEST_MAIN(TestMemoryBudget)
#include "tst_memorybudget.moc"
