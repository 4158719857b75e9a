// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingfigure.h"

#include "attention/softmax.h"
#include "export/figurestyle.h"
#include "heatmap/colormap.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;

constexpr double subtitlePx = 12.0;
constexpr double valuePx = 10.0;
constexpr double legendPx = 11.0;

/// Maps data to the plot rectangle: log2 on x, linear on y.
struct Axes
{
    QRectF plot;
    double xLow = 0.0, xHigh = 1.0; ///< log2(d_k)
    double yLow = 0.0, yHigh = 1.0; ///< nats

    QPointF map(double dk, double nats) const
    {
        const double x = plot.left() + (std::log2(dk) - xLow) / (xHigh - xLow) * plot.width();
        const double y = plot.bottom() - (nats - yLow) / (yHigh - yLow) * plot.height();
        return { x, y };
    }
};

void drawCurve(Figure &f, const Axes &axes, const std::vector<int> &dims,
    const std::vector<double> &values, const QColor &color, const QString &role, bool hollow,
    bool labels, bool labelsAbove)
{
    QPolygonF points;
    for (size_t i = 0; i < dims.size() && i < values.size(); ++i)
        points << axes.map(dims[i], values[i]);
    if (points.size() > 1)
        f.addPolyline(points, color, 2.0, role + QStringLiteral(" curve"));
    const QFontMetricsF fm(Figure::font(valuePx));
    for (int i = 0; i < points.size(); ++i) {
        // As on screen: the unscaled points are rings, the scaled ones discs.
        Figure::Item &dot = f.addCircle(
            points[i], 3.5, hollow ? QColor(Qt::white) : color, role + QStringLiteral(" point"));
        dot.stroke = color;
        dot.strokeWidth = 1.5;
        dot.tooltip = ScalingFigure::tr("d_k = %1: %2 nats")
                          .arg(dims[size_t(i)])
                          .arg(values[size_t(i)], 0, 'f', 4);
        if (labels) {
            // Below the point unless that would cross the plot's bottom edge.
            const bool above
                = labelsAbove || points[i].y() + 9.0 + fm.height() > axes.plot.bottom();
            const double y = above ? points[i].y() - 7.0 : points[i].y() + 7.0 + fm.ascent();
            f.addText(QPointF(points[i].x(), y), QString::number(values[size_t(i)], 'f', 2),
                valuePx, color.darker(130), Figure::Align::Middle, role + QStringLiteral(" value"));
        }
    }
}

} // namespace

QString ScalingFigure::defaultTitle()
{
    return tr("Scaling effect on softmax sharpness");
}

QColor ScalingFigure::scaledColor()
{
    return QColor(0x1f, 0x6f, 0xb5);
}

QColor ScalingFigure::unscaledColor()
{
    return QColor(0xd9, 0x5f, 0x02);
}

