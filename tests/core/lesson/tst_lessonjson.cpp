// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson files: a hand-made lesson resolves to the sessions, views and answers worked out here
// by hand; hostile lessons are refused with the JSON path of the fault; captions that could
// load or run something are refused.

#include "lesson/lessoncaption.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonlimits.h"
#include "lesson/lessonresolvedjson.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportfuzz.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace ae;

namespace {

QString lessonPath(const QString &name)
{
    return QStringLiteral(AE_TEST_DATA_DIR "/lessons/") + name;
}

/// Softmax weights of Q Kᵀ / s for one head that uses every column (plain loops).
std::vector<std::vector<double>> handWeights(
    const Eigen::MatrixXd &q, const Eigen::MatrixXd &k, double s)
{
    std::vector<std::vector<double>> w(static_cast<size_t>(q.rows()));
    for (int i = 0; i < q.rows(); ++i) {
        std::vector<double> scores;
        for (int j = 0; j < k.rows(); ++j) {
            double dot = 0;
            for (int m = 0; m < q.cols(); ++m)
                dot += q(i, m) * k(j, m);
            scores.push_back(dot / s);
        }
        const double top = *std::max_element(scores.begin(), scores.end());
        double sum = 0;
        for (double &x : scores)
            sum += (x = std::exp(x - top));
        for (double &x : scores)
            x /= sum;
        w[static_cast<size_t>(i)] = scores;
    }
    return w;
}

double entropy(const std::vector<double> &p)
{
    double h = 0;
    for (double x : p)
        h -= x > 0 ? x * std::log(x) : 0.0;
    return h;
}

} // namespace

class TestLessonJson : public QObject
{
    Q_OBJECT

private slots:
    void resolvesTheHandMadeLesson();
    void checkJsonHasTheSpecShape();
    void refusesBadLessons_data();
    void refusesBadLessons();
    void everyBadLessonIsListed();
    void trainingView_data();
    void trainingView();
    void captions_data();
    void captions();
    void refusesOversizedFilesBeforeReading();
    void builtinLessons_data();
    void builtinLessons();
};

