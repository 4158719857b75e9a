// SPDX-License-Identifier: GPL-3.0-or-later
// The placement rule: a window, frame included, inside a screen's available area, and the
// screen-size classes.

#include "window/screenfit.h"

#include <QTest>

using namespace ae;

class TestScreenFit : public QObject
{
    Q_OBJECT

private slots:
    void classifiesByWidth_data();
    void classifiesByWidth();
    void keysAreStable();
    void fitsTheWindow_data();
    void fitsTheWindow();
    void fittedWindowStaysInside_data();
    void fittedWindowStaysInside();
    void initialGeometryIsCentredAndFits_data();
    void initialGeometryIsCentredAndFits();
};

void TestScreenFit::classifiesByWidth_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<ScreenClass>("expected");
    QTest::newRow("projector 1024") << 1024 << ScreenClass::Narrow;
    QTest::newRow("1920 at 150 %") << 1280 << ScreenClass::Narrow;
    QTest::newRow("one below the limit") << 1399 << ScreenClass::Narrow;
    QTest::newRow("at the limit") << 1400 << ScreenClass::Wide;
    QTest::newRow("desk 1920") << 1920 << ScreenClass::Wide;
}

void TestScreenFit::classifiesByWidth()
{
    QFETCH(int, width);
    QFETCH(ScreenClass, expected);
    QCOMPARE(ScreenFit::classify(width), expected);
}

void TestScreenFit::keysAreStable()
{
    // Settings written by earlier versions use these names.
    QCOMPARE(ScreenFit::key(ScreenClass::Narrow), QStringLiteral("narrow"));
    QCOMPARE(ScreenFit::key(ScreenClass::Wide), QStringLiteral("wide"));
}

void TestScreenFit::fitsTheWindow_data()
{
    QTest::addColumn<QRect>("geometry");
    QTest::addColumn<QMargins>("frame");
    QTest::addColumn<QRect>("available");
    QTest::addColumn<QSize>("minimum");
    QTest::addColumn<QRect>("expected");
    QTest::addColumn<bool>("resized");
    QTest::addColumn<bool>("moved");
    QTest::addColumn<bool>("overflows");

    const QRect projector(0, 0, 1024, 768);
    const QMargins none;
    const QMargins decorated(4, 28, 4, 4);
    QTest::newRow("already inside")
        << QRect(100, 100, 800, 600) << none << projector << QSize(300, 200)
        << QRect(100, 100, 800, 600) << false << false << false;
    QTest::newRow("desk size on a projector, no frame")
        << QRect(160, 40, 1600, 1000) << none << projector << QSize(300, 200)
        << QRect(0, 0, 1024, 768) << true << true << false;
    // Room: 1024 - 8 = 1016 wide, 768 - 32 = 736 high; the frame's corner at (0, 0).
    QTest::newRow("desk size on a projector, with a frame")
        << QRect(160, 40, 1600, 1000) << decorated << projector << QSize(300, 200)
        << QRect(4, 28, 1016, 736) << true << true << false;
    QTest::newRow("saved on the right of a big screen")
        << QRect(1500, 300, 400, 300) << none << projector << QSize(300, 200)
        << QRect(624, 300, 400, 300) << false << true << false;
    QTest::newRow("above and left of the screen")
        << QRect(-50, -20, 400, 300) << decorated << projector << QSize(300, 200)
        << QRect(4, 28, 400, 300) << false << true << false;
    QTest::newRow("second screen to the right")
        << QRect(100, 100, 1600, 1000) << none << QRect(1920, 0, 1024, 768) << QSize(300, 200)
        << QRect(1920, 0, 1024, 768) << true << true << false;
    QTest::newRow("panel on top") << QRect(0, 0, 800, 600) << none << QRect(0, 32, 1024, 736)
                                  << QSize(300, 200) << QRect(0, 32, 800, 600) << false << true
                                  << false;
    // The minimum wins over the room, and the top-left edges win over the bottom-right ones.
    QTest::newRow("minimum larger than the screen")
        << QRect(200, 200, 900, 700) << none << QRect(0, 0, 800, 600) << QSize(850, 650)
        << QRect(0, 0, 850, 650) << true << true << true;
    QTest::newRow("only the height overflows")
        << QRect(10, 10, 500, 500) << none << QRect(0, 0, 800, 400) << QSize(300, 450)
        << QRect(10, 0, 500, 450) << true << true << true;
}

