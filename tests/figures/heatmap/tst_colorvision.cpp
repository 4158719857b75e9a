// SPDX-License-Identifier: GPL-3.0-or-later
// The default colour map read with a colour-vision deficiency: its adjacent levels, simulated
// for protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity
// 1.0), stay apart by a CIEDE2000 colour difference a reader sees at a glance.
//
// The threshold: levels adjacent on the colour bar must differ by at least
// minimumDeltaE = 5 CIEDE2000 units for every deficiency. One unit is about one just noticeable
// difference between two patches side by side; heatmap cells are read apart from each other
// and against a colour bar, where differences below about 5 units are easily lost.
// levelCount = 9 levels: the colour bar read in steps of 1/8 of the weight range (ColorBrewer's
// nine classes of a sequential map).

#include "heatmap/colormap.h"

#include <QtTest>
#include <array>
#include <cmath>

using namespace ae;

namespace {

constexpr int levelCount = 9;
constexpr double minimumDeltaE = 5.0;

using Matrix3 = std::array<std::array<double, 3>, 3>;
using Vector3 = std::array<double, 3>;

/// The simulated deficiencies.
enum class Deficiency { None, Protanopia, Deuteranopia, Tritanopia };

/// Machado et al. 2009, table of simulation matrices, severity 1.0, applied to linear RGB.
Matrix3 machadoMatrix(Deficiency d)
{
    switch (d) {
    case Deficiency::Protanopia:
        return { { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
            { -0.003882, -0.048116, 1.051998 } } };
    case Deficiency::Deuteranopia:
        return { { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
            { -0.011820, 0.042940, 0.968881 } } };
    case Deficiency::Tritanopia:
        return { { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 },
            { 0.004733, 0.691367, 0.303900 } } };
    case Deficiency::None:
        break;
    }
    return { { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } };
}

/// sRGB (0..1) to linear light (IEC 61966-2-1).
double toLinear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

/// Linear light to sRGB (0..1).
double fromLinear(double c)
{
    return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

/// @p color as someone with deficiency @p d sees it, as sRGB (0..1).
Vector3 simulate(const QColor &color, Deficiency d)
{
    const Vector3 linear { toLinear(color.redF()), toLinear(color.greenF()),
        toLinear(color.blueF()) };
    const Matrix3 m = machadoMatrix(d);
    Vector3 out {};
    for (int i = 0; i < 3; ++i) {
        const double v = m[i][0] * linear[0] + m[i][1] * linear[1] + m[i][2] * linear[2];
        out[i] = fromLinear(std::clamp(v, 0.0, 1.0));
    }
    return out;
}

/// sRGB (0..1) to CIE L*a*b* under D65.
Vector3 toLab(const Vector3 &rgb)
{
    const double r = toLinear(rgb[0]);
    const double g = toLinear(rgb[1]);
    const double b = toLinear(rgb[2]);
    const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    const auto f = [](double t) {
        return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
    };
    return { 116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z)) };
}

double degrees(double radians)
{
    return radians * 180.0 / M_PI;
}

double radians(double degrees)
{
    return degrees * M_PI / 180.0;
}

/// CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1.
double deltaE2000(const Vector3 &lab1, const Vector3 &lab2)
{
    const double c1 = std::hypot(lab1[1], lab1[2]);
    const double c2 = std::hypot(lab2[1], lab2[2]);
    const double cMean = (c1 + c2) / 2.0;
    const double c7 = std::pow(cMean, 7.0);
    const double g = 0.5 * (1.0 - std::sqrt(c7 / (c7 + std::pow(25.0, 7.0))));
    const double a1 = (1.0 + g) * lab1[1];
    const double a2 = (1.0 + g) * lab2[1];
    const double cp1 = std::hypot(a1, lab1[2]);
    const double cp2 = std::hypot(a2, lab2[2]);
    const auto hue = [](double b, double a) {
        if (a == 0.0 && b == 0.0)
            return 0.0;
        const double h = degrees(std::atan2(b, a));
        return h < 0.0 ? h + 360.0 : h;
    };
    const double hp1 = hue(lab1[2], a1);
    const double hp2 = hue(lab2[2], a2);

    const double dL = lab2[0] - lab1[0];
    const double dC = cp2 - cp1;
    double dh = 0.0;
    if (cp1 * cp2 != 0.0) {
        dh = hp2 - hp1;
        if (dh > 180.0)
            dh -= 360.0;
        else if (dh < -180.0)
            dh += 360.0;
    }
    const double dH = 2.0 * std::sqrt(cp1 * cp2) * std::sin(radians(dh / 2.0));

    const double lMean = (lab1[0] + lab2[0]) / 2.0;
    const double cpMean = (cp1 + cp2) / 2.0;
    double hMean = hp1 + hp2;
    if (cp1 * cp2 != 0.0) {
        if (std::abs(hp1 - hp2) <= 180.0)
            hMean /= 2.0;
        else
            hMean = hMean < 360.0 ? (hMean + 360.0) / 2.0 : (hMean - 360.0) / 2.0;
    }
    const double t = 1.0 - 0.17 * std::cos(radians(hMean - 30.0))
        + 0.24 * std::cos(radians(2.0 * hMean)) + 0.32 * std::cos(radians(3.0 * hMean + 6.0))
        - 0.20 * std::cos(radians(4.0 * hMean - 63.0));
    const double dTheta = 30.0 * std::exp(-std::pow((hMean - 275.0) / 25.0, 2.0));
    const double cp7 = std::pow(cpMean, 7.0);
    const double rC = 2.0 * std::sqrt(cp7 / (cp7 + std::pow(25.0, 7.0)));
    const double sL
        = 1.0 + 0.015 * std::pow(lMean - 50.0, 2.0) / std::sqrt(20.0 + std::pow(lMean - 50.0, 2.0));
    const double sC = 1.0 + 0.045 * cpMean;
    const double sH = 1.0 + 0.015 * cpMean * t;
    const double rT = -std::sin(radians(2.0 * dTheta)) * rC;
    const double l = dL / sL;
    const double c = dC / sC;
    const double h = dH / sH;
    return std::sqrt(l * l + c * c + h * h + rT * c * h);
}

} // namespace

