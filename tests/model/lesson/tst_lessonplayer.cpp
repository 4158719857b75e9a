// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson player on a document: step → question → revealed → next step, the weights hidden
// exactly while a question is open, each step one undoable edit, the guard asked before the
// user's session is replaced, and edits made mid-lesson left behind by Next.

#include "document/document.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessonplayer.h"
#include "testsupportlesson.h"

#include <QSignalSpy>
#include <QTest>

using namespace ae;

namespace {

/// The number of clicks next() takes through @p lesson from its first step: one per step
/// after the first, and two more per question (open it, reveal it).
int clicksThrough(const ResolvedLesson &lesson)
{
    int clicks = static_cast<int>(lesson.steps.size()) - 1;
    for (const ResolvedLessonStep &step : lesson.steps)
        clicks += step.question ? 2 : 0;
    return clicks;
}

} // namespace

class TestLessonPlayer : public QObject
{
    Q_OBJECT

private slots:
    void everyBuiltinLessonPlaysThrough_data();
    void everyBuiltinLessonPlaysThrough();
    void backRetracesNext_data();
    void backRetracesNext();
    void eachStepIsOneUndoableEdit();
    void guardIsAskedBeforeTheSessionIsReplaced_data();
    void guardIsAskedBeforeTheSessionIsReplaced();
    void editMidLessonThenNextGivesTheNextStep_data();
    void editMidLessonThenNextGivesTheNextStep();
    void stopShowsTheWeightsAndResumeHidesThemAgain();
    void guessIsClearedOnAStepChange();
};

void TestLessonPlayer::everyBuiltinLessonPlaysThrough_data()
{
    QTest::addColumn<QString>("name");
    const QStringList names = LessonCatalog::builtinNames();
    QCOMPARE(names.size(), 5);
    for (const QString &name : names)
        QTest::newRow(qPrintable(name)) << name;
}

void TestLessonPlayer::everyBuiltinLessonPlaysThrough()
{
    QFETCH(QString, name);
    const ResolvedLesson lesson = test::builtin(name);
    Document document;
    LessonPlayer player(&document);
    QVERIFY(player.play(lesson));
    QVERIFY(player.isPlaying());
    int clicks = 0;
    int expectedStep = 0;
    for (;;) {
        const ResolvedLessonStep &step = lesson.steps[static_cast<size_t>(player.stepIndex())];
        QCOMPARE(player.stepIndex(), expectedStep);
        QVERIFY(document.session() == step.session);
        // Hidden from the moment a step that asks is shown until its answer is revealed.
        const bool hidden = step.question && player.phase() != LessonPlayer::Phase::Revealed;
        QCOMPARE(document.weightsHidden(), hidden);
        const LessonPlayer::Phase before = player.phase();
        if (!player.next())
            break;
        ++clicks;
        if (!step.question || before == LessonPlayer::Phase::Revealed) {
            ++expectedStep;
            QCOMPARE(player.phase(), LessonPlayer::Phase::Step);
        } else {
            QCOMPARE(player.phase(),
                before == LessonPlayer::Phase::Step ? LessonPlayer::Phase::Question
                                                    : LessonPlayer::Phase::Revealed);
        }
    }
    QCOMPARE(player.stepIndex(), static_cast<int>(lesson.steps.size()) - 1);
    QCOMPARE(clicks, clicksThrough(lesson));
    // At least three predict-then-reveal questions in every built-in lesson.
    int questions = 0;
    for (const ResolvedLessonStep &step : lesson.steps)
        questions += step.question ? 1 : 0;
    QVERIFY2(questions >= 3, qPrintable(name));
}

void TestLessonPlayer::backRetracesNext_data()
{
    everyBuiltinLessonPlaysThrough_data();
}

void TestLessonPlayer::backRetracesNext()
{
    QFETCH(QString, name);
    const ResolvedLesson lesson = test::builtin(name);
    Document document;
    LessonPlayer player(&document);
    QVERIFY(player.play(lesson));
    QList<QPair<int, LessonPlayer::Phase>> forward;
    forward.append({ player.stepIndex(), player.phase() });
    while (player.next())
        forward.append({ player.stepIndex(), player.phase() });
    for (qsizetype i = forward.size() - 2; i >= 0; --i) {
        QVERIFY(player.back());
        QCOMPARE(player.stepIndex(), forward[i].first);
        QCOMPARE(player.phase(), forward[i].second);
        QVERIFY(document.session() == lesson.steps[static_cast<size_t>(forward[i].first)].session);
    }
    QVERIFY(!player.back());
}

