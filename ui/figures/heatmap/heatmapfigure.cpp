// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapfigure.h"

#include "export/figurestyle.h"
#include "export/svgfigurewriter.h"
#include "heatmap/colormap.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;

constexpr double notePx = 12.0;
constexpr double colorBarWidth = 14.0;
constexpr double colorBarGap = 18.0;
constexpr double labelGap = 5.0;
const QColor maskedFill(0xec, 0xec, 0xec);
const QColor hatchColor(0xb4, 0xb4, 0xb4);
const QColor importedColor(0xb3, 0x4d, 0x00);

/// How a panel is drawn: large alone, or small in a grid.
struct PanelStyle
{
    double maxLabelPx = 13.0;
    double maxLabelWidth = 260.0; ///< longer tokens are elided (the full one is the tooltip)
    double maxValuePx = 13.0;
    bool axisTitles = true;
    bool panelTitle = false;
    double panelTitlePx = 12.0;
    bool values = true;
    double valueWidth2 = 0.0; ///< widest value text with 2 decimals at 100 px (valueWidth())
    double valueWidth3 = 0.0; ///< the same with 3 decimals
};

/// The cell size of a grid of @p count maps shaped like @p first when no size is asked for:
/// about 300 px per map, 6 to 44 px per cell, smaller for grids whose cells would cover more
/// than HeatmapFigure::maxGridCellArea.
double defaultGridCell(const HeatmapData &first, int count)
{
    const int rows = std::max(1, first.rows());
    const int columns = std::max(1, first.columns());
    const double cell = std::clamp(300.0 / std::max(rows, columns), 6.0, 44.0);
    const double fitting
        = std::sqrt(HeatmapFigure::maxGridCellArea / (double(count) * rows * columns));
    return std::max(HeatmapFigure::minGridCell, std::min(cell, fitting));
}

/// The width, at a 100 px font, of the widest value text of @p panels.
double valueWidth(const std::vector<const HeatmapData *> &panels, int decimals)
{
    // Digits have one width in the figure font, so the longest text is the widest.
    QString longest;
    for (const HeatmapData *d : panels) {
        for (Eigen::Index i = 0; i < d->values.size(); ++i) {
            const double v = d->values.data()[i];
            // Below 9.5 nothing rounds up to two digits: "0.00" is as long as a positive value
            // gets, "-0.00" a negative one. Weights then need formatting only once or twice.
            if (std::abs(v) < 9.5
                && longest.size() >= (v < 0.0 || d->signedValues ? 3 : 2) + decimals)
                continue;
            const QString t = HeatmapFigure::valueText(v, decimals, d->signedValues);
            if (t.size() > longest.size())
                longest = t;
        }
    }
    return QFontMetricsF(Figure::font(100.0)).horizontalAdvance(longest);
}

/// Sizes of one panel at a given cell size: margins around the cell grid and fonts.
struct PanelPlan
{
    double cell = 0.0;
    double labelPx = 0.0;
    int labelStep = 1; ///< every labelStep-th token is labelled when cells are tiny
    double valuePx = 0.0; ///< 0: no values
    int decimals = 2; ///< of the values: 3 where they fit, as on screen, else 2
    bool rotated = false; ///< column labels at 45 degrees
    double left = 0.0, top = 0.0, right = 0.0, bottom = 0.0;
    double columnLabelHeight = 0.0;
    QStringList rowText, columnText; ///< elided display text
};

double maxAdvance(const QFontMetricsF &fm, const QStringList &texts)
{
    double w = 0.0;
    for (const QString &t : texts)
        w = std::max(w, fm.horizontalAdvance(t));
    return w;
}

