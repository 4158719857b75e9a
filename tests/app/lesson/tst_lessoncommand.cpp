// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer lesson`: the built-in list, `--check` answers checked against `compute`
// run on each step's session (the answers are worked out here from compute's numbers, not by
// the lesson code), handouts, and refusals.

#include "testsupportcli.h"
#include "testsupporttools.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <map>

using namespace ae;
using namespace ae::test;

namespace {

const QStringList builtinNames { QStringLiteral("cross-attention"),
    QStringLiteral("multi-head-by-hand"), QStringLiteral("qkv-wirings"),
    QStringLiteral("three-attentions"), QStringLiteral("why-sqrt-dk") };

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
    void printsEveryClaimWithItsValues_data();
    void printsEveryClaimWithItsValues();
    void aFalseClaimFailsTheCheck();
    void failedHandoutLeavesNoFolder();
    void handoutProgressOnATerminal();

private:
    /// `lesson NAME --check` of a built-in lesson, run once for all the functions that read
    /// it: the √d_k lesson trains its runs for each run of the command.
    const CliRun &checkOf(const QString &name);

    std::map<QString, CliRun> m_checks;
};

const CliRun &TestLessonCommand::checkOf(const QString &name)
{
    auto found = m_checks.find(name);
    if (found == m_checks.end())
        found = m_checks
                    .emplace(
                        name, runCli({ QStringLiteral("lesson"), name, QStringLiteral("--check") }))
                    .first;
    return found->second;
}

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
    const CliRun &run = checkOf(name);
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
    QTest::newRow("md zh, the trained transformer")
        << QStringLiteral("three-attentions") << QStringLiteral("zh") << QStringLiteral("h.md");
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
    // Piped, a handout says nothing, however long it trains (the √d_k row trains its runs).
    QVERIFY2(run.err.isEmpty(), run.err.constData());
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
    const CliRun &check = checkOf(name);
    QVERIFY2(check.exitCode == 0, qPrintable(describe(check)));
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
    // A mistyped built-in name is a usage error, with the nearest name.
    QTest::newRow("mistyped name")
        << QStringList { QStringLiteral("cros-attention"), QStringLiteral("--check") } << 2
        << QStringLiteral("lesson: \"cros-attention\" is not a built-in lesson; did you mean "
                          "cross-attention?");
    QTest::newRow("mistyped name, handout") << QStringList { QStringLiteral("why-sqrt-k"),
        QStringLiteral("--handout"), QStringLiteral("x.md") }
                                            << 2 << QStringLiteral("did you mean why-sqrt-dk?");
    QTest::newRow("unknown name")
        << QStringList { QStringLiteral("transformers"), QStringLiteral("--check") } << 2
        << QStringLiteral("lesson: \"transformers\" is neither a built-in lesson "
                          "(cross-attention, multi-head-by-hand, qkv-wirings, three-attentions, "
                          "why-sqrt-dk) nor a lesson file");
    QTest::newRow("no action") << QStringList { QStringLiteral("why-sqrt-dk") } << 2
                               << QStringLiteral("lesson: give exactly one of");
    QTest::newRow("two actions") << QStringList { QStringLiteral("--builtin"),
        QStringLiteral("--check") }
                                 << 2 << QStringLiteral("lesson: give exactly one of");
    QTest::newRow("handout suffix") << QStringList {
        QStringLiteral("why-sqrt-dk"), QStringLiteral("--handout"), QStringLiteral("out.html")
    } << 2 << QStringLiteral("--handout: \"out.html\" does not end in .md or .pdf");
    // A lesson step is seconds of training, not the train command's hours.
    const QString hours = QStringLiteral(
        AE_TEST_DATA_DIR "/lessons/bad/view-training-hours-of-training.aelesson.json");
    QTest::newRow("hours of training")
        << QStringList { hours, QStringLiteral("--check") } << 2
        << QStringLiteral("steps[0].view.training.d_model: 1024 is more than a lesson allows (128");
    QTest::newRow("hours of training, handout")
        << QStringList { hours, QStringLiteral("--handout"), QStringLiteral("/nonexistent/x.md") }
        << 2 << QStringLiteral("steps[0].view.training.d_model: 1024 is more than a lesson allows");
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

void TestLessonCommand::printsEveryClaimWithItsValues_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : builtinNames)
        QTest::newRow(qPrintable(name)) << name;
}

