// SPDX-License-Identifier: GPL-3.0-or-later
// The everyday window (not lesson mode) on a 1024×768 projector, in English and Chinese, with
// the computation view opened beside the heatmap: the heatmap keeps a readable height, the
// computation's controls show every label whole without covering each other, and the heatmap's
// own controls (the colour map's name) are not cut. Lesson mode entered in the middle of a
// played lesson shows what the step names (no computation view on a step without one), the
// caption beside a heatmap of at least 300 pixels. The suite runs on one offscreen 1024×768
// screen.

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "testsupportattention.h"
#include "testsupportscreens.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The suite's screen, set before the application starts: one offscreen 1024×768 projector.
const bool projectorScreen = test::useOffscreenScreens("projector-1024x768.json");

/// @p w's rectangle in @p ancestor's coordinates.
QRect rectIn(const QWidget *w, const QWidget *ancestor)
{
    return QRect(w->mapTo(ancestor, QPoint(0, 0)), w->size());
}

/// A short description of @p w for failure messages: its class, name and text.
QString describe(const QWidget *w)
{
    QString text;
    if (const auto *label = qobject_cast<const QLabel *>(w))
        text = label->text();
    else if (const auto *button = qobject_cast<const QAbstractButton *>(w))
        text = button->text();
    else if (const auto *combo = qobject_cast<const QComboBox *>(w))
        text = combo->currentText();
    return QStringLiteral("%1 %2 \"%3\"")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text);
}

/// True when every visible label, button, combo box and spin box among @p widgets has at
/// least the width its text needs and none covers another; says why not in @p why.
bool allWholeAndApart(const QList<QWidget *> &widgets, const QWidget *ancestor, QString *why)
{
    QList<QWidget *> shown;
    for (QWidget *w : widgets) {
        if (!w->isVisibleTo(ancestor))
            continue;
        if (!qobject_cast<QLabel *>(w) && !qobject_cast<QAbstractButton *>(w)
            && !qobject_cast<QComboBox *>(w) && !qobject_cast<QAbstractSpinBox *>(w))
            continue;
        // A label may wrap; the others need their whole one-line text.
        const auto *label = qobject_cast<QLabel *>(w);
        const int needed
            = label && label->wordWrap() ? w->minimumSizeHint().width() : w->sizeHint().width();
        if (w->width() < needed) {
            *why = QStringLiteral("%1 is %2 px wide, its text needs %3")
                       .arg(describe(w))
                       .arg(w->width())
                       .arg(needed);
            return false;
        }
        shown.append(w);
    }
    for (int i = 0; i < shown.size(); ++i) {
        for (int j = i + 1; j < shown.size(); ++j) {
            // Nested widgets (a spin box's line edit) are not neighbours.
            if (shown[i]->isAncestorOf(shown[j]) || shown[j]->isAncestorOf(shown[i]))
                continue;
            if (rectIn(shown[i], ancestor).intersects(rectIn(shown[j], ancestor))) {
                *why = QStringLiteral("%1 and %2 overlap")
                           .arg(describe(shown[i]), describe(shown[j]));
                return false;
            }
        }
    }
    return true;
}

} // namespace

class TestProjectorWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void computationViewLeavesTheHeatmapReadable_data();
    void computationViewLeavesTheHeatmapReadable();
    void lessonModeMidLessonShowsTheStepsView_data();
    void lessonModeMidLessonShowsTheStepsView();

private:
    /// Opens the window as a teacher does on the projector, in @p language: its default place
    /// and arrangement.
    void openWindow(const QString &language);

    MainWindow *m_window = nullptr;
};

void TestProjectorWindow::initTestCase()
{
    Q_UNUSED(projectorScreen);
    T::isolateSettings(QStringLiteral("tst_projectorwindow"));
    QCOMPARE(QGuiApplication::primaryScreen()->geometry(), QRect(0, 0, 1024, 768));
}

void TestProjectorWindow::cleanup()
{
    delete m_window;
    m_window = nullptr;
    LanguageManager::apply(QStringLiteral("en"));
}

