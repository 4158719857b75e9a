// SPDX-License-Identifier: GPL-3.0-or-later
// Every documented limit the command line takes: each option one past its limit (and, where
// cheap, at it) through the built executable. A refusal exits with status 2 (1 for a file
// too large to read) and says on stderr which option or field, the value and the limit.
// Adding a limit means adding a row to the table in refusedPastTheLimit_data().

#include "cli/commandline.h"
#include "export/figureoptions.h"
#include "export/svgfigurewriter.h"
#include "session/sessionlimits.h"
#include "testsupport.h"
#include "testsupportcli.h"
#include "training/traininglimits.h"
#include "worksheet/worksheet.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

namespace {

QString n(qint64 v)
{
    return QString::number(v);
}

} // namespace

/// Tests the command line's limits.
class TestCliLimits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusedPastTheLimit_data();
    void refusedPastTheLimit();
    void acceptedAtTheLimit_data();
    void acceptedAtTheLimit();
    void oversizedSessionFileRefusedBeforeReading();

private:
    QTemporaryDir m_dir;
    QString m_session; ///< the spec example
    QString m_tooManyTokens; ///< one token past the limit
    QString m_wideGrid; ///< two heads of 300 x 300: a grid of 270 000 cells
    QString m_atTheLimits; ///< 512 x 512 tokens, d_model 1024, 64 heads: 3.2 GB to print
};

void TestCliLimits::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_session = m_dir.filePath(QStringLiteral("spec.json"));
    QFile f(m_session);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(test::specExampleJson());
    f.close();
    QJsonObject big = test::specExampleObject();
    QJsonArray tokens, rows;
    for (int i = 0; i <= limits::maxTokens; ++i) {
        tokens.append(QStringLiteral("t%1").arg(i));
        rows.append(QJsonArray { 0.1, 0.2, 0.3, 0.4 });
    }
    big = test::withValue(big, QStringLiteral("source.tokens"), tokens);
    big = test::withValue(big, QStringLiteral("source.embeddings"), rows);
    m_tooManyTokens = m_dir.filePath(QStringLiteral("tokens.json"));
    QFile g(m_tooManyTokens);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(test::toBytes(big));

    // Self-attention over 300 tokens with two heads: the grid (mean and both heads) has
    // 3 x 90 000 cells, past the SVG limit of 512 x 512.
    QJsonObject wide = test::specExampleObject();
    QJsonArray wideTokens, wideRows;
    for (int i = 0; i < 300; ++i) {
        wideTokens.append(QStringLiteral("w%1").arg(i));
        wideRows.append(QJsonArray { 0.01 * (i % 7), 0.02 * (i % 5), 0.1, -0.03 * (i % 3) });
    }
    wide = test::withValue(wide, QStringLiteral("source.tokens"), wideTokens);
    wide = test::withValue(wide, QStringLiteral("source.embeddings"), wideRows);
    wide = test::withValue(wide, QStringLiteral("attention.query_from"), QStringLiteral("source"));
    m_wideGrid = m_dir.filePath(QStringLiteral("wide.json"));
    QFile w(m_wideGrid);
    QVERIFY(w.open(QIODevice::WriteOnly));
    w.write(test::toBytes(wide));

    // Every size at its limit at once (11 MB): computing and printing it held 3.2 GB.
    QJsonObject limit = test::specExampleObject();
    for (const QString &role : { QStringLiteral("source"), QStringLiteral("target") }) {
        QJsonArray limitTokens, limitRows;
        for (int i = 0; i < limits::maxTokens; ++i) {
            limitTokens.append(QStringLiteral("%1%2").arg(role.left(1)).arg(i));
            QJsonArray row;
            for (int j = 0; j < limits::maxModelDim; ++j)
                row.append(0.001 * ((i * 7 + j * 3) % 101) - 0.05);
            limitRows.append(row);
        }
        limit = test::withValue(limit, role + QStringLiteral(".tokens"), limitTokens);
        limit = test::withValue(limit, role + QStringLiteral(".embeddings"), limitRows);
    }
    QJsonArray noPadding;
    for (int i = 0; i < limits::maxTokens; ++i)
        noPadding.append(false);
    limit = test::withValue(limit, QStringLiteral("target.padding"), noPadding);
    limit = test::withValue(limit, QStringLiteral("attention.d_model"), limits::maxModelDim);
    limit = test::withValue(limit, QStringLiteral("attention.heads"), limits::maxHeads);
    limit = test::withValue(limit, QStringLiteral("attention.projections"),
        QJsonObject {
            { QStringLiteral("mode"), QStringLiteral("random") }, { QStringLiteral("seed"), 3 } });
    m_atTheLimits = m_dir.filePath(QStringLiteral("limits.json"));
    QFile l(m_atTheLimits);
    QVERIFY(l.open(QIODevice::WriteOnly));
    l.write(test::toBytes(limit));
}

