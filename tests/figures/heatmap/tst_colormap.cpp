// SPDX-License-Identifier: GPL-3.0-or-later
// Colour maps: reference colours of matplotlib's maps, clamping, contrast and keys.

#include "heatmap/colormap.h"

#include <QGuiApplication>
#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(ae::ColorMapKind)

class TestColorMap : public QObject
{
    Q_OBJECT
private slots:
    void referenceColors_data();
    void referenceColors();
    void clampsOutOfRange_data();
    void clampsOutOfRange();
    void lightnessIsMonotonic_data();
    void lightnessIsMonotonic();
    void textColor_data();
    void textColor();
    void keysRoundTrip_data();
    void keysRoundTrip();
    void unknownKeys_data();
    void unknownKeys();
    void allKinds();
    void accentStandsOut_data();
    void accentStandsOut();
};

namespace {

/// Largest difference of the RGB channels of @p a and @p b.
int channelDistance(const QColor &a, const QColor &b)
{
    return std::max({ std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
        std::abs(a.blue() - b.blue()) });
}

void addKindRows()
{
    QTest::addColumn<ColorMapKind>("kind");
    QTest::newRow("blues") << ColorMapKind::Blues;
    QTest::newRow("viridis") << ColorMapKind::Viridis;
    QTest::newRow("cividis") << ColorMapKind::Cividis;
}

} // namespace

void TestColorMap::referenceColors_data()
{
    QTest::addColumn<ColorMapKind>("kind");
    QTest::addColumn<double>("t");
    QTest::addColumn<QColor>("expected");
    QTest::addColumn<int>("tolerance");
    // ColorBrewer's Blues (what matplotlib's "Blues" interpolates), published values.
    QTest::newRow("blues low end") << ColorMapKind::Blues << 0.0 << QColor(0xf7, 0xfb, 0xff) << 0;
    QTest::newRow("blues middle") << ColorMapKind::Blues << 0.5 << QColor(0x6b, 0xae, 0xd6) << 1;
    QTest::newRow("blues high end") << ColorMapKind::Blues << 1.0 << QColor(0x08, 0x30, 0x6b) << 0;
    // matplotlib's viridis and cividis at their ends and middle (the published tables).
    QTest::newRow("viridis low end")
        << ColorMapKind::Viridis << 0.0 << QColor(0x44, 0x01, 0x54) << 0;
    QTest::newRow("viridis quarter")
        << ColorMapKind::Viridis << 0.25 << QColor(0x3b, 0x52, 0x8b) << 2;
    QTest::newRow("viridis middle")
        << ColorMapKind::Viridis << 0.5 << QColor(0x21, 0x91, 0x8c) << 2;
    QTest::newRow("viridis three quarters")
        << ColorMapKind::Viridis << 0.75 << QColor(0x5e, 0xc9, 0x62) << 2;
    QTest::newRow("viridis high end")
        << ColorMapKind::Viridis << 1.0 << QColor(0xfd, 0xe7, 0x25) << 0;
    QTest::newRow("cividis low end")
        << ColorMapKind::Cividis << 0.0 << QColor(0x00, 0x22, 0x4e) << 0;
    QTest::newRow("cividis middle")
        << ColorMapKind::Cividis << 0.5 << QColor(0x7d, 0x7c, 0x78) << 3;
    QTest::newRow("cividis high end")
        << ColorMapKind::Cividis << 1.0 << QColor(0xfe, 0xe8, 0x38) << 0;
}

void TestColorMap::referenceColors()
{
    QFETCH(ColorMapKind, kind);
    QFETCH(double, t);
    QFETCH(QColor, expected);
    QFETCH(int, tolerance);
    const QColor got = ColorMap::at(kind, t);
    QVERIFY2(channelDistance(got, expected) <= tolerance,
        qPrintable(QStringLiteral("got %1, expected %2").arg(got.name(), expected.name())));
}

void TestColorMap::clampsOutOfRange_data()
{
    addKindRows();
}

void TestColorMap::clampsOutOfRange()
{
    QFETCH(ColorMapKind, kind);
    QCOMPARE(ColorMap::at(kind, -3.0), ColorMap::at(kind, 0.0));
    QCOMPARE(ColorMap::at(kind, 7.5), ColorMap::at(kind, 1.0));
    QCOMPARE(ColorMap::at(kind, std::numeric_limits<double>::quiet_NaN()), ColorMap::at(kind, 0.0));
    QCOMPARE(ColorMap::at(kind, std::numeric_limits<double>::infinity()), ColorMap::at(kind, 1.0));
}

void TestColorMap::lightnessIsMonotonic_data()
{
    QTest::addColumn<ColorMapKind>("kind");
    QTest::addColumn<bool>("increasing");
    QTest::newRow("blues darkens") << ColorMapKind::Blues << false;
    QTest::newRow("viridis lightens") << ColorMapKind::Viridis << true;
    QTest::newRow("cividis lightens") << ColorMapKind::Cividis << true;
}