void TestProjectorWindow::openWindow(const QString &language)
{
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    QSettings().clear();
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestProjectorWindow::computationViewLeavesTheHeatmapReadable_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

void TestProjectorWindow::computationViewLeavesTheHeatmapReadable()
{
    QFETCH(QString, language);
    openWindow(language);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(m_window->document()->hasResult());
    ComputationDock *steps = m_window->classroom()->computation();
    QVERIFY(!steps->isVisible());
    steps->toggleViewAction()->trigger();
    QTRY_VERIFY(steps->isVisible());
    QTest::qWait(50); // the controls are arranged once the window has laid the dock out

    // The window stays on the screen.
    QVERIFY2(m_window->screen()->availableGeometry().contains(m_window->frameGeometry()),
        qPrintable(QStringLiteral("window %1×%2")
                       .arg(m_window->frameGeometry().width())
                       .arg(m_window->frameGeometry().height())));
    HeatmapPlot *heatmap = m_window->heatmapPanel()->largePlot();
    QVERIFY2(heatmap->isVisible() && heatmap->height() >= 200,
        qPrintable(QStringLiteral("heatmap %1 px tall").arg(heatmap->height())));

    // The controls above the steps: head, decimals, one query's row, back, position, next.
    auto *head = steps->findChild<QComboBox *>(QStringLiteral("computationHeadBox"));
    QVERIFY(head && head->parentWidget() && head->parentWidget()->parentWidget());
    QWidget *controls = head->parentWidget()->parentWidget();
    QVERIFY(controls->isAncestorOf(
        steps->findChild<QWidget *>(QStringLiteral("computationForwardButton"))));
    QString why;
    QVERIFY2(allWholeAndApart(controls->findChildren<QWidget *>(), controls, &why),
        qPrintable(QStringLiteral("computation view: ") + why));
    auto *colorMap
        = m_window->heatmapPanel()->findChild<QComboBox *>(QStringLiteral("colorMapCombo"));
    QVERIFY(colorMap);
    QVERIFY2(colorMap->width() >= colorMap->sizeHint().width(),
        qPrintable(QStringLiteral("colour map \"%1\" %2 px wide, needs %3")
                       .arg(colorMap->currentText())
                       .arg(colorMap->width())
                       .arg(colorMap->sizeHint().width())));
}

void TestProjectorWindow::lessonModeMidLessonShowsTheStepsView_data()
{
    computationViewLeavesTheHeatmapReadable_data();
}

void TestProjectorWindow::lessonModeMidLessonShowsTheStepsView()
{
    QFETCH(QString, language);
    openWindow(language);
    if (QTest::currentTestFailed())
        return;
    // The cross-attention lesson's first step names no step of the computation.
    QVERIFY(m_window->lessons()->openBuiltin(QStringLiteral("cross-attention")));
    LessonPlayer *player = m_window->lessons()->player();
    QVERIFY(player->isPlaying());
    QVERIFY(player->currentStep().view.computationStep.isEmpty());
    ComputationDock *steps = m_window->classroom()->computation();
    QVERIFY(!steps->isVisible());
    // F11 now, as a teacher does once the lesson is open.
    m_window->setPresentationMode(true);
    QTRY_COMPARE(m_window->geometry(), m_window->screen()->geometry());
    QTest::qWait(50);
    QVERIFY(!steps->isVisible());
    LessonPanel *caption = m_window->lessons()->panel();
    QVERIFY(caption->isVisible());
    QCOMPARE(m_window->dockWidgetArea(caption), Qt::RightDockWidgetArea);
    HeatmapPlot *heatmap = m_window->heatmapPanel()->largePlot();
    QTRY_VERIFY2(heatmap->isVisible() && heatmap->height() >= 300,
        qPrintable(QStringLiteral("heatmap %1 px tall").arg(heatmap->height())));
    // The next step names one: the computation comes back, the heatmap keeps 300 pixels.
    while (player->stepIndex() == 0)
        player->next();
    QVERIFY(!player->currentStep().view.computationStep.isEmpty());
    QTRY_VERIFY(steps->isVisible());
    QTRY_VERIFY2(heatmap->isVisible() && heatmap->height() >= 300,
        qPrintable(QStringLiteral("heatmap %1 px tall beside the step").arg(heatmap->height())));
}

QTEST_MAIN(TestProjectorWindow)
#include "tst_projectorwindow.moc"