PanelPlan planPanel(const HeatmapData &data, double cell, const PanelStyle &style)
{
    PanelPlan p;
    p.cell = cell;
    p.labelPx = std::clamp(cell * 0.62, 7.0, style.maxLabelPx);
    p.labelStep = cell >= p.labelPx * 1.05 ? 1 : int(std::ceil(p.labelPx * 1.05 / cell));
    const QFontMetricsF fm(Figure::font(p.labelPx));
    for (const QString &t : data.rowLabels)
        p.rowText << fm.elidedText(Figure::displayText(t), Qt::ElideRight, style.maxLabelWidth);
    for (const QString &t : data.columnLabels)
        p.columnText << fm.elidedText(Figure::displayText(t), Qt::ElideRight, style.maxLabelWidth);
    const double rowWidth = maxAdvance(fm, p.rowText);
    const double columnWidth = maxAdvance(fm, p.columnText);

    p.left = rowWidth + labelGap + (style.axisTitles ? axisTitlePx * 1.7 : 0.0);
    p.rotated = columnWidth > cell * p.labelStep - 3.0;
    if (p.rotated) {
        const double s = std::sqrt(0.5);
        p.columnLabelHeight = columnWidth * s + fm.ascent() * s + labelGap + 2.0;
        // The first column's label reaches left of the grid.
        const double overhang = columnWidth * s - cell / 2.0 + 2.0;
        p.left = std::max(p.left, overhang + (style.axisTitles ? axisTitlePx * 1.7 : 0.0));
    } else {
        p.columnLabelHeight = fm.height() + labelGap;
    }
    p.bottom = p.columnLabelHeight + (style.axisTitles ? axisTitlePx * 1.9 : 2.0);
    p.top = style.panelTitle ? style.panelTitlePx * 1.9 : 3.0;
    p.right = 4.0;

    if (style.values && style.valueWidth2 > 0.0) {
        // Three decimals where they stay readable, as the screen does, else two.
        const double px3
            = std::min({ style.maxValuePx, cell * 0.34, (cell - 5.0) * 100.0 / style.valueWidth3 });
        const double px2
            = std::min({ style.maxValuePx, cell * 0.34, (cell - 5.0) * 100.0 / style.valueWidth2 });
        if (px3 >= 9.0) {
            p.valuePx = px3;
            p.decimals = 3;
        } else {
            p.valuePx = px2 >= 6.5 ? px2 : 0.0;
            p.decimals = 2;
        }
    }
    return p;
}

/// The largest cell size (and its plan) that fits data into @p area.
PanelPlan fitPanel(const HeatmapData &data, const QSizeF &area, const PanelStyle &style)
{
    const int rows = std::max(1, data.rows());
    const int columns = std::max(1, data.columns());
    double cell = std::min(area.width() / columns, area.height() / rows);
    PanelPlan p;
    for (int i = 0; i < 5; ++i) {
        p = planPanel(data, std::max(cell, 0.5), style);
        const double next = std::min(
            (area.width() - p.left - p.right) / columns, (area.height() - p.top - p.bottom) / rows);
        if (std::abs(next - cell) < 0.01)
            break;
        cell = next;
    }
    return planPanel(data, std::max(0.5, cell), style);
}

double panelWidth(const PanelPlan &p, const HeatmapData &data)
{
    return p.left + p.cell * data.columns() + p.right;
}

double panelHeight(const PanelPlan &p, const HeatmapData &data)
{
    return p.top + p.cell * data.rows() + p.bottom;
}

QColor cellColor(const HeatmapData &data, ColorMapKind map, double value)
{
    const double span = data.maximum - data.minimum;
    double t = span > 0.0 ? (value - data.minimum) / span : 0.0;
    if (!std::isfinite(t))
        t = 0.0;
    return ColorMap::at(map, std::clamp(t, 0.0, 1.0));
}

