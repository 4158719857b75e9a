// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson being written: recording, text edits (typing in one text is one undo step),
// questions checked by the loader's rules, reordering, saving and opening, autosave and
// recovery after a crash.

#include "lesson/lessondocument.h"
#include "lesson/lessonjson.h"
#include "session/sessionjson.h"
#include "testsupportexport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace ae;

namespace {

Session example(const QString &name)
{
    QFile file(
        QStringLiteral(AE_SOURCE_DIR "/resources/examples/") + name + QStringLiteral(".json"));
    if (!file.open(QIODevice::ReadOnly))
        return Session();
    return sessionFromJson(file.readAll()).session;
}

/// Types @p text into a caption one character at a time, as a text field reports it.
void type(LessonDocument &doc, int step, bool chinese, const QString &text)
{
    for (int i = 1; i <= text.size(); ++i)
        doc.setText(LessonDocument::TextField::Caption, step, chinese, text.left(i));
}

} // namespace

class TestLessonDocument : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void recordsStepsAfterTheChosenOne();
    void typingInOneTextIsOneUndoStep();
    void stepEdits_data();
    void stepEdits();
    void questionsFollowTheLoadersRules_data();
    void questionsFollowTheLoadersRules();
    void savesWhatOpensEqual();
    void refusesToSaveWhatTheLoaderRefuses();
    void autosavesAndRecoversAfterACrash();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_autosave;
    Session m_cross;
    Session m_causal;
};

void TestLessonDocument::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_autosave = m_dir->filePath(QStringLiteral("autosave"));
    m_cross = example(QStringLiteral("cross-attention-2heads"));
    m_causal = example(QStringLiteral("decoder-causal"));
    QCOMPARE(m_cross.attention.config.heads, 2);
    QVERIFY(!(m_cross == m_causal));
}

void TestLessonDocument::recordsStepsAfterTheChosenOne()
{
    LessonDocument doc(m_autosave);
    LessonView headView;
    headView.heatmap = LessonHeatmap::Head;
    headView.head = 1;
    doc.recordStep(-1, m_cross, headView);
    doc.recordStep(-1, m_causal, LessonView()); // before the first
    LessonView warm;
    warm.temperature = 2.0;
    doc.recordStep(0, m_cross, warm); // between the two
    QCOMPARE(doc.stepCount(), 3);
    QVERIFY(doc.step(0).session == m_causal);
    QVERIFY(doc.step(2).session == m_cross);
    QVERIFY(doc.step(2).view == headView);
    // The temperature becomes the session's scale, as a lesson file's does when it is read.
    Session warmed = m_cross;
    applyLessonTemperature(warmed, 2.0);
    QCOMPARE(warmed.attention.config.scale.mode, ScaleMode::Custom);
    // d_k = d_model 4 / 2 heads = 2
    QCOMPARE(warmed.attention.config.scale.divisor, 2.0 * std::sqrt(2.0));
    QVERIFY(doc.step(1).session == warmed);
    QVERIFY(doc.isModified());
    doc.undoStack()->undo();
    QCOMPARE(doc.stepCount(), 2);
    QVERIFY(doc.step(1).session == m_cross);
}

void TestLessonDocument::typingInOneTextIsOneUndoStep()
{
    LessonDocument doc(m_autosave);
    doc.recordStep(-1, m_cross, LessonView());
    const int before = doc.undoStack()->count();
    type(doc, 0, false, QStringLiteral("Look"));
    QCOMPARE(doc.undoStack()->count(), before + 1);
    type(doc, 0, true, QStringLiteral("看这里"));
    QCOMPARE(doc.undoStack()->count(), before + 2);
    doc.setText(LessonDocument::TextField::Notes, 0, false, QStringLiteral("n"));
    doc.setText(LessonDocument::TextField::Title, -1, false, QStringLiteral("T"));
    QCOMPARE(doc.undoStack()->count(), before + 4);
    QCOMPARE(
        doc.step(0).caption, (LessonText { QStringLiteral("Look"), QStringLiteral("看这里") }));
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.step(0).notes, LessonText());
    QCOMPARE(doc.title(), LessonText());
    doc.undoStack()->undo();
    QCOMPARE(doc.step(0).caption, (LessonText { QStringLiteral("Look"), QString() }));
    doc.undoStack()->undo();
    QCOMPARE(doc.step(0).caption, LessonText());
}

