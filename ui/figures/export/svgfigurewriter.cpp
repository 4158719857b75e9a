// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/svgfigurewriter.h"

#include "io/atomicfilewriter.h"

#include <QXmlStreamWriter>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// A coordinate with at most two decimals and no trailing zeros: small files, and exact
/// enough for any screen or printer.
QString num(double v)
{
    if (!std::isfinite(v))
        v = 0.0;
    const double rounded = std::round(v * 100.0) / 100.0;
    QString s = QString::number(rounded, 'f', 2);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    if (s == QLatin1String("-0"))
        s = QStringLiteral("0");
    return s;
}

/// A scale factor with six decimals: a 512-cell row then ends within a thousandth of a pixel.
QString preciseNum(double v)
{
    QString s = QString::number(std::isfinite(v) ? v : 0.0, 'f', 6);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    return s;
}

/// The SVG class of @p role: short names for what repeats per cell, the role itself else.
QString svgClass(const QString &role)
{
    if (role == QLatin1String("cell"))
        return {}; // the enclosing group says it
    if (role == QLatin1String("cell masked"))
        return QStringLiteral("m");
    if (role == QLatin1String("value"))
        return QStringLiteral("v");
    if (role == QLatin1String("hatch"))
        return QStringLiteral("h");
    return role;
}

QString color(const QColor &c)
{
    return c.name(QColor::HexRgb);
}

void writeFill(
    QXmlStreamWriter &w, const QColor &c, const char *attribute, const char *opacityAttribute)
{
    if (!c.isValid() || c.alpha() == 0) {
        w.writeAttribute(QLatin1String(attribute), QStringLiteral("none"));
        return;
    }
    w.writeAttribute(QLatin1String(attribute), color(c));
    if (c.alpha() < 255)
        w.writeAttribute(QLatin1String(opacityAttribute), num(c.alphaF()));
}

void writeStroke(QXmlStreamWriter &w, const Figure::Item &item)
{
    // No stroke is SVG's default: saying so on every cell would only make files larger.
    if (item.stroke.isValid() && item.stroke.alpha() > 0) {
        writeFill(w, item.stroke, "stroke", "stroke-opacity");
        w.writeAttribute(QStringLiteral("stroke-width"), num(item.strokeWidth));
        if (item.dotted)
            w.writeAttribute(QStringLiteral("stroke-dasharray"),
                num(item.strokeWidth) + QLatin1Char(',') + num(item.strokeWidth * 2));
        else if (item.dashed)
            w.writeAttribute(QStringLiteral("stroke-dasharray"),
                num(item.strokeWidth * 4) + QLatin1Char(',') + num(item.strokeWidth * 3));
    }
}

void writeClass(QXmlStreamWriter &w, const Figure::Item &item)
{
    if (const QString c = svgClass(item.role); !c.isEmpty())
        w.writeAttribute(QStringLiteral("class"), SvgFigureWriter::xmlSafe(c));
}

void writeTooltip(QXmlStreamWriter &w, const Figure::Item &item)
{
    if (!item.tooltip.isEmpty())
        w.writeTextElement(QStringLiteral("title"), SvgFigureWriter::xmlSafe(item.tooltip));
}

void writeRect(QXmlStreamWriter &w, const Figure::Item &item)
{
    w.writeStartElement(QStringLiteral("rect"));
    writeClass(w, item);
    w.writeAttribute(QStringLiteral("x"), num(item.rect.x()));
    w.writeAttribute(QStringLiteral("y"), num(item.rect.y()));
    w.writeAttribute(QStringLiteral("width"), num(item.rect.width()));
    w.writeAttribute(QStringLiteral("height"), num(item.rect.height()));
    writeFill(w, item.fill, "fill", "fill-opacity");
    writeStroke(w, item);
    writeTooltip(w, item);
    w.writeEndElement();
}

