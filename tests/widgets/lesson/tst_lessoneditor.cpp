// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson editor in the window: steps recorded from different sessions and views (heatmap
// modes, heads, computation steps, scaling panels, temperatures), saved, reopened from the file
// and compared with operator== to what the window showed; undo inside the editor, reordering,
// questions refused by field, "Play from This Step".

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessondocument.h"
#include "lesson/lessoneditor.h"
#include "lesson/lessonplayer.h"
#include "lesson/lessonviewcapture.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/temperaturecontrol.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::ResolvedLesson)

namespace {

/// One window state to record: each field left at its "unset" value changes nothing.
struct Setup
{
    QString example; ///< resource name under :/examples/, empty: keep the session
    int heads = 0; ///< 0: keep
    int view = -2; ///< the large view: -1 mean, a head, -2 keep
    bool lines = false;
    int computationStep = -1; ///< the computation view's step; -1: closed
    int scalingPanel = -1; ///< the scaling lab's panel; -1: closed
    int temperaturePosition = -1; ///< the temperature slider's position; -1: keep
};

} // namespace

Q_DECLARE_METATYPE(QList<Setup>)

class TestLessonEditor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void recordedStepsReplayEqual_data();
    void recordedStepsReplayEqual();
    void undoInTheEditorUndoesTheLesson();
    void undoShowsTheStepItChanges_data();
    void undoShowsTheStepItChanges();
    void reorderButtonsAndPlay();
    void refusedQuestionNamesTheField();

private:
    void apply(const Setup &setup);
    void recordWithCaption(const QString &caption);

    MainWindow *m_window = nullptr;
    LessonEditor *m_editor = nullptr;
    QTemporaryDir m_dir;
    int m_saved = 0;
};

void TestLessonEditor::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessoneditor"));
    QVERIFY(m_dir.isValid());
    m_window = new MainWindow;
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_editor = m_window->lessonEditor();
    QVERIFY(m_editor);
    m_editor->show();
}

void TestLessonEditor::cleanupTestCase()
{
    delete m_window;
}

void TestLessonEditor::init()
{
    m_editor->document()->newLesson();
    QVERIFY(m_window->openExample(QStringLiteral(":/examples/cross-attention-2heads.json")));
}

void TestLessonEditor::apply(const Setup &setup)
{
    if (!setup.example.isEmpty())
        QVERIFY(m_window->openExample(QStringLiteral(":/examples/%1.json").arg(setup.example)));
    if (setup.heads > 0)
        AttentionTestSupport::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), setup.heads);
    if (setup.temperaturePosition >= 0)
        m_window->attentionPanel()->temperatureControl()->slider()->setValue(
            setup.temperaturePosition);
    HeatmapPanel *heatmaps = m_window->heatmapPanel();
    if (setup.view > -2)
        heatmaps->setSelectedView(setup.view);
    heatmaps->setDisplay(
        setup.lines ? HeatmapPanel::Display::Lines : HeatmapPanel::Display::Heatmap);
    ComputationDock *computation = m_window->classroom()->computation();
    computation->setVisible(setup.computationStep >= 0);
    if (setup.computationStep >= 0)
        computation->setStep(setup.computationStep);
    ScalingPlotDock *scaling = m_window->scalingDock();
    scaling->setVisible(setup.scalingPanel >= 0);
    if (setup.scalingPanel >= 0)
        scaling->panelChooser()->setCurrentIndex(setup.scalingPanel);
    QVERIFY(!m_window->document()->error());
}

void TestLessonEditor::recordWithCaption(const QString &caption)
{
    QVERIFY(m_editor->recordStep());
    QPlainTextEdit *edit = m_editor->captionEdit(false);
    edit->setFocus();
    QTest::keyClicks(edit, caption);
}

