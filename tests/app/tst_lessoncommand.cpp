// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer lesson`: the built-in list, `--check` answers checked against `compute`
// run on each step's session (the answers are worked out here from compute's numbers, not by
// the lesson code), handouts, and refusals.

#include "testsupportcli.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace ae;
using namespace ae::test;

namespace {

const QStringList builtinNames { QStringLiteral("cross-attention"),
    QStringLiteral("multi-head-by-hand"), QStringLiteral("qkv-wirings"),
    QStringLiteral("why-sqrt-dk") };

/// `compute` on @p session, written to a file in @p dir.
QJsonObject computeOf(const QJsonObject &session, const QTemporaryDir &dir, int step)
{
    const QString file = dir.filePath(QStringLiteral("step-%1.json").arg(step));
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(session).toJson());
    f.close();
    const CliRun run = runCli({ QStringLiteral("compute"), file });
    return run.exitCode == 0 ? parseObject(run.out) : QJsonObject();
}

/// The weight row of @p query for @p head ("mean" or a number) in compute's output.
std::vector<double> weightRow(const QJsonObject &computed, const QJsonValue &head, int query)
{
    const QJsonArray rows = head.isString()
        ? computed.value(QLatin1String("mean_weights")).toArray()
        : computed.value(QLatin1String("heads"))
              .toArray()
              .at(head.toInt())
              .toObject()
              .value(QLatin1String("weights"))
              .toArray();
    std::vector<double> row;
    for (const QJsonValue &x : rows.at(query).toArray())
        row.push_back(x.toDouble());
    return row;
}

/// A direction question's measure, from compute's numbers.
double measureOf(const QJsonObject &computed, const QJsonObject &question)
{
    const QString measure = question.value(QLatin1String("measure")).toString();
    const int query = question.value(QLatin1String("query")).toInt();
    if (measure == QLatin1String("output"))
        return computed.value(QLatin1String("output"))
            .toArray()
            .at(query)
            .toArray()
            .at(question.value(QLatin1String("dim")).toInt())
            .toDouble();
    const std::vector<double> row
        = weightRow(computed, question.value(QLatin1String("head")), query);
    if (measure == QLatin1String("max_weight"))
        return *std::max_element(row.begin(), row.end());
    double h = 0;
    for (double p : row)
        h -= p > 0 ? p * std::log(p) : 0.0;
    return h;
}

} // namespace

class TestLessonCommand : public QObject
{
    Q_OBJECT

private slots:
    void listsTheBuiltinLessons();
    void answersEqualCompute_data();
    void answersEqualCompute();
    void writesHandouts_data();
    void writesHandouts();
    void refuses_data();
    void refuses();
};

void TestLessonCommand::listsTheBuiltinLessons()
{
    const CliRun run = runCli({ QStringLiteral("lesson"), QStringLiteral("--builtin") });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QStringList lines
        = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), builtinNames.size());
    for (int i = 0; i < lines.size(); ++i) {
        QCOMPARE(lines[i].section(QLatin1Char('\t'), 0, 0), builtinNames[i]);
        QVERIFY(!lines[i].section(QLatin1Char('\t'), 1).isEmpty());
    }
}

void TestLessonCommand::answersEqualCompute_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : builtinNames)
        QTest::newRow(qPrintable(name)) << name;
}

void TestLessonCommand::answersEqualCompute()
{
    QFETCH(QString, name);
    const CliRun run = runCli({ QStringLiteral("lesson"), name, QStringLiteral("--check") });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonArray steps = parseObject(run.out).value(QLatin1String("steps")).toArray();
    QVERIFY(steps.size() >= 3);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    int questions = 0;
    for (int i = 0; i < steps.size(); ++i) {
        const QJsonObject step = steps.at(i).toObject();
        const QJsonObject question = step.value(QLatin1String("question")).toObject();
        if (question.isEmpty())
            continue;
        ++questions;
        const QString kind = question.value(QLatin1String("kind")).toString();
        const QJsonValue answer = question.value(QLatin1String("answer"));
        if (kind == QLatin1String("choice")) {
            QVERIFY(answer.toInt(-1) >= 0);
            QVERIFY(answer.toInt() < question.value(QLatin1String("options")).toArray().size());
            continue;
        }
        const QJsonObject computed
            = computeOf(step.value(QLatin1String("session")).toObject(), dir, i);
        QVERIFY2(!computed.isEmpty(), qPrintable(QStringLiteral("step %1: compute failed").arg(i)));
        const int query = question.value(QLatin1String("query")).toInt();
        const std::vector<double> row
            = weightRow(computed, question.value(QLatin1String("head")), query);
        if (kind == QLatin1String("argmax")) {
            const int best
                = static_cast<int>(std::max_element(row.begin(), row.end()) - row.begin());
            QCOMPARE(answer.toInt(-1), best);
        } else if (kind == QLatin1String("weight")) {
            QCOMPARE(answer.toDouble(-1),
                row.at(static_cast<size_t>(question.value(QLatin1String("key")).toInt())));
        } else {
            QCOMPARE(kind, QStringLiteral("direction"));
            QVERIFY(i > 0);
            const QJsonObject before = computeOf(
                steps.at(i - 1).toObject().value(QLatin1String("session")).toObject(), dir, i - 1);
            const double a = measureOf(before, question);
            const double b = measureOf(computed, question);
            const double tolerance = 1e-9 * std::max({ 1.0, std::abs(a), std::abs(b) });
            const QString expected = b > a + tolerance ? QStringLiteral("rises")
                : b < a - tolerance                    ? QStringLiteral("falls")
                                                       : QStringLiteral("unchanged");
            QCOMPARE(answer.toString(), expected);
            QVERIFY(std::abs(question.value(QLatin1String("before")).toDouble() - a) <= 1e-12);
            QVERIFY(std::abs(question.value(QLatin1String("after")).toDouble() - b) <= 1e-12);
        }
    }
    QVERIFY(questions >= 3);
}

