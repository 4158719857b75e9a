// SPDX-License-Identifier: GPL-3.0-or-later
// The window icon: compiled in as SVG and drawn by Qt's SVG image plugin at the sizes a desktop
// asks for, so that the window and the task bar show it.

#include "resources.h"

#include <QIcon>
#include <QImage>
#include <QPixmap>
#include <QtTest>

using namespace ae;

class TestApplicationIcon : public QObject
{
    Q_OBJECT

private slots:
    void iconIsDrawn_data();
    void iconIsDrawn();
};

void TestApplicationIcon::iconIsDrawn_data()
{
    QTest::addColumn<int>("side");
    QTest::newRow("16 px, title bar") << 16;
    QTest::newRow("48 px, task bar") << 48;
    QTest::newRow("256 px, launcher") << 256;
}

void TestApplicationIcon::iconIsDrawn()
{
    QFETCH(int, side);
    const QIcon icon(applicationIconPath());
    QVERIFY(!icon.isNull());
    const QImage image = icon.pixmap(side, side).toImage();
    QCOMPARE(image.size(), QSize(side, side));
    // Drawn, not blank: some pixels are opaque and they are not all one colour.
    int opaque = 0;
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (qAlpha(p) == 255) {
                ++opaque;
                colors.insert(p);
            }
        }
    }
    QVERIFY2(opaque > side * side / 4, qPrintable(QString::number(opaque)));
    QVERIFY(colors.size() > 1);
}

QTEST_MAIN(TestApplicationIcon)
#include "tst_applicationicon.moc"
