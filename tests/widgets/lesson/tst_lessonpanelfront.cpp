// SPDX-License-Identifier: GPL-3.0-or-later
// A played lesson's panel on a 1024×768 screen: always in front of the docks it shares the
// window with (the training window, the attention settings' tab), at every step and on entering
// lesson mode; its question and the question's choices in sight together, before and after the
// reveal, in the everyday window and in lesson mode.

#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "lesson/lessoncaptionview.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "testsupportattention.h"
#include "testsupportscreens.h"
#include "training/trainingdock.h"
#include "window/mainwindow.h"

#include <QAbstractTextDocumentLayout>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace ae;

namespace {

/// The suite's screen, set before the application starts: one offscreen 1024×768 projector.
const bool projectorScreen = test::useOffscreenScreens("projector-1024x768.json");

const QString sqrtLesson = QStringLiteral("why-sqrt-dk");

/// @p w's rectangle in global coordinates.
QRect globalRect(const QWidget *w)
{
    return QRect(w->mapToGlobal(QPoint(0, 0)), w->size());
}

/// True when the lesson panel of @p window shows and no other window covers it; says why not.
bool panelInFront(MainWindow *window, QString *why)
{
    LessonPanel *panel = window->lessons()->panel();
    // A tab behind another keeps "visible" but is moved out of the window.
    if (!panel->isVisible() || panel->visibleRegion().isEmpty()
        || !globalRect(window).intersects(globalRect(panel))) {
        *why = QStringLiteral("the lesson panel is hidden or behind another tab");
        return false;
    }
    TrainingDock *training = window->trainingDock();
    if (training->isVisible() && training->isFloating()
        && training->frameGeometry().intersects(globalRect(panel))) {
        *why = QStringLiteral("the training window covers the lesson panel");
        return false;
    }
    return true;
}

/// True when the line of @p caption that holds @p text (its first after the word "Question")
/// lies whole in the caption's viewport; says why not in @p why.
bool lineInSight(const LessonCaptionView *caption, const QString &text, QString *why)
{
    QTextDocument *document = caption->document();
    const QTextCursor question = document->find(LessonPanel::tr("Question:"));
    const QTextCursor found = document->find(text, question);
    if (found.isNull()) {
        *why = QStringLiteral("“%1” is not in the caption").arg(text);
        return false;
    }
    const QTextBlock block = found.block();
    const QRectF box = document->documentLayout()->blockBoundingRect(block);
    // The line of the block that holds the text.
    const QTextLine line
        = block.layout()->lineForTextPosition(found.selectionEnd() - block.position() - 1);
    const double top = box.top() + line.y() - caption->verticalScrollBar()->value();
    const double bottom = top + line.height();
    const int shown = caption->viewport()->height();
    if (top < -0.5 || bottom > shown + 0.5) {
        *why = QStringLiteral("“%1” at y %2 to %3 in a caption %4 px tall")
                   .arg(text)
                   .arg(top)
                   .arg(bottom)
                   .arg(shown);
        return false;
    }
    return true;
}

/// @p markdown as the plain text it shows.
QString shownText(const QString &markdown)
{
    QTextDocument document;
    document.setMarkdown(markdown);
    return document.toPlainText().simplified();
}

} // namespace

/// Tests where a played lesson's panel shows and what of its question is in sight.
class TestLessonPanelFront : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void panelStaysInFront_data();
    void panelStaysInFront();
    void questionAndChoicesInSight_data();
    void questionAndChoicesInSight();
    void heatmapKeepsItsRoomBesideAQuestion_data();
    void heatmapKeepsItsRoomBesideAQuestion();
    void choicesAndAnswerShowNoMarkdown_data();
    void choicesAndAnswerShowNoMarkdown();
    void settingsGetTheirHeightBack_data();
    void settingsGetTheirHeightBack();
    void revealKeepsTheCaptionBesideItsPanel_data();
    void revealKeepsTheCaptionBesideItsPanel();

private:
    MainWindow *m_window = nullptr;
};

void TestLessonPanelFront::initTestCase()
{
    Q_UNUSED(projectorScreen);
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessonpanelfront"));
}

void TestLessonPanelFront::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestLessonPanelFront::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestLessonPanelFront::panelStaysInFront_data()
{
    QTest::addColumn<bool>("trainingOpen");
    QTest::addColumn<bool>("settingsRaised");
    QTest::addColumn<bool>("lessonMode");
    QTest::newRow("training window open") << true << false << false;
    QTest::newRow("settings tab raised") << false << true << false;
    QTest::newRow("settings tab raised, then lesson mode") << false << true << true;
    QTest::newRow("training open, settings raised, lesson mode") << true << true << true;
}