Figure ScalingFigure::make(const EntropyExperimentResult &result,
    const EntropyExperimentConfig &config, int currentDk, const FigureOptions &options)
{
    Figure f;
    const QString title = !options.includeTitle ? QString()
        : options.title.trimmed().isEmpty()     ? defaultTitle()
                                                : options.title;
    f.title = title.isEmpty() ? defaultTitle() : title;
    f.size = QSizeF(options.size.width() > 0 ? options.size.width() : 720,
        options.size.height() > 0 ? options.size.height() : 460);
    const double w = f.size.width();
    const double h = f.size.height();

    double y = outerMargin;
    if (!title.isEmpty()) {
        const QFontMetricsF fm(Figure::font(titlePx, true));
        Figure::Item &t = f.addText(QPointF(w / 2.0, y + fm.ascent()),
            fm.elidedText(Figure::displayText(title), Qt::ElideRight, w - 2 * outerMargin), titlePx,
            textColor, Figure::Align::Middle, QStringLiteral("title"));
        t.bold = true;
        y += fm.height() + 4.0;
    }
    {
        const QFontMetricsF fm(Figure::font(subtitlePx));
        f.addText(QPointF(w / 2.0, y + fm.ascent()),
            tr("%1 keys \u00b7 %2 queries \u00b7 %3 \u00b7 seed %4")
                .arg(config.keys)
                .arg(config.queries)
                .arg(config.repeats == 1 ? tr("1 repeat") : tr("%1 repeats").arg(config.repeats))
                .arg(config.seed),
            subtitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("subtitle"));
        y += fm.height() + 10.0;
    }

    const size_t n = std::min({ result.dims.size(), result.scaled.size(), result.unscaled.size() });
    if (n == 0) {
        f.addText(QPointF(w / 2.0, h / 2.0), tr("No results yet"), 14, mutedTextColor,
            Figure::Align::Middle, QStringLiteral("message"));
        return f;
    }

    // Axis ranges: every d_k (and the model's) on a log2 axis; 0 up to above the ceiling.
    const double ceiling = entropyCeiling(config.keys);
    double dMin = result.dims[0], dMax = result.dims[0], yMax = ceiling;
    for (size_t i = 0; i < n; ++i) {
        dMin = std::min<double>(dMin, result.dims[i]);
        dMax = std::max<double>(dMax, result.dims[i]);
        yMax = std::max({ yMax, result.scaled[i], result.unscaled[i] });
    }
    if (currentDk > 0) {
        dMin = std::min<double>(dMin, currentDk);
        dMax = std::max<double>(dMax, currentDk);
    }
    Axes axes;
    axes.xLow = std::log2(dMin / dkAxisMargin);
    axes.xHigh = std::log2(dMax * dkAxisMargin);
    axes.yLow = 0.0;
    axes.yHigh = yMax > 0.0 ? yMax * 1.12 : 1.0;
    const std::vector<double> yTicks = Figure::niceTicks(0.0, axes.yHigh, 6);

    const QFontMetricsF tfm(Figure::font(tickPx));
    const QFontMetricsF lfm(Figure::font(legendPx));
    // The legend, in a row of its own between the title and the axes, as on screen; stacked
    // when one row does not fit.
    {
        struct Entry
        {
            QString text;
            QColor color;
            bool dashed;
            bool hollow;
            bool dot;
        };
        const std::vector<Entry> entries {
            { tr("unscaled: softmax(q\u00b7k)"), unscaledColor(), false, true, true },
            { tr("scaled: softmax(q·k / √d_k)"), scaledColor(), false, false, true },
            { tr("ceiling ln(%1) = %2").arg(config.keys).arg(ceiling, 0, 'f', 3), guideColor, true,
                false, false },
        };
        constexpr double swatch = 24.0;
        constexpr double spacing = 22.0;
        std::vector<double> widths;
        double total = -spacing;
        for (const Entry &e : entries) {
            widths.push_back(swatch + 6.0 + lfm.horizontalAdvance(e.text));
            total += widths.back() + spacing;
        }
        const bool oneRow = total <= w - 2 * outerMargin;
        const double lineHeight = lfm.height() + 4.0;
        double x = oneRow ? (w - total) / 2.0 : outerMargin + axisTitlePx * 1.8;
        double ly = y + lineHeight / 2.0;
        for (size_t i = 0; i < entries.size(); ++i) {
            const Entry &e = entries[i];
            Figure::Item &line = f.addLine(QPointF(x, ly), QPointF(x + swatch, ly), e.color, 2.0,
                QStringLiteral("legend-swatch"));
            line.dashed = e.dashed;
            if (e.dot) {
                Figure::Item &dot = f.addCircle(QPointF(x + swatch / 2.0, ly), 3.5,
                    e.hollow ? QColor(Qt::white) : e.color, QStringLiteral("legend-swatch"));
                dot.stroke = e.color;
                dot.strokeWidth = 1.5;
            }
            f.addText(QPointF(x + swatch + 6.0, ly + baselineOffset(lfm)), e.text, legendPx,
                textColor, Figure::Align::Start, QStringLiteral("legend"));
            if (oneRow) {
                x += widths[i] + spacing;
            } else {
                ly += lineHeight;
            }
        }
        y = (oneRow ? y + lineHeight : ly - lineHeight / 2.0) + 8.0;
    }

    double tickWidth = 0.0;
    for (const double t : yTicks)
        tickWidth = std::max(tickWidth, tfm.horizontalAdvance(Figure::tickText(t, 2)));
    const double left = outerMargin + axisTitlePx * 1.8 + tickWidth + 8.0;
    const double bottom = h - outerMargin - axisTitlePx * 1.8 - tfm.height() - 6.0;
    axes.plot
        = QRectF(QPointF(left, y), QPointF(w - outerMargin - 8.0, std::max(y + 20.0, bottom)));
    const QRectF &plot = axes.plot;

    // Grid, ticks and axis titles.
    for (const double t : yTicks) {
        const double py = axes.map(1.0, t).y();
        f.addLine(QPointF(plot.left(), py), QPointF(plot.right(), py), gridColor, 1.0,
            QStringLiteral("grid"));
        f.addText(QPointF(plot.left() - 6.0, py + baselineOffset(tfm)), Figure::tickText(t, 2),
            tickPx, textColor, Figure::Align::End, QStringLiteral("tick-label"));
    }
    // A tick at every d_k of the experiment (and the model's), leaving out any that would
    // overlap its left neighbour, as the screen plot does.
    std::vector<int> tickDims(result.dims.begin(), result.dims.begin() + long(n));
    if (currentDk > 0)
        tickDims.push_back(currentDk);
    std::sort(tickDims.begin(), tickDims.end());
    tickDims.erase(std::unique(tickDims.begin(), tickDims.end()), tickDims.end());
    double lastRight = -1e9;
    for (const int d : tickDims) {
        const double px = axes.map(d, 0.0).x();
        const QString text = QString::number(d);
        const double half = tfm.horizontalAdvance(text) / 2.0;
        if (px - half < lastRight + 6.0)
            continue;
        lastRight = px + half;
        f.addLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()), gridColor, 1.0,
            QStringLiteral("grid"));
        f.addLine(QPointF(px, plot.bottom()), QPointF(px, plot.bottom() + 4.0), frameColor, 1.0,
            QStringLiteral("tick"));
        f.addText(QPointF(px, plot.bottom() + 6.0 + tfm.ascent()), text, tickPx, textColor,
            Figure::Align::Middle, QStringLiteral("tick-label"));
    }
    f.addFrame(plot, frameColor, 1.0, QStringLiteral("frame"));
    const QFontMetricsF afm(Figure::font(axisTitlePx));
    f.addText(QPointF(plot.center().x(), plot.bottom() + 6.0 + tfm.height() + 4.0 + afm.ascent()),
        tr("d_k (log\u2082 scale)"), axisTitlePx, mutedTextColor, Figure::Align::Middle,
        QStringLiteral("axis-title"));
    Figure::Item &yTitle = f.addText(QPointF(outerMargin + afm.ascent(), plot.center().y()),
        tr("mean entropy (nats)"), axisTitlePx, mutedTextColor, Figure::Align::Middle,
        QStringLiteral("axis-title"));
    yTitle.rotation = -90.0;

    // The ceiling: a uniform distribution over the keys.
    const double cy = axes.map(1.0, ceiling).y();
    f.addLine(QPointF(plot.left(), cy), QPointF(plot.right(), cy), guideColor, 1.5,
         QStringLiteral("ceiling"))
        .dashed
        = true;

    // Points joined in order of d_k, whatever order the dimensions were listed in.
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
        [&result](size_t a, size_t b) { return result.dims[a] < result.dims[b]; });
    std::vector<int> dims;
    std::vector<double> scaled, unscaled;
    QPolygonF scaledLine, unscaledLine;
    for (const size_t i : order) {
        dims.push_back(result.dims[i]);
        scaled.push_back(result.scaled[i]);
        unscaled.push_back(result.unscaled[i]);
        scaledLine << axes.map(result.dims[i], result.scaled[i]);
        unscaledLine << axes.map(result.dims[i], result.unscaled[i]);
    }

    if (currentDk > 0) {
        const QColor accent = ColorMap::accent(ColorMapKind::Viridis);
        const double px = axes.map(currentDk, 0.0).x();
        f.addLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()), accent, 1.5,
             QStringLiteral("current-dk"))
            .dotted
            = true;
        // Right of the marker, unless the marker is in the right part of the axis.
        const bool rightHalf
            = (std::log2(double(currentDk)) - axes.xLow) > 0.6 * (axes.xHigh - axes.xLow);
        const QList<QPolygonF> curves { unscaledLine, scaledLine,
            QPolygonF({ QPointF(plot.left(), cy), QPointF(plot.right(), cy) }) };
        QString label;
        LabelPlace place;
        for (const bool brief : { false, true }) {
            const QString text = dkLabelText(currentDk, brief);
            const QSizeF size(tfm.horizontalAdvance(text) + 8.0, tfm.height() + 4.0);
            const LabelPlace found = dkLabelPlace(plot, px, rightHalf, size, curves);
            if (label.isEmpty() || found.crossedPixels < place.crossedPixels) {
                label = text;
                place = found;
            }
        }
        const QRectF box = place.box;
        f.addRect(box, QColor(255, 255, 255, 220), QStringLiteral("current-dk-label-box"));
        f.addText(QPointF(box.left() + 4.0, box.top() + 2.0 + tfm.ascent()), label, tickPx,
            accent.darker(130), Figure::Align::Start, QStringLiteral("current-dk-label"));
    }
    drawCurve(f, axes, dims, unscaled, unscaledColor(), QStringLiteral("unscaled"), true,
        options.includeValues, false);
    drawCurve(f, axes, dims, scaled, scaledColor(), QStringLiteral("scaled"), false,
        options.includeValues, true);

    return f;
}