void TestLessonDocument::stepEdits_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("expected"); // the captions in order after the edit
    // The step the edit concerns, to be shown after it (and its redo) and after its undo.
    QTest::addColumn<int>("shown");
    QTest::addColumn<int>("shownUndone");
    QTest::newRow("move down") << QStringLiteral("down 0") << QStringLiteral("b a c") << 1 << 0;
    QTest::newRow("move up") << QStringLiteral("up 2") << QStringLiteral("a c b") << 1 << 2;
    QTest::newRow("move to the end")
        << QStringLiteral("move 0 2") << QStringLiteral("b c a") << 2 << 0;
    QTest::newRow("duplicate") << QStringLiteral("duplicate 1") << QStringLiteral("a b b c") << 2
                               << 1;
    QTest::newRow("delete") << QStringLiteral("delete 0") << QStringLiteral("b c") << 0 << 0;
    // The last step gone, its predecessor is the one in sight; undone, the step is back.
    QTest::newRow("delete the last")
        << QStringLiteral("delete 2") << QStringLiteral("a b") << 1 << 2;
}

void TestLessonDocument::stepEdits()
{
    QFETCH(QString, edit);
    QFETCH(QString, expected);
    QFETCH(int, shown);
    QFETCH(int, shownUndone);
    LessonDocument doc(m_autosave);
    for (const char *caption : { "a", "b", "c" }) {
        doc.recordStep(doc.stepCount() - 1, m_cross, LessonView());
        doc.setText(
            LessonDocument::TextField::Caption, doc.stepCount() - 1, false, QLatin1String(caption));
    }
    const auto captions = [&doc] {
        QStringList c;
        for (int i = 0; i < doc.stepCount(); ++i)
            c << doc.step(i).caption.en;
        return c.join(QLatin1Char(' '));
    };
    const QStringList words = edit.split(QLatin1Char(' '));
    const int at = words.at(1).toInt();
    QSignalSpy reshaped(&doc, &LessonDocument::stepsChanged);
    QSignalSpy named(&doc, &LessonDocument::editedStep);
    const auto lastNamed = [&named] { return named.isEmpty() ? -2 : named.last().at(0).toInt(); };
    if (words[0] == QLatin1String("down"))
        doc.moveStep(at, at + 1);
    else if (words[0] == QLatin1String("up"))
        doc.moveStep(at, at - 1);
    else if (words[0] == QLatin1String("move"))
        doc.moveStep(at, words.at(2).toInt());
    else if (words[0] == QLatin1String("duplicate"))
        doc.duplicateStep(at);
    else
        doc.removeStep(at);
    QCOMPARE(captions(), expected);
    QCOMPARE(reshaped.count(), 1);
    QCOMPARE(lastNamed(), shown);
    // One undo step, and the copy of a duplicate is a step of its own.
    if (words[0] == QLatin1String("duplicate")) {
        doc.setText(LessonDocument::TextField::Caption, at + 1, false, QStringLiteral("x"));
        QCOMPARE(captions(), QStringLiteral("a b x c"));
        doc.undoStack()->undo();
        QCOMPARE(lastNamed(), at + 1);
    }
    doc.undoStack()->undo();
    QCOMPARE(captions(), QStringLiteral("a b c"));
    QCOMPARE(lastNamed(), shownUndone);
    doc.undoStack()->redo();
    QCOMPARE(captions(), expected);
    QCOMPARE(lastNamed(), shown);
}

