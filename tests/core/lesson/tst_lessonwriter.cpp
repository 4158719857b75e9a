// SPDX-License-Identifier: GPL-3.0-or-later
// Writing lesson files: every built-in lesson and hand-built lessons with the edge cases
// (Chinese texts, highlights, a temperature, every kind of question) are written, read back and
// found equal field by field, answers included; the file states no answer.

#include "lesson/lessonanswer.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonwriter.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportfuzz.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::ResolvedLesson)

namespace {

Session example(const QString &name)
{
    const std::optional<QByteArray> bytes = test::lessonTestExample(name);
    if (!bytes)
        return Session();
    return sessionFromJson(*bytes).session;
}

ResolvedLessonStep step(const Session &session, const QString &en, const QString &zh)
{
    ResolvedLessonStep s;
    s.session = session;
    s.caption = { en, zh };
    return s;
}

/// The first difference between two lessons (answers included, exactly), or an empty string.
QString difference(const ResolvedLesson &actual, const ResolvedLesson &expected)
{
    if (actual.title != expected.title)
        return QStringLiteral("title");
    if (actual.steps.size() != expected.steps.size())
        return QStringLiteral("step count %1, expected %2")
            .arg(actual.steps.size())
            .arg(expected.steps.size());
    for (size_t i = 0; i < actual.steps.size(); ++i) {
        const ResolvedLessonStep &a = actual.steps[i];
        const ResolvedLessonStep &e = expected.steps[i];
        const QString at = QStringLiteral("steps[%1].").arg(i);
        if (!(a.session == e.session))
            return at + QStringLiteral("session: ") + test::compareSessions(a.session, e.session);
        if (a.view != e.view)
            return at + QStringLiteral("view");
        if (a.caption != e.caption)
            return at + QStringLiteral("caption");
        if (a.notes != e.notes)
            return at + QStringLiteral("notes");
        if (a.question.has_value() != e.question.has_value()
            || (a.question && *a.question != *e.question))
            return at + QStringLiteral("question");
        if (a.answer.index != e.answer.index || a.answer.value != e.answer.value
            || a.answer.before != e.answer.before || a.answer.after != e.answer.after
            || a.answer.direction != e.answer.direction)
            return at + QStringLiteral("answer");
    }
    return QString();
}

/// Every "answer" key anywhere in @p v.
int answerKeys(const QJsonValue &v)
{
    int n = 0;
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        n += o.contains(QLatin1String("answer")) ? 1 : 0;
        for (auto it = o.begin(); it != o.end(); ++it)
            n += answerKeys(it.value());
    } else if (v.isArray()) {
        for (const QJsonValue &e : v.toArray())
            n += answerKeys(e);
    }
    return n;
}

} // namespace

class TestLessonWriter : public QObject
{
    Q_OBJECT

private slots:
    void builtinLessonsRoundTrip_data();
    void builtinLessonsRoundTrip();
    void handBuiltLessonsRoundTrip_data();
    void handBuiltLessonsRoundTrip();
    void questionProblemNamesTheField_data();
    void temperatureOfASession_data();
    void temperatureOfASession();
    void questionProblemNamesTheField();
};

void TestLessonWriter::builtinLessonsRoundTrip_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(AE_SOURCE_DIR "/resources/lessons"));
    const QStringList files = dir.entryList({ QStringLiteral("*.aelesson.json") }, QDir::Files);
    QVERIFY(files.size() >= 4);
    for (const QString &file : files)
        QTest::newRow(qPrintable(file)) << dir.filePath(file);
}