void TestLessonPlayer::eachStepIsOneUndoableEdit()
{
    const ResolvedLesson lesson = test::builtin(QStringLiteral("why-sqrt-dk"));
    Document document;
    const Session original = document.session();
    LessonPlayer player(&document);
    QVERIFY(player.play(lesson));
    QCOMPARE(document.undoStack()->count(), 1);
    player.goToStep(2);
    QCOMPARE(document.undoStack()->count(), 2);
    QVERIFY(document.session() == lesson.steps[2].session);
    document.undoStack()->undo();
    QVERIFY(document.session() == lesson.steps[0].session);
    document.undoStack()->undo();
    QVERIFY(document.session() == original);
}

void TestLessonPlayer::guardIsAskedBeforeTheSessionIsReplaced_data()
{
    QTest::addColumn<bool>("answer");
    QTest::newRow("cancelled") << false;
    QTest::newRow("allowed") << true;
}

void TestLessonPlayer::guardIsAskedBeforeTheSessionIsReplaced()
{
    QFETCH(bool, answer);
    const ResolvedLesson lesson = test::builtin(QStringLiteral("cross-attention"));
    Document document;
    document.setHeads(document.session().attention.config.heads == 1 ? 2 : 1);
    const Session edited = document.session();
    LessonPlayer player(&document);
    int asked = 0;
    player.setReplaceGuard([&] {
        ++asked;
        return answer;
    });
    QCOMPARE(player.play(lesson), answer);
    QCOMPARE(asked, 1);
    QCOMPARE(player.isPlaying(), answer);
    if (answer) {
        QVERIFY(document.session() == lesson.steps[0].session);
        // Steps within the lesson do not ask again.
        while (player.next()) { }
        QCOMPARE(asked, 1);
    } else {
        QVERIFY(document.session() == edited);
        QVERIFY(!player.hasLesson());
    }
}

void TestLessonPlayer::editMidLessonThenNextGivesTheNextStep_data()
{
    everyBuiltinLessonPlaysThrough_data();
}

void TestLessonPlayer::editMidLessonThenNextGivesTheNextStep()
{
    QFETCH(QString, name);
    const ResolvedLesson lesson = test::builtin(name);
    Document document;
    LessonPlayer player(&document);
    QVERIFY(player.play(lesson));
    for (int i = 0; i + 1 < player.stepCount(); ++i) {
        // The teacher changes the heads (and the causal mask) in the middle of step i.
        const Session &shown = document.session();
        document.setCausal(!shown.attention.config.causal);
        QVERIFY(document.session() != lesson.steps[static_cast<size_t>(i)].session);
        const Session edited = document.session();
        while (player.stepIndex() == i)
            QVERIFY(player.next());
        QVERIFY(document.session() == lesson.steps[static_cast<size_t>(i + 1)].session);
        // The edit is not lost: one Undo brings it back.
        document.undoStack()->undo();
        QVERIFY(document.session() == edited);
        document.undoStack()->redo();
    }
}

void TestLessonPlayer::stopShowsTheWeightsAndResumeHidesThemAgain()
{
    const ResolvedLesson lesson = test::builtin(QStringLiteral("why-sqrt-dk"));
    int asking = -1;
    for (int i = 0; i < static_cast<int>(lesson.steps.size()) && asking < 0; ++i)
        asking = lesson.steps[static_cast<size_t>(i)].question ? i : -1;
    QVERIFY(asking >= 0);
    Document document;
    LessonPlayer player(&document);
    QSignalSpy hiddenSpy(&document, &Document::weightsHiddenChanged);
    QVERIFY(player.play(lesson));
    player.goToStep(asking);
    QVERIFY(player.next());
    QCOMPARE(player.phase(), LessonPlayer::Phase::Question);
    QVERIFY(document.weightsHidden());
    player.stop();
    QVERIFY(!document.weightsHidden());
    QVERIFY(player.start());
    QCOMPARE(player.stepIndex(), asking);
    QCOMPARE(player.phase(), LessonPlayer::Phase::Question);
    QVERIFY(document.weightsHidden());
    player.reveal();
    QVERIFY(!document.weightsHidden());
    QVERIFY(hiddenSpy.count() >= 4);
    // F5 from the start goes back to the first step.
    QVERIFY(player.start(true));
    QCOMPARE(player.stepIndex(), 0);
}

void TestLessonPlayer::guessIsClearedOnAStepChange()
{
    const ResolvedLesson lesson = test::builtin(QStringLiteral("why-sqrt-dk"));
    Document document;
    LessonPlayer player(&document);
    QVERIFY(player.play(lesson));
    LessonGuess guess;
    guess.index = 1;
    player.setGuess(guess);
    QCOMPARE(player.guess().index, std::optional<int>(1));
    player.goToStep(1);
    QVERIFY(player.guess().isEmpty());
}

QTEST_MAIN(TestLessonPlayer)
#include "tst_lessonplayer.moc"
