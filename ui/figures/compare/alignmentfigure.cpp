// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/alignmentfigure.h"

#include "export/figurestyle.h"
#include "heatmap/colormap.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;

constexpr double maxTokenWidth = 220.0; ///< longer tokens are elided (tooltip: the full one)
constexpr double textGap = 8.0; ///< between a token's text and its lines' ends
constexpr double legendPx = 11.0;
const QColor maskedTokenColor(0x99, 0x99, 0x99);

/// The title shown: the user's, else the view's (empty when titles are off).
QString chosenTitle(const HeatmapData &data, const FigureOptions &options)
{
    if (!options.includeTitle)
        return {};
    return options.title.isEmpty() ? AlignmentFigure::defaultTitle(data) : options.title;
}

/// Tokens @p count spread over @p height starting at @p top, @p pitch apart at most.
double tokenY(int index, int count, double top, double height, double pitch)
{
    const double used = pitch * count;
    const double start = top + std::max(0.0, (height - used) / 2.0);
    return start + (index + 0.5) * pitch;
}

} // namespace

int AlignmentFigure::Layout::queryAt(const QPointF &point) const
{
    for (size_t i = 0; i < queryRects.size(); ++i) {
        if (queryRects[i].contains(point))
            return int(i);
    }
    return -1;
}

int AlignmentFigure::Layout::keyAt(const QPointF &point) const
{
    for (size_t i = 0; i < keyRects.size(); ++i) {
        if (keyRects[i].contains(point))
            return int(i);
    }
    return -1;
}

QString AlignmentFigure::defaultTitle(const HeatmapData &data)
{
    return tr("Alignment: %1").arg(data.title);
}

bool AlignmentFigure::isDrawn(const HeatmapData &data, int r, int c, double threshold)
{
    const double w = data.values(r, c);
    return data.isVisible(r, c) && std::isfinite(w) && w > 0.0 && w >= threshold;
}

qint64 AlignmentFigure::lineCount(const HeatmapData &data, double threshold)
{
    qint64 n = 0;
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c)
            n += isDrawn(data, r, c, threshold) ? 1 : 0;
    }
    return n;
}

double AlignmentFigure::lineWidth(double relativeWeight)
{
    return 0.6 + 7.0 * std::clamp(relativeWeight, 0.0, 1.0);
}

double AlignmentFigure::lineOpacity(double relativeWeight)
{
    // Faint but visible at the threshold, opaque at the largest weight.
    return 0.18 + 0.82 * std::clamp(relativeWeight, 0.0, 1.0);
}

AlignmentFigure::Layout AlignmentFigure::layout(
    const HeatmapData &data, const FigureOptions &options)
{
    Layout l;
    const int longest = std::max({ 1, data.rows(), data.columns() });
    const QString title = chosenTitle(data, options);
    const QFontMetricsF tfm(Figure::font(titlePx, true));
    l.header = title.isEmpty() ? 0.0 : tfm.height() + 10.0;
    const double legendHeight = 2 * QFontMetricsF(Figure::font(legendPx)).height() + 8.0;

    QSizeF size(options.size);
    if (size.width() <= 0 || size.height() <= 0) {
        const double pitch = std::clamp(560.0 / longest, 16.0, 34.0);
        const QSizeF natural(640.0, 2 * outerMargin + l.header + legendHeight + pitch * longest);
        size = QSizeF(options.size.width() > 0 ? options.size.width() : natural.width(),
            options.size.height() > 0 ? options.size.height() : std::ceil(natural.height()));
    }
    l.size = size;
    const double top = outerMargin + l.header;
    const double height = std::max(1.0, size.height() - top - outerMargin - legendHeight);
    const double pitch = std::min(height / longest, 40.0);
    l.fontPx = std::clamp(pitch * 0.58, 6.0, 15.0);

    const QFontMetricsF fm(Figure::font(l.fontPx));
    const double textWidth = std::min(maxTokenWidth, size.width() * 0.3);
    double queryWidth = 0.0;
    double keyWidth = 0.0;
    for (const QString &t : data.rowLabels) {
        l.queryText << fm.elidedText(Figure::displayText(t), Qt::ElideRight, textWidth);
        queryWidth = std::max(queryWidth, fm.horizontalAdvance(l.queryText.constLast()));
    }
    for (const QString &t : data.columnLabels) {
        l.keyText << fm.elidedText(Figure::displayText(t), Qt::ElideRight, textWidth);
        keyWidth = std::max(keyWidth, fm.horizontalAdvance(l.keyText.constLast()));
    }
    // The two columns keep a third of the width between them for the lines.
    const double inner = size.width() - 2 * outerMargin;
    const double linesWidth = std::max(inner - queryWidth - keyWidth - 2 * textGap, inner / 3.0);
    const double spare = std::max(0.0, inner - queryWidth - keyWidth - 2 * textGap - linesWidth);
    const double queryRight = outerMargin + spare / 2.0 + queryWidth;
    const double keyLeft = queryRight + 2 * textGap + linesWidth;
    const double rowHeight = std::max(fm.height(), pitch * 0.9);
    for (int r = 0; r < data.rows(); ++r) {
        const double y = tokenY(r, data.rows(), top, height, pitch);
        const double w = fm.horizontalAdvance(l.queryText.value(r));
        l.queryRects.emplace_back(queryRight - w, y - rowHeight / 2.0, w + textGap, rowHeight);
    }
    for (int c = 0; c < data.columns(); ++c) {
        const double y = tokenY(c, data.columns(), top, height, pitch);
        const double w = fm.horizontalAdvance(l.keyText.value(c));
        l.keyRects.emplace_back(keyLeft - textGap, y - rowHeight / 2.0, w + textGap, rowHeight);
    }
    return l;
}

