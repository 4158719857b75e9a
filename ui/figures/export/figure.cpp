// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/figure.h"

#include <algorithm>
#include <cmath>

namespace ae {

int Figure::count(const QString &role) const
{
    int n = 0;
    for (const Item &item : items) {
        if (item.role.split(QLatin1Char(' '), Qt::SkipEmptyParts).contains(role))
            ++n;
    }
    return n;
}

Figure::Item &Figure::addRect(const QRectF &rect, const QColor &fill, const QString &role)
{
    Item item;
    item.kind = Kind::Rect;
    item.rect = rect;
    item.fill = fill;
    item.role = role;
    items.push_back(item);
    return items.back();
}

Figure::Item &Figure::addFrame(
    const QRectF &rect, const QColor &stroke, double width, const QString &role)
{
    Item item;
    item.kind = Kind::Rect;
    item.rect = rect;
    item.stroke = stroke;
    item.strokeWidth = width;
    item.role = role;
    items.push_back(item);
    return items.back();
}

Figure::Item &Figure::addText(const QPointF &anchor, const QString &text, double fontSize,
    const QColor &color, Align align, const QString &role)
{
    Item item;
    item.kind = Kind::Text;
    item.anchor = anchor;
    item.text = displayText(text);
    item.fontSize = fontSize;
    item.fill = color;
    item.align = align;
    item.role = role;
    items.push_back(item);
    return items.back();
}

Figure::Item &Figure::addLine(
    const QPointF &from, const QPointF &to, const QColor &color, double width, const QString &role)
{
    Item item;
    item.kind = Kind::Line;
    item.anchor = from;
    item.end = to;
    item.stroke = color;
    item.strokeWidth = width;
    item.role = role;
    items.push_back(item);
    return items.back();
}

Figure::Item &Figure::addPolyline(
    const QPolygonF &points, const QColor &color, double width, const QString &role)
{
    Item item;
    item.kind = Kind::Polyline;
    item.points = points;
    item.stroke = color;
    item.strokeWidth = width;
    item.role = role;
    items.push_back(item);
    return items.back();
}

Figure::Item &Figure::addCircle(
    const QPointF &centre, double radius, const QColor &fill, const QString &role)
{
    Item item;
    item.kind = Kind::Circle;
    item.anchor = centre;
    item.radius = radius;
    item.fill = fill;
    item.role = role;
    items.push_back(item);
    return items.back();
}

Figure::Item &Figure::addGradientBar(
    const QRectF &rect, const QGradientStops &stops, const QString &role)
{
    Item item;
    item.kind = Kind::GradientBar;
    item.rect = rect;
    item.stops = stops;
    item.role = role;
    items.push_back(item);
    return items.back();
}

QStringList Figure::fontFamilies()
{
    // Latin first, then the common CJK families of Linux, Windows and macOS, so that a
    // figure opened on another machine still finds glyphs for 我爱深度学习.
    return { QStringLiteral("Noto Sans"), QStringLiteral("Noto Sans CJK SC"),
        QStringLiteral("Source Han Sans SC"), QStringLiteral("Microsoft YaHei"),
        QStringLiteral("PingFang SC"), QStringLiteral("sans-serif") };
}

QString Figure::cssFontFamily()
{
    QStringList quoted;
    for (const QString &family : fontFamilies()) {
        quoted << (family.contains(QLatin1Char(' '))
                ? QLatin1Char('\'') + family + QLatin1Char('\'')
                : family);
    }
    return quoted.join(QStringLiteral(", "));
}

QFont Figure::font(double pixelSize, bool bold)
{
    QFont f;
    f.setFamilies(fontFamilies());
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(qMax(1, qRound(pixelSize)));
    f.setBold(bold);
    // Glyphs shaped the same at every resolution and on every screen: the default hinting
    // follows the screen's scale, which would make a PNG depend on the monitor it was made on.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

QString Figure::displayText(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const char16_t u = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            const char32_t full = QChar::surrogateToUcs4(c, text.at(i + 1));
            // Noncharacters U+nFFFE and U+nFFFF are not allowed in XML either.
            if ((full & 0xFFFE) == 0xFFFE) {
                out += QChar(0xFFFD);
            } else {
                out += c;
                out += text.at(i + 1);
            }
            ++i;
        } else if (c.isSurrogate()) {
            out += QChar(0xFFFD);
        } else if (u < 0x20) {
            out += QChar(char16_t(0x2400 + u)); // ␀ .. ␟
        } else if (u == 0x7F) {
            out += QChar(0x2421); // ␡
        } else if (u == 0xFFFE || u == 0xFFFF) {
            out += QChar(0xFFFD);
        } else {
            out += c;
        }
    }
    return out;
}

std::vector<double> Figure::niceTicks(double low, double high, int target)
{
    std::vector<double> ticks;
    if (!std::isfinite(low) || !std::isfinite(high) || target < 1)
        return ticks;
    if (high < low)
        std::swap(low, high);
    if (high - low < 1e-12) {
        ticks.push_back(low);
        return ticks;
    }
    const double raw = (high - low) / target;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (const double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        step = m * magnitude;
        if (step >= raw)
            break;
    }
    const double first = std::ceil(low / step - 1e-9) * step;
    for (double t = first; t <= high + step * 1e-9; t += step) {
        // Snap values such as 0.30000000000000004 back to the round number they stand for.
        ticks.push_back(std::round(t / step) * step);
        if (ticks.size() > 100)
            break;
    }
    return ticks;
}

int Figure::tickCountForWidth(double axisPixels, double labelPixels)
{
    if (!std::isfinite(axisPixels) || !std::isfinite(labelPixels) || axisPixels <= 0.0)
        return 1;
    // A round step may come out up to a third shorter than asked for (2.5 instead of 3.3):
    // twice the label's width keeps even such ticks clear of each other.
    const double perTick = 2.0 * std::max(labelPixels, 1.0) + 12.0;
    return std::clamp(int(std::floor(axisPixels / perTick)), 1, 10);
}

QString Figure::tickText(double value, int decimals)
{
    if (std::abs(value) < 1e-12)
        value = 0.0; // never "-0"
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString Figure::elided(const QString &text, int maxChars)
{
    if (maxChars < 2 || text.size() <= maxChars)
        return text;
    return text.left(maxChars - 1) + QChar(0x2026);
}

} // namespace ae
