// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson mode: F11 turns it on with larger fonts and the computation view, Ctrl+= / Ctrl+-
// zoom, high contrast, the clicker's Page Up / Page Down step from anywhere in the window.

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "heatmap/heatmappanel.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/lessonmode.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QSettings>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The font's size in points, or in pixels where the platform sets it so.
double fontSize(const QFont &f)
{
    return f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize();
}

} // namespace

/// Tests LessonMode inside the main window.
class TestLessonMode : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void entersAndLeaves();
    void zoomInAndOut_data();
    void zoomInAndOut();
    void zoomShortcutsAreTheUsualOnes();
    void lessonZoomFollowsTheScreen_data();
    void lessonZoomFollowsTheScreen();
    void clickerStepsFromAnywhere_data();
    void clickerStepsFromAnywhere();
    void highContrastPalette();

private:
    MainWindow *m_window = nullptr;
    LessonMode *m_lesson = nullptr;
};

void TestLessonMode::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_lessonmode"));
}

void TestLessonMode::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_lesson = m_window->classroom()->lessonMode();
}

void TestLessonMode::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestLessonMode::entersAndLeaves()
{
    const double everyday = fontSize(m_window->font());
    QVERIFY(!m_lesson->isActive());
    m_window->setPresentationMode(true);
    QVERIFY(m_lesson->isActive());
    const double start = LessonMode::lessonZoomFor(m_window->screen()->geometry().height());
    QCOMPARE(m_lesson->zoom(), start);
    QVERIFY(m_window->classroom()->computation()->isVisible());
    QVERIFY(std::abs(fontSize(m_window->font()) - everyday * start) <= 0.5);
    m_window->setPresentationMode(false);
    QVERIFY(!m_lesson->isActive());
    QCOMPARE(m_lesson->zoom(), 1.0);
    QCOMPARE(fontSize(m_window->font()), everyday);
}

void TestLessonMode::zoomInAndOut_data()
{
    QTest::addColumn<int>("ins");
    QTest::addColumn<int>("outs");
    QTest::addColumn<double>("expected");
    // Relative to the zoom lesson mode starts at (0 marks a cap instead).
    QTest::newRow("one in") << 1 << 0 << 1.25;
    QTest::newRow("one out") << 0 << 1 << 1 / 1.25;
    QTest::newRow("in then out") << 1 << 1 << 1.0;
    QTest::newRow("capped above") << 20 << 0 << 0.0;
    QTest::newRow("capped below") << 0 << 20 << 0.0;
}

void TestLessonMode::zoomInAndOut()
{
    QFETCH(int, ins);
    QFETCH(int, outs);
    QFETCH(double, expected);
    const double everyday = fontSize(m_window->font());
    m_window->setPresentationMode(true);
    const double start = m_lesson->zoom();
    if (expected == 0.0)
        expected = ins > 0 ? LessonMode::maximumZoom : LessonMode::minimumZoom;
    else
        expected *= start;
    for (int i = 0; i < ins; ++i)
        m_lesson->zoomInAction()->trigger();
    for (int i = 0; i < outs; ++i)
        m_lesson->zoomOutAction()->trigger();
    QVERIFY(std::abs(m_lesson->zoom() - expected) < 1e-9);
    // Pixel sizes are whole numbers.
    QVERIFY(std::abs(fontSize(m_window->font()) - everyday * expected) <= 0.5);
}

void TestLessonMode::zoomShortcutsAreTheUsualOnes()
{
    QVERIFY(m_lesson->zoomInAction()->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Equal)));
    QVERIFY(
        m_lesson->zoomOutAction()->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Minus)));
    // Both stay reachable while the menu bar is out of sight in full screen.
    QVERIFY(m_window->actions().contains(m_lesson->zoomInAction()));
    QVERIFY(m_window->actions().contains(m_lesson->zoomOutAction()));
}

void TestLessonMode::lessonZoomFollowsTheScreen_data()
{
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("zoom");
    QTest::newRow("1024x768") << 768 << 1.0;
    QTest::newRow("1280x900") << 900 << 1.25;
    QTest::newRow("1920x1080") << 1080 << 1.5;
}

void TestLessonMode::lessonZoomFollowsTheScreen()
{
    QFETCH(int, height);
    QFETCH(double, zoom);
    QCOMPARE(LessonMode::lessonZoomFor(height), zoom);
}

void TestLessonMode::clickerStepsFromAnywhere_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("delta");
    QTest::newRow("Page Down") << int(Qt::Key_PageDown) << 1;
    QTest::newRow("Page Up") << int(Qt::Key_PageUp) << -1;
    QTest::newRow("Right") << int(Qt::Key_Right) << 1;
    QTest::newRow("Left") << int(Qt::Key_Left) << -1;
}

void TestLessonMode::clickerStepsFromAnywhere()
{
    QFETCH(int, key);
    QFETCH(int, delta);
    ComputationDock *dock = m_window->classroom()->computation();
    dock->setStep(3);
    // Outside lesson mode the heatmap keeps its keys.
    QTest::keyClick(m_window->heatmapPanel(), Qt::Key(key));
    QCOMPARE(dock->step(), 3);
    m_window->setPresentationMode(true);
    QTest::keyClick(m_window->heatmapPanel(), Qt::Key(key));
    QCOMPARE(dock->step(), 3 + delta);
    QTest::keyClick(m_window->heatmapPanel(), Qt::Key(key));
    QCOMPARE(dock->step(), 3 + 2 * delta);
}

void TestLessonMode::highContrastPalette()
{
    const QColor everyday = m_window->palette().color(QPalette::Window);
    m_lesson->highContrastAction()->trigger();
    QVERIFY(m_lesson->isHighContrast());
    QCOMPARE(m_window->palette().color(QPalette::Window), QColor(Qt::black));
    QCOMPARE(m_window->palette().color(QPalette::WindowText), QColor(Qt::white));
    m_lesson->highContrastAction()->trigger();
    QVERIFY(!m_lesson->isHighContrast());
    QCOMPARE(m_window->palette().color(QPalette::Window), everyday);
}

QTEST_MAIN(TestLessonMode)
#include "tst_lessonmode.moc"