void TestLessonPanelFront::panelStaysInFront()
{
    QFETCH(bool, trainingOpen);
    QFETCH(bool, settingsRaised);
    QFETCH(bool, lessonMode);
    // View ▸ Training first, as a teacher who looked at the training lab would have.
    if (trainingOpen) {
        m_window->trainingDock()->show();
        m_window->trainingDock()->raise();
    }
    LessonController *lessons = m_window->lessons();
    QVERIFY(lessons->openBuiltin(sqrtLesson));
    QString why;
    QTRY_VERIFY2(panelInFront(m_window, &why), qPrintable(why));
    // A click on the settings' tab (or anything else that raises it) while the lesson plays.
    if (settingsRaised) {
        m_window->attentionPanel()->show();
        m_window->attentionPanel()->raise();
        QTRY_VERIFY(!panelInFront(m_window, &why));
    }
    if (lessonMode) {
        m_window->setPresentationMode(true);
        QTRY_VERIFY2(panelInFront(m_window, &why), qPrintable(QStringLiteral("F11: ") + why));
    }
    // Page Down twice: the question of step 2, its weights hidden.
    QTest::keyClick(m_window, Qt::Key_PageDown);
    QTest::keyClick(m_window, Qt::Key_PageDown);
    LessonPlayer *player = lessons->player();
    QCOMPARE(player->stepIndex(), 1);
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QTRY_VERIFY2(panelInFront(m_window, &why), qPrintable(why));
    QVERIFY(lessons->panel()->questionBox()->isVisible());
}

void TestLessonPanelFront::questionAndChoicesInSight_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<bool>("lessonMode");
    for (const bool mode : { false, true }) {
        for (const char *lesson : { "why-sqrt-dk", "cross-attention" }) {
            QTest::addRow("%s, English, %s", lesson, mode ? "lesson mode" : "everyday")
                << QStringLiteral("en") << QString::fromLatin1(lesson) << mode;
            QTest::addRow("%s, Chinese, %s", lesson, mode ? "lesson mode" : "everyday")
                << QStringLiteral("zh_CN") << QString::fromLatin1(lesson) << mode;
        }
    }
}

void TestLessonPanelFront::questionAndChoicesInSight()
{
    QFETCH(QString, language);
    QFETCH(QString, lesson);
    QFETCH(bool, lessonMode);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    const bool chinese = LanguageManager::isChinese();
    LessonController *lessons = m_window->lessons();
    QVERIFY(lessons->openBuiltin(lesson));
    if (lessonMode) {
        m_window->setPresentationMode(true);
        QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    }
    LessonPlayer *player = lessons->player();
    const auto *caption = lessons->panel()->findChild<LessonCaptionView *>();
    QVERIFY(caption);
    // Every choice question of the lesson, before and after the reveal.
    int asked = 0;
    for (int step = 0; step < player->stepCount(); ++step) {
        const ResolvedLessonStep &s = player->lesson().steps[size_t(step)];
        if (!s.question || s.question->kind != LessonQuestionKind::Choice)
            continue;
        ++asked;
        player->goToStep(step);
        player->next(); // the question
        QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
        QStringList lines { shownText(s.question->prompt.in(chinese)).left(12) };
        for (const LessonText &option : s.question->options)
            lines << shownText(option.in(chinese));
        for (const bool reveal : { false, true }) {
            if (reveal)
                player->reveal();
            // Revealed, a training step's runs, or the scaling lab's panel that answers, take
            // the screen below the caption in lesson mode: the prompt stays in sight and the
            // answer's box says the right choice whole; the other choices may scroll.
            const bool labBelow = !s.view.scalingPanel.isEmpty();
            const bool runsBelow = reveal && lessonMode && (s.view.training || labBelow);
            if (runsBelow) {
                const QWidget *box = lessons->panel()->questionBox();
                QTRY_VERIFY(box->isVisible());
                QVERIFY(m_window->geometry().contains(
                    QRect(box->mapToGlobal(QPoint(0, 0)), box->size())));
            }
            if (runsBelow && labBelow) {
                // The lab's panel has half the column beside the heatmap: room for its plot.
                const QWidget *lab = m_window->scalingDock();
                QTRY_VERIFY(lab->isVisible());
                const int column = lab->height() + lessons->panel()->height();
                QTRY_VERIFY2(lab->height() >= column / 2 - 2,
                    qPrintable(QStringLiteral("step %1: the lab %2 px of %3")
                                   .arg(step + 1)
                                   .arg(lab->height())
                                   .arg(column)));
            }
            for (const QString &line : runsBelow ? lines.mid(0, 1) : lines) {
                QString why;
                QTRY_VERIFY2(lineInSight(caption, line, &why),
                    qPrintable(QStringLiteral("step %1%2: %3")
                                   .arg(step + 1)
                                   .arg(reveal ? QStringLiteral(", revealed") : QString())
                                   .arg(why)));
            }
        }
    }
    QVERIFY(asked > 0);
    LanguageManager::apply(QStringLiteral("en"));
}