void TestLessonCommand::writesHandouts_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("file");
    QTest::newRow("md en") << QStringLiteral("why-sqrt-dk") << QStringLiteral("en")
                           << QStringLiteral("h.md");
    QTest::newRow("md zh") << QStringLiteral("qkv-wirings") << QStringLiteral("zh")
                           << QStringLiteral("h.md");
    QTest::newRow("pdf en") << QStringLiteral("multi-head-by-hand") << QStringLiteral("en")
                            << QStringLiteral("h.pdf");
}

void TestLessonCommand::writesHandouts()
{
    QFETCH(QString, name);
    QFETCH(QString, lang);
    QFETCH(QString, file);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(file);
    const CliRun run = runCli({ QStringLiteral("lesson"), name, QStringLiteral("--handout"), out,
        QStringLiteral("--lang"), lang });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    if (file.endsWith(QLatin1String(".pdf"))) {
        QVERIFY(bytes.startsWith("%PDF"));
        return;
    }
    // Every figure the Markdown names exists; the answers come after every question.
    const QString text = QString::fromUtf8(bytes);
    const QStringList figures
        = QDir(dir.filePath(QStringLiteral("h-figures"))).entryList(QDir::Files);
    QVERIFY(!figures.isEmpty());
    for (const QString &svg : figures)
        QVERIFY(text.contains(QStringLiteral("](h-figures/") + svg + QLatin1Char(')')));
    const CliRun check = runCli({ QStringLiteral("lesson"), name, QStringLiteral("--check") });
    const QJsonArray steps = parseObject(check.out).value(QLatin1String("steps")).toArray();
    const QString answers
        = lang == QLatin1String("zh") ? QStringLiteral("\n# 答案") : QStringLiteral("\n# Answers");
    const qsizetype answersAt = text.indexOf(answers);
    QVERIFY(answersAt > 0);
    for (const QJsonValue &step : steps) {
        const QJsonObject prompt = step.toObject()
                                       .value(QLatin1String("question"))
                                       .toObject()
                                       .value(QLatin1String("prompt"))
                                       .toObject();
        if (prompt.isEmpty())
            continue;
        const qsizetype at = text.indexOf(prompt.value(lang).toString());
        QVERIFY(at > 0 && at < answersAt);
    }
}

void TestLessonCommand::refuses_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message");
    const QString bad
        = QStringLiteral(AE_TEST_DATA_DIR "/lessons/bad/caption-file-link.aelesson.json");
    QTest::newRow("bad lesson") << QStringList { bad, QStringLiteral("--check") } << 2
                                << QStringLiteral("steps[0].caption.zh: ");
    QTest::newRow("missing file") << QStringList { QStringLiteral("/nonexistent/x.aelesson.json"),
        QStringLiteral("--check") }
                                  << 1 << QStringLiteral("cannot be read");
    QTest::newRow("no action") << QStringList { QStringLiteral("why-sqrt-dk") } << 2
                               << QStringLiteral("lesson: give exactly one of");
    QTest::newRow("two actions") << QStringList { QStringLiteral("--builtin"),
        QStringLiteral("--check") }
                                 << 2 << QStringLiteral("lesson: give exactly one of");
    QTest::newRow("handout suffix") << QStringList {
        QStringLiteral("why-sqrt-dk"), QStringLiteral("--handout"), QStringLiteral("out.html")
    } << 2 << QStringLiteral("--handout: \"out.html\" does not end in .md or .pdf");
    QTest::newRow("language") << QStringList { QStringLiteral("why-sqrt-dk"),
        QStringLiteral("--check"), QStringLiteral("--lang"), QStringLiteral("fr") }
                              << 2 << QStringLiteral("--lang: \"fr\" is not en or zh");
}

void TestLessonCommand::refuses()
{
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QFETCH(QString, message);
    const CliRun run = runCli(QStringList { QStringLiteral("lesson") } + args);
    QCOMPARE(run.exitCode, status);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
}

QTEST_MAIN(TestLessonCommand)
#include "tst_lessoncommand.moc"