void TestLessonEditor::recordedStepsReplayEqual_data()
{
    QTest::addColumn<QList<Setup>>("setups");
    QTest::addColumn<QStringList>("expectedViews"); // the view each step must capture

    Setup mean;
    mean.view = -1;
    Setup head1;
    head1.view = 1;
    head1.computationStep = 1; // scores
    Setup lines0;
    lines0.view = 0;
    lines0.lines = true;
    Setup meanLines;
    meanLines.view = -1;
    meanLines.lines = true;
    Setup weights; // stepping the computation shows its head (0) in the heatmap
    weights.computationStep = 4;
    QTest::newRow("heatmap modes and computation steps")
        << QList<Setup> { mean, head1, lines0, meanLines, weights }
        << QStringList { QStringLiteral("mean -1 - -"), QStringLiteral("head 1 scores -"),
               QStringLiteral("lines 0 - -"), QStringLiteral("lines -1 - -"),
               QStringLiteral("head 0 weights -") };

    Setup oneHead;
    oneHead.heads = 1;
    oneHead.view = 0;
    oneHead.computationStep = 8; // output
    Setup warm;
    warm.temperaturePosition = 700;
    warm.view = -1;
    Setup cool = warm;
    cool.temperaturePosition = 150;
    cool.scalingPanel = 4; // histogram
    Setup causal;
    causal.example = QStringLiteral("decoder-causal");
    causal.view = 0;
    causal.computationStep = 3; // mask
    causal.scalingPanel = 0;
    QTest::newRow("heads, temperature, panels, another session")
        << QList<Setup> { oneHead, warm, cool, causal }
        << QStringList { QStringLiteral("head 0 output -"), QStringLiteral("mean -1 - t"),
               QStringLiteral("mean -1 - t histogram"), QStringLiteral("head 0 mask - entropy") };
}

void TestLessonEditor::recordedStepsReplayEqual()
{
    QFETCH(QList<Setup>, setups);
    QFETCH(QStringList, expectedViews);
    std::vector<Session> sessions;
    std::vector<LessonView> views;
    for (int i = 0; i < setups.size(); ++i) {
        apply(setups[i]);
        sessions.push_back(m_window->document()->session());
        views.push_back(LessonViewCapture::capture(*m_window));
        // The capture reads what the window shows.
        const LessonView &v = views.back();
        const QStringList want = expectedViews[i].split(QLatin1Char(' '));
        const char *heatmap = v.heatmap == LessonHeatmap::Mean
            ? "mean"
            : (v.heatmap == LessonHeatmap::Head ? "head" : "lines");
        QCOMPARE(QLatin1String(heatmap), want[0]);
        QCOMPARE(v.head, want[1].toInt());
        QCOMPARE(v.computationStep.isEmpty() ? QStringLiteral("-") : v.computationStep, want[2]);
        QCOMPARE(v.temperature.has_value(), want[3] == QLatin1String("t"));
        QCOMPARE(v.scalingPanel, want.value(4));
        recordWithCaption(QStringLiteral("Step %1").arg(i + 1));
    }
    LessonDocument *doc = m_editor->document();
    QCOMPARE(doc->stepCount(), setups.size());
    doc->setText(LessonDocument::TextField::Title, -1, false, QStringLiteral("Recorded"));
    const QString file = m_dir.filePath(QStringLiteral("recorded-%1.aelesson.json").arg(++m_saved));
    QVERIFY(!doc->saveAs(file));

    // Reopened from the file, every step is the session and view the window showed.
    doc->newLesson();
    QCOMPARE(doc->stepCount(), 0);
    QVERIFY(m_editor->openFile(file));
    const ResolvedLesson replay = m_editor->lesson();
    QCOMPARE(int(replay.steps.size()), setups.size());
    for (size_t i = 0; i < replay.steps.size(); ++i) {
        QVERIFY2(replay.steps[i].session == sessions[i], qPrintable(QString::number(i)));
        QVERIFY2(replay.steps[i].view == views[i], qPrintable(QString::number(i)));
        QCOMPARE(replay.steps[i].caption.en, QStringLiteral("Step %1").arg(i + 1));
    }
}