/// Draws the cells, values, argmax frames and labels of one panel with its grid's top-left
/// corner at @p origin.
void drawPanel(Figure &f, const HeatmapData &data, const PanelPlan &p, const QPointF &origin,
    const PanelStyle &style, const FigureOptions &options, const QString &panelTitle, bool tooltips)
{
    const double cell = p.cell;
    const QRectF gridRect(origin, QSizeF(cell * data.columns(), cell * data.rows()));

    // All cells first (one run of <rect>s in SVG), then what is drawn over them.
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c) {
            const QRectF rect(origin.x() + c * cell, origin.y() + r * cell, cell, cell);
            const bool visible = data.isVisible(r, c);
            const double v = data.values(r, c);
            Figure::Item &item = visible
                ? f.addRect(rect, cellColor(data, options.colorMap, v), QStringLiteral("cell"))
                : f.addRect(rect, maskedFill, QStringLiteral("cell masked"));
            if (tooltips) {
                const QString where = Figure::displayText(data.rowLabels.value(r))
                    + QStringLiteral(" \u2192 ") + Figure::displayText(data.columnLabels.value(c));
                item.tooltip = visible
                    ? QStringLiteral("%1: %2").arg(where, QString::number(v, 'g', 6))
                    : HeatmapFigure::tr("%1: masked").arg(where);
            }
        }
    }
    const QFontMetricsF vfm(Figure::font(std::max(p.valuePx, 1.0)));
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c) {
            const QRectF rect(origin.x() + c * cell, origin.y() + r * cell, cell, cell);
            if (!data.isVisible(r, c)) {
                f.addLine(rect.bottomLeft(), rect.topRight(), hatchColor,
                    std::clamp(cell * 0.04, 0.5, 1.5), QStringLiteral("hatch"));
            } else if (p.valuePx > 0.0) {
                const QColor fill = cellColor(data, options.colorMap, data.values(r, c));
                f.addText(QPointF(rect.center().x(), rect.center().y() + baselineOffset(vfm)),
                    HeatmapFigure::valueText(data.values(r, c), p.decimals, data.signedValues),
                    p.valuePx, ColorMap::textColorOn(fill), Figure::Align::Middle,
                    QStringLiteral("value"));
            }
        }
    }

    // Each row's largest visible weight: the "alignment" of that query (every tied column,
    // none for a uniform row), as the screen marks it.
    const double markWidth = std::clamp(cell * 0.07, 1.0, 3.0);
    const QColor accent = ColorMap::accent(options.colorMap);
    for (int r = 0; r < (data.markRowMaxima ? data.rows() : 0); ++r) {
        for (const int c : data.alignedColumns(r)) {
            const QRectF rect(origin.x() + c * cell, origin.y() + r * cell, cell, cell);
            const double in = markWidth / 2.0;
            f.addFrame(
                rect.adjusted(in, in, -in, -in), accent, markWidth, QStringLiteral("argmax"));
        }
    }
    f.addFrame(gridRect, frameColor, 0.8, QStringLiteral("frame"));

    const QFontMetricsF fm(Figure::font(p.labelPx));
    for (int r = 0; r < data.rows(); r += p.labelStep) {
        Figure::Item &item = f.addText(
            QPointF(gridRect.left() - labelGap, origin.y() + (r + 0.5) * cell + baselineOffset(fm)),
            p.rowText.value(r), p.labelPx, textColor, Figure::Align::End,
            QStringLiteral("row-label"));
        if (p.rowText.value(r) != Figure::displayText(data.rowLabels.value(r)))
            item.tooltip = Figure::displayText(data.rowLabels.value(r));
    }
    for (int c = 0; c < data.columns(); c += p.labelStep) {
        const double x = origin.x() + (c + 0.5) * cell;
        Figure::Item *item = nullptr;
        if (p.rotated) {
            const double s = std::sqrt(0.5);
            // Shift so that the rotated line of text runs through the cell's centre line.
            const QPointF anchor(
                x + fm.ascent() * s * 0.5, gridRect.bottom() + labelGap + fm.ascent() * s * 0.5);
            item = &f.addText(anchor, p.columnText.value(c), p.labelPx, textColor,
                Figure::Align::End, QStringLiteral("column-label"));
            item->rotation = -45.0;
        } else {
            item = &f.addText(QPointF(x, gridRect.bottom() + labelGap + fm.ascent()),
                p.columnText.value(c), p.labelPx, textColor, Figure::Align::Middle,
                QStringLiteral("column-label"));
        }
        if (p.columnText.value(c) != Figure::displayText(data.columnLabels.value(c)))
            item->tooltip = Figure::displayText(data.columnLabels.value(c));
    }

    if (style.axisTitles) {
        const QFontMetricsF afm(Figure::font(axisTitlePx));
        f.addText(QPointF(gridRect.center().x(),
                      gridRect.bottom() + p.columnLabelHeight + afm.ascent() + 3.0),
            data.columnAxisTitle.isEmpty() ? HeatmapFigure::tr("keys") : data.columnAxisTitle,
            axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("axis-title"));
        // Rotated along the rows: the full title where the grid (and half its column labels)
        // is tall enough, else the short word.
        const double room = std::max(gridRect.height() + p.columnLabelHeight * 0.5, 40.0);
        QString rowTitle
            = data.rowAxisTitle.isEmpty() ? HeatmapFigure::tr("queries") : data.rowAxisTitle;
        if (afm.horizontalAdvance(rowTitle) > room)
            rowTitle = afm.elidedText(HeatmapFigure::tr("queries"), Qt::ElideRight, room);
        Figure::Item &q = f.addText(
            QPointF(origin.x() - p.left + afm.ascent() + 1.0, gridRect.center().y()), rowTitle,
            axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("axis-title"));
        q.rotation = -90.0;
    }
    if (style.panelTitle && !panelTitle.isEmpty()) {
        const QFontMetricsF tfm(Figure::font(style.panelTitlePx, true));
        // The full title ("Head 2 of 4") where it fits, else the short one ("Head 2").
        const double maxWidth = gridRect.width() + p.left;
        QString text = Figure::displayText(panelTitle);
        if (tfm.horizontalAdvance(text) > maxWidth && !data.shortTitle.isEmpty())
            text = Figure::displayText(data.shortTitle);
        Figure::Item &t
            = f.addText(QPointF(gridRect.center().x(), origin.y() - p.top + tfm.ascent() + 2.0),
                tfm.elidedText(text, Qt::ElideRight, maxWidth), style.panelTitlePx, textColor,
                Figure::Align::Middle, QStringLiteral("panel-title"));
        t.bold = true;
    }
}