void TestLessonCommand::printsEveryClaimWithItsValues()
{
    // Every built-in claim holds, printed with its computed values, and in words on stderr.
    QFETCH(QString, name);
    const CliRun &run = checkOf(name);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonArray steps = parseObject(run.out).value(QLatin1String("steps")).toArray();
    int claims = 0;
    for (int i = 0; i < steps.size(); ++i) {
        const QJsonArray list = steps.at(i).toObject().value(QLatin1String("claims")).toArray();
        for (int c = 0; c < list.size(); ++c) {
            const QJsonObject claim = list.at(c).toObject();
            QVERIFY(claim.value(QLatin1String("left_value")).isDouble());
            QVERIFY(claim.value(QLatin1String("bound")).isDouble());
            QCOMPARE(claim.value(QLatin1String("holds")).toBool(), true);
            const QString line = QStringLiteral("steps[%1].claims[%2]: ").arg(i).arg(c);
            QVERIFY2(QString::fromUtf8(run.err).contains(line), qPrintable(line));
            ++claims;
        }
    }
    QVERIFY(claims >= 3);
}

void TestLessonCommand::aFalseClaimFailsTheCheck()
{
    // The √d_k lesson's old caption: run B's W_q gradients "orders of magnitude smaller than
    // run A's" (here: under a tenth over steps 0–9), beside a true claim.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("false.aelesson.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "attention-explorer-lesson", "version": 1, "title": {"en": "T"},
      "steps": [{"example": "cross-attention-2heads", "caption": {"en": "{{q}}"},
        "view": {"training": {"task": "reverse", "d_model": 128, "steps": 20}},
        "claims": [
          {"left": {"quantity": "divisor"}, "compare": "==", "right": 1.4142135623730951},
          {"id": "q", "left": {"quantity": "training.grad_norm_q", "run": "B", "steps": [0, 9]},
           "compare": "<", "right": {"quantity": "training.grad_norm_q", "run": "A",
           "steps": [0, 9]}, "factor": 0.1}]}]})");
    f.close();
    const CliRun run = runCli({ QStringLiteral("lesson"), file, QStringLiteral("--check") });
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(QStringLiteral("steps[0].claims[0]: divisor = 1.41421 == ")),
        run.err.constData());
    QVERIFY2(err.contains(QStringLiteral(": holds")), run.err.constData());
    QVERIFY2(
        err.contains(QStringLiteral("lesson: steps[0].claims[1]: training.grad_norm_q of run B")),
        run.err.constData());
    QVERIFY2(err.contains(QStringLiteral(": fails")), run.err.constData());
    const QJsonObject step
        = parseObject(run.out).value(QLatin1String("steps")).toArray().at(0).toObject();
    const QJsonArray claims = step.value(QLatin1String("claims")).toArray();
    QCOMPARE(claims.at(0).toObject().value(QLatin1String("holds")).toBool(), true);
    const QJsonObject gradient = claims.at(1).toObject();
    QCOMPARE(gradient.value(QLatin1String("holds")).toBool(), false);
    // The caption as shown: the computed value, not the mark.
    const QString shown = step.value(QLatin1String("caption"))
                              .toObject()
                              .value(QLatin1String("shown"))
                              .toObject()
                              .value(QLatin1String("en"))
                              .toString();
    QCOMPARE(
        shown, QString::number(gradient.value(QLatin1String("left_value")).toDouble(), 'f', 2));
}

void TestLessonCommand::failedHandoutLeavesNoFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // The handout's own file name is taken by a folder: the Markdown cannot be written, after
    // its figures were.
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("h.md")));
    const CliRun run = runCli({ QStringLiteral("lesson"), QStringLiteral("multi-head-by-hand"),
        QStringLiteral("--handout"), dir.filePath(QStringLiteral("h.md")) });
    QVERIFY2(!QFileInfo::exists(dir.filePath(QStringLiteral("h-figures"))),
        "the failed handout left its figures folder");
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.startsWith("lesson: "), run.err.constData());
    // A folder that was there before stays.
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("h-figures")));
    QVERIFY(runCli({ QStringLiteral("lesson"), QStringLiteral("multi-head-by-hand"),
                       QStringLiteral("--handout"), dir.filePath(QStringLiteral("h.md")) })
                .exitCode
        == 1);
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("h-figures"))).isDir());
}

void TestLessonCommand::handoutProgressOnATerminal()
{
    AE_REQUIRE_TOOL("script", "bsdutils");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // The √d_k lesson's handout trains its two runs (once for claims and figures): seconds
    // of work.
    const CliRun shown = runCliOnTerminal({ QStringLiteral("lesson"), QStringLiteral("why-sqrt-dk"),
        QStringLiteral("--handout"), dir.filePath(QStringLiteral("t.md")) });
    QVERIFY2(shown.finished && shown.exitCode == 0, qPrintable(describe(shown)));
    // The first line comes after a second of work, later on a busy machine: any count of
    // seconds, the line's own words.
    QVERIFY2(QRegularExpression(QStringLiteral(R"(lesson: running, \d+ s \(writing the handout\))"))
                 .match(QString::fromUtf8(shown.out))
                 .hasMatch(),
        shown.out.constData());
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("t.md"))));
    // Piped, the same handout says nothing: writesHandouts(md en) checks that run.
}

QTEST_MAIN(TestLessonCommand)
#include "tst_lessoncommand.moc"
