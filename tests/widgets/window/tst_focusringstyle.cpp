// SPDX-License-Identifier: GPL-3.0-or-later
// The focus ring: a focused slider or combo box is drawn with a ring of the palette's highlight
// colour along its edge, which the same control without focus does not have.

#include "window/focusringstyle.h"

#include <QComboBox>
#include <QSlider>
#include <QtTest>
#include <memory>

using namespace ae;

namespace {

/// Pixels of @p image's one-pixel-deep edge band (its second row and column from each side)
/// in @p colour, give or take a little for antialiasing.
int edgePixelsIn(const QImage &image, const QColor &colour)
{
    const auto near = [&colour](QRgb p) {
        return std::abs(qRed(p) - colour.red()) + std::abs(qGreen(p) - colour.green())
            + std::abs(qBlue(p) - colour.blue())
            < 60;
    };
    int count = 0;
    for (int x = 3; x < image.width() - 3; ++x)
        count += near(image.pixel(x, 1)) + near(image.pixel(x, image.height() - 2));
    for (int y = 3; y < image.height() - 3; ++y)
        count += near(image.pixel(1, y)) + near(image.pixel(image.width() - 2, y));
    return count;
}

} // namespace

class TestFocusRingStyle : public QObject
{
    Q_OBJECT

private slots:
    void ringOnFocus_data();
    void ringOnFocus();
};

void TestFocusRingStyle::ringOnFocus_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("slider") << QStringLiteral("slider");
    QTest::newRow("combo box") << QStringLiteral("combo");
}

void TestFocusRingStyle::ringOnFocus()
{
    QFETCH(QString, kind);
    FocusRingStyle style;
    QWidget window;
    auto *other = new QComboBox(&window); // takes the focus away
    other->move(0, 100);
    QWidget *control = nullptr;
    if (kind == QLatin1String("slider")) {
        auto *slider = new QSlider(Qt::Horizontal, &window);
        slider->setRange(0, 10);
        control = slider;
    } else {
        auto *combo = new QComboBox(&window);
        combo->addItems({ QStringLiteral("Cividis"), QStringLiteral("Viridis") });
        control = combo;
    }
    control->setStyle(&style);
    other->setStyle(&style);
    control->setGeometry(0, 0, 200, 30);
    window.resize(220, 140);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    const QColor highlight = control->palette().color(QPalette::Highlight);
    other->setFocus();
    QTRY_VERIFY(other->hasFocus());
    const int without = edgePixelsIn(control->grab().toImage(), highlight);
    control->setFocus();
    QTRY_VERIFY(control->hasFocus());
    const int with = edgePixelsIn(control->grab().toImage(), highlight);
    // The ring runs along most of the edge; without focus next to nothing there is highlight.
    const int edge = 2 * (control->width() + control->height());
    QVERIFY2(with > edge / 2 && without < edge / 10,
        qPrintable(QStringLiteral("%1 highlight pixels on the edge with focus, %2 without (edge "
                                  "%3)")
                       .arg(with)
                       .arg(without)
                       .arg(edge)));
}

QTEST_MAIN(TestFocusRingStyle)
#include "tst_focusringstyle.moc"