QString ScalingFigure::dkLabelText(int currentDk, bool brief)
{
    return brief ? tr("d_k = %1").arg(currentDk) : tr("this model: d_k = %1").arg(currentDk);
}

ScalingFigure::LabelPlace ScalingFigure::dkLabelPlace(const QRectF &plot, double markerX,
    bool leftOfMarker, const QSizeF &size, const QList<QPolygonF> &curves)
{
    const double left = leftOfMarker ? markerX - size.width() : markerX;
    // Air around the text, as the eye needs it around a line, and room for a point's circle.
    const auto crossed = [&curves](const QRectF &box) {
        const QRectF around = box.adjusted(-5.0, -5.0, 5.0, 5.0);
        int pixels = 0;
        for (const QPolygonF &curve : curves) {
            for (qsizetype i = 0; i < curve.size(); ++i) {
                // Each point, and the straight line from the one before, a pixel at a time.
                const QPointF from = i > 0 ? curve[i - 1] : curve[i];
                const int steps = std::max(1, static_cast<int>(QLineF(from, curve[i]).length()));
                for (int k = i > 0 ? 1 : steps; k <= steps; ++k)
                    pixels += around.contains(from + (curve[i] - from) * (double(k) / steps));
            }
        }
        return pixels;
    };
    // Near the top, near the bottom, then every other pixel from the top down.
    const double highest = plot.top() + 0.02 * plot.height();
    const double lowest = plot.top() + 0.98 * plot.height() - size.height();
    std::vector<double> tops { highest, lowest };
    for (double top = highest + 2.0; top < lowest; top += 2.0)
        tops.push_back(top);
    LabelPlace best { QRectF(QPointF(left, tops.front()), size), 0 };
    best.crossedPixels = crossed(best.box);
    for (const double top : tops) {
        if (best.crossedPixels == 0)
            break;
        const QRectF box(QPointF(left, top), size);
        const int pixels = crossed(box);
        if (pixels < best.crossedPixels)
            best = { box, pixels };
    }
    return best;
}

} // namespace ae
