// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/matrixplotadapter.h"

#include "export/figure.h"
#include "plots/textsize.h"

#include <QApplication>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

/// QCPColorMapData keeps its cells in a protected array and offers only a checked setter per
/// cell, which also widens the data bounds each time. A derived class may name the protected
/// members in a pointer to member, which then reaches them in any QCPColorMapData: so the
/// cells are written in one pass, and the bookkeeping of setCell() is done once afterwards.
/// Never instantiated.
struct ColorMapCells : QCPColorMapData
{
    /// The keySize() x valueSize() cells, the key index running fastest.
    static double *cells(QCPColorMapData *data) { return data->*(&ColorMapCells::mData); }
    /// What setCell() notes: the data bounds (of the cells that are not NaN) and that the map
    /// image must be made again.
    static void cellsWritten(QCPColorMapData *data)
    {
        const double *cell = cells(data);
        const qsizetype count = qsizetype(data->keySize()) * data->valueSize();
        QCPRange bounds = data->*(&ColorMapCells::mDataBounds);
        bool first = true;
        for (qsizetype i = 0; i < count; ++i) {
            const double z = cell[i];
            if (std::isnan(z))
                continue;
            if (first) {
                bounds = QCPRange(z, z);
                first = false;
            }
            bounds.lower = std::min(bounds.lower, z);
            bounds.upper = std::max(bounds.upper, z);
        }
        data->*(&ColorMapCells::mDataBounds) = bounds;
        data->*(&ColorMapCells::mDataModified) = true;
    }
};

} // namespace

QColor MatrixPlotAdapter::maskedCellColor()
{
    return QColor(0xd9, 0xd9, 0xd9);
}

QCPColorGradient MatrixPlotAdapter::gradient(ColorMapKind kind)
{
    QCPColorGradient g;
    const QList<QColor> points = ColorMap::controlPoints(kind);
    QMap<double, QColor> stops;
    for (qsizetype i = 0; i < points.size(); ++i)
        stops.insert(static_cast<double>(i) / static_cast<double>(points.size() - 1), points[i]);
    g.setColorStops(stops);
    // Interpolate in RGB, as ColorMap::at() does, so screen and exports agree.
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(512);
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(maskedCellColor());
    return g;
}

void MatrixPlotAdapter::setHeatmap(QCPColorMap *map, const HeatmapData &data)
{
    const int rows = data.rows();
    const int columns = data.columns();
    // QCustomPlot places the first and last cell centres on the range ends, so a single
    // row or column would have no width: such an axis gets two identical half cells instead.
    const int keySize = columns == 1 ? 2 : columns;
    const int valueSize = rows == 1 ? 2 : rows;
    const QCPRange keyRange = columns == 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, columns - 1);
    const QCPRange valueRange = rows == 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, rows - 1);
    QCPColorMapData *cells = map->data();
    if (rows == 0 || columns == 0) {
        cells->setSize(0, 0);
        map->setVisible(false);
        return;
    }
    map->setVisible(true);
    // Same shape as before (an edit): the storage stays, and every cell is overwritten below.
    cells->setSize(keySize, valueSize);
    cells->setRange(keyRange, valueRange);
    // The cells are stored row after row (the key index runs fastest): one pass writes them
    // all, instead of a checked setCell() per cell.
    using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    Eigen::Map<RowMajor> out(ColorMapCells::cells(cells), valueSize, keySize);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (rows == 1 || columns == 1) {
        for (int v = 0; v < valueSize; ++v) {
            const int r = rows == 1 ? 0 : v;
            for (int k = 0; k < keySize; ++k) {
                const int c = columns == 1 ? 0 : k;
                out(v, k) = data.isVisible(r, c) ? data.values(r, c) : nan;
            }
        }
    } else {
        // A transposing copy, in square blocks: a block's source columns stay in the cache
        // while its rows are written (a straight copy would stride through memory).
        constexpr int block = 32;
        const bool masked = data.visible.size() != 0;
        for (int c0 = 0; c0 < columns; c0 += block) {
            const int w = std::min(block, columns - c0);
            for (int r0 = 0; r0 < rows; r0 += block) {
                const int h = std::min(block, rows - r0);
                if (masked)
                    out.block(r0, c0, h, w) = data.visible.block(r0, c0, h, w)
                                                  .select(data.values.block(r0, c0, h, w), nan);
                else
                    out.block(r0, c0, h, w) = data.values.block(r0, c0, h, w);
            }
        }
    }
    ColorMapCells::cellsWritten(cells);
    double lo = data.minimum, hi = data.maximum;
    if (!(hi > lo))
        hi = lo + 1.0;
    map->setDataRange(QCPRange(lo, hi));
}

