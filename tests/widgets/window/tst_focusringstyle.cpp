// SPDX-License-Identifier: GPL-3.0-or-later
// The focus ring: a focused slider or combo box is drawn with a ring of the palette's highlight
// colour along its edge, which the same control without focus does not have; on a dark
// (high-contrast) palette text fields, spin boxes and check boxes are outlined in white.

#include "window/focusringstyle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QtTest>
#include <memory>

using namespace ae;

namespace {

/// Places along @p image's edge (each side, its corners left out) where one of the three
/// outermost pixels is @p colour, give or take a little for antialiasing.
int edgePixelsIn(const QImage &image, const QColor &colour)
{
    const auto near = [&colour](QRgb p) {
        return std::abs(qRed(p) - colour.red()) + std::abs(qGreen(p) - colour.green())
            + std::abs(qBlue(p) - colour.blue())
            < 60;
    };
    const int w = image.width();
    const int h = image.height();
    int count = 0;
    for (int x = 3; x < w - 3; ++x) {
        count += near(image.pixel(x, 0)) || near(image.pixel(x, 1)) || near(image.pixel(x, 2));
        count += near(image.pixel(x, h - 1)) || near(image.pixel(x, h - 2))
            || near(image.pixel(x, h - 3));
    }
    for (int y = 3; y < h - 3; ++y) {
        count += near(image.pixel(0, y)) || near(image.pixel(1, y)) || near(image.pixel(2, y));
        count += near(image.pixel(w - 1, y)) || near(image.pixel(w - 2, y))
            || near(image.pixel(w - 3, y));
    }
    return count;
}

} // namespace

class TestFocusRingStyle : public QObject
{
    Q_OBJECT

private slots:
    void ringOnFocus_data();
    void ringOnFocus();
    void outlinesOnADarkPalette_data();
    void outlinesOnADarkPalette();
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

void TestFocusRingStyle::outlinesOnADarkPalette_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("text field") << QStringLiteral("line");
    QTest::newRow("spin box") << QStringLiteral("spin");
    QTest::newRow("check box") << QStringLiteral("check");
}

void TestFocusRingStyle::outlinesOnADarkPalette()
{
    // The high-contrast palette: white on black. Fusion alone draws these frames in a shade of
    // the black window; the style outlines them in the text colour.
    QFETCH(QString, kind);
    QPalette dark;
    for (const QPalette::ColorRole role : { QPalette::Window, QPalette::Base, QPalette::Button })
        dark.setColor(role, Qt::black);
    for (const QPalette::ColorRole role :
        { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        dark.setColor(role, Qt::white);
    const auto whiteOnEdge = [&](QStyle *style) {
        std::unique_ptr<QWidget> w;
        if (kind == QLatin1String("line"))
            w = std::make_unique<QLineEdit>();
        else if (kind == QLatin1String("spin"))
            w = std::make_unique<QSpinBox>();
        else
            w = std::make_unique<QCheckBox>();
        w->setStyle(style);
        w->setPalette(dark);
        // A check box's indicator alone: the box without its (empty) label.
        w->resize(kind == QLatin1String("check") ? w->sizeHint() : QSize(160, 30));
        QImage image = w->grab().toImage();
        if (kind == QLatin1String("check")) {
            QStyleOptionButton option;
            option.initFrom(w.get());
            const QRect box = style->subElementRect(QStyle::SE_CheckBoxIndicator, &option, w.get());
            image = image.copy(box);
        }
        return std::pair(edgePixelsIn(image, Qt::white), 2 * (image.width() + image.height()));
    };
    QProxyStyle plain;
    FocusRingStyle ringed;
    const auto [without, edge] = whiteOnEdge(&plain);
    const auto [with, edgeToo] = whiteOnEdge(&ringed);
    Q_UNUSED(edgeToo);
    QVERIFY2(with > edge / 3 && without < edge / 10,
        qPrintable(QStringLiteral("%1 white pixels on the edge with the style, %2 without (edge "
                                  "%3)")
                       .arg(with)
                       .arg(without)
                       .arg(edge)));
}

QTEST_MAIN(TestFocusRingStyle)
#include "tst_focusringstyle.moc"