void TestScreenFit::fitsTheWindow()
{
    QFETCH(QRect, geometry);
    QFETCH(QMargins, frame);
    QFETCH(QRect, available);
    QFETCH(QSize, minimum);
    QFETCH(QRect, expected);
    QFETCH(bool, resized);
    QFETCH(bool, moved);
    QFETCH(bool, overflows);
    const WindowFitResult fit = ScreenFit::fitWindow({ geometry, frame, available, minimum });
    QCOMPARE(fit.geometry, expected);
    QCOMPARE(fit.resized, resized);
    QCOMPARE(fit.moved, moved);
    QCOMPARE(fit.overflows, overflows);
}

void TestScreenFit::fittedWindowStaysInside_data()
{
    QTest::addColumn<QRect>("available");
    QTest::addColumn<QMargins>("frame");
    QTest::newRow("projector, no frame") << QRect(0, 0, 1024, 768) << QMargins();
    QTest::newRow("1920x1080 at 150 %, frame") << QRect(0, 0, 1280, 720) << QMargins(1, 24, 1, 1);
    QTest::newRow("second screen, panel, frame")
        << QRect(1920, 30, 1024, 738) << QMargins(5, 30, 5, 5);
}

void TestScreenFit::fittedWindowStaysInside()
{
    // Whatever was saved, when the minimum fits the frame ends up inside the available area.
    QFETCH(QRect, available);
    QFETCH(QMargins, frame);
    const QSize minimum(400, 300);
    for (int x : { -3000, -100, 0, 700, 1900, 2500, 5000 }) {
        for (int y : { -500, 0, 400, 2000 }) {
            for (const QSize size : { QSize(400, 300), QSize(1000, 700), QSize(2560, 1440) }) {
                const WindowFitResult fit = ScreenFit::fitWindow(
                    { QRect(QPoint(x, y), size), frame, available, minimum });
                const QRect outer = fit.geometry.marginsAdded(frame);
                QVERIFY2(available.contains(outer),
                    qPrintable(QStringLiteral("%1,%2 %3x%4")
                                   .arg(outer.x())
                                   .arg(outer.y())
                                   .arg(outer.width())
                                   .arg(outer.height())));
                QVERIFY(!fit.overflows);
                QVERIFY(fit.geometry.width() >= minimum.width());
                QVERIFY(fit.geometry.height() >= minimum.height());
                // Nothing shrinks that did not have to.
                QCOMPARE(fit.geometry.width(),
                    std::min(size.width(), available.width() - frame.left() - frame.right()));
            }
        }
    }
}

void TestScreenFit::initialGeometryIsCentredAndFits_data()
{
    QTest::addColumn<QRect>("available");
    QTest::addColumn<QMargins>("frame");
    QTest::addColumn<QRect>("expected");
    QTest::newRow("desk 1920x1080")
        << QRect(0, 0, 1920, 1080) << QMargins() << QRect(160, 40, 1600, 1000);
    QTest::newRow("projector 1024x768")
        << QRect(0, 0, 1024, 768) << QMargins() << QRect(0, 0, 1024, 768);
    QTest::newRow("1920x1080 at 150 % with a frame")
        << QRect(0, 0, 1280, 720) << QMargins(2, 20, 2, 2) << QRect(2, 20, 1276, 698);
    QTest::newRow("second screen with a panel")
        << QRect(1920, 40, 1920, 1040) << QMargins() << QRect(2080, 60, 1600, 1000);
}

void TestScreenFit::initialGeometryIsCentredAndFits()
{
    QFETCH(QRect, available);
    QFETCH(QMargins, frame);
    QFETCH(QRect, expected);
    QCOMPARE(ScreenFit::initialGeometry(available, frame), expected);
}

QTEST_MAIN(TestScreenFit)
#include "tst_screenfit.moc"
