// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportsvg.h"

#include <QXmlStreamReader>
#include <cmath>
#include <vector>

namespace ae {

namespace {

bool hasClass(const QString &classes, const QString &role)
{
    return classes.split(QLatin1Char(' '), Qt::SkipEmptyParts).contains(role);
}

/// How an open <g> counts the rects inside it.
enum class Group { Other, Cells, ScaledCells };

} // namespace

int SvgSummary::textsWithClass(const QString &role) const
{
    int n = 0;
    for (const QString &c : textClasses)
        n += hasClass(c, role);
    return n;
}

SvgSummary SvgSummary::read(const QByteArray &svg)
{
    SvgSummary s;
    QXmlStreamReader xml(svg);
    std::vector<Group> groups;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("g") && !groups.empty())
            groups.pop_back();
        if (!xml.isStartElement())
            continue;
        const QString name = xml.name().toString();
        const QXmlStreamAttributes attributes = xml.attributes();
        for (const QXmlStreamAttribute &a : attributes) {
            if (a.value().contains(QLatin1String("data:image")))
                s.rasterData = true;
        }
        const QString classes = attributes.value(QLatin1String("class")).toString();
        const Group inside = groups.empty() ? Group::Other : groups.back();
        if (name == QLatin1String("svg") && s.fontFamily.isEmpty()) {
            s.fontFamily = attributes.value(QLatin1String("font-family")).toString();
            s.width = attributes.value(QLatin1String("width")).toDouble();
            s.height = attributes.value(QLatin1String("height")).toDouble();
        } else if (name == QLatin1String("g")) {
            Group g = inside;
            if (hasClass(classes, QStringLiteral("cells"))) {
                g = attributes.value(QLatin1String("transform")).contains(QLatin1String("scale("))
                    ? Group::ScaledCells
                    : Group::Cells;
            }
            groups.push_back(g);
        } else if (name == QLatin1String("rect")) {
            if (inside != Group::Other) {
                int area = 1;
                if (inside == Group::ScaledCells) {
                    area = int(std::lround(attributes.value(QLatin1String("width")).toDouble()
                        * attributes.value(QLatin1String("height")).toDouble()));
                }
                s.cellRects += area;
                ++s.cellElements;
                if (hasClass(classes, QStringLiteral("m")))
                    s.maskedRects += area;
            }
            s.argmaxRects += hasClass(classes, QStringLiteral("argmax"));
        } else if (name == QLatin1String("image")) {
            ++s.images;
        } else if (name == QLatin1String("foreignObject")) {
            ++s.foreignObjects;
        } else if (name == QLatin1String("text")) {
            s.textClasses << classes;
            // The text's own characters, without the tooltip of a nested <title>.
            QString content;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    content += xml.text();
                else if (xml.isStartElement())
                    xml.skipCurrentElement();
                else if (xml.isEndElement())
                    break;
            }
            s.texts << content;
        }
    }
    s.wellFormed = !xml.hasError();
    s.error = xml.errorString();
    return s;
}

} // namespace ae