void TestCliLimits::refusedPastTheLimit_data()
{
    // (entry, arguments, words the refusal must contain). "@S" is the spec session, "@T" the
    // session one token past the limit, "@O" an output path.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("says");
    using namespace limits;
    auto row = [](const char *name, const QStringList &args, const QStringList &says) {
        QTest::newRow(name) << args << says;
    };
    const QString s = QStringLiteral("@S");
    row("compute: tokens", { QStringLiteral("compute"), QStringLiteral("@T") },
        { QStringLiteral("source.tokens"), n(maxTokens + 1), n(maxTokens) });
    // The spec example has 2 heads, 2 query tokens and 4 key tokens.
    row("explain: head",
        { QStringLiteral("explain"), s, QStringLiteral("--head"), n(2), QStringLiteral("--query"),
            n(0), QStringLiteral("--key"), n(0) },
        { QStringLiteral("head"), n(2), QStringLiteral("0..1") });
    row("explain: query",
        { QStringLiteral("explain"), s, QStringLiteral("--head"), n(0), QStringLiteral("--query"),
            n(2), QStringLiteral("--key"), n(0) },
        { QStringLiteral("query"), n(2), QStringLiteral("0..1") });
    row("explain: key",
        { QStringLiteral("explain"), s, QStringLiteral("--head"), n(0), QStringLiteral("--query"),
            n(0), QStringLiteral("--key"), n(4) },
        { QStringLiteral("key"), n(4), QStringLiteral("0..3") });
    row("explain: decimals",
        { QStringLiteral("explain"), s, QStringLiteral("--head"), n(0), QStringLiteral("--query"),
            n(0), QStringLiteral("--key"), n(0), QStringLiteral("--decimals"), n(16) },
        { QStringLiteral("--decimals"), n(16), n(15) });
    row("entropy: d_k",
        { QStringLiteral("entropy"), QStringLiteral("--dims"), n(maxExperimentDim + 1) },
        { QStringLiteral("dims"), n(maxExperimentDim + 1), n(maxExperimentDim) });
    QStringList many;
    for (int i = 0; i <= maxExperimentDims; ++i)
        many << n(i + 1);
    row("entropy: number of d_k",
        { QStringLiteral("entropy"), QStringLiteral("--dims"), many.join(QLatin1Char(',')) },
        { QStringLiteral("dims"), n(maxExperimentDims + 1), n(maxExperimentDims) });
    row("entropy: queries",
        { QStringLiteral("entropy"), QStringLiteral("--queries"), n(maxExperimentQueries + 1) },
        { QStringLiteral("--queries"), n(maxExperimentQueries + 1), n(maxExperimentQueries) });
    row("entropy: keys",
        { QStringLiteral("entropy"), QStringLiteral("--keys"), n(maxExperimentKeys + 1) },
        { QStringLiteral("--keys"), n(maxExperimentKeys + 1), n(maxExperimentKeys) });
    row("entropy: repeats",
        { QStringLiteral("entropy"), QStringLiteral("--repeats"), n(maxExperimentRepeats + 1) },
        { QStringLiteral("--repeats"), n(maxExperimentRepeats + 1), n(maxExperimentRepeats) });
    row("entropy: draws of the run",
        { QStringLiteral("entropy"), QStringLiteral("--dims"), n(maxExperimentDim),
            QStringLiteral("--queries"), n(maxExperimentQueries), QStringLiteral("--repeats"),
            n(maxExperimentRepeats) },
        { QStringLiteral("random numbers"), QString::number(maxExperimentDraws, 'g', 3) });
    const QStringList exportBase
        = { QStringLiteral("export"), s, QStringLiteral("-o"), QStringLiteral("@P") };
    row("export: width",
        exportBase + QStringList { QStringLiteral("--width"), n(FigureOptions::maxSide + 1) },
        { QStringLiteral("--width"), n(FigureOptions::maxSide + 1), n(FigureOptions::maxSide) });
    row("export: height",
        exportBase + QStringList { QStringLiteral("--height"), n(FigureOptions::maxSide + 1) },
        { QStringLiteral("--height"), n(FigureOptions::maxSide + 1), n(FigureOptions::maxSide) });
    row("export: dpi above",
        exportBase + QStringList { QStringLiteral("--dpi"), n(FigureOptions::maxDpi + 1) },
        { QStringLiteral("--dpi"), n(FigureOptions::maxDpi + 1), n(FigureOptions::maxDpi) });
    row("export: dpi below",
        exportBase + QStringList { QStringLiteral("--dpi"), n(FigureOptions::minDpi - 1) },
        { QStringLiteral("--dpi"), n(FigureOptions::minDpi - 1), n(FigureOptions::minDpi) });
    row("export: SVG cells",
        { QStringLiteral("export"), QStringLiteral("@G"), QStringLiteral("-o"),
            QStringLiteral("@V"), QStringLiteral("--view"), QStringLiteral("grid") },
        { n(3 * 300 * 300), n(SvgFigureWriter::maxCells) });
    const QStringList sheets
        = { QStringLiteral("worksheet"), QStringLiteral("-o"), QStringLiteral("@O") };
    row("worksheet: students",
        sheets + QStringList { QStringLiteral("--students"), n(worksheetlimits::maxStudents + 1) },
        { QStringLiteral("students"), n(worksheetlimits::maxStudents + 1),
            n(worksheetlimits::maxStudents) });
    row("worksheet: tokens",
        sheets + QStringList { QStringLiteral("--tokens"), n(worksheetlimits::maxTokens + 1) },
        { QStringLiteral("tokens"), n(worksheetlimits::maxTokens + 1),
            n(worksheetlimits::maxTokens) });
    row("worksheet: d_model",
        sheets + QStringList { QStringLiteral("--d-model"), n(worksheetlimits::maxDModel + 1) },
        { QStringLiteral("d-model"), n(worksheetlimits::maxDModel + 1),
            n(worksheetlimits::maxDModel) });
    row("worksheet: heads",
        sheets + QStringList { QStringLiteral("--heads"), n(worksheetlimits::maxHeads + 1) },
        { QStringLiteral("heads"), n(worksheetlimits::maxHeads + 1),
            n(worksheetlimits::maxHeads) });
    const QStringList train { QStringLiteral("train"), QStringLiteral("--task"),
        QStringLiteral("reverse") };
    row("train: length", train + QStringList { QStringLiteral("--length"), n(maxTrainLength + 1) },
        { QStringLiteral("--length"), n(maxTrainLength + 1), n(maxTrainLength) });
    row("train: vocab", train + QStringList { QStringLiteral("--vocab"), n(maxTrainVocab + 1) },
        { QStringLiteral("--vocab"), n(maxTrainVocab + 1), n(maxTrainVocab) });
    row("train: d_model",
        train + QStringList { QStringLiteral("--d-model"), n(maxTrainModelDim + 1) },
        { QStringLiteral("--d-model"), n(maxTrainModelDim + 1), n(maxTrainModelDim) });
    row("train: heads", train + QStringList { QStringLiteral("--heads"), n(maxTrainHeads + 1) },
        { QStringLiteral("--heads"), n(maxTrainHeads + 1), n(maxTrainHeads) });
    row("train: batch", train + QStringList { QStringLiteral("--batch"), n(maxTrainBatch + 1) },
        { QStringLiteral("--batch"), n(maxTrainBatch + 1), n(maxTrainBatch) });
    row("train: steps", train + QStringList { QStringLiteral("--steps"), n(maxTrainSteps + 1) },
        { QStringLiteral("--steps"), n(maxTrainSteps + 1), n(maxTrainSteps) });
    row("train: log every",
        train + QStringList { QStringLiteral("--log-every"), n(maxTrainSteps + 1) },
        { QStringLiteral("--log-every"), n(maxTrainSteps + 1), n(maxTrainSteps) });
    row("train: learning rate",
        train + QStringList { QStringLiteral("--lr"), QStringLiteral("2e6") },
        { QStringLiteral("--lr"), QStringLiteral("2e+06"), QStringLiteral("1e+06") });
    row("train: batch x length x d_model",
        train
            + QStringList { QStringLiteral("--batch"), n(maxTrainBatch), QStringLiteral("--length"),
                n(maxTrainLength), QStringLiteral("--d-model"), n(maxTrainModelDim) },
        { QStringLiteral("--batch"), QStringLiteral("5e+07") });
    // Within every limit above, past the memory budget.
    const QStringList budget { QStringLiteral("needs about"), QStringLiteral("GB of memory"),
        QStringLiteral("more than the budget of 1.0 GB") };
    row("compute: memory, every size at its limit",
        { QStringLiteral("compute"), QStringLiteral("@M") },
        QStringList { QStringLiteral("attention:") } + budget);
    row("train: memory, batch 4096 x length 12 x d_model 1016, 1000 words",
        train
            + QStringList { QStringLiteral("--batch"), n(4096), QStringLiteral("--length"), n(12),
                QStringLiteral("--d-model"), n(1016), QStringLiteral("--vocab"), n(1000),
                QStringLiteral("--steps"), n(1) },
        QStringList { QStringLiteral("--batch:") } + budget);
}

