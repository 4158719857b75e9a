// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapticklayout.h"

#include "heatmap/heatmapdata.h"
#include "heatmap/stackedlabels.h"
#include "plots/matrixplotadapter.h"

#include <QFontMetricsF>
#include <QRect>
#include <QString>
#include <algorithm>
#include <cmath>

namespace ae {

double HeatmapTickLayout::rowLabelHeight(
    const HeatmapData &data, const QFont &font, int maxLabelChars)
{
    // The ink, not the line: a line of a CJK font is half as tall again as its characters, so
    // rows whose characters fit would lose every other label to the font's empty leading.
    const QFontMetricsF metrics(font);
    double tallest = 0.0;
    for (const QString &label : data.rowLabels)
        tallest = std::max(tallest,
            metrics.tightBoundingRect(MatrixPlotAdapter::elided(label, maxLabelChars)).height());
    return tallest > 0.0 ? tallest : metrics.height();
}

HeatmapTickLayout HeatmapTickLayout::fit(
    const HeatmapData &data, const QRect &area, const QFont &font, int maxLabelChars)
{
    const QFontMetricsF metrics(font);
    // Before the first layout there is no rectangle yet: assume every label fits.
    const double cellWidth = area.width() > 0 ? area.width() / double(data.columns()) : 1e9;
    const double cellHeight = area.height() > 0 ? area.height() / double(data.rows()) : 1e9;
    double widest = 0.0;
    for (const QString &label : data.columnLabels)
        widest = std::max(
            widest, metrics.horizontalAdvance(MatrixPlotAdapter::elided(label, maxLabelChars)));
    const bool tooWide = widest + 6.0 > cellWidth;
    HeatmapTickLayout layout;
    // Short CJK tokens stack upright; anything else turns on its side.
    layout.stackColumns = tooWide && stackUpright(data.columnLabels);
    layout.rotateColumns = tooWide && !layout.stackColumns;
    double columnSpace = widest + 6.0;
    if (layout.rotateColumns) {
        columnSpace = metrics.height() + 2.0;
    } else if (layout.stackColumns) {
        columnSpace = 0.0;
        for (const QString &label : data.columnLabels) {
            for (QChar c : label)
                columnSpace = std::max(columnSpace, metrics.horizontalAdvance(c) + 6.0);
        }
    }
    layout.columnStep = std::max(1, static_cast<int>(std::ceil(columnSpace / cellWidth)));
    layout.rowStep = std::max(1,
        static_cast<int>(
            std::ceil((rowLabelHeight(data, font, maxLabelChars) + rowLabelGap) / cellHeight)));
    layout.rowTitle = fitTitle(data.rowAxisTitle, area.height(), font);
    return layout;
}

QString HeatmapTickLayout::fitTitle(const QString &title, int length, const QFont &font)
{
    const QFontMetricsF metrics(font);
    if (length <= 0 || metrics.horizontalAdvance(title) <= length)
        return title;
    // Two lines, broken at a space or between two Chinese characters, where the longer line
    // is shortest.
    const auto han = [](QChar c) { return c.script() == QChar::Script_Han; };
    QString first = title;
    QString second;
    double longest = metrics.horizontalAdvance(title);
    for (qsizetype i = 1; i < title.size(); ++i) {
        const bool space = title[i] == QLatin1Char(' ');
        if (!space && !(han(title[i - 1]) && han(title[i])))
            continue;
        const QString a = title.left(i);
        const QString b = title.mid(space ? i + 1 : i);
        const double w = std::max(metrics.horizontalAdvance(a), metrics.horizontalAdvance(b));
        if (w < longest) {
            longest = w;
            first = a;
            second = b;
        }
    }
    // A line too long even then is cut short, so that no title runs past its axis.
    const auto fitted
        = [&](const QString &line) { return metrics.elidedText(line, Qt::ElideRight, length); };
    return second.isEmpty() ? fitted(first) : fitted(first) + QLatin1Char('\n') + fitted(second);
}

} // namespace ae
