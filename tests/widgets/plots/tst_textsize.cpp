// SPDX-License-Identifier: GPL-3.0-or-later
// Text sizes follow the application font (the desktop's font size): a size designed against
// the 9-point default grows in proportion when the desktop sets a larger font, in the sizes
// themselves, in the plots' fonts and in a view that used fixed sizes (the computation's
// matrices), at the everyday size and at a lesson's zoom.

#include "computation/matrixtablewidget.h"
#include "plots/matrixplotadapter.h"
#include "plots/textsize.h"

#include <QApplication>
#include <QLabel>
#include <QTableWidget>
#include <QtTest>

using namespace ae;

class TestTextSize : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void sizesFollowTheApplicationFont_data();
    void sizesFollowTheApplicationFont();

private:
    QFont m_appFont;
};

void TestTextSize::init()
{
    m_appFont = QApplication::font();
}

void TestTextSize::cleanup()
{
    QApplication::setFont(m_appFont);
}

void TestTextSize::sizesFollowTheApplicationFont_data()
{
    QTest::addColumn<double>("appPoints");
    QTest::addColumn<double>("zoom");
    QTest::addColumn<double>("designPoints");
    QTest::addColumn<double>("expected");
    // Worked by hand: design × application points / 9.
    QTest::newRow("default font") << 9.0 << 1.0 << 10.0 << 10.0;
    QTest::newRow("doubled font") << 18.0 << 1.0 << 10.0 << 20.0;
    QTest::newRow("doubled font, 14 pt") << 18.0 << 1.0 << 14.0 << 28.0;
    QTest::newRow("12 pt desktop") << 12.0 << 1.0 << 9.0 << 12.0;
    QTest::newRow("doubled font, lesson zoom") << 18.0 << 1.5 << 9.0 << 27.0;
}

void TestTextSize::sizesFollowTheApplicationFont()
{
    QFETCH(double, appPoints);
    QFETCH(double, zoom);
    QFETCH(double, designPoints);
    QFETCH(double, expected);
    QFont app = QApplication::font();
    app.setPointSizeF(appPoints);
    QApplication::setFont(app);

    QCOMPARE(TextSize::points(designPoints * zoom), expected);
    QCOMPARE(MatrixPlotAdapter::plotFont(designPoints * zoom).pointSizeF(), expected);

    // The computation's matrices are designed at 9 points (their cells and their title).
    MatrixTableWidget matrix;
    matrix.setZoom(zoom);
    const double matrixPoints = expected * 9.0 / designPoints;
    QCOMPARE(matrix.table()->font().pointSizeF(), matrixPoints);
    const auto *title = matrix.findChild<QLabel *>();
    QVERIFY(title);
    QCOMPARE(title->font().pointSizeF(), matrixPoints);
}

QTEST_MAIN(TestTextSize)
#include "tst_textsize.moc"