void TestLessonJson::resolvesTheHandMadeLesson()
{
    const LessonLoadResult loaded
        = loadLessonFile(lessonPath(QStringLiteral("good.aelesson.json")), test::lessonTestExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const ResolvedLesson &lesson = loaded.lesson;
    QCOMPARE(lesson.title.in(true), QStringLiteral("测试课"));
    QCOMPARE(lesson.steps.size(), size_t(6));

    // Step 0: the reference case itself; the argmax of the mean row of "i" from PyTorch's numbers.
    const SessionLoadResult reference
        = sessionFromJson(*test::lessonTestExample(QStringLiteral("seed-cross-2heads")));
    QVERIFY(reference.ok());
    QCOMPARE(test::compareSessions(lesson.steps[0].session, reference.session), QString());
    const QJsonObject expected = test::readJsonObject(
        test::referenceCasesDir() + QStringLiteral("/seed-cross-2heads.expected.json"));
    const QJsonArray meanRow
        = expected.value(QLatin1String("mean_weights")).toArray().at(0).toArray();
    int best = 0;
    for (int j = 1; j < meanRow.size(); ++j)
        best = meanRow.at(j).toDouble() > meanRow.at(best).toDouble() ? j : best;
    QCOMPARE(best, 1);
    QVERIFY(lesson.steps[0].question);
    QCOMPARE(lesson.steps[0].answer.index, best);
    QVERIFY(std::abs(lesson.steps[0].answer.value - meanRow.at(best).toDouble()) < 1e-12);
    QCOMPARE(lesson.steps[0].view.computationStep, QStringLiteral("weights"));
    QCOMPARE(lesson.steps[0].view.highlights, (std::vector<std::pair<int, int>> { { 0, 1 } }));
    QCOMPARE(lesson.steps[0].notes.in(true), QStringLiteral("Ask the class first."));

    // Step 1: one head, d_k 4, identity projections: Q = Y, K = X, scale 2.
    Session oneHead = reference.session;
    oneHead.attention.config.heads = 1;
    QCOMPARE(test::compareSessions(lesson.steps[1].session, oneHead), QString());
    const Eigen::MatrixXd &y = reference.session.target.embeddings;
    const Eigen::MatrixXd &x = reference.session.source.embeddings;
    const auto scaled = handWeights(y, x, 2.0);
    QVERIFY(std::abs(lesson.steps[1].answer.value - scaled[1][2]) < 1e-12);
    QCOMPARE(lesson.steps[1].view.heatmap, LessonHeatmap::Head);

    // Step 2: without the scale the row of "i" sharpens.
    const auto unscaled = handWeights(y, x, 1.0);
    QCOMPARE(lesson.steps[2].session.attention.config.scale.mode, ScaleMode::None);
    QVERIFY(std::abs(lesson.steps[2].answer.before - entropy(scaled[0])) < 1e-12);
    QVERIFY(std::abs(lesson.steps[2].answer.after - entropy(unscaled[0])) < 1e-12);
    QVERIFY(entropy(unscaled[0]) < entropy(scaled[0]));
    QCOMPARE(lesson.steps[2].answer.direction, LessonDirection::Falls);
    QCOMPARE(lesson.steps[2].view.scalingPanel, QStringLiteral("entropy"));

    // Step 3: temperature 2 is the divisor 2 sqrt(4); the choice's answer is the marked option.
    QCOMPARE(lesson.steps[3].session.attention.config.scale.mode, ScaleMode::Custom);
    QCOMPARE(lesson.steps[3].session.attention.config.scale.divisor, 4.0);
    QCOMPARE(lesson.steps[3].answer.index, 2);
    QCOMPARE(lesson.steps[3].question->options.at(2).in(true), QStringLiteral("丙"));

    // Step 5: doubling W_v keeps the weights and doubles the output.
    const auto hot = handWeights(y, x, 4.0);
    double out = 0;
    for (int j = 0; j < x.rows(); ++j)
        out += hot[1][static_cast<size_t>(j)] * x(j, 0);
    QVERIFY(std::abs(lesson.steps[5].answer.before - out) < 1e-12);
    QVERIFY(std::abs(lesson.steps[5].answer.after - 2 * out) < 1e-12);
    QCOMPARE(lesson.steps[5].answer.direction, LessonDirection::Rises);
    QCOMPARE(lesson.steps[5].session.attention.projections.wv,
        Eigen::MatrixXd(2 * Eigen::MatrixXd::Identity(4, 4)));
    QCOMPARE(lesson.steps[5].session.attention.projections.wk,
        Eigen::MatrixXd(Eigen::MatrixXd::Identity(4, 4)));
}

void TestLessonJson::checkJsonHasTheSpecShape()
{
    const LessonLoadResult loaded
        = loadLessonFile(lessonPath(QStringLiteral("good.aelesson.json")), test::lessonTestExample);
    QVERIFY(loaded.ok());
    const QJsonObject json = resolvedLessonToJson(loaded.lesson);
    const QJsonArray steps = json.value(QLatin1String("steps")).toArray();
    QCOMPARE(steps.size(), 6);
    const QJsonObject q0 = steps.at(0).toObject().value(QLatin1String("question")).toObject();
    QCOMPARE(q0.value(QLatin1String("kind")).toString(), QStringLiteral("argmax"));
    QCOMPARE(q0.value(QLatin1String("head")).toString(), QStringLiteral("mean"));
    QCOMPARE(q0.value(QLatin1String("query")).toInt(), 0);
    QCOMPARE(q0.value(QLatin1String("answer")).toInt(), 1);
    const QJsonObject q1 = steps.at(1).toObject().value(QLatin1String("question")).toObject();
    QCOMPARE(q1.value(QLatin1String("head")).toInt(-1), 0);
    QCOMPARE(q1.value(QLatin1String("key")).toInt(), 2);
    QCOMPARE(q1.value(QLatin1String("answer")).toDouble(), loaded.lesson.steps[1].answer.value);
    QCOMPARE(steps.at(2)
                 .toObject()
                 .value(QLatin1String("question"))
                 .toObject()
                 .value(QLatin1String("answer"))
                 .toString(),
        QStringLiteral("falls"));
    // Every step carries its whole session, which loads again as the same session.
    for (int i = 0; i < steps.size(); ++i) {
        const SessionLoadResult again = sessionFromJsonObject(
            steps.at(i).toObject().value(QLatin1String("session")).toObject());
        QVERIFY(again.ok());
        QVERIFY(again.session == loaded.lesson.steps[static_cast<size_t>(i)].session);
    }
}

void TestLessonJson::refusesBadLessons_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    const std::pair<const char *, const char *> rows[] = {
        { "wrong-format", "format" },
        { "unsupported-version", "version" },
        { "missing-title", "title" },
        { "empty-title", "title" },
        { "title-not-object", "title" },
        { "unknown-top-field", "author" },
        { "no-steps", "steps" },
        { "steps-not-array", "steps" },
        { "too-many-steps", "steps" },
        { "first-step-without-state", "steps[0]" },
        { "unknown-example", "steps[0].example" },
        { "session-and-example", "steps[0].example" },
        { "inline-session-bad-heads", "steps[0].session.attention.heads" },
        { "unknown-step-field", "steps[0].captoin" },
        { "missing-caption", "steps[0].caption" },
        { "edit-unknown-field", "steps[1].edits[\"attention.colour\"]" },
        { "edit-heads-not-dividing", "steps[1].edits[\"attention.heads\"]" },
        { "edit-key-matrix-not-explicit", "steps[1].edits[\"attention.projections.w_k\"]" },
        { "edits-not-object", "steps[1].edits" },
        { "view-head-out-of-range", "steps[0].view.head" },
        { "view-unknown-computation", "steps[0].view.computation" },
        { "view-temperature-out-of-range", "steps[0].view.temperature" },
        { "view-highlight-out-of-range", "steps[0].view.highlight[1][1]" },
        { "view-training-d-model-too-large", "steps[0].view.training.d_model" },
        { "view-training-heads-not-dividing", "steps[0].view.training.heads" },
        { "view-training-zero-steps", "steps[0].view.training.steps" },
        { "view-training-unknown-task", "steps[0].view.training.task" },
        { "view-training-unknown-field", "steps[0].view.training.lr" },
        { "view-training-fractional-seed", "steps[0].view.training.seed" },
        { "view-training-hours-of-training", "steps[0].view.training.d_model" },
        { "view-training-steps-past-lesson-limit", "steps[0].view.training.steps" },
        { "view-training-too-many-steps-train", "steps[4].view.training" },
        { "caption-remote-image", "steps[0].caption.en" },
        { "caption-file-link", "steps[0].caption.zh" },
        { "caption-html", "steps[0].caption.en" },
        { "caption-script-reference", "steps[0].caption.en" },
        { "caption-too-long", "steps[0].caption.en" },
        { "question-unknown-kind", "steps[0].question.kind" },
        { "question-query-out-of-range", "steps[0].question.query" },
        { "question-key-out-of-range", "steps[0].question.key" },
        { "question-head-out-of-range", "steps[0].question.head" },
        { "question-typed-answer", "steps[0].question.answer" },
        { "question-direction-first-step", "steps[0].question.kind" },
        { "question-output-without-dim", "steps[1].question.dim" },
        { "question-missing-prompt", "steps[0].question.prompt" },
        { "choice-none-correct", "steps[0].question.options" },
        { "choice-two-correct", "steps[0].question.options[1].correct" },
        { "choice-one-option", "steps[0].question.options" },
        { "numbers-past-budget", "steps[1].question" },
    };
    for (const auto &[file, path] : rows)
        QTest::newRow(file) << QString::fromLatin1(file) << QString::fromUtf8(path);
}