void TestCliLimits::refusedPastTheLimit()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, says);
    for (QString &a : args) {
        if (a == u"@S")
            a = m_session;
        else if (a == u"@T")
            a = m_tooManyTokens;
        else if (a == u"@G")
            a = m_wideGrid;
        else if (a == u"@M")
            a = m_atTheLimits;
        else if (a == u"@V")
            a = m_dir.filePath(QStringLiteral("grid.svg"));
        else if (a == u"@P")
            a = m_dir.filePath(QStringLiteral("figure.png"));
        else if (a == u"@O")
            a = m_dir.filePath(
                QStringLiteral("out-%1").arg(QString::fromLatin1(QTest::currentDataTag())
                                                 .replace(QLatin1Char(' '), QLatin1Char('_'))));
    }
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, int(CommandLine::Refused));
    const QString err = QString::fromUtf8(run.err);
    for (const QString &word : says)
        QVERIFY2(err.contains(word), qPrintable(QStringLiteral("no \"%1\" in: %2").arg(word, err)));
    QVERIFY(run.out.isEmpty());
}

void TestCliLimits::acceptedAtTheLimit_data()
{
    QTest::addColumn<QStringList>("args");
    using namespace limits;
    QTest::newRow("entropy: keys and d_k at their limits")
        << QStringList { QStringLiteral("entropy"), QStringLiteral("--dims"), n(maxExperimentDim),
               QStringLiteral("--queries"), n(1), QStringLiteral("--keys"), n(maxExperimentKeys) };
    QTest::newRow("entropy: dimension count at its limit")
        << QStringList { QStringLiteral("entropy"), QStringLiteral("--dims"),
               QStringList(maxExperimentDims, QStringLiteral("2")).join(QLatin1Char(',')),
               QStringLiteral("--queries"), n(1) };
    QTest::newRow("explain: decimals at the limit") << QStringList { QStringLiteral("explain"),
        QStringLiteral("@S"), QStringLiteral("--head"), n(1), QStringLiteral("--query"), n(1),
        QStringLiteral("--key"), n(3), QStringLiteral("--decimals"), n(15) };
    QTest::newRow("train: length and vocabulary at their limits")
        << QStringList { QStringLiteral("train"), QStringLiteral("--task"), QStringLiteral("copy"),
               QStringLiteral("--length"), n(maxTrainLength), QStringLiteral("--vocab"),
               n(maxTrainVocab), QStringLiteral("--d-model"), n(8), QStringLiteral("--batch"), n(2),
               QStringLiteral("--steps"), n(1) };
    QTest::newRow("train: heads at the limit")
        << QStringList { QStringLiteral("train"), QStringLiteral("--task"),
               QStringLiteral("rotate"), QStringLiteral("--d-model"), n(maxTrainHeads),
               QStringLiteral("--heads"), n(maxTrainHeads), QStringLiteral("--steps"), n(2) };
}

