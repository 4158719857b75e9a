// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalinglabfigure.h"

#include "attention/softmax.h"
#include "export/figurestyle.h"
#include "heatmap/colormap.h"
#include "scaling/scalingfigure.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;
using Panel = ScalingLabFigure::Panel;

constexpr double panelTitlePx = 13.0;
constexpr double legendPx = 11.0;
constexpr double valuePx = 9.0;

/// Maps data to a plot rectangle: log2 or linear on x, linear on y.
struct Axes
{
    QRectF plot;
    bool logX = true;
    double xLow = 0.0, xHigh = 1.0; ///< log2(d_k), or the value itself
    double yLow = 0.0, yHigh = 1.0;

    double x(double v) const
    {
        const double t = logX ? std::log2(v) : v;
        return plot.left() + (t - xLow) / (xHigh - xLow) * plot.width();
    }
    double y(double v) const { return plot.bottom() - (v - yLow) / (yHigh - yLow) * plot.height(); }
};

/// A dashed reference line or curve and its legend text.
struct Guide
{
    QString label;
    bool rootDk = false; ///< y = sqrt(d_k); else the constant value
    double value = 0.0;
};

std::vector<Guide> guidesOf(Panel panel, const EntropyExperimentConfig &config)
{
    if (panel == Panel::Entropy)
        return { { ScalingLabFigure::tr("ln(%1) = %2, uniform weights")
                       .arg(config.keys)
                       .arg(entropyCeiling(config.keys), 0, 'f', 3),
            false, entropyCeiling(config.keys) } };
    if (panel == Panel::Spread)
        return { { ScalingLabFigure::tr("√d_k"), true, 0.0 },
            { ScalingLabFigure::tr("1"), false, 1.0 } };
    return {};
}

/// Decimals of a panel's values.
int decimalsOf(Panel panel)
{
    return panel == Panel::Spread ? 1 : 2;
}

/// Draws the legend entries in one row centred in [left, right] at height @p y; returns the
/// height used.
double drawLegend(Figure &f, double left, double right, double y, const std::vector<Guide> &guides)
{
    struct Entry
    {
        QString text;
        QColor colour;
        int marker; ///< 0 none (dashed guide), 1 ring, 2 disc
    };
    std::vector<Entry> entries { { ScalingLabFigure::tr("unscaled: q·k"),
                                     ScalingFigure::unscaledColor(), 1 },
        { ScalingLabFigure::tr("scaled: q·k / √d_k"), ScalingFigure::scaledColor(), 2 } };
    for (const Guide &g : guides)
        entries.push_back({ g.label, guideColor, 0 });
    const QFontMetricsF fm(Figure::font(legendPx));
    constexpr double swatch = 22.0, spacing = 18.0;
    double total = -spacing;
    for (const Entry &e : entries)
        total += swatch + 5.0 + fm.horizontalAdvance(e.text) + spacing;
    double x = std::max(left, (left + right - total) / 2.0);
    const double ly = y + fm.height() / 2.0 + 2.0;
    for (const Entry &e : entries) {
        Figure::Item &line = f.addLine(QPointF(x, ly), QPointF(x + swatch, ly), e.colour,
            e.marker ? 2.0 : 1.5, QStringLiteral("legend-swatch"));
        line.dashed = e.marker == 0;
        if (e.marker) {
            Figure::Item &dot = f.addCircle(QPointF(x + swatch / 2.0, ly), 3.5,
                e.marker == 1 ? QColor(Qt::white) : e.colour, QStringLiteral("legend-swatch"));
            dot.stroke = e.colour;
            dot.strokeWidth = 1.5;
        }
        f.addText(QPointF(x + swatch + 5.0, ly + baselineOffset(fm)), e.text, legendPx, textColor,
            Figure::Align::Start, QStringLiteral("legend"));
        x += swatch + 5.0 + fm.horizontalAdvance(e.text) + spacing;
    }
    return fm.height() + 8.0;
}