void TestLessonEditor::undoInTheEditorUndoesTheLesson()
{
    recordWithCaption(QStringLiteral("Look here"));
    QCOMPARE(m_editor->document()->step(0).caption.en, QStringLiteral("Look here"));
    const int sessionUndo = m_window->document()->undoStack()->index();
    QPlainTextEdit *caption = m_editor->captionEdit(false);
    caption->setFocus();
    // The typing is one step: one Ctrl+Z takes all of it back, and the session is untouched.
    QTest::keyClick(caption, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_editor->document()->step(0).caption.en, QString());
    QCOMPARE(caption->toPlainText(), QString());
    QCOMPARE(m_window->document()->undoStack()->index(), sessionUndo);
    QTest::keyClick(caption, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(caption->toPlainText(), QStringLiteral("Look here"));
    QTest::keyClick(caption, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(caption, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_editor->document()->stepCount(), 0);
}

void TestLessonEditor::undoShowsTheStepItChanges_data()
{
    QTest::addColumn<QString>("edit"); // made on the steps a, b, c
    QTest::addColumn<int>("editedAt"); // the step chosen for the edit
    QTest::addColumn<int>("chosen"); // the step chosen afterwards, before Ctrl+Z
    QTest::addColumn<QString>("undone"); // the captions after Ctrl+Z
    QTest::addColumn<int>("shownUndone"); // the step in sight after Ctrl+Z
    QTest::addColumn<QString>("redone"); // the captions after Ctrl+Shift+Z
    QTest::addColumn<int>("shownRedone");
    QTest::newRow("caption of another step")
        << QStringLiteral("type") << 1 << 0 << QStringLiteral("a b c") << 1
        << QStringLiteral("a bx c") << 1;
    QTest::newRow("question of another step")
        << QStringLiteral("question") << 2 << 0 << QStringLiteral("a b c") << 2
        << QStringLiteral("a b c") << 2;
    QTest::newRow("moved up") << QStringLiteral("up") << 2 << 0 << QStringLiteral("a b c") << 2
                              << QStringLiteral("a c b") << 1;
    QTest::newRow("deleted") << QStringLiteral("delete") << 1 << 0 << QStringLiteral("a b c") << 1
                             << QStringLiteral("a c") << 1;
    QTest::newRow("deleted the last") << QStringLiteral("delete") << 2 << 0
                                      << QStringLiteral("a b c") << 2 << QStringLiteral("a b") << 1;
    QTest::newRow("recorded") << QStringLiteral("record") << 0 << 2 << QStringLiteral("a b c") << 0
                              << QStringLiteral("a  b c") << 1;
    QTest::newRow("duplicated") << QStringLiteral("duplicate") << 0 << 3 << QStringLiteral("a b c")
                                << 0 << QStringLiteral("a a b c") << 1;
}

void TestLessonEditor::undoShowsTheStepItChanges()
{
    QFETCH(QString, edit);
    QFETCH(int, editedAt);
    QFETCH(int, chosen);
    QFETCH(QString, undone);
    QFETCH(int, shownUndone);
    QFETCH(QString, redone);
    QFETCH(int, shownRedone);
    for (const QString &c : { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") })
        recordWithCaption(c);
    LessonDocument *doc = m_editor->document();
    const auto captions = [doc] {
        QStringList c;
        for (int i = 0; i < doc->stepCount(); ++i)
            c << doc->step(i).caption.en;
        return c.join(QLatin1Char(' '));
    };
    QListWidget *list = m_editor->stepList();
    list->setCurrentRow(editedAt);
    if (edit == QLatin1String("type")) {
        QPlainTextEdit *caption = m_editor->captionEdit(false);
        caption->setFocus();
        caption->moveCursor(QTextCursor::End);
        QTest::keyClicks(caption, QStringLiteral("x"));
    } else if (edit == QLatin1String("question")) {
        m_editor->questionKindBox()->setCurrentIndex(int(LessonQuestionKind::Weight) + 1);
        m_editor->promptEdit(false)->setText(QStringLiteral("How large?"));
        QVERIFY2(m_editor->applyQuestion(), qPrintable(m_editor->messageLabel()->text()));
    } else if (edit == QLatin1String("record")) {
        QVERIFY(m_editor->recordStep());
    } else {
        const QString name = edit == QLatin1String("up") ? QStringLiteral("lessonStepUp")
            : edit == QLatin1String("delete")            ? QStringLiteral("lessonStepDelete")
                                                         : QStringLiteral("lessonStepDuplicate");
        auto *button = m_editor->findChild<QPushButton *>(name);
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
    }
    // The teacher picks another step in the list and presses Ctrl+Z there.
    list->setCurrentRow(chosen);
    list->setFocus();
    const int sessionUndo = m_window->document()->undoStack()->index();
    const auto shows = [this, doc](int step) {
        return m_editor->currentStep() == step
            && m_editor->captionEdit(false)->toPlainText() == doc->step(step).caption.en
            && m_editor->questionKindBox()->currentIndex()
            == (doc->step(step).question ? int(doc->step(step).question->kind) + 1 : 0);
    };
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(captions(), undone);
    QVERIFY(!doc->step(2).question);
    QVERIFY2(shows(shownUndone), qPrintable(QString::number(m_editor->currentStep())));
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(captions(), redone);
    QVERIFY2(shows(shownRedone), qPrintable(QString::number(m_editor->currentStep())));
    // The session's history is never touched from inside the editor.
    QCOMPARE(m_window->document()->undoStack()->index(), sessionUndo);
    // Undone to the empty lesson and redone again, nothing is left without a step in sight.
    while (doc->undoStack()->canUndo())
        QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->stepCount(), 0);
    QCOMPARE(m_editor->currentStep(), -1);
    QVERIFY(!m_editor->captionEdit(false)->isEnabled());
    while (doc->undoStack()->canRedo())
        QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(captions(), redone);
    QCOMPARE(m_window->document()->undoStack()->index(), sessionUndo);
}

void TestLessonEditor::reorderButtonsAndPlay()
{
    // The window's lesson player listens, so the button shows.
    QSignalSpy play(m_editor, &LessonEditor::playRequested);
    QVERIFY(!m_editor->playButton()->isHidden());
    for (const QString &c : { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") })
        recordWithCaption(c);
    QCOMPARE(m_editor->currentStep(), 2);
    auto *up = m_editor->findChild<QPushButton *>(QStringLiteral("lessonStepUp"));
    auto *duplicate = m_editor->findChild<QPushButton *>(QStringLiteral("lessonStepDuplicate"));
    auto *remove = m_editor->findChild<QPushButton *>(QStringLiteral("lessonStepDelete"));
    QVERIFY(up && duplicate && remove);
    QTest::mouseClick(up, Qt::LeftButton);
    QCOMPARE(m_editor->currentStep(), 1);
    QCOMPARE(m_editor->stepList()->item(1)->text(), QStringLiteral("2. c"));
    QCOMPARE(m_editor->captionEdit(false)->toPlainText(), QStringLiteral("c"));
    QTest::mouseClick(duplicate, Qt::LeftButton);
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(m_editor->stepList()->count(), 3);
    m_editor->setCurrentStep(2);
    // Nothing unsaved, so the player asks no question before it replaces the session.
    m_window->document()->undoStack()->setClean();
    QTest::mouseClick(m_editor->playButton(), Qt::LeftButton);
    QCOMPARE(play.count(), 1);
    const auto lesson = play.at(0).at(0).value<ResolvedLesson>();
    QCOMPARE(play.at(0).at(1).toInt(), 2);
    QStringList order;
    for (const ResolvedLessonStep &s : lesson.steps)
        order << s.caption.en;
    QCOMPARE(
        order, (QStringList { QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("b") }));
    // The window plays it from the chosen step.
    QVERIFY(m_window->lessons()->player()->isPlaying());
    QCOMPARE(m_window->lessons()->player()->stepIndex(), 2);

    // A drag in the list moves the step in the lesson, as one undo step.
    const int before = m_editor->document()->undoStack()->count();
    QVERIFY(m_editor->stepList()->model()->moveRows(QModelIndex(), 0, 1, QModelIndex(), 3));
    QTRY_COMPARE(m_editor->document()->step(2).caption.en, QStringLiteral("a"));
    QCOMPARE(m_editor->document()->step(0).caption.en, QStringLiteral("c"));
    QCOMPARE(m_editor->document()->undoStack()->count(), before + 1);
    QCOMPARE(m_editor->stepList()->item(2)->text(), QStringLiteral("3. a"));
}

void TestLessonEditor::refusedQuestionNamesTheField()
{
    recordWithCaption(QStringLiteral("only step"));
    m_editor->questionKindBox()->setCurrentIndex(int(LessonQuestionKind::Direction) + 1);
    m_editor->promptEdit(false)->setText(QStringLiteral("Rises?"));
    QVERIFY(!m_editor->applyQuestion());
    QVERIFY(m_editor->messageLabel()->text().contains(QStringLiteral("steps[0].question.kind")));
    QVERIFY(!m_editor->document()->step(0).question);
    m_editor->questionKindBox()->setCurrentIndex(int(LessonQuestionKind::Weight) + 1);
    m_editor->questionKeyBox()->setValue(3);
    QVERIFY(m_editor->applyQuestion());
    QCOMPARE(m_editor->document()->step(0).question->key, 3);
    QVERIFY(m_editor->stepList()->item(0)->text().contains(LessonEditor::tr(" · question")));
}

QTEST_MAIN(TestLessonEditor)
#include "tst_lessoneditor.moc"