void TestLessonPanelFront::heatmapKeepsItsRoomBesideAQuestion_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

void TestLessonPanelFront::heatmapKeepsItsRoomBesideAQuestion()
{
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    const bool chinese = LanguageManager::isChinese();
    // The cross-attention lesson in lesson mode, Page Down twice: its first question.
    LessonController *lessons = m_window->lessons();
    QVERIFY(lessons->openBuiltin(QStringLiteral("cross-attention")));
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    QTest::keyClick(m_window, Qt::Key_PageDown);
    QTest::keyClick(m_window, Qt::Key_PageDown);
    LessonPlayer *player = lessons->player();
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    const ResolvedLessonStep &step = player->currentStep();
    LessonPanel *panel = lessons->panel();
    const auto *caption = panel->findChild<LessonCaptionView *>();
    HeatmapPlot *heatmap = m_window->heatmapPanel()->largePlot();
    const QRect screen = m_window->screen()->geometry();
    for (const bool reveal : { false, true }) {
        if (reveal)
            QTest::keyClick(m_window, Qt::Key_PageDown);
        const QString phase = reveal ? QStringLiteral("revealed") : QStringLiteral("asked");
        QTRY_VERIFY2(heatmap->isVisible() && heatmap->height() >= 300,
            qPrintable(QStringLiteral("%1: heatmap %2 px tall").arg(phase).arg(heatmap->height())));
        QVERIFY(screen.contains(globalRect(heatmap)));
        // The question, its choices and the reveal (or the answer) in sight at the same time.
        QStringList lines { shownText(step.question->prompt.in(chinese)).left(12) };
        for (const LessonText &option : step.question->options)
            lines << shownText(option.in(chinese));
        for (const QString &line : lines) {
            QString why;
            QTRY_VERIFY2(
                lineInSight(caption, line, &why), qPrintable(phase + QStringLiteral(": ") + why));
        }
        QWidget *control = reveal
            ? static_cast<QWidget *>(panel->findChild<QLabel *>(QStringLiteral("lessonAnswer")))
            : panel->revealButton();
        QVERIFY(control && control->isVisible());
        QVERIFY2(
            screen.contains(globalRect(control)) && globalRect(panel).contains(globalRect(control)),
            qPrintable(phase + QStringLiteral(": the reveal or the answer is off the panel")));
        QVERIFY2(!globalRect(heatmap).intersects(globalRect(panel)),
            qPrintable(phase + QStringLiteral(": the panel covers the heatmap")));
    }
    LanguageManager::apply(QStringLiteral("en"));
}

void TestLessonPanelFront::choicesAndAnswerShowNoMarkdown_data()
{
    heatmapKeepsItsRoomBesideAQuestion_data();
}

void TestLessonPanelFront::choicesAndAnswerShowNoMarkdown()
{
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    const bool chinese = LanguageManager::isChinese();
    // Cross-attention's step 2: the right choice is "The target *i love*".
    LessonController *lessons = m_window->lessons();
    QVERIFY(lessons->openBuiltin(QStringLiteral("cross-attention")));
    LessonPlayer *player = lessons->player();
    player->goToStep(1);
    player->next();
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    const ResolvedLessonStep &step = player->currentStep();
    QCOMPARE(step.question->kind, LessonQuestionKind::Choice);
    const QString right = step.question->options.at(size_t(step.answer.index)).in(chinese);
    QVERIFY2(right.contains(QLatin1Char('*')), qPrintable(right));
    const QString words = shownText(right);
    // The list of choices: the words, not the asterisks.
    QComboBox *choices = lessons->panel()->choiceGuess();
    QCOMPARE(choices->count(), int(step.question->options.size()) + 1);
    const QString item = choices->itemText(step.answer.index + 1);
    QVERIFY2(item.contains(words) && !item.contains(QLatin1Char('*')), qPrintable(item));
    choices->setCurrentIndex(step.answer.index + 1);
    player->reveal();
    // The answer and the guess, rendered as the caption is.
    auto *answer = lessons->panel()->findChild<QLabel *>(QStringLiteral("lessonAnswer"));
    QVERIFY(answer && answer->isVisible());
    const QString shown
        = answer->textFormat() == Qt::PlainText ? answer->text() : shownText(answer->text());
    QVERIFY2(shown.count(words) == 2 && !shown.contains(QLatin1Char('*')), qPrintable(shown));
    QCOMPARE(lessons->panel()->answerText().count(words), 2);
    LanguageManager::apply(QStringLiteral("en"));
}