void TestLessonJson::refusesBadLessons()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    const LessonLoadResult loaded = loadLessonFile(
        lessonPath(QStringLiteral("bad/") + file + QStringLiteral(".aelesson.json")),
        test::lessonTestExample);
    QVERIFY2(!loaded.ok(), "the lesson was accepted");
    QCOMPARE(loaded.error->kind, SessionError::Kind::Invalid);
    QCOMPARE(loaded.error->path, path);
    QVERIFY(!loaded.error->message.isEmpty());
}

void TestLessonJson::trainingView_data()
{
    QTest::addColumn<QString>("training");
    QTest::addColumn<QString>("task");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("seed");
    const RunConfig d;
    QTest::newRow("empty: the window's defaults")
        << QStringLiteral("{}") << taskName(d.task.kind) << d.dModel << d.heads << d.steps << 0;
    QTest::newRow("every field") << QStringLiteral(
        R"({"task": "reverse", "d_model": 128, "heads": 1, "steps": 600, "seed": 2})")
                                 << QStringLiteral("reverse") << 128 << 1 << 600 << 2;
    QTest::newRow("some fields") << QStringLiteral(R"({"task": "translate", "d_model": 64})")
                                 << QStringLiteral("translate") << 64 << d.heads << d.steps << 0;
    // A lesson's own limits, smaller than the train command's: seconds of training.
    QTest::newRow("limits") << QStringLiteral(R"({"d_model": 128, "heads": 64, "steps": 2000})")
                            << taskName(d.task.kind) << 128 << 64 << 2000 << 0;
}