void writeText(QXmlStreamWriter &w, const Figure::Item &item)
{
    w.writeStartElement(QStringLiteral("text"));
    writeClass(w, item);
    w.writeAttribute(QStringLiteral("x"), num(item.anchor.x()));
    w.writeAttribute(QStringLiteral("y"), num(item.anchor.y()));
    w.writeAttribute(QStringLiteral("font-size"), num(item.fontSize));
    if (item.bold)
        w.writeAttribute(QStringLiteral("font-weight"), QStringLiteral("bold"));
    if (item.align == Figure::Align::Middle)
        w.writeAttribute(QStringLiteral("text-anchor"), QStringLiteral("middle"));
    else if (item.align == Figure::Align::End)
        w.writeAttribute(QStringLiteral("text-anchor"), QStringLiteral("end"));
    if (item.rotation != 0.0) {
        w.writeAttribute(QStringLiteral("transform"),
            QStringLiteral("rotate(%1 %2 %3)")
                .arg(num(item.rotation), num(item.anchor.x()), num(item.anchor.y())));
    }
    writeFill(w, item.fill, "fill", "fill-opacity");
    writeTooltip(w, item);
    w.writeCharacters(SvgFigureWriter::xmlSafe(item.text));
    w.writeEndElement();
}

void writeLine(QXmlStreamWriter &w, const Figure::Item &item)
{
    w.writeStartElement(QStringLiteral("line"));
    writeClass(w, item);
    w.writeAttribute(QStringLiteral("x1"), num(item.anchor.x()));
    w.writeAttribute(QStringLiteral("y1"), num(item.anchor.y()));
    w.writeAttribute(QStringLiteral("x2"), num(item.end.x()));
    w.writeAttribute(QStringLiteral("y2"), num(item.end.y()));
    writeStroke(w, item);
    w.writeEndElement();
}

void writePolyline(QXmlStreamWriter &w, const Figure::Item &item)
{
    QStringList points;
    for (const QPointF &p : item.points)
        points << num(p.x()) + QLatin1Char(',') + num(p.y());
    w.writeStartElement(QStringLiteral("polyline"));
    writeClass(w, item);
    w.writeAttribute(QStringLiteral("points"), points.join(QLatin1Char(' ')));
    w.writeAttribute(QStringLiteral("fill"), QStringLiteral("none"));
    w.writeAttribute(QStringLiteral("stroke-linejoin"), QStringLiteral("round"));
    writeStroke(w, item);
    w.writeEndElement();
}

void writeCircle(QXmlStreamWriter &w, const Figure::Item &item)
{
    w.writeStartElement(QStringLiteral("circle"));
    writeClass(w, item);
    w.writeAttribute(QStringLiteral("cx"), num(item.anchor.x()));
    w.writeAttribute(QStringLiteral("cy"), num(item.anchor.y()));
    w.writeAttribute(QStringLiteral("r"), num(item.radius));
    writeFill(w, item.fill, "fill", "fill-opacity");
    writeStroke(w, item);
    writeTooltip(w, item);
    w.writeEndElement();
}

