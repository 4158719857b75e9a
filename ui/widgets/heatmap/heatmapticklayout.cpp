// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapticklayout.h"

#include "heatmap/heatmapdata.h"
#include "heatmap/stackedlabels.h"
#include "plots/matrixplotadapter.h"

#include <QFontMetricsF>
#include <QRect>
#include <algorithm>
#include <cmath>

namespace ae {

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
    layout.rowStep
        = std::max(1, static_cast<int>(std::ceil((metrics.height() + 1.0) / cellHeight)));
    return layout;
}

} // namespace ae