/// Frame, grid, y ticks and axis titles of @p axes; returns nothing. @p xTicks are data
/// values (d_k, or scores) with their labels.
void drawAxes(Figure &f, const Axes &axes, const std::vector<double> &yTicks, int yDecimals,
    const std::vector<std::pair<double, QString>> &xTicks, const QString &xTitle,
    const QString &yTitle, double titleLeft)
{
    const QFontMetricsF tfm(Figure::font(tickPx));
    const QRectF &plot = axes.plot;
    for (const double t : yTicks) {
        const double py = axes.y(t);
        f.addLine(QPointF(plot.left(), py), QPointF(plot.right(), py), gridColor, 1.0,
            QStringLiteral("grid"));
        f.addText(QPointF(plot.left() - 5.0, py + baselineOffset(tfm)),
            Figure::tickText(t, yDecimals), tickPx, textColor, Figure::Align::End,
            QStringLiteral("tick-label"));
    }
    double lastRight = -1e9;
    for (const auto &[value, text] : xTicks) {
        const double px = axes.x(value);
        const double half = tfm.horizontalAdvance(text) / 2.0;
        if (px - half < lastRight + 5.0 || px < plot.left() - 0.5 || px > plot.right() + 0.5)
            continue;
        lastRight = px + half;
        f.addLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()), gridColor, 1.0,
            QStringLiteral("grid"));
        f.addText(QPointF(px, plot.bottom() + 5.0 + tfm.ascent()), text, tickPx, textColor,
            Figure::Align::Middle, QStringLiteral("tick-label"));
    }
    f.addFrame(plot, frameColor, 1.0, QStringLiteral("frame"));
    const QFontMetricsF afm(Figure::font(axisTitlePx));
    f.addText(QPointF(plot.center().x(), plot.bottom() + 5.0 + tfm.height() + 2.0 + afm.ascent()),
        xTitle, axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("axis-title"));
    Figure::Item &y = f.addText(QPointF(titleLeft + afm.ascent(), plot.center().y()), yTitle,
        axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("axis-title"));
    y.rotation = -90.0;
}

/// The plot rectangle inside @p area once the tick labels and axis titles have room.
QRectF plotRect(const QRectF &area, const std::vector<double> &yTicks, int decimals)
{
    const QFontMetricsF tfm(Figure::font(tickPx));
    double tickWidth = 0.0;
    for (const double t : yTicks)
        tickWidth = std::max(tickWidth, tfm.horizontalAdvance(Figure::tickText(t, decimals)));
    const double left = area.left() + axisTitlePx * 1.6 + tickWidth + 7.0;
    const double bottom = area.bottom() - axisTitlePx * 1.6 - tfm.height() - 5.0;
    return QRectF(QPointF(left, area.top()),
        QPointF(area.right() - 6.0, std::max(area.top() + 20.0, bottom)));
}