/// A colour bar's label at @p value: a difference's positive side carries its "+".
QString colorBarTickText(const HeatmapData &data, double value)
{
    const QString text = Figure::tickText(value, 4);
    return data.signedValues && value > 0.0 ? QLatin1Char('+') + text : text;
}

/// Width the colour bar needs, labels included.
double colorBarSpace(const HeatmapData &data)
{
    const QFontMetricsF fm(Figure::font(tickPx));
    double w = 0.0;
    for (const double t : Figure::niceTicks(data.minimum, data.maximum, 5))
        w = std::max(w, fm.horizontalAdvance(colorBarTickText(data, t)));
    return colorBarGap + colorBarWidth + 6.0 + w + 6.0
        + QFontMetricsF(Figure::font(axisTitlePx)).height() + 4.0;
}

void drawColorBar(
    Figure &f, const HeatmapData &data, const FigureOptions &options, const QRectF &bar)
{
    const QFontMetricsF fm(Figure::font(tickPx));
    double tickWidth = 0.0;
    QGradientStops stops;
    constexpr int steps = 32;
    for (int i = 0; i <= steps; ++i) {
        const double t = double(i) / steps;
        stops << QGradientStop(t, ColorMap::at(options.colorMap, t));
    }
    f.addGradientBar(bar, stops, QStringLiteral("colorbar"));
    f.addFrame(bar, frameColor, 0.8, QStringLiteral("colorbar-frame"));
    const double span = data.maximum - data.minimum;
    for (const double t : Figure::niceTicks(data.minimum, data.maximum, 5)) {
        const double y
            = span > 0.0 ? bar.bottom() - (t - data.minimum) / span * bar.height() : bar.bottom();
        f.addLine(QPointF(bar.right(), y), QPointF(bar.right() + 4.0, y), frameColor, 0.8,
            QStringLiteral("tick"));
        const QString text = colorBarTickText(data, t);
        tickWidth = std::max(tickWidth, fm.horizontalAdvance(text));
        f.addText(QPointF(bar.right() + 6.0, y + baselineOffset(fm)), text, tickPx, textColor,
            Figure::Align::Start, QStringLiteral("tick-label"));
    }
    const QFontMetricsF afm(Figure::font(axisTitlePx));
    Figure::Item &label
        = f.addText(QPointF(bar.right() + 6.0 + tickWidth + 6.0 + afm.descent(), bar.center().y()),
            !data.valueName.isEmpty() ? data.valueName
                : data.imported       ? HeatmapFigure::tr("weight")
                                      : HeatmapFigure::tr("attention weight"),
            axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("colorbar-title"));
    label.rotation = 90.0;
}