void TestCliLimits::acceptedAtTheLimit()
{
    QFETCH(QStringList, args);
    for (QString &a : args)
        if (a == u"@S")
            a = m_session;
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && run.exitCode == int(CommandLine::Ok), qPrintable(test::describe(run)));
}

void TestCliLimits::oversizedSessionFileRefusedBeforeReading()
{
    // A sparse file one byte past the limit: the refusal comes from its size alone.
    const QString file = m_dir.filePath(QStringLiteral("huge.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(limits::maxSessionFileBytes + 1));
    f.close();
    for (const char *command : { "compute", "explain", "export" }) {
        QStringList args { QString::fromLatin1(command), file };
        if (QByteArray(command) == "explain")
            args << QStringLiteral("--head") << n(0) << QStringLiteral("--query") << n(0)
                 << QStringLiteral("--key") << n(0);
        if (QByteArray(command) == "export")
            args << QStringLiteral("-o") << m_dir.filePath(QStringLiteral("x.svg"));
        const test::CliRun run = test::runCli(args);
        QVERIFY2(
            run.finished && run.exitCode != int(CommandLine::Ok), qPrintable(test::describe(run)));
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(
            err.contains(n(limits::maxSessionFileBytes)) && err.contains(QStringLiteral("bytes")),
            qPrintable(err));
    }
}

QTEST_MAIN(TestCliLimits)
#include "tst_clilimits.moc"