Figure AlignmentFigure::make(
    const HeatmapData &data, const FigureOptions &options, const AlignmentOptions &alignment)
{
    const Layout l = layout(data, options);
    Figure f;
    f.size = l.size;
    const QString title = chosenTitle(data, options);
    f.title = title.isEmpty() ? defaultTitle(data) : title;
    if (!title.isEmpty()) {
        const QFontMetricsF tfm(Figure::font(titlePx, true));
        Figure::Item &t = f.addText(QPointF(l.size.width() / 2.0, outerMargin + tfm.ascent()),
            tfm.elidedText(
                Figure::displayText(title), Qt::ElideRight, l.size.width() - 2 * outerMargin),
            titlePx, textColor, Figure::Align::Middle, QStringLiteral("title"));
        t.bold = true;
    }

    // Lines first, so that the tokens are drawn over their ends; weaker lines under stronger.
    struct Link
    {
        int r, c;
        double w;
    };
    std::vector<Link> links;
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c) {
            if (!isDrawn(data, r, c, alignment.threshold))
                continue;
            if (alignment.focusQuery >= 0 && r != alignment.focusQuery)
                continue;
            if (alignment.focusQuery < 0 && alignment.focusKey >= 0 && c != alignment.focusKey)
                continue;
            links.push_back({ r, c, data.values(r, c) });
        }
    }
    std::stable_sort(
        links.begin(), links.end(), [](const Link &a, const Link &b) { return a.w < b.w; });
    // Widths and opacities relative to the largest weight on show, so that the strongest
    // line is always bold, whatever the colour range.
    double top = 0.0;
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c) {
            if (data.isVisible(r, c) && std::isfinite(data.values(r, c)))
                top = std::max(top, data.values(r, c));
        }
    }
    if (!(top > 0.0))
        top = 1.0;
    const QColor base = ColorMap::at(options.colorMap, 0.85);
    for (const Link &k : links) {
        const double rel = k.w / top;
        QColor colour = base;
        colour.setAlphaF(float(lineOpacity(rel)));
        const QRectF &q = l.queryRects[size_t(k.r)];
        const QRectF &key = l.keyRects[size_t(k.c)];
        Figure::Item &line = f.addLine(QPointF(q.right(), q.center().y()),
            QPointF(key.left(), key.center().y()), colour, lineWidth(rel), QStringLiteral("link"));
        line.tooltip = QStringLiteral("%1 \u2192 %2: %3")
                           .arg(Figure::displayText(data.rowLabels.value(k.r)),
                               Figure::displayText(data.columnLabels.value(k.c)),
                               QString::number(k.w, 'g', 6));
    }

    const QFontMetricsF fm(Figure::font(l.fontPx));
    const bool focused = alignment.focusQuery >= 0 || alignment.focusKey >= 0;
    for (int r = 0; r < data.rows(); ++r) {
        const QRectF &rect = l.queryRects[size_t(r)];
        const bool muted = focused && alignment.focusQuery >= 0 && r != alignment.focusQuery;
        Figure::Item &t
            = f.addText(QPointF(rect.right() - textGap, rect.center().y() + baselineOffset(fm)),
                l.queryText.value(r), l.fontPx, muted ? mutedTextColor : textColor,
                Figure::Align::End, QStringLiteral("query-token"));
        t.bold = r == alignment.focusQuery;
        if (l.queryText.value(r) != Figure::displayText(data.rowLabels.value(r)))
            t.tooltip = Figure::displayText(data.rowLabels.value(r));
    }
    for (int c = 0; c < data.columns(); ++c) {
        const QRectF &rect = l.keyRects[size_t(c)];
        bool masked = data.visible.size() != 0 && data.rows() > 0;
        for (int r = 0; masked && r < data.rows(); ++r)
            masked = !data.isVisible(r, c);
        const bool muted = focused && alignment.focusKey >= 0 && alignment.focusQuery < 0
            && c != alignment.focusKey;
        Figure::Item &t = f.addText(
            QPointF(rect.left() + textGap, rect.center().y() + baselineOffset(fm)),
            l.keyText.value(c), l.fontPx,
            masked ? maskedTokenColor : (muted ? mutedTextColor : textColor), Figure::Align::Start,
            masked ? QStringLiteral("key-token masked") : QStringLiteral("key-token"));
        t.bold = c == alignment.focusKey && alignment.focusQuery < 0;
        if (l.keyText.value(c) != Figure::displayText(data.columnLabels.value(c)))
            t.tooltip = Figure::displayText(data.columnLabels.value(c));
    }

    // Which sequences the columns are, and what the lines mean: two short lines, elided.
    const QFontMetricsF lfm(Figure::font(legendPx));
    const double legendWidth = l.size.width() - 2 * outerMargin;
    const double legendY = l.size.height() - outerMargin - lfm.descent();
    const QString axes = data.rowAxisTitle.isEmpty() || data.columnAxisTitle.isEmpty()
        ? tr("queries \u2192 keys")
        : tr("%1 \u2192 %2").arg(data.rowAxisTitle, data.columnAxisTitle);
    const QString meaning = tr("Line width and opacity follow the weight; weights below %1 have "
                               "no line.")
                                .arg(Figure::tickText(alignment.threshold, 3));
    f.addText(QPointF(outerMargin, legendY - lfm.height()),
        lfm.elidedText(axes, Qt::ElideRight, legendWidth), legendPx, mutedTextColor,
        Figure::Align::Start, QStringLiteral("legend"));
    f.addText(QPointF(outerMargin, legendY), lfm.elidedText(meaning, Qt::ElideRight, legendWidth),
        legendPx, mutedTextColor, Figure::Align::Start, QStringLiteral("legend"));
    return f;
}

} // namespace ae