void writeGradientBar(QXmlStreamWriter &w, const Figure::Item &item, int index)
{
    const QString id = QStringLiteral("gradient%1").arg(index);
    w.writeStartElement(QStringLiteral("defs"));
    w.writeStartElement(QStringLiteral("linearGradient"));
    w.writeAttribute(QStringLiteral("id"), id);
    // Bottom to top: stop 0 is the low end of the scale.
    w.writeAttribute(QStringLiteral("x1"), QStringLiteral("0"));
    w.writeAttribute(QStringLiteral("y1"), QStringLiteral("1"));
    w.writeAttribute(QStringLiteral("x2"), QStringLiteral("0"));
    w.writeAttribute(QStringLiteral("y2"), QStringLiteral("0"));
    for (const QGradientStop &stop : item.stops) {
        w.writeEmptyElement(QStringLiteral("stop"));
        w.writeAttribute(QStringLiteral("offset"), num(stop.first));
        w.writeAttribute(QStringLiteral("stop-color"), color(stop.second));
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEmptyElement(QStringLiteral("rect"));
    writeClass(w, item);
    w.writeAttribute(QStringLiteral("x"), num(item.rect.x()));
    w.writeAttribute(QStringLiteral("y"), num(item.rect.y()));
    w.writeAttribute(QStringLiteral("width"), num(item.rect.width()));
    w.writeAttribute(QStringLiteral("height"), num(item.rect.height()));
    w.writeAttribute(QStringLiteral("fill"), QStringLiteral("url(#%1)").arg(id));
}

bool isCell(const Figure::Item &item)
{
    return item.kind == Figure::Kind::Rect && item.role.startsWith(QLatin1String("cell"));
}

/// The whole number @p v is close to, or -1 when it is not one.
int wholeNumber(double v)
{
    const double r = std::round(v);
    return std::abs(v - r) < 1e-6 && r >= 0.0 && r < 1e9 ? int(r) : -1;
}

/// Writes the cells items[begin, end) as one group. When they lie on one grid (equal size,
/// unstroked, at whole multiples of the size), the group's transform maps cell units to
/// pixels, so that coordinates are whole numbers, and a run of equal cells in a row without
/// tooltips becomes one rectangle. Else every cell is written as it is.
void writeCells(
    QXmlStreamWriter &w, const std::vector<Figure::Item> &items, size_t begin, size_t end)
{
    const QSizeF size = items[begin].rect.size();
    double left = items[begin].rect.x();
    double top = items[begin].rect.y();
    for (size_t i = begin; i < end; ++i) {
        left = std::min(left, items[i].rect.x());
        top = std::min(top, items[i].rect.y());
    }
    // Each cell as (column, row) on the grid, or empty when they do not lie on one.
    std::vector<QPoint> grid;
    if (size.width() > 0.0 && size.height() > 0.0) {
        grid.reserve(end - begin);
        for (size_t i = begin; i < end; ++i) {
            const Figure::Item &item = items[i];
            const int column = wholeNumber((item.rect.x() - left) / size.width());
            const int row = wholeNumber((item.rect.y() - top) / size.height());
            if (column < 0 || row < 0 || std::abs(item.rect.width() - size.width()) > 1e-9
                || std::abs(item.rect.height() - size.height()) > 1e-9
                || (item.stroke.isValid() && item.stroke.alpha() > 0)) {
                grid.clear();
                break;
            }
            grid.emplace_back(column, row);
        }
    }

    w.writeStartElement(QStringLiteral("g"));
    w.writeAttribute(QStringLiteral("class"), QStringLiteral("cells"));
    // Cells sit edge to edge: crisp edges keep anti-aliasing from drawing seams between them.
    w.writeAttribute(QStringLiteral("shape-rendering"), QStringLiteral("crispEdges"));
    if (grid.empty()) {
        for (size_t i = begin; i < end; ++i)
            writeRect(w, items[i]);
        w.writeEndElement();
        return;
    }
    w.writeAttribute(QStringLiteral("transform"),
        QStringLiteral("translate(%1 %2) scale(%3 %4)")
            .arg(preciseNum(left), preciseNum(top), preciseNum(size.width()),
                preciseNum(size.height())));
    for (size_t i = begin; i < end;) {
        const Figure::Item &item = items[i];
        const QPoint at = grid[i - begin];
        size_t next = i + 1;
        if (item.tooltip.isEmpty()) {
            while (next < end && items[next].tooltip.isEmpty() && items[next].role == item.role
                && items[next].fill == item.fill
                && grid[next - begin] == at + QPoint(int(next - i), 0))
                ++next;
        }
        w.writeStartElement(QStringLiteral("rect"));
        writeClass(w, item);
        w.writeAttribute(QStringLiteral("x"), QString::number(at.x()));
        w.writeAttribute(QStringLiteral("y"), QString::number(at.y()));
        w.writeAttribute(QStringLiteral("width"), QString::number(next - i));
        w.writeAttribute(QStringLiteral("height"), QStringLiteral("1"));
        writeFill(w, item.fill, "fill", "fill-opacity");
        writeTooltip(w, item);
        w.writeEndElement();
        i = next;
    }
    w.writeEndElement();
}

} // namespace