void TestLessonDocument::questionsFollowTheLoadersRules_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("prompt");
    QTest::addColumn<QString>("path"); // empty: accepted
    const int argmax = int(LessonQuestionKind::Argmax);
    const int weight = int(LessonQuestionKind::Weight);
    const int direction = int(LessonQuestionKind::Direction);
    // Step 0 is the cross example (2 queries, 4 keys), step 1 the causal one.
    QTest::newRow("argmax") << 0 << argmax << 1 << 0 << QStringLiteral("?") << QString();
    QTest::newRow("weight") << 0 << weight << 1 << 3 << QStringLiteral("?") << QString();
    QTest::newRow("direction") << 1 << direction << 0 << 0 << QStringLiteral("?") << QString();
    QTest::newRow("key past the last")
        << 0 << weight << 0 << 4 << QStringLiteral("?") << QStringLiteral("steps[0].question.key");
    QTest::newRow("query past the last") << 0 << argmax << 2 << 0 << QStringLiteral("?")
                                         << QStringLiteral("steps[0].question.query");
    QTest::newRow("direction first") << 0 << direction << 0 << 0 << QStringLiteral("?")
                                     << QStringLiteral("steps[0].question.kind");
    QTest::newRow("no prompt") << 1 << argmax << 0 << 0 << QString()
                               << QStringLiteral("steps[1].question.prompt");
}

void TestLessonDocument::questionsFollowTheLoadersRules()
{
    QFETCH(int, step);
    QFETCH(int, kind);
    QFETCH(int, query);
    QFETCH(int, key);
    QFETCH(QString, prompt);
    QFETCH(QString, path);
    LessonDocument doc(m_autosave);
    doc.recordStep(-1, m_cross, LessonView());
    doc.recordStep(0, m_causal, LessonView());
    const int before = doc.undoStack()->count();
    LessonQuestion q;
    q.kind = LessonQuestionKind(kind);
    q.query = query;
    q.key = key;
    q.prompt.en = prompt;
    const auto problem = doc.setQuestion(step, q);
    QCOMPARE(problem ? problem->path : QString(), path);
    QCOMPARE(doc.undoStack()->count(), before + (path.isEmpty() ? 1 : 0));
    QCOMPARE(doc.step(step).question.has_value(), path.isEmpty());
    if (!path.isEmpty())
        return;
    QVERIFY(*doc.step(step).question == q);
    // The player's lesson carries the answer computed from the session.
    const ResolvedLesson lesson = doc.resolvedLesson();
    if (q.kind == LessonQuestionKind::Argmax)
        QVERIFY(lesson.steps[size_t(step)].answer.index >= 0);
    QVERIFY(!doc.setQuestion(step, std::nullopt));
    QVERIFY(!doc.step(step).question);
}

void TestLessonDocument::savesWhatOpensEqual()
{
    LessonDocument doc(m_autosave);
    doc.setText(LessonDocument::TextField::Title, -1, true, QStringLiteral("注意力"));
    doc.recordStep(-1, m_cross, LessonView());
    doc.recordStep(0, m_causal, LessonView());
    for (int i = 0; i < 2; ++i)
        doc.setText(
            LessonDocument::TextField::Caption, i, i == 1, QStringLiteral("第 %1 步").arg(i));
    LessonQuestion q;
    q.kind = LessonQuestionKind::Direction;
    q.prompt.zh = QStringLiteral("熵会变大还是变小？");
    QVERIFY(!doc.setQuestion(1, q));
    const QString file = m_dir->filePath(QStringLiteral("mine.aelesson.json"));
    QSignalSpy modified(&doc, &LessonDocument::modifiedChanged);
    QVERIFY(!doc.saveAs(file));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.fileName(), file);
    QCOMPARE(modified.count(), 1);

    LessonDocument reopened(m_autosave);
    QVERIFY(!reopened.open(file));
    const ResolvedLesson a = doc.resolvedLesson();
    const ResolvedLesson b = reopened.resolvedLesson();
    QCOMPARE(b.title, a.title);
    QCOMPARE(b.steps.size(), a.steps.size());
    for (size_t i = 0; i < a.steps.size(); ++i) {
        QVERIFY(b.steps[i].session == a.steps[i].session);
        QVERIFY(b.steps[i].view == a.steps[i].view);
        QCOMPARE(b.steps[i].caption, a.steps[i].caption);
        QCOMPARE(b.steps[i].question.has_value(), a.steps[i].question.has_value());
    }
    QVERIFY(*b.steps[1].question == q);
    QCOMPARE(b.steps[1].answer.direction, a.steps[1].answer.direction);
    QCOMPARE(b.steps[1].answer.after, a.steps[1].answer.after);
    // The file is what the loader reads, answers left out.
    const LessonLoadResult direct = loadLessonFile(file, {});
    QVERIFY(direct.ok());
    QCOMPARE(direct.lesson.steps[1].answer.before, a.steps[1].answer.before);
    QVERIFY(!reopened.isModified());
    QCOMPARE(reopened.undoStack()->count(), 0);
}