void TestColorMap::lightnessIsMonotonic()
{
    // A sequential map must order its values by lightness, or it misleads.
    QFETCH(ColorMapKind, kind);
    QFETCH(bool, increasing);
    double previous = ColorMap::relativeLuminance(ColorMap::at(kind, 0.0));
    for (int i = 1; i <= 20; ++i) {
        const double l = ColorMap::relativeLuminance(ColorMap::at(kind, i / 20.0));
        if (increasing)
            QVERIFY2(l > previous, qPrintable(QStringLiteral("at %1").arg(i / 20.0)));
        else
            QVERIFY2(l < previous, qPrintable(QStringLiteral("at %1").arg(i / 20.0)));
        previous = l;
    }
}

void TestColorMap::textColor_data()
{
    QTest::addColumn<QColor>("background");
    QTest::addColumn<QColor>("expected");
    QTest::newRow("white") << QColor(Qt::white) << QColor(Qt::black);
    QTest::newRow("black") << QColor(Qt::black) << QColor(Qt::white);
    QTest::newRow("blues darkest") << QColor(0x08, 0x30, 0x6b) << QColor(Qt::white);
    QTest::newRow("blues lightest") << QColor(0xf7, 0xfb, 0xff) << QColor(Qt::black);
    QTest::newRow("viridis purple") << QColor(0x44, 0x01, 0x54) << QColor(Qt::white);
    QTest::newRow("viridis yellow") << QColor(0xfd, 0xe7, 0x25) << QColor(Qt::black);
    QTest::newRow("pure blue") << QColor(0, 0, 255) << QColor(Qt::white);
    QTest::newRow("pure yellow") << QColor(255, 255, 0) << QColor(Qt::black);
}

void TestColorMap::textColor()
{
    QFETCH(QColor, background);
    QFETCH(QColor, expected);
    QCOMPARE(ColorMap::textColorOn(background), expected);
}

void TestColorMap::keysRoundTrip_data()
{
    QTest::addColumn<ColorMapKind>("kind");
    QTest::addColumn<QString>("key");
    QTest::newRow("blues") << ColorMapKind::Blues << QStringLiteral("blues");
    QTest::newRow("viridis") << ColorMapKind::Viridis << QStringLiteral("viridis");
    QTest::newRow("cividis") << ColorMapKind::Cividis << QStringLiteral("cividis");
}

void TestColorMap::keysRoundTrip()
{
    QFETCH(ColorMapKind, kind);
    QFETCH(QString, key);
    QCOMPARE(ColorMap::key(kind), key);
    QCOMPARE(ColorMap::fromKey(key), std::optional<ColorMapKind>(kind));
    QCOMPARE(ColorMap::fromKey(QStringLiteral("  ") + key.toUpper() + QStringLiteral(" ")),
        std::optional<ColorMapKind>(kind));
    QVERIFY(!ColorMap::displayName(kind).isEmpty());
}

void TestColorMap::unknownKeys_data()
{
    QTest::addColumn<QString>("key");
    QTest::newRow("empty") << QString();
    QTest::newRow("jet") << QStringLiteral("jet");
    QTest::newRow("prefix") << QStringLiteral("viri");
    QTest::newRow("display name") << ColorMap::displayName(ColorMapKind::Blues);
}

void TestColorMap::unknownKeys()
{
    QFETCH(QString, key);
    QVERIFY(!ColorMap::fromKey(key).has_value());
}

void TestColorMap::allKinds()
{
    const QList<ColorMapKind> kinds = ColorMap::all();
    QCOMPARE(kinds.size(), 3);
    QCOMPARE(kinds.first(), ColorMapKind::Cividis);
    QSet<QString> names;
    QSet<QString> shortNames;
    for (ColorMapKind kind : kinds) {
        names.insert(ColorMap::displayName(kind));
        // The short name is the start of the long one: the same map, said briefly.
        QVERIFY(ColorMap::displayName(kind).startsWith(ColorMap::shortName(kind)));
        shortNames.insert(ColorMap::shortName(kind));
    }
    QCOMPARE(names.size(), 3);
    QCOMPARE(shortNames.size(), 3);
}

void TestColorMap::accentStandsOut_data()
{
    addKindRows();
}

void TestColorMap::accentStandsOut()
{
    // The alignment outline must differ clearly from every colour of the map it is drawn on.
    QFETCH(ColorMapKind, kind);
    const QColor accent = ColorMap::accent(kind);
    for (int i = 0; i <= 20; ++i)
        QVERIFY(channelDistance(accent, ColorMap::at(kind, i / 20.0)) >= 80);
}

QTEST_MAIN(TestColorMap)
#include "tst_colormap.moc"