/// Draws the title (and the imported note) across the top; returns the height used.
double drawHeader(Figure &f, const QString &title, bool imported, double width, bool measureOnly)
{
    double y = outerMargin;
    if (!title.isEmpty()) {
        const QFontMetricsF fm(Figure::font(titlePx, true));
        if (!measureOnly) {
            Figure::Item &t = f.addText(QPointF(width / 2.0, y + fm.ascent()),
                fm.elidedText(Figure::displayText(title), Qt::ElideRight, width - 2 * outerMargin),
                titlePx, textColor, Figure::Align::Middle, QStringLiteral("title"));
            t.bold = true;
        }
        y += fm.height() + 6.0;
    }
    if (imported) {
        const QFontMetricsF fm(Figure::font(notePx));
        if (!measureOnly) {
            f.addText(QPointF(width / 2.0, y + fm.ascent()), HeatmapFigure::importedNote(), notePx,
                importedColor, Figure::Align::Middle, QStringLiteral("imported-note"));
        }
        y += fm.height() + 6.0;
    }
    return y - outerMargin;
}

double titleWidth(const QString &title)
{
    if (title.isEmpty())
        return 0.0;
    return QFontMetricsF(Figure::font(titlePx, true)).horizontalAdvance(Figure::displayText(title));
}

QString chosenTitle(const FigureOptions &options, const QString &fallback)
{
    if (!options.includeTitle)
        return {};
    return options.title.trimmed().isEmpty() ? fallback : options.title;
}

} // namespace

QString HeatmapFigure::valueText(double value, int decimals, bool signedText)
{
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals))
        value = 0.0; // never "-0.00"
    const QString text = QString::number(value, 'f', decimals);
    return signedText && value > 0.0 ? QLatin1Char('+') + text : text;
}

QString HeatmapFigure::gridTitle(const QString &sessionTitle, int heads)
{
    if (!sessionTitle.trimmed().isEmpty())
        return sessionTitle;
    return heads == 1 ? tr("Attention weights: the mean and the one head")
                      : tr("Attention weights: the mean and each of %1 heads").arg(heads);
}

QString HeatmapFigure::importedNote()
{
    return tr("Imported \u2014 not computed");
}

qint64 HeatmapFigure::cellCount(const HeatmapData &data)
{
    return qint64(data.rows()) * data.columns();
}

qint64 HeatmapFigure::cellCount(const std::vector<HeatmapData> &panels)
{
    qint64 n = 0;
    for (const HeatmapData &d : panels)
        n += cellCount(d);
    return n;
}