void TestLessonJson::trainingView()
{
    QFETCH(QString, training);
    QFETCH(QString, task);
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(int, steps);
    QFETCH(int, seed);
    const QByteArray json = QStringLiteral(R"({"format": "attention-explorer-lesson", "version": 1,
        "title": {"en": "T"}, "steps": [{"example": "cross-attention-2heads",
        "caption": {"en": "c"}, "view": {"training": %1}}]})")
                                .arg(training)
                                .toUtf8();
    const LessonLoadResult loaded = lessonFromJson(json, test::lessonTestExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const auto &config = loaded.lesson.steps.front().view.training;
    QVERIFY(config);
    QCOMPARE(taskName(config->task.kind), task);
    QCOMPARE(config->dModel, dModel);
    QCOMPARE(config->heads, heads);
    QCOMPARE(config->steps, steps);
    QCOMPARE(config->seed, std::uint64_t(seed));
    // Run A's divisor: the window runs B unscaled beside it.
    QCOMPARE(config->scale.mode, ScaleMode::SqrtDk);
    // `lesson --check` prints every field, the defaults filled in.
    const QJsonObject view = resolvedLessonToJson(loaded.lesson)
                                 .value(QLatin1String("steps"))
                                 .toArray()
                                 .at(0)
                                 .toObject()
                                 .value(QLatin1String("view"))
                                 .toObject();
    const QJsonObject printed = view.value(QLatin1String("training")).toObject();
    QCOMPARE(printed.value(QLatin1String("task")).toString(), task);
    QCOMPARE(printed.value(QLatin1String("d_model")).toInt(), dModel);
    QCOMPARE(printed.value(QLatin1String("heads")).toInt(), heads);
    QCOMPARE(printed.value(QLatin1String("steps")).toInt(), steps);
    QCOMPARE(printed.value(QLatin1String("seed")).toInt(), seed);
}

void TestLessonJson::everyBadLessonIsListed()
{
    // A bad lesson added to the folder without a row would never be checked.
    const QStringList files = QDir(lessonPath(QStringLiteral("bad")))
                                  .entryList({ QStringLiteral("*.aelesson.json") }, QDir::Files);
    QCOMPARE(files.size(), 49);
}