void TestLessonWriter::builtinLessonsRoundTrip()
{
    QFETCH(QString, file);
    const LessonLoadResult loaded = loadLessonFile(file, test::lessonTestExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    const QByteArray written = lessonToJsonBytes(loaded.lesson);
    // Every step is written whole: no example or edits are left to resolve.
    const QJsonObject root = QJsonDocument::fromJson(written).object();
    for (const QJsonValue &s : root.value(QLatin1String("steps")).toArray()) {
        QVERIFY(s.toObject().contains(QLatin1String("session")));
        QVERIFY(!s.toObject().contains(QLatin1String("example")));
        QVERIFY(!s.toObject().contains(QLatin1String("edits")));
    }
    QCOMPARE(answerKeys(root), 0);
    const LessonLoadResult reloaded = lessonFromJson(written, {});
    QVERIFY2(reloaded.ok(), qPrintable(reloaded.error ? reloaded.error->toString() : QString()));
    QCOMPARE(difference(reloaded.lesson, loaded.lesson), QString());
    // Written again, the lesson is the same text: nothing drifts from one save to the next.
    QCOMPARE(lessonToJsonBytes(reloaded.lesson), written);
}

void TestLessonWriter::handBuiltLessonsRoundTrip_data()
{
    QTest::addColumn<ResolvedLesson>("lesson");
    const Session cross = example(QStringLiteral("cross-attention-2heads"));
    const Session causal = example(QStringLiteral("decoder-causal"));
    QVERIFY(cross.attention.config.heads == 2 && cross.querySequence().length() >= 2);
    QVERIFY(causal.attention.config.dModel >= 3);

    ResolvedLesson chinese;
    chinese.title = { QString(), QStringLiteral("注意力：从“查询”到「输出」") };
    chinese.steps.push_back(step(cross, QString(),
        QStringLiteral("**我爱深度学习** → *i love*：每个查询看向哪里？\n\n- 第一行\n- 第二行")));
    chinese.steps.back().notes = { QStringLiteral("Ask first."), QStringLiteral("先让全班投票。") };
    QTest::newRow("Chinese texts only") << chinese;

    ResolvedLesson views;
    views.title = { QStringLiteral("Views"), QStringLiteral("视图") };
    views.steps.push_back(step(cross, QStringLiteral("Head 1 lit"), QStringLiteral("第 2 个头")));
    views.steps.back().view.heatmap = LessonHeatmap::Head;
    views.steps.back().view.head = 1;
    views.steps.back().view.highlights = { { 0, 1 }, { 1, 0 }, { 1, 1 } };
    views.steps.back().view.computationStep = QStringLiteral("scaled");
    views.steps.push_back(step(cross, QStringLiteral("Lines of head 0"), QString()));
    views.steps.back().view.heatmap = LessonHeatmap::Lines;
    views.steps.back().view.head = 0;
    views.steps.back().view.scalingPanel = QStringLiteral("histogram");
    QTest::newRow("heatmaps, highlights, panels") << views;

    ResolvedLesson warm;
    warm.title = { QStringLiteral("Temperature"), QString() };
    for (const double t : { 0.1, 0.37, 1.0, 2.5, 10.0 }) {
        Session s = cross;
        applyLessonTemperature(s, t);
        warm.steps.push_back(step(s, QStringLiteral("t = %1").arg(t), QString()));
        warm.steps.back().view.temperature = t;
    }
    QTest::newRow("temperature") << warm;

    ResolvedLesson questions;
    questions.title = { QStringLiteral("Questions"), QStringLiteral("提问") };
    const auto ask = [&](const Session &s, LessonQuestion q) {
        q.prompt = { QStringLiteral("Guess?"), QStringLiteral("猜一猜？") };
        questions.steps.push_back(step(s, QStringLiteral("Step"), QStringLiteral("一步")));
        questions.steps.back().question = q;
    };
    LessonQuestion q;
    q.kind = LessonQuestionKind::Argmax;
    q.query = 1;
    ask(cross, q);
    q.kind = LessonQuestionKind::Weight;
    q.head = 1;
    q.key = 1;
    ask(cross, q);
    Session hotter = cross;
    applyLessonTemperature(hotter, 3.0);
    q = LessonQuestion();
    q.kind = LessonQuestionKind::Direction;
    q.measure = LessonMeasure::Entropy;
    ask(hotter, q);
    questions.steps.back().view.temperature = 3.0;
    q.measure = LessonMeasure::MaxWeight;
    q.head = 0;
    ask(cross, q);
    q.measure = LessonMeasure::Output;
    q.head = LessonView::meanOfHeads;
    q.dim = 2;
    ask(cross, q);
    q = LessonQuestion();
    q.kind = LessonQuestionKind::Choice;
    q.options = { { QStringLiteral("K"), QStringLiteral("键") }, { QStringLiteral("V"), QString() },
        { QString(), QStringLiteral("查询") } };
    q.correctOption = 2;
    ask(causal, q);
    QTest::newRow("every kind of question") << questions;
}

void TestLessonWriter::handBuiltLessonsRoundTrip()
{
    QFETCH(ResolvedLesson, lesson);
    // The answers the loader must compute, worked out from the sessions directly.
    ResolvedLesson expected = lesson;
    for (size_t i = 0; i < expected.steps.size(); ++i) {
        ResolvedLessonStep &s = expected.steps[i];
        if (!s.question)
            continue;
        const AttentionResult now = computeSession(s.session);
        const AttentionResult before = computeSession(expected.steps[i > 0 ? i - 1 : 0].session);
        s.answer = computeLessonAnswer(*s.question, now, &before);
    }
    const QByteArray written = lessonToJsonBytes(lesson);
    QCOMPARE(answerKeys(QJsonDocument::fromJson(written).object()), 0);
    const LessonLoadResult reloaded = lessonFromJson(written, {});
    QVERIFY2(reloaded.ok(), qPrintable(reloaded.error ? reloaded.error->toString() : QString()));
    QCOMPARE(difference(reloaded.lesson, expected), QString());
}

void TestLessonWriter::questionProblemNamesTheField_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("measure");
    QTest::addColumn<int>("dim");
    QTest::addColumn<int>("options");
    QTest::addColumn<int>("correct");
    QTest::addColumn<bool>("first");
    QTest::addColumn<QString>("path");

    const int argmax = int(LessonQuestionKind::Argmax);
    const int weight = int(LessonQuestionKind::Weight);
    const int direction = int(LessonQuestionKind::Direction);
    const int choice = int(LessonQuestionKind::Choice);
    const int entropy = int(LessonMeasure::Entropy);
    const int output = int(LessonMeasure::Output);
    const QString q = QStringLiteral("steps[1].question");
    // The cross-attention example: 2 heads, d_model 4, 2 queries, 4 keys.
    QTest::newRow("good argmax") << argmax << -1 << 1 << 0 << entropy << 0 << 0 << -1 << false
                                 << QString();
    QTest::newRow("head past the last")
        << argmax << 2 << 0 << 0 << entropy << 0 << 0 << -1 << false << q + QStringLiteral(".head");
    QTest::newRow("query past the last") << weight << 0 << 2 << 0 << entropy << 0 << 0 << -1
                                         << false << q + QStringLiteral(".query");
    QTest::newRow("key past the last")
        << weight << 0 << 0 << 4 << entropy << 0 << 0 << -1 << false << q + QStringLiteral(".key");
    QTest::newRow("dimension past the last") << direction << -1 << 0 << 0 << output << 4 << 0 << -1
                                             << false << q + QStringLiteral(".dim");
    QTest::newRow("direction on the first step") << direction << -1 << 0 << 0 << entropy << 0 << 0
                                                 << -1 << true << q + QStringLiteral(".kind");
    QTest::newRow("one option") << choice << -1 << 0 << 0 << entropy << 0 << 1 << 0 << false
                                << q + QStringLiteral(".options");
    QTest::newRow("no option marked") << choice << -1 << 0 << 0 << entropy << 0 << 3 << -1 << false
                                      << q + QStringLiteral(".options");
    QTest::newRow("good choice") << choice << -1 << 0 << 0 << entropy << 0 << 3 << 2 << false
                                 << QString();
}

