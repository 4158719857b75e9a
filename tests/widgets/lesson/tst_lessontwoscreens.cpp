// SPDX-License-Identifier: GPL-3.0-or-later
// With two screens a lesson goes full screen to the projector (the screen that is not the
// primary one) and the presenter view opens on the laptop; leaving the lesson gives the window
// back. Runs on the offscreen platform configured with two screens side by side. When
// AE_SCREENSHOT_DIR is set, both windows are saved there as PNG to be looked at.

#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonplayer.h"
#include "lesson/lessonpresenterview.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

class TestLessonTwoScreens : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lessonOnTheProjectorPresenterOnTheLaptop();
};

void TestLessonTwoScreens::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessontwoscreens"));
    QCOMPARE(QGuiApplication::screens().size(), 2);
}

void TestLessonTwoScreens::lessonOnTheProjectorPresenterOnTheLaptop()
{
    QScreen *laptop = QGuiApplication::primaryScreen();
    QScreen *projector = QGuiApplication::screens().at(0) == laptop
        ? QGuiApplication::screens().at(1)
        : QGuiApplication::screens().at(0);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.screen(), laptop);
    const LessonLoadResult loaded = LessonCatalog::load(QStringLiteral("why-sqrt-dk"));
    QVERIFY(loaded.ok());
    QVERIFY(window.lessons()->play(loaded.lesson));
    QVERIFY(window.isPresentationMode());
    QTRY_COMPARE(window.screen(), projector);
    QTRY_VERIFY(projector->geometry().contains(window.geometry().center()));
    LessonPresenterView *presenter = window.lessons()->presenterView();
    QVERIFY(presenter && presenter->isVisible());
    QVERIFY(laptop->geometry().contains(presenter->geometry().center()));
    QVERIFY(presenter->counterText().startsWith(QStringLiteral("Step 1 of")));
    window.lessons()->player()->next();
    window.lessons()->player()->next();
    QTest::qWait(200);
    if (const QByteArray dir = qgetenv("AE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window.grab().save(
            QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("player-31-projector.png")));
        presenter->grab().save(
            QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("player-32-presenter.png")));
    }
    window.lessons()->leave();
    QVERIFY(!window.isPresentationMode());
    QVERIFY(!presenter->isVisible());
}

int main(int argc, char **argv)
{
    // Two screens side by side, the laptop (primary) on the left.
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": 1024, "height": 768, "logicalDpi": 96,
         "logicalBaseDpi": 96, "dpr": 1},
        {"name": "projector", "x": 1024, "y": 0, "width": 1024, "height": 768, "logicalDpi": 96,
         "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestLessonTwoScreens test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_lessontwoscreens.moc"