double MatrixPlotAdapter::cellValue(const QCPColorMap *map, int row, int column)
{
    return map->data()->data(column, row);
}

QString MatrixPlotAdapter::elided(const QString &text, int maxChars)
{
    return Figure::elided(text, maxChars);
}

QSharedPointer<QCPAxisTickerText> MatrixPlotAdapter::labelTicker(
    const QStringList &labels, int step, int maxChars)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    step = std::max(1, step);
    for (qsizetype i = 0; i < labels.size(); i += step)
        ticker->addTick(static_cast<double>(i), elided(labels[i], maxChars));
    ticker->setSubTickCount(0);
    return ticker;
}

QSharedPointer<QCPAxisTickerText> MatrixPlotAdapter::dimsTicker(const std::vector<int> &dims)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int d : dims)
        ticker->addTick(static_cast<double>(d), QString::number(d));
    ticker->setSubTickCount(0);
    return ticker;
}

void MatrixPlotAdapter::setCurve(
    QCPGraph *graph, const std::vector<int> &dims, const std::vector<double> &values)
{
    const size_t n = std::min(dims.size(), values.size());
    QVector<double> keys, vals;
    keys.reserve(static_cast<int>(n));
    vals.reserve(static_cast<int>(n));
    for (size_t i = 0; i < n; ++i) {
        keys.append(static_cast<double>(dims[i]));
        vals.append(values[i]);
    }
    graph->setData(keys, vals);
}

void MatrixPlotAdapter::setCurve(
    QCPGraph *graph, const std::vector<double> &xs, const std::vector<double> &ys)
{
    const size_t n = std::min(xs.size(), ys.size());
    graph->setData(QVector<double>(xs.begin(), xs.begin() + long(n)),
        QVector<double>(ys.begin(), ys.begin() + long(n)));
}

void MatrixPlotAdapter::setBars(
    QCPBars *bars, double lo, double w, const std::vector<double> &heights)
{
    QVector<double> keys, values;
    keys.reserve(static_cast<int>(heights.size()));
    values.reserve(static_cast<int>(heights.size()));
    for (size_t b = 0; b < heights.size(); ++b) {
        keys.append(lo + (static_cast<double>(b) + 0.5) * w);
        values.append(heights[b]);
    }
    bars->setWidth(w);
    bars->setData(keys, values, true);
}

QStringList MatrixPlotAdapter::fontFamilies()
{
    QStringList families { QApplication::font().family() };
    for (const char *name : { "Noto Sans", "DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK JP",
             "Noto Sans CJK TC", "Droid Sans Fallback" }) {
        const QString family = QString::fromLatin1(name);
        if (!families.contains(family))
            families.append(family);
    }
    return families;
}

QFont MatrixPlotAdapter::plotFont(double pointSize, bool bold)
{
    QFont font = QApplication::font();
    font.setFamilies(fontFamilies());
    font.setPointSizeF(TextSize::points(pointSize));
    font.setBold(bold);
    return font;
}

bool MatrixPlotAdapter::matchScreenPixels(QCustomPlot *plot)
{
    const double ratio = plot->devicePixelRatioF();
    // A cached label is a pixmap drawn at a logical position: at 1.5 that is half a device
    // pixel, and the label would be resampled. Text drawn directly stays sharp.
    const bool cache = std::abs(ratio - std::round(ratio)) < 1e-9;
    const bool changed = std::abs(plot->bufferDevicePixelRatio() - ratio) > 1e-9
        || plot->plottingHints().testFlag(QCP::phCacheLabels) != cache;
    if (changed) {
        plot->setBufferDevicePixelRatio(ratio);
        plot->setPlottingHint(QCP::phCacheLabels, cache);
    }
    return changed;
}

} // namespace ae