Figure HeatmapFigure::single(const HeatmapData &data, const FigureOptions &options)
{
    Figure f;
    const QString title = chosenTitle(options, data.title);
    f.title = title.isEmpty() ? data.title : title;
    PanelStyle style;
    style.values = options.includeValues;
    if (style.values) {
        style.valueWidth2 = valueWidth({ &data }, 2);
        style.valueWidth3 = valueWidth({ &data }, 3);
    }
    const bool tooltips = cellCount(data) <= SvgFigureWriter::maxTooltipCells;
    const double header = drawHeader(f, title, data.imported, 0.0, true);
    const double barSpace = options.includeColorBar ? colorBarSpace(data) : 0.0;
    const int longest = std::max({ 1, data.rows(), data.columns() });

    PanelPlan plan;
    QSizeF size(options.size);
    if (size.width() <= 0 || size.height() <= 0) {
        // Square cells of a size that keeps small maps readable and large ones on a screen
        // (a 512-token map stays about 3200 pixels wide).
        plan = planPanel(
            data, std::min(std::clamp(640.0 / longest, 12.0, 72.0), 3200.0 / longest), style);
        const double w = 2 * outerMargin + panelWidth(plan, data) + barSpace;
        const double h = 2 * outerMargin + header + panelHeight(plan, data);
        size = QSizeF(std::ceil(std::max({ w, titleWidth(title) + 2 * outerMargin, 240.0 })),
            std::ceil(std::max(h, 160.0)));
        if (options.size.width() > 0)
            size.setWidth(options.size.width());
        if (options.size.height() > 0)
            size.setHeight(options.size.height());
    }
    const QSizeF area(
        size.width() - 2 * outerMargin - barSpace, size.height() - 2 * outerMargin - header);
    plan = fitPanel(data, area, style);
    f.size = size;
    drawHeader(f, title, data.imported, size.width(), false);

    // Centre the panel (and its colour bar) in what is left below the header.
    const double usedWidth = panelWidth(plan, data) + barSpace;
    const double usedHeight = panelHeight(plan, data);
    const double x0
        = outerMargin + std::max(0.0, (size.width() - 2 * outerMargin - usedWidth) / 2.0);
    const double y0 = outerMargin + header
        + std::max(0.0, (size.height() - 2 * outerMargin - header - usedHeight) / 2.0);
    const QPointF origin(x0 + plan.left, y0 + plan.top);
    drawPanel(f, data, plan, origin, style, options, QString(), tooltips);
    if (options.includeColorBar) {
        const double gridRight = origin.x() + plan.cell * data.columns();
        const double gridHeight = plan.cell * data.rows();
        const double barHeight
            = std::max(gridHeight, std::min(120.0, size.height() - origin.y() - outerMargin));
        drawColorBar(f, data, options,
            QRectF(gridRight + plan.right + colorBarGap, origin.y(), colorBarWidth, barHeight));
    }
    return f;
}