void TestLessonPanelFront::settingsGetTheirHeightBack_data()
{
    QTest::addColumn<bool>("playLesson");
    QTest::addColumn<bool>("closeWindow");
    QTest::addColumn<bool>("lessonMode");
    QTest::newRow("lesson panel closed") << true << false << false;
    QTest::newRow("window closed during the lesson, opened again") << true << true << false;
    QTest::newRow("window closed in lesson mode, opened again") << true << true << true;
    QTest::newRow("no lesson, window closed and opened again") << false << true << false;
}

void TestLessonPanelFront::settingsGetTheirHeightBack()
{
    QFETCH(bool, playLesson);
    QFETCH(bool, closeWindow);
    QFETCH(bool, lessonMode);
    QTRY_VERIFY(m_window->attentionPanel()->isVisible());
    const int before = m_window->attentionPanel()->height();
    QVERIFY(!m_window->scalingDock()->isHidden());
    LessonController *lessons = m_window->lessons();
    if (playLesson) {
        QVERIFY(lessons->openBuiltin(sqrtLesson));
        // Step 2's question: the caption takes more of the window than the settings had.
        QTest::keyClick(m_window, Qt::Key_PageDown);
        QTest::keyClick(m_window, Qt::Key_PageDown);
        // The question withholds the scaling panel until the reveal.
        QVERIFY(m_window->scalingDock()->isHidden());
        QTRY_VERIFY2(lessons->panel()->height() > before + 50,
            qPrintable(QStringLiteral("panel %1, settings before %2")
                           .arg(lessons->panel()->height())
                           .arg(before)));
    }
    if (lessonMode) {
        m_window->setPresentationMode(true);
        QTRY_VERIFY(m_window->lessons()->panel()->isVisible());
    }
    if (closeWindow) {
        // Closed mid-lesson (or ended by the system): the next start has no lesson and no
        // panel, and the window as it was before the lesson: the settings have their room.
        QVERIFY(m_window->close());
        delete m_window;
        m_window = new MainWindow;
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        QVERIFY(m_window->lessons()->panel()->isHidden());
        // Nor are the panels the lesson's step hid.
        QVERIFY(!m_window->scalingDock()->isHidden());
    } else {
        lessons->panel()->close();
    }
    QTRY_VERIFY(m_window->attentionPanel()->isVisible());
    // The hidden lesson panel's tab takes no room from the settings at the next start.
    QTRY_COMPARE(m_window->attentionPanel()->height(), before);
}

void TestLessonPanelFront::revealKeepsTheCaptionBesideItsPanel_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("oneColumn");
    QTest::newRow("English window") << QStringLiteral("en") << false;
    QTest::newRow("Chinese window") << QStringLiteral("zh_CN") << false;
    QTest::newRow("English, caption and plot tabs of one column") << QStringLiteral("en") << true;
    QTest::newRow("Chinese, caption and plot tabs of one column")
        << QStringLiteral("zh_CN") << true;
}

void TestLessonPanelFront::revealKeepsTheCaptionBesideItsPanel()
{
    QFETCH(QString, language);
    QFETCH(bool, oneColumn);
    delete m_window;
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    LessonController *lessons = m_window->lessons();
    QDockWidget *scaling = m_window->scalingDock();
    if (oneColumn) {
        // As the window arranges a screen too short for its settings above the sequences (large
        // text; Chinese labels under some window frames), or as a user may: the settings, the
        // caption and the scaling plot share the left column as tabs.
        m_window->addDockWidget(Qt::LeftDockWidgetArea, m_window->attentionPanel());
        m_window->tabifyDockWidget(scaling, m_window->attentionPanel());
        m_window->addDockWidget(Qt::LeftDockWidgetArea, lessons->panel());
        m_window->tabifyDockWidget(scaling, lessons->panel());
        QVERIFY(m_window->tabifiedDockWidgets(scaling).contains(lessons->panel()));
    }
    QVERIFY(lessons->openBuiltin(sqrtLesson));
    QTest::keyClick(m_window, Qt::Key_PageDown);
    QTest::keyClick(m_window, Qt::Key_PageDown);
    QCOMPARE(lessons->player()->phase(), LessonPlayer::Phase::Question);
    lessons->player()->reveal();
    // The answer's panel (the score spread) and the caption that explains it, both in sight.
    QString why;
    QTRY_VERIFY2(panelInFront(m_window, &why), qPrintable(why));
    QTRY_VERIFY(scaling->isVisible() && !scaling->visibleRegion().isEmpty());
    QVERIFY(globalRect(m_window).contains(globalRect(scaling)));
    QVERIFY(!globalRect(scaling).intersects(globalRect(lessons->panel())));
    QVERIFY(scaling->height() >= 150 && lessons->panel()->height() >= 150);
    QVERIFY(lessons->panel()->answerText().contains(QStringLiteral("√d_k")));
    LanguageManager::apply(QStringLiteral("en"));
}

QTEST_MAIN(TestLessonPanelFront)
#include "tst_lessonpanelfront.moc"
