#include "svgfigurewriter.h"

#include "atomicfilewriter.h"

#include <QXmlStreamWriter>
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

QString colour(const QColor &c)
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
    w.writeAttribute(QLatin1String(attribute), colour(c));
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

void writeRoleAndTooltip(QXmlStreamWriter &w, const Figure::Item &item)
{
    if (!item.role.isEmpty())
        w.writeAttribute(QStringLiteral("class"), SvgFigureWriter::xmlSafe(item.role));
}

void writeTooltip(QXmlStreamWriter &w, const Figure::Item &item)
{
    if (!item.tooltip.isEmpty())
        w.writeTextElement(QStringLiteral("title"), SvgFigureWriter::xmlSafe(item.tooltip));
}

void writeRect(QXmlStreamWriter &w, const Figure::Item &item)
{
    w.writeStartElement(QStringLiteral("rect"));
    writeRoleAndTooltip(w, item);
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
    writeRoleAndTooltip(w, item);
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
    writeRoleAndTooltip(w, item);
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
    writeRoleAndTooltip(w, item);
    w.writeAttribute(QStringLiteral("points"), points.join(QLatin1Char(' ')));
    w.writeAttribute(QStringLiteral("fill"), QStringLiteral("none"));
    w.writeAttribute(QStringLiteral("stroke-linejoin"), QStringLiteral("round"));
    writeStroke(w, item);
    w.writeEndElement();
}

void writeCircle(QXmlStreamWriter &w, const Figure::Item &item)
{
    w.writeStartElement(QStringLiteral("circle"));
    writeRoleAndTooltip(w, item);
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
        w.writeAttribute(QStringLiteral("stop-color"), colour(stop.second));
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEmptyElement(QStringLiteral("rect"));
    writeRoleAndTooltip(w, item);
    w.writeAttribute(QStringLiteral("x"), num(item.rect.x()));
    w.writeAttribute(QStringLiteral("y"), num(item.rect.y()));
    w.writeAttribute(QStringLiteral("width"), num(item.rect.width()));
    w.writeAttribute(QStringLiteral("height"), num(item.rect.height()));
    w.writeAttribute(QStringLiteral("fill"), QStringLiteral("url(#%1)").arg(id));
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
    const qint64 cells = figure.count(QStringLiteral("cell"));
    if (cells <= maxCells)
        return {};
    return tooManyCells(cells);
}

QString SvgFigureWriter::tooManyCells(qint64 cells)
{
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

    // Cells sit edge to edge: crisp edges keep anti-aliasing from drawing seams between them.
    bool inCells = false;
    int gradients = 0;
    for (const Figure::Item &item : figure.items) {
        const bool isCell
            = item.kind == Figure::Kind::Rect && item.role.startsWith(QLatin1String("cell"));
        if (isCell != inCells) {
            if (inCells) {
                w.writeEndElement();
            } else {
                w.writeStartElement(QStringLiteral("g"));
                w.writeAttribute(QStringLiteral("class"), QStringLiteral("cells"));
                w.writeAttribute(QStringLiteral("shape-rendering"), QStringLiteral("crispEdges"));
            }
            inCells = isCell;
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
    }
    if (inCells)
        w.writeEndElement();
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
