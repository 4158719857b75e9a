// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/colormap.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace ae {

namespace {

// Blues: the nine ColorBrewer colours matplotlib's "Blues" interpolates between, so the
// linear interpolation below reproduces it exactly.
constexpr std::array<unsigned, 9> bluesTable { 0xf7fbff, 0xdeebf7, 0xc6dbef, 0x9ecae1, 0x6baed6,
    0x4292c6, 0x2171b5, 0x08519c, 0x08306b };

// Viridis and cividis: matplotlib's 256-entry tables sampled at 65 evenly spaced positions;
// linear interpolation between them stays within 3/255 (viridis) and 4/255 (cividis) of the
// originals in every channel.
constexpr std::array<unsigned, 65> viridisTable { 0x440154, 0x46075a, 0x470d60, 0x471365, 0x48186a,
    0x481d6f, 0x482374, 0x482878, 0x472d7b, 0x46327e, 0x453781, 0x443b84, 0x424086, 0x404588,
    0x3e4989, 0x3d4e8a, 0x3b528b, 0x39568c, 0x375b8d, 0x355f8d, 0x33638d, 0x31678e, 0x2f6b8e,
    0x2e6f8e, 0x2c728e, 0x2a768e, 0x297a8e, 0x277e8e, 0x26828e, 0x25858e, 0x23898e, 0x228d8d,
    0x21918c, 0x1f948c, 0x1f988b, 0x1e9c89, 0x1fa088, 0x20a386, 0x22a785, 0x25ab82, 0x28ae80,
    0x2db27d, 0x32b67a, 0x38b977, 0x3fbc73, 0x46c06f, 0x4ec36b, 0x56c667, 0x5ec962, 0x67cc5c,
    0x70cf57, 0x7ad151, 0x84d44b, 0x8ed645, 0x98d83e, 0xa2da37, 0xaddc30, 0xb8de29, 0xc2df23,
    0xcde11d, 0xd8e219, 0xe2e418, 0xece51b, 0xf6e620, 0xfde725 };

constexpr std::array<unsigned, 65> cividisTable { 0x00224e, 0x002554, 0x00285b, 0x002b62, 0x002e6a,
    0x003070, 0x053371, 0x123570, 0x1a386f, 0x213b6e, 0x273e6e, 0x2d416d, 0x32436d, 0x36466c,
    0x3b496c, 0x3f4c6c, 0x434e6c, 0x47516c, 0x4b546c, 0x4f576c, 0x535a6d, 0x565c6d, 0x5a5f6e,
    0x5e626e, 0x61656f, 0x656870, 0x686a71, 0x6c6d72, 0x6f7073, 0x727374, 0x767676, 0x797977,
    0x7d7c78, 0x807f78, 0x848279, 0x888578, 0x8c8878, 0x908b78, 0x938e78, 0x979177, 0x9b9476,
    0x9f9775, 0xa39a74, 0xa79d73, 0xaba072, 0xafa471, 0xb4a76f, 0xb8aa6e, 0xbcae6c, 0xc0b16a,
    0xc4b468, 0xc8b866, 0xcdbb63, 0xd1bf61, 0xd5c25e, 0xdac65b, 0xdec958, 0xe2cd54, 0xe7d150,
    0xebd44b, 0xf0d846, 0xf5dc41, 0xf9e03a, 0xfee434, 0xfee838 };

// Difference: ColorBrewer's eleven-class RdBu, reversed, so negative is blue and positive red,
// with white at the centre.
constexpr std::array<unsigned, 11> differenceTable { 0x053061, 0x2166ac, 0x4393c3, 0x92c5de,
    0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b, 0x67001f };

/// The table of @p kind as a pointer and a length.
template <size_t N> std::pair<const unsigned *, size_t> view(const std::array<unsigned, N> &table)
{
    return { table.data(), N };
}

std::pair<const unsigned *, size_t> tableOf(ColorMapKind kind)
{
    switch (kind) {
    case ColorMapKind::Viridis:
        return view(viridisTable);
    case ColorMapKind::Cividis:
        return view(cividisTable);
    case ColorMapKind::Difference:
        return view(differenceTable);
    case ColorMapKind::Blues:
        break;
    }
    return view(bluesTable);
}

/// sRGB channel (0..1) to linear light, as WCAG defines it.
double linearChannel(double c)
{
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

} // namespace

QColor ColorMap::at(ColorMapKind kind, double t)
{
    const auto [table, size] = tableOf(kind);
    if (!(t > 0.0)) // also catches NaN
        t = 0.0;
    if (t > 1.0)
        t = 1.0;
    const double x = t * static_cast<double>(size - 1);
    const size_t i = std::min(static_cast<size_t>(x), size - 2);
    const double f = x - static_cast<double>(i);
    const QColor a = QColor::fromRgb(table[i]);
    const QColor b = QColor::fromRgb(table[i + 1]);
    const auto mix = [f](int p, int q) { return static_cast<int>(std::lround(p + (q - p) * f)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

double ColorMap::relativeLuminance(const QColor &color)
{
    const QColor c = color.toRgb();
    return 0.2126 * linearChannel(c.redF()) + 0.7152 * linearChannel(c.greenF())
        + 0.0722 * linearChannel(c.blueF());
}

QColor ColorMap::textColorOn(const QColor &background)
{
    // Pick the text colour with the larger WCAG contrast ratio against the background.
    const double l = relativeLuminance(background);
    const double contrastBlack = (l + 0.05) / 0.05;
    const double contrastWhite = 1.05 / (l + 0.05);
    return contrastBlack >= contrastWhite ? QColor(Qt::black) : QColor(Qt::white);
}

QColor ColorMap::accent(ColorMapKind kind)
{
    switch (kind) {
    case ColorMapKind::Viridis:
    case ColorMapKind::Cividis:
        // Neither map contains a saturated red-magenta, so it stands out at both ends.
        return QColor(0xe7, 0x29, 0x8a);
    case ColorMapKind::Difference:
        // Green is on neither side of blue-white-red.
        return QColor(0x1b, 0x9e, 0x3e);
    case ColorMapKind::Blues:
        break;
    }
    // Orange: the complement of blue, visible on white and on navy.
    return QColor(0xf0, 0x70, 0x0a);
}

QString ColorMap::key(ColorMapKind kind)
{
    switch (kind) {
    case ColorMapKind::Viridis:
        return QStringLiteral("viridis");
    case ColorMapKind::Cividis:
        return QStringLiteral("cividis");
    case ColorMapKind::Difference:
        return QStringLiteral("difference");
    case ColorMapKind::Blues:
        break;
    }
    return QStringLiteral("blues");
}

std::optional<ColorMapKind> ColorMap::fromKey(const QString &key)
{
    const QString k = key.trimmed().toLower();
    for (ColorMapKind kind : all()) {
        if (ColorMap::key(kind) == k)
            return kind;
    }
    return std::nullopt;
}

QString ColorMap::displayName(ColorMapKind kind)
{
    switch (kind) {
    case ColorMapKind::Viridis:
        return tr("Viridis (colour-blind safe)");
    case ColorMapKind::Cividis:
        return tr("Cividis (colour-blind safe)");
    case ColorMapKind::Difference:
        return tr("Blue–white–red (differences)");
    case ColorMapKind::Blues:
        break;
    }
    return tr("Blues (as in the articles)");
}

QString ColorMap::shortName(ColorMapKind kind)
{
    switch (kind) {
    case ColorMapKind::Viridis:
        return tr("Viridis");
    case ColorMapKind::Cividis:
        return tr("Cividis");
    case ColorMapKind::Difference:
        return tr("Blue–white–red");
    case ColorMapKind::Blues:
        break;
    }
    return tr("Blues");
}

QList<ColorMapKind> ColorMap::all()
{
    return { defaultKind(), ColorMapKind::Viridis, ColorMapKind::Blues };
}

QList<QColor> ColorMap::controlPoints(ColorMapKind kind)
{
    const auto [table, size] = tableOf(kind);
    QList<QColor> points;
    points.reserve(static_cast<qsizetype>(size));
    for (size_t i = 0; i < size; ++i)
        points.append(QColor::fromRgb(table[i]));
    return points;
}

} // namespace ae
