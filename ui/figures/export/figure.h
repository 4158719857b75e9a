// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file figure.h
/// A figure as a flat list of drawing primitives (rectangles, text, lines, curves, markers and
/// a colour bar). Layout code (heatmapfigure.h, scalingfigure.h) fills it once; the SVG writer
/// and the QPainter renderer (PNG, PDF) draw the same list, so every format looks the same.

#include <QColor>
#include <QFont>
#include <QGradientStops>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <vector>

namespace ae {

/// A figure in CSS pixels (1/96 inch), origin top-left, y pointing down.
struct Figure
{
    /// What an item draws.
    enum class Kind {
        Rect, ///< rect, filled with fill and/or outlined with stroke
        Text, ///< text whose baseline anchor is anchor, rotated by rotation degrees around it
        Line, ///< from anchor to end
        Polyline, ///< points, stroked, never filled
        Circle, ///< centre anchor, radius
        GradientBar ///< rect filled with a vertical gradient: stops at 0 bottom, 1 top
    };
    /// Where a text's anchor sits on its baseline.
    enum class Align { Start, Middle, End };

    /// One primitive. Fields a kind does not use are ignored.
    struct Item
    {
        Kind kind = Kind::Rect;
        /// Space-separated roles, written as the SVG class (e.g. "cell", "cell masked",
        /// "argmax", "row-label"); tests and style sheets select on them.
        QString role;
        QRectF rect;
        QPointF anchor;
        QPointF end;
        QPolygonF points;
        double radius = 0.0;
        QColor fill; ///< invalid: not filled
        QColor stroke; ///< invalid: not outlined
        double strokeWidth = 1.0;
        bool dashed = false; ///< long dashes
        bool dotted = false; ///< dots (wins over dashed)
        QString text;
        double fontSize = 12.0; ///< pixels
        bool bold = false;
        Align align = Align::Start;
        double rotation = 0.0; ///< degrees, clockwise on screen
        QString tooltip; ///< shown on hover where the format allows (SVG <title>)
        QGradientStops stops;
    };

    QSizeF size;
    QColor background = Qt::white;
    QString title; ///< the document title (SVG <title>, PDF title)
    std::vector<Item> items;

    /// Number of items whose role list contains @p role.
    int count(const QString &role) const;

    Item &addRect(const QRectF &rect, const QColor &fill, const QString &role);
    Item &addFrame(const QRectF &rect, const QColor &stroke, double width, const QString &role);
    Item &addText(const QPointF &anchor, const QString &text, double fontSize, const QColor &color,
        Align align, const QString &role);
    Item &addLine(const QPointF &from, const QPointF &to, const QColor &color, double width,
        const QString &role);
    Item &addPolyline(
        const QPolygonF &points, const QColor &color, double width, const QString &role);
    Item &addCircle(const QPointF &centre, double radius, const QColor &fill, const QString &role);
    Item &addGradientBar(const QRectF &rect, const QGradientStops &stops, const QString &role);

    /// The fonts tried in order, for Latin and CJK text alike.
    static QStringList fontFamilies();
    /// fontFamilies() as a CSS font-family value.
    static QString cssFontFamily();
    /// The font used to measure and draw text of @p pixelSize (unhinted, so that text is shaped
    /// alike in every format and whatever the scale of the screen).
    static QFont font(double pixelSize, bool bold = false);
    /// @p text made safe to show and to store in XML: control characters become their visible
    /// Unicode "control pictures" (␀, ␉, ...), lone surrogates and noncharacters become U+FFFD.
    static QString displayText(const QString &text);
    /// The most characters of a token shown in a label or a table header; longer tokens are
    /// elided (elided()) and shown whole in a tooltip.
    static constexpr int maxTokenChars = 14;
    /// @p text cut to @p maxChars characters with a trailing ellipsis when longer.
    static QString elided(const QString &text, int maxChars = maxTokenChars);
    /// Round tick values from @p low to @p high, about @p target intervals apart (1, 2, 2.5
    /// or 5 times a power of ten), including both ends when they are round.
    static std::vector<double> niceTicks(double low, double high, int target);
    /// The number of tick intervals to ask for on an axis @p axisPixels long whose widest tick
    /// label is @p labelPixels wide: each label gets twice its width plus a gap, so that the
    /// round steps niceTicks() (and QCustomPlot's ticker) pick never put two labels edge to
    /// edge. At least 1, at most 10. The one rule of figures and on-screen plots alike.
    static int tickCountForWidth(double axisPixels, double labelPixels);
    /// @p value with at most @p decimals decimals and no trailing zeros ("0.2", "1", "0.25").
    static QString tickText(double value, int decimals);
};

} // namespace ae