Figure HeatmapFigure::grid(const std::vector<HeatmapData> &panels, const FigureOptions &options,
    const QString &defaultTitle, int fixedColumns)
{
    Figure f;
    const QString title = chosenTitle(options, defaultTitle);
    f.title = title.isEmpty() ? defaultTitle : title;
    if (panels.empty()) {
        f.size = QSizeF(320, 120);
        f.addText(QPointF(160, 60), tr("No heads to show"), 13, textColor, Figure::Align::Middle,
            QStringLiteral("message"));
        return f;
    }
    const HeatmapData &first = panels.front();
    const bool imported = first.imported;
    PanelStyle style;
    style.maxLabelPx = 11.0;
    style.maxLabelWidth = 140.0;
    style.maxValuePx = 11.0;
    style.axisTitles = false;
    style.panelTitle = true;
    style.values = options.includeValues;
    if (style.values) {
        std::vector<const HeatmapData *> all;
        for (const HeatmapData &d : panels)
            all.push_back(&d);
        style.valueWidth2 = valueWidth(all, 2);
        style.valueWidth3 = valueWidth(all, 3);
    }
    const bool tooltips = cellCount(panels) <= SvgFigureWriter::maxTooltipCells;

    const int n = int(panels.size());
    constexpr double gap = 16.0;
    // As many columns as make the whole grid closest to a 4:3 landscape page.
    int columns = std::clamp(fixedColumns, 0, n);
    if (columns == 0) {
        columns = 1;
        const PanelPlan probe = planPanel(first, defaultGridCell(first, n), style);
        const double pw = panelWidth(probe, first) + gap;
        const double ph = panelHeight(probe, first) + gap;
        double best = 1e300;
        for (int c = 1; c <= n; ++c) {
            const int r = (n + c - 1) / c;
            const double badness
                = std::abs(std::log((c * pw) / (r * ph) / (4.0 / 3.0))) + 0.05 * (c * r - n);
            if (badness < best) {
                best = badness;
                columns = c;
            }
        }
    }
    const int rows = (n + columns - 1) / columns;
    const double header = drawHeader(f, title, imported, 0.0, true);
    const double barSpace = options.includeColorBar ? colorBarSpace(first) : 0.0;
    // One item per cell and a few per row and column: reserved, so that a million cells are
    // not copied on every growth of the list.
    f.items.reserve(
        size_t(cellCount(panels)) + size_t(n) * 4 * size_t(first.rows() + first.columns() + 8));

    PanelPlan plan;
    QSizeF size(options.size);
    if (size.width() <= 0 || size.height() <= 0) {
        plan = planPanel(first, defaultGridCell(first, n), style);
        const double w
            = 2 * outerMargin + columns * (panelWidth(plan, first) + gap) - gap + barSpace;
        const double h = 2 * outerMargin + header + rows * (panelHeight(plan, first) + gap) - gap;
        size = QSizeF(std::ceil(std::max({ w, titleWidth(title) + 2 * outerMargin, 240.0 })),
            std::ceil(std::max(h, 160.0)));
        if (options.size.width() > 0)
            size.setWidth(options.size.width());
        if (options.size.height() > 0)
            size.setHeight(options.size.height());
    }
    const QSizeF cellArea((size.width() - 2 * outerMargin - barSpace + gap) / columns - gap,
        (size.height() - 2 * outerMargin - header + gap) / rows - gap);
    plan = fitPanel(first, cellArea, style);
    f.size = size;
    drawHeader(f, title, imported, size.width(), false);

    const double pw = panelWidth(plan, first);
    const double ph = panelHeight(plan, first);
    const double usedWidth = columns * (pw + gap) - gap + barSpace;
    const double usedHeight = rows * (ph + gap) - gap;
    const double x0
        = outerMargin + std::max(0.0, (size.width() - 2 * outerMargin - usedWidth) / 2.0);
    const double y0 = outerMargin + header
        + std::max(0.0, (size.height() - 2 * outerMargin - header - usedHeight) / 2.0);
    for (int i = 0; i < n; ++i) {
        const HeatmapData &d = panels[size_t(i)];
        if (d.rows() != first.rows() || d.columns() != first.columns())
            continue; // every panel of one result has one shape; skip anything else
        const QPointF corner(x0 + (i % columns) * (pw + gap), y0 + (i / columns) * (ph + gap));
        drawPanel(
            f, d, plan, corner + QPointF(plan.left, plan.top), style, options, d.title, tooltips);
    }
    if (options.includeColorBar) {
        const double top = y0 + plan.top;
        const double bottom = y0 + (rows - 1) * (ph + gap) + plan.top + plan.cell * first.rows();
        drawColorBar(f, first, options,
            QRectF(x0 + columns * (pw + gap) - gap + colorBarGap, top, colorBarWidth,
                std::max(40.0, bottom - top)));
    }
    return f;
}

} // namespace ae