/// A d_k panel (not the histogram) in @p area.
void drawSeriesPanel(Figure &f, const QRectF &area, Panel panel,
    const EntropyExperimentResult &result, const EntropyExperimentConfig &config, int currentDk,
    bool values)
{
    const std::vector<Guide> guides = guidesOf(panel, config);
    const std::vector<double> &unscaled = ScalingLabFigure::series(result, panel, false);
    const std::vector<double> &scaled = ScalingLabFigure::series(result, panel, true);
    const size_t n = std::min({ result.dims.size(), unscaled.size(), scaled.size() });
    Axes axes;
    double dMin = n ? result.dims[0] : 1, dMax = dMin, yMax = 0.0;
    for (size_t i = 0; i < n; ++i) {
        dMin = std::min<double>(dMin, result.dims[i]);
        dMax = std::max<double>(dMax, result.dims[i]);
        yMax = std::max({ yMax, unscaled[i], scaled[i] });
    }
    if (currentDk > 0) {
        dMin = std::min<double>(dMin, currentDk);
        dMax = std::max<double>(dMax, currentDk);
    }
    axes.xLow = std::log2(dMin / dkAxisMargin);
    axes.xHigh = std::log2(dMax * dkAxisMargin);
    for (const Guide &g : guides)
        yMax = std::max(yMax, g.rootDk ? std::sqrt(dMax) : g.value);
    axes.yHigh = panel == Panel::Saturation ? 1.0 : (yMax > 0.0 ? yMax * 1.1 : 1.0);
    const std::vector<double> yTicks = Figure::niceTicks(0.0, axes.yHigh, 5);
    axes.plot = plotRect(area, yTicks, 2);

    std::vector<int> tickDims(result.dims.begin(), result.dims.begin() + long(n));
    if (currentDk > 0)
        tickDims.push_back(currentDk);
    std::sort(tickDims.begin(), tickDims.end());
    tickDims.erase(std::unique(tickDims.begin(), tickDims.end()), tickDims.end());
    std::vector<std::pair<double, QString>> xTicks;
    for (const int d : tickDims)
        xTicks.emplace_back(d, QString::number(d));
    drawAxes(f, axes, yTicks, 2, xTicks, ScalingLabFigure::tr("d_k (log₂ scale)"),
        ScalingLabFigure::yAxisTitle(panel), area.left());

    const QRectF &plot = axes.plot;
    for (const Guide &g : guides) {
        QPolygonF line;
        constexpr int steps = 48;
        for (int s = 0; s <= steps; ++s) {
            const double t = axes.xLow + (axes.xHigh - axes.xLow) * s / steps;
            const double v = g.rootDk ? std::sqrt(std::exp2(t)) : g.value;
            line << QPointF(plot.left() + plot.width() * s / steps,
                std::max(plot.top(), axes.y(std::min(v, axes.yHigh))));
        }
        Figure::Item &item = f.addPolyline(line, guideColor, 1.3, QStringLiteral("guide"));
        item.dashed = true;
    }
    if (currentDk > 0) {
        const QColor accent = ColorMap::accent(ColorMapKind::Viridis);
        const double px = axes.x(currentDk);
        f.addLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()), accent, 1.5,
             QStringLiteral("current-dk"))
            .dotted
            = true;
        const QFontMetricsF tfm(Figure::font(tickPx));
        const QString label = ScalingLabFigure::tr("d_k = %1").arg(currentDk);
        const bool rightHalf = px > plot.left() + 0.6 * plot.width();
        f.addText(QPointF(rightHalf ? px - 4.0 : px + 4.0, plot.top() + 3.0 + tfm.ascent()), label,
            tickPx, accent.darker(130), rightHalf ? Figure::Align::End : Figure::Align::Start,
            QStringLiteral("current-dk-label"));
    }
    // Points joined in order of d_k, whatever order the dimensions were listed in.
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
        [&result](size_t a, size_t b) { return result.dims[a] < result.dims[b]; });
    const QFontMetricsF vfm(Figure::font(valuePx));
    for (int v = 0; v < 2; ++v) {
        const bool isScaled = v == 1;
        const std::vector<double> &data = isScaled ? scaled : unscaled;
        const QColor colour
            = isScaled ? ScalingFigure::scaledColor() : ScalingFigure::unscaledColor();
        const QString role = isScaled ? QStringLiteral("scaled") : QStringLiteral("unscaled");
        QPolygonF points;
        for (const size_t i : order)
            points << QPointF(axes.x(result.dims[i]), axes.y(data[i]));
        if (points.size() > 1)
            f.addPolyline(points, colour, 2.0, role + QStringLiteral(" curve"));
        for (int p = 0; p < points.size(); ++p) {
            const size_t i = order[size_t(p)];
            Figure::Item &dot = f.addCircle(points[p], 3.5, isScaled ? colour : QColor(Qt::white),
                role + QStringLiteral(" point"));
            dot.stroke = colour;
            dot.strokeWidth = 1.5;
            const QString text = QString::number(data[i], 'f', decimalsOf(panel) + 1);
            dot.tooltip = ScalingLabFigure::tr("d_k = %1: %2").arg(result.dims[i]).arg(text);
            if (values) {
                const double y
                    = isScaled ? points[p].y() - 6.0 : points[p].y() + 6.0 + vfm.ascent();
                f.addText(QPointF(points[p].x(),
                              std::clamp(y, plot.top() + vfm.ascent(), plot.bottom() - 2.0)),
                    text, valuePx, colour.darker(130), Figure::Align::Middle,
                    role + QStringLiteral(" value"));
            }
        }
    }
}