Q_DECLARE_METATYPE(Deficiency)
Q_DECLARE_METATYPE(ae::ColorMapKind)

class TestColorVision : public QObject
{
    Q_OBJECT
private slots:
    void deltaE2000MatchesPublishedPairs_data();
    void deltaE2000MatchesPublishedPairs();
    void simulationKeepsGreysAndMergesRedGreen();
    void defaultMapLevelsStayApart_data();
    void defaultMapLevelsStayApart();
};

void TestColorVision::deltaE2000MatchesPublishedPairs_data()
{
    // Sharma, Wu and Dalal (2005), table 1: pairs 1, 2, 7, 17 and 25.
    QTest::addColumn<double>("l1");
    QTest::addColumn<double>("a1");
    QTest::addColumn<double>("b1");
    QTest::addColumn<double>("l2");
    QTest::addColumn<double>("a2");
    QTest::addColumn<double>("b2");
    QTest::addColumn<double>("expected");
    QTest::newRow("pair 1") << 50.0 << 2.6772 << -79.7751 << 50.0 << 0.0 << -82.7485 << 2.0425;
    QTest::newRow("pair 2") << 50.0 << 3.1571 << -77.2803 << 50.0 << 0.0 << -82.7485 << 2.8615;
    QTest::newRow("pair 7") << 50.0 << 0.0 << 0.0 << 50.0 << -1.0 << 2.0 << 2.3669;
    QTest::newRow("pair 17") << 50.0 << 2.5 << 0.0 << 73.0 << 25.0 << -18.0 << 27.1492;
    QTest::newRow("pair 25") << 60.2574 << -34.0099 << 36.2677 << 60.4626 << -34.1751 << 39.4387
                             << 1.2644;
}

void TestColorVision::deltaE2000MatchesPublishedPairs()
{
    QFETCH(double, l1);
    QFETCH(double, a1);
    QFETCH(double, b1);
    QFETCH(double, l2);
    QFETCH(double, a2);
    QFETCH(double, b2);
    QFETCH(double, expected);
    QVERIFY(std::abs(deltaE2000({ l1, a1, b1 }, { l2, a2, b2 }) - expected) < 1e-4);
    QVERIFY(std::abs(deltaE2000({ l2, a2, b2 }, { l1, a1, b1 }) - expected) < 1e-4);
}

void TestColorVision::simulationKeepsGreysAndMergesRedGreen()
{
    // Each matrix row sums to 1: greys stay grey. Red and green, far apart in normal vision,
    // come close for a protanope and a deuteranope, not for a tritanope.
    for (Deficiency d :
        { Deficiency::Protanopia, Deficiency::Deuteranopia, Deficiency::Tritanopia }) {
        const Vector3 grey = simulate(QColor(128, 128, 128), d);
        for (double channel : grey)
            QVERIFY(std::abs(channel - 128.0 / 255.0) < 1e-3);
    }
    const auto distance = [](Deficiency d) {
        return deltaE2000(
            toLab(simulate(QColor(200, 60, 40), d)), toLab(simulate(QColor(90, 150, 40), d)));
    };
    QVERIFY(distance(Deficiency::None) > 40.0);
    QVERIFY(distance(Deficiency::Protanopia) < 0.4 * distance(Deficiency::None));
    QVERIFY(distance(Deficiency::Deuteranopia) < 0.4 * distance(Deficiency::None));
    QVERIFY(distance(Deficiency::Tritanopia) > 0.6 * distance(Deficiency::None));
}

void TestColorVision::defaultMapLevelsStayApart_data()
{
    QTest::addColumn<Deficiency>("deficiency");
    QTest::newRow("normal vision") << Deficiency::None;
    QTest::newRow("protanopia") << Deficiency::Protanopia;
    QTest::newRow("deuteranopia") << Deficiency::Deuteranopia;
    QTest::newRow("tritanopia") << Deficiency::Tritanopia;
}

void TestColorVision::defaultMapLevelsStayApart()
{
    QFETCH(Deficiency, deficiency);
    // The default map: the first of all(), what a new window and the command line use.
    const ColorMapKind kind = ColorMap::all().first();
    for (int i = 0; i + 1 < levelCount; ++i) {
        const double t1 = double(i) / (levelCount - 1);
        const double t2 = double(i + 1) / (levelCount - 1);
        const double d = deltaE2000(toLab(simulate(ColorMap::at(kind, t1), deficiency)),
            toLab(simulate(ColorMap::at(kind, t2), deficiency)));
        QVERIFY2(d >= minimumDeltaE,
            qPrintable(QStringLiteral("%1: levels %2 and %3 differ by %4 < %5")
                           .arg(ColorMap::key(kind))
                           .arg(t1)
                           .arg(t2)
                           .arg(d)
                           .arg(minimumDeltaE)));
    }
}

QTEST_MAIN(TestColorVision)
#include "tst_colorvision.moc"