void TestLessonJson::captions_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("plain") << QStringLiteral("**Q** from the *target*, `K` and V from the source.")
                           << true;
    QTest::newRow("web link") << QStringLiteral("[d2l](https://d2l.ai/chapter.html)") << true;
    QTest::newRow("less than") << QStringLiteral("a < b and 2<3") << true;
    QTest::newRow("math") << QStringLiteral("softmax(QKᵀ/√d_k)") << true;
    QTest::newRow("remote image") << QStringLiteral("![x](https://e.com/x.png)") << false;
    QTest::newRow("local image") << QStringLiteral("![x](/etc/x.png)") << false;
    QTest::newRow("file link") << QStringLiteral("[x](file:///etc/passwd)") << false;
    QTest::newRow("relative link") << QStringLiteral("[x](notes.md)") << false;
    QTest::newRow("javascript link") << QStringLiteral("[x]( javascript:alert(1))") << false;
    QTest::newRow("data link") << QStringLiteral("[x](data:text/html,hi)") << false;
    QTest::newRow("html image") << QStringLiteral("<img src=\"http://e.com/x.png\">") << false;
    QTest::newRow("autolink") << QStringLiteral("<https://e.com>") << false;
    QTest::newRow("html comment") << QStringLiteral("<!-- x -->") << false;
    QTest::newRow("reference to file") << QStringLiteral("[a][r]\n\n  [r]: file:///x") << false;
    QTest::newRow("reference to web") << QStringLiteral("[a][r]\n\n[r]: https://e.com") << true;
}

void TestLessonJson::captions()
{
    QFETCH(QString, markdown);
    QFETCH(bool, allowed);
    QCOMPARE(!LessonCaption::problem(markdown).has_value(), allowed);
}

void TestLessonJson::refusesOversizedFilesBeforeReading()
{
    // A sparse file one byte past the limit: refused from its size, before it is read.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("big.aelesson.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(limits::maxLessonFileBytes + 1));
    file.close();
    const LessonLoadResult loaded = loadLessonFile(file.fileName(), test::lessonTestExample);
    QVERIFY(!loaded.ok());
    QCOMPARE(loaded.error->kind, SessionError::Kind::Invalid);
    QVERIFY(loaded.error->message.contains(QString::number(limits::maxLessonFileBytes)));

    const LessonLoadResult missing = loadLessonFile(
        dir.filePath(QStringLiteral("none.aelesson.json")), test::lessonTestExample);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error->kind, SessionError::Kind::Io);
}

void TestLessonJson::builtinLessons_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(AE_SOURCE_DIR "/resources/lessons"));
    const QStringList files = dir.entryList({ QStringLiteral("*.aelesson.json") }, QDir::Files);
    QVERIFY(files.size() >= 4);
    for (const QString &file : files)
        QTest::newRow(qPrintable(file)) << dir.filePath(file);
}

void TestLessonJson::builtinLessons()
{
    // Every built-in lesson loads, speaks both languages everywhere and asks at least three
    // questions; the fuzz invariant holds on it.
    QFETCH(QString, file);
    const LessonLoadResult loaded = loadLessonFile(file, test::lessonTestExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const ResolvedLesson &lesson = loaded.lesson;
    QVERIFY(!lesson.title.en.isEmpty() && !lesson.title.zh.isEmpty());
    int questions = 0;
    for (const ResolvedLessonStep &step : lesson.steps) {
        QVERIFY(!step.caption.en.isEmpty() && !step.caption.zh.isEmpty());
        QCOMPARE(step.notes.en.isEmpty(), step.notes.zh.isEmpty());
        if (!step.question)
            continue;
        ++questions;
        QVERIFY(!step.question->prompt.en.isEmpty() && !step.question->prompt.zh.isEmpty());
        for (const LessonText &option : step.question->options)
            QVERIFY(!option.en.isEmpty() && !option.zh.isEmpty());
    }
    QVERIFY(questions >= 3);
    QCOMPARE(test::checkLessonInput(test::readFileBytes(file)).problem, QString());
}

QTEST_MAIN(TestLessonJson)
#include "tst_lessonjson.moc"