/// The score histogram in @p area, both kinds of score on the same bins.
void drawHistogramPanel(
    Figure &f, const QRectF &area, const EntropyExperimentResult &result, int currentDk)
{
    const int index = ScalingLabFigure::histogramIndex(result, currentDk);
    if (index < 0)
        return;
    const ScoreHistogram &h = result.histograms[size_t(index)];
    Axes axes;
    axes.logX = false;
    axes.xLow = h.lo;
    axes.xHigh = h.hi;
    double yMax = 0.0;
    for (size_t b = 0; b < h.unscaled.size() && b < h.scaled.size(); ++b)
        yMax = std::max({ yMax, h.unscaled[b], h.scaled[b] });
    axes.yHigh = yMax > 0.0 ? yMax * 1.1 : 1.0;
    const std::vector<double> yTicks = Figure::niceTicks(0.0, axes.yHigh, 5);
    axes.plot = plotRect(area, yTicks, 3);
    std::vector<std::pair<double, QString>> xTicks;
    for (const double t : Figure::niceTicks(h.lo, h.hi, 6))
        xTicks.emplace_back(t, Figure::tickText(t, 1));
    drawAxes(f, axes, yTicks, 3, xTicks,
        ScalingLabFigure::tr("score at d_k = %1").arg(result.dims[size_t(index)]),
        ScalingLabFigure::yAxisTitle(Panel::Histogram), area.left());
    // Unscaled first, scaled over it, both translucent so the overlap shows.
    for (int v = 0; v < 2; ++v) {
        const std::vector<double> &shares = v == 0 ? h.unscaled : h.scaled;
        QColor colour = v == 0 ? ScalingFigure::unscaledColor() : ScalingFigure::scaledColor();
        colour.setAlpha(150);
        const QString role = v == 0 ? QStringLiteral("unscaled bar") : QStringLiteral("scaled bar");
        for (size_t b = 0; b < shares.size(); ++b) {
            if (shares[b] <= 0.0)
                continue;
            const double x0 = axes.x(h.lo + double(b) * h.binWidth());
            const double x1 = axes.x(h.lo + double(b + 1) * h.binWidth());
            Figure::Item &bar = f.addRect(
                QRectF(QPointF(x0, axes.y(shares[b])), QPointF(x1, axes.y(0.0))), colour, role);
            bar.tooltip = ScalingLabFigure::tr("%1 to %2: %3 %")
                              .arg(h.lo + double(b) * h.binWidth(), 0, 'f', 2)
                              .arg(h.lo + double(b + 1) * h.binWidth(), 0, 'f', 2)
                              .arg(100.0 * shares[b], 0, 'f', 2);
        }
    }
}

/// One panel with its title in @p area.
void drawPanel(Figure &f, const QRectF &area, Panel panel, const EntropyExperimentResult &result,
    const EntropyExperimentConfig &config, int currentDk, bool values)
{
    const QFontMetricsF fm(Figure::font(panelTitlePx, true));
    Figure::Item &t = f.addText(QPointF(area.center().x(), area.top() + fm.ascent()),
        fm.elidedText(ScalingLabFigure::title(panel), Qt::ElideRight, area.width()), panelTitlePx,
        textColor, Figure::Align::Middle, QStringLiteral("panel-title"));
    t.bold = true;
    const QRectF body(QPointF(area.left(), area.top() + fm.height() + 6.0), area.bottomRight());
    if (panel == Panel::Histogram)
        drawHistogramPanel(f, body, result, currentDk);
    else
        drawSeriesPanel(f, body, panel, result, config, currentDk, values);
}