void TestLessonDocument::refusesToSaveWhatTheLoaderRefuses()
{
    LessonDocument doc(m_autosave);
    doc.setText(LessonDocument::TextField::Title, -1, false, QStringLiteral("T"));
    doc.recordStep(-1, m_cross, LessonView());
    doc.recordStep(0, m_cross, LessonView());
    doc.setText(LessonDocument::TextField::Caption, 0, false, QStringLiteral("first"));
    const QString file = m_dir->filePath(QStringLiteral("refused.aelesson.json"));
    const auto problem = doc.saveAs(file);
    QVERIFY(problem);
    QCOMPARE(problem->path, QStringLiteral("steps[1].caption"));
    QVERIFY(!QFile::exists(file));
    QVERIFY(doc.isModified());
    // A reorder that leaves a direction question on the first step is caught the same way.
    doc.setText(LessonDocument::TextField::Caption, 1, false, QStringLiteral("second"));
    LessonQuestion q;
    q.kind = LessonQuestionKind::Direction;
    q.prompt.en = QStringLiteral("?");
    QVERIFY(!doc.setQuestion(1, q));
    doc.moveStep(1, 0);
    const auto moved = doc.saveAs(file);
    QVERIFY(moved);
    QCOMPARE(moved->path, QStringLiteral("steps[0].question.kind"));
    doc.undoStack()->undo();
    QVERIFY(!doc.saveAs(file));
}

void TestLessonDocument::autosavesAndRecoversAfterACrash()
{
    QString left;
    {
        LessonDocument crashed(m_autosave);
        crashed.setText(LessonDocument::TextField::Title, -1, false, QStringLiteral("Unsaved"));
        crashed.recordStep(-1, m_cross, LessonView());
        // Work in progress: the caption is still empty, which a saved lesson may not have.
        QVERIFY(crashed.autosave()->autosaveNow());
        QVERIFY(QFile::exists(crashed.autosave()->fileName()));
        QVERIFY(QFileInfo(crashed.autosave()->fileName())
                    .fileName()
                    .startsWith(QLatin1String("lesson-")));
        left = QDir(m_autosave).filePath(QStringLiteral("lesson-crashed.json"));
        QVERIFY(QFile::copy(crashed.autosave()->fileName(), left));
        // Saving removes the instance's own autosave.
        crashed.setText(LessonDocument::TextField::Caption, 0, false, QStringLiteral("c"));
        QVERIFY(!crashed.saveAs(m_dir->filePath(QStringLiteral("saved.aelesson.json"))));
        QVERIFY(!QFile::exists(crashed.autosave()->fileName()));
    }
    LessonDocument next(m_autosave);
    const QList<AutosaveManager::Recovery> found = next.autosave()->recoverable();
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.front().autosaveFile, left);
    QCOMPARE(found.front().title, QStringLiteral("Unsaved"));
    QVERIFY(!next.recover(found.front()));
    QCOMPARE(next.stepCount(), 1);
    QVERIFY(next.step(0).session == m_cross);
    QCOMPARE(next.title().en, QStringLiteral("Unsaved"));
    QVERIFY(next.isModified());
    QVERIFY(!QFile::exists(left));
    // The session autosaves in the same folder are another kind of work: not offered here.
    QVERIFY(QFile::copy(next.autosave()->fileName(),
        QDir(m_autosave).filePath(QStringLiteral("session-other.json"))));
    LessonDocument third(m_autosave);
    QCOMPARE(third.autosave()->recoverable().size(), 0);
}

QTEST_MAIN(TestLessonDocument)
#include "tst_lessondocument.moc"