void TestLessonWriter::questionProblemNamesTheField()
{
    QFETCH(int, kind);
    QFETCH(int, head);
    QFETCH(int, query);
    QFETCH(int, key);
    QFETCH(int, measure);
    QFETCH(int, dim);
    QFETCH(int, options);
    QFETCH(int, correct);
    QFETCH(bool, first);
    QFETCH(QString, path);
    const Session s = example(QStringLiteral("cross-attention-2heads"));
    QCOMPARE(s.attention.config.heads, 2);
    QCOMPARE(s.attention.config.dModel, 4);
    QCOMPARE(s.querySequence().length(), 2);
    QCOMPARE(s.keyValueSequence().length(), 4);
    LessonQuestion question;
    question.kind = LessonQuestionKind(kind);
    question.prompt = { QStringLiteral("?"), QString() };
    question.head = head;
    question.query = query;
    question.key = key;
    question.measure = LessonMeasure(measure);
    question.dim = dim;
    for (int i = 0; i < options; ++i)
        question.options.push_back({ QStringLiteral("option %1").arg(i), QString() });
    question.correctOption = correct;
    const auto problem = lessonQuestionProblem(
        question, QStringLiteral("steps[1].question"), s, first ? nullptr : &s);
    QCOMPARE(problem ? problem->path : QString(), path);
    if (problem)
        QVERIFY(!problem->message.isEmpty());
}

void TestLessonWriter::temperatureOfASession_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("custom");
    QTest::addColumn<double>("divisor");
    QTest::addColumn<double>("expected"); // 0: no temperature
    // d_model 4: one head has d_k 4 (sqrt 2), two heads d_k 2, three heads none.
    QTest::newRow("sqrt(d_k) scale") << 1 << false << 1.0 << 0.0;
    QTest::newRow("d_k 4, divisor 3") << 1 << true << 3.0 << 1.5;
    QTest::newRow("d_k 4, divisor 0.2") << 1 << true << 0.2 << 0.1;
    QTest::newRow("d_k 2, divisor 1") << 2 << true << 1.0 << 1.0 / std::sqrt(2.0);
    QTest::newRow("d_k 2, divisor 0.7") << 2 << true << 0.7 << 0.7 / std::sqrt(2.0);
    QTest::newRow("d_k 2, divisor 3.3") << 2 << true << 3.3 << 3.3 / std::sqrt(2.0);
    QTest::newRow("below the slider") << 1 << true << 0.1 << 0.0;
    QTest::newRow("above the slider") << 1 << true << 21.0 << 0.0;
    QTest::newRow("heads do not divide d_model") << 3 << true << 2.0 << 0.0;
}

void TestLessonWriter::temperatureOfASession()
{
    QFETCH(int, heads);
    QFETCH(bool, custom);
    QFETCH(double, divisor);
    QFETCH(double, expected);
    Session s = example(QStringLiteral("cross-attention-2heads"));
    QCOMPARE(s.attention.config.dModel, 4);
    s.attention.config.heads = heads;
    s.attention.config.scale = { custom ? ScaleMode::Custom : ScaleMode::SqrtDk, divisor };
    const std::optional<double> t = lessonTemperatureOf(s);
    QCOMPARE(t.has_value(), expected > 0);
    if (!t)
        return;
    QVERIFY(std::abs(*t - expected) <= 1e-15 * expected);
    // Applied back, the factor gives the divisor the session had: a recorded step's session
    // is the one the window showed.
    Session back = s;
    applyLessonTemperature(back, *t);
    QCOMPARE(back.attention.config.scale.divisor, divisor);
}

QTEST_MAIN(TestLessonWriter)
#include "tst_lessonwriter.moc"