/// The title and subtitle at the top of @p f; returns the y below them.
double drawHeading(Figure &f, const QString &fallback, const EntropyExperimentConfig &config,
    const FigureOptions &options)
{
    const QString title = !options.includeTitle ? QString()
        : options.title.trimmed().isEmpty()     ? fallback
                                                : options.title;
    f.title = title.isEmpty() ? fallback : title;
    const double w = f.size.width();
    double y = outerMargin;
    if (!title.isEmpty()) {
        const QFontMetricsF fm(Figure::font(titlePx, true));
        Figure::Item &t = f.addText(QPointF(w / 2.0, y + fm.ascent()),
            fm.elidedText(Figure::displayText(title), Qt::ElideRight, w - 2 * outerMargin), titlePx,
            textColor, Figure::Align::Middle, QStringLiteral("title"));
        t.bold = true;
        y += fm.height() + 4.0;
    }
    const QFontMetricsF fm(Figure::font(axisTitlePx));
    f.addText(QPointF(w / 2.0, y + fm.ascent()),
        ScalingLabFigure::tr("%1 keys · %2 queries · %3 · seed %4")
            .arg(config.keys)
            .arg(config.queries)
            .arg(config.repeats == 1 ? ScalingLabFigure::tr("1 repeat")
                                     : ScalingLabFigure::tr("%1 repeats").arg(config.repeats))
            .arg(config.seed),
        axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("subtitle"));
    return y + fm.height() + 8.0;
}

} // namespace

const std::vector<Panel> &ScalingLabFigure::panels()
{
    static const std::vector<Panel> all { Panel::Entropy, Panel::Spread, Panel::Gradient,
        Panel::Saturation, Panel::Histogram };
    return all;
}

QString ScalingLabFigure::viewName(Panel panel)
{
    switch (panel) {
    case Panel::Entropy:
        return QStringLiteral("entropy");
    case Panel::Spread:
        return QStringLiteral("spread");
    case Panel::Gradient:
        return QStringLiteral("gradient");
    case Panel::Saturation:
        return QStringLiteral("saturation");
    case Panel::Histogram:
        break;
    }
    return QStringLiteral("histogram");
}

std::optional<Panel> ScalingLabFigure::panelFromName(const QString &name)
{
    for (const Panel p : panels())
        if (viewName(p) == name)
            return p;
    return std::nullopt;
}

QString ScalingLabFigure::title(Panel panel)
{
    switch (panel) {
    case Panel::Entropy:
        return tr("Softmax entropy");
    case Panel::Spread:
        return tr("Score spread");
    case Panel::Gradient:
        return tr("Softmax gradient");
    case Panel::Saturation:
        return tr("Saturated rows");
    case Panel::Histogram:
        break;
    }
    return tr("Score histogram");
}

QString ScalingLabFigure::yAxisTitle(Panel panel)
{
    switch (panel) {
    case Panel::Entropy:
        return tr("mean entropy (nats)");
    case Panel::Spread:
        return tr("std of scores");
    case Panel::Gradient:
        return tr("mean Frobenius norm of J");
    case Panel::Saturation:
        return tr("share with max weight > 0.99");
    case Panel::Histogram:
        break;
    }
    return tr("share of scores");
}

QString ScalingLabFigure::explanation(Panel panel)
{
    switch (panel) {
    case Panel::Entropy:
        return tr("How spread out each query's attention weights are; ln(keys) means uniform.");
    case Panel::Spread:
        return tr("Unscaled dot products spread like √d_k; dividing by √d_k keeps them near 1.");
    case Panel::Gradient:
        return tr(
            "Size of the softmax Jacobian J = diag(p) − ppᵀ: how much the weights still respond "
            "to the scores.");
    case Panel::Saturation:
        return tr("Share of queries that put more than 0.99 of their weight on one key.");
    case Panel::Histogram:
        break;
    }
    return tr("The scores at one d_k on shared bins: unscaled wide, scaled narrow.");
}