QString SvgFigureWriter::xmlSafe(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const char16_t u = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            out += c;
            out += text.at(i + 1);
            ++i;
        } else if (c.isSurrogate() || u == 0xFFFE || u == 0xFFFF
            || (u < 0x20 && u != 0x09 && u != 0x0A && u != 0x0D)) {
            out += QChar(0xFFFD);
        } else {
            out += c;
        }
    }
    return out;
}

QString SvgFigureWriter::refusal(const Figure &figure)
{
    return cellLimitProblem(figure.count(QStringLiteral("cell")));
}

QString SvgFigureWriter::cellLimitProblem(qint64 cells)
{
    if (cells <= maxCells)
        return {};
    return tr("This map has %1 cells, more than the %2 that an SVG figure draws as vectors "
              "(a file that size opens too slowly in browsers and editors). Export it as PNG "
              "instead.")
        .arg(cells)
        .arg(maxCells);
}

QByteArray SvgFigureWriter::toSvg(const Figure &figure)
{
    QByteArray bytes;
    QXmlStreamWriter w(&bytes);
    w.setAutoFormatting(true);
    w.setAutoFormattingIndent(0); // one element per line, no indentation: small and diffable
    w.writeStartDocument();
    w.writeStartElement(QStringLiteral("svg"));
    w.writeDefaultNamespace(QStringLiteral("http://www.w3.org/2000/svg"));
    w.writeAttribute(QStringLiteral("version"), QStringLiteral("1.1"));
    w.writeAttribute(QStringLiteral("width"), num(figure.size.width()));
    w.writeAttribute(QStringLiteral("height"), num(figure.size.height()));
    w.writeAttribute(QStringLiteral("viewBox"),
        QStringLiteral("0 0 %1 %2").arg(num(figure.size.width()), num(figure.size.height())));
    w.writeAttribute(QStringLiteral("font-family"), Figure::cssFontFamily());
    if (!figure.title.isEmpty())
        w.writeTextElement(QStringLiteral("title"), xmlSafe(figure.title));
    w.writeTextElement(QStringLiteral("desc"), tr("Made with Attention Explorer"));

    w.writeEmptyElement(QStringLiteral("rect"));
    w.writeAttribute(QStringLiteral("class"), QStringLiteral("background"));
    w.writeAttribute(QStringLiteral("width"), QStringLiteral("100%"));
    w.writeAttribute(QStringLiteral("height"), QStringLiteral("100%"));
    writeFill(w, figure.background, "fill", "fill-opacity");

    int gradients = 0;
    const std::vector<Figure::Item> &items = figure.items;
    for (size_t i = 0; i < items.size();) {
        const Figure::Item &item = items[i];
        if (isCell(item)) {
            size_t end = i + 1;
            while (end < items.size() && isCell(items[end]))
                ++end;
            writeCells(w, items, i, end);
            i = end;
            continue;
        }
        switch (item.kind) {
        case Figure::Kind::Rect:
            writeRect(w, item);
            break;
        case Figure::Kind::Text:
            writeText(w, item);
            break;
        case Figure::Kind::Line:
            writeLine(w, item);
            break;
        case Figure::Kind::Polyline:
            writePolyline(w, item);
            break;
        case Figure::Kind::Circle:
            writeCircle(w, item);
            break;
        case Figure::Kind::GradientBar:
            writeGradientBar(w, item, gradients++);
            break;
        }
        ++i;
    }
    w.writeEndElement();
    w.writeEndDocument();
    return bytes;
}

bool SvgFigureWriter::write(const Figure &figure, const QString &fileName, QString *error)
{
    const QString refused = refusal(figure);
    if (!refused.isEmpty()) {
        if (error)
            *error = fileName + QStringLiteral(": ") + refused;
        return false;
    }
    QString reason;
    if (!AtomicFileWriter::write(fileName, toSvg(figure), &reason)) {
        if (error)
            *error = tr("%1: cannot write the file: %2").arg(fileName, reason);
        return false;
    }
    return true;
}

} // namespace ae