const std::vector<double> &ScalingLabFigure::series(
    const EntropyExperimentResult &result, Panel panel, bool scaled)
{
    static const std::vector<double> none;
    switch (panel) {
    case Panel::Entropy:
        return scaled ? result.scaled : result.unscaled;
    case Panel::Spread:
        return scaled ? result.scaledScoreStd : result.unscaledScoreStd;
    case Panel::Gradient:
        return scaled ? result.scaledGradNorm : result.unscaledGradNorm;
    case Panel::Saturation:
        return scaled ? result.scaledSaturated : result.unscaledSaturated;
    case Panel::Histogram:
        break;
    }
    return none;
}

int ScalingLabFigure::histogramIndex(const EntropyExperimentResult &result, int dk)
{
    const size_t n = std::min(result.dims.size(), result.histograms.size());
    int best = -1;
    double bestDistance = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const double d = result.dims[i];
        const double distance = dk > 0 ? std::abs(std::log2(d / dk)) : -d;
        const bool tieToLarger
            = best >= 0 && distance == bestDistance && d > result.dims[size_t(best)];
        if (best < 0 || distance < bestDistance || tieToLarger) {
            best = int(i);
            bestDistance = distance;
        }
    }
    return best;
}

Figure ScalingLabFigure::make(Panel panel, const EntropyExperimentResult &result,
    const EntropyExperimentConfig &config, int currentDk, const FigureOptions &options)
{
    Figure f;
    f.size = QSizeF(options.size.width() > 0 ? options.size.width() : 640,
        options.size.height() > 0 ? options.size.height() : 440);
    double y = drawHeading(f, title(panel), config, options);
    if (result.dims.empty()) {
        f.addText(QPointF(f.size.width() / 2.0, f.size.height() / 2.0), tr("No results yet"), 14,
            mutedTextColor, Figure::Align::Middle, QStringLiteral("message"));
        return f;
    }
    if (panel != Panel::Histogram)
        y += drawLegend(f, outerMargin, f.size.width() - outerMargin, y, guidesOf(panel, config));
    else
        y += drawLegend(f, outerMargin, f.size.width() - outerMargin, y, {});
    const QRectF area(QPointF(outerMargin, y),
        QPointF(f.size.width() - outerMargin, f.size.height() - outerMargin));
    // The heading already names the panel: draw only its body.
    if (panel == Panel::Histogram)
        drawHistogramPanel(f, area, result, currentDk);
    else
        drawSeriesPanel(f, area, panel, result, config, currentDk, options.includeValues);
    return f;
}

Figure ScalingLabFigure::makeGrid(const EntropyExperimentResult &result,
    const EntropyExperimentConfig &config, int currentDk, const FigureOptions &options)
{
    Figure f;
    f.size = QSizeF(options.size.width() > 0 ? options.size.width() : 1200,
        options.size.height() > 0 ? options.size.height() : 760);
    double y = drawHeading(f, tr("Why divide by √d_k"), config, options);
    if (result.dims.empty()) {
        f.addText(QPointF(f.size.width() / 2.0, f.size.height() / 2.0), tr("No results yet"), 14,
            mutedTextColor, Figure::Align::Middle, QStringLiteral("message"));
        return f;
    }
    std::vector<Guide> guides = guidesOf(Panel::Entropy, config);
    for (const Guide &g : guidesOf(Panel::Spread, config))
        guides.push_back(g);
    y += drawLegend(f, outerMargin, f.size.width() - outerMargin, y, guides);
    constexpr int columns = 3;
    const int rows = int((panels().size() + columns - 1) / columns);
    const double cellW = (f.size.width() - 2 * outerMargin) / columns;
    const double cellH = (f.size.height() - outerMargin - y) / rows;
    for (size_t i = 0; i < panels().size(); ++i) {
        const QRectF cell(outerMargin + cellW * double(i % columns),
            y + cellH * double(i / columns), cellW, cellH);
        drawPanel(f, cell.adjusted(4, 4, -8, -10), panels()[i], result, config, currentDk, false);
    }
    return f;
}

} // namespace ae
