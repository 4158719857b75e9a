// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmaphiddennote.h"

#include "plots/matrixplotadapter.h"

#include <QFontMetricsF>
#include <algorithm>
#include <vector>

namespace ae {

HeatmapHiddenNote::HeatmapHiddenNote(QCustomPlot *plot)
    : QCPItemText(plot)
{
    setClipToAxisRect(true);
    position->setType(QCPItemPosition::ptAxisRectRatio);
    position->setCoords(0.5, 0.5);
    setPositionAlignment(Qt::AlignCenter);
    setTextAlignment(Qt::AlignCenter);
    setColor(QColor(0x55, 0x55, 0x55));
    // On white, legible even where it must cross an outline (every row marked).
    setBrush(QBrush(QColor(255, 255, 255, 230)));
    setPadding(QMargins(8, 4, 8, 4));
    setVisible(false);
}

void HeatmapHiddenNote::restyle(bool compact, double points)
{
    m_font = MatrixPlotAdapter::plotFont(points);
    m_compact = compact;
    setFont(m_font);
    // A small map has room for a sign only; a large one says what the class waits for.
    setText(
        compact ? QStringLiteral("?") : tr("The weights are hidden\nuntil the answer is revealed"));
}

void HeatmapHiddenNote::place(int rows, const QList<QPoint> &marked)
{
    std::vector<bool> taken(size_t(std::max(rows, 0)), false);
    for (const QPoint &cell : marked)
        if (cell.y() >= 0 && cell.y() < rows)
            taken[size_t(cell.y())] = true;
    // The longest run of unmarked rows; with none marked (or none free) the middle.
    int bestStart = 0;
    int bestLength = 0;
    for (int r = 0; r < rows;) {
        if (taken[size_t(r)]) {
            ++r;
            continue;
        }
        const int start = r;
        while (r < rows && !taken[size_t(r)])
            ++r;
        if (r - start > bestLength) {
            bestStart = start;
            bestLength = r - start;
        }
    }
    const bool anyMarked = std::find(taken.begin(), taken.end(), true) != taken.end();
    position->setCoords(
        0.5, anyMarked && bestLength > 0 ? (bestStart + bestLength / 2.0) / rows : 0.5);
}

void HeatmapHiddenNote::draw(QCPPainter *painter)
{
    QFont font = m_font;
    if (const QCPAxisRect *rect = clipAxisRect(); rect && !m_compact) {
        const double room = rect->width() - padding().left() - padding().right() - 4.0;
        const double smallest = m_font.pointSizeF() * 0.5;
        while (font.pointSizeF() * 0.9 >= smallest
            && QFontMetricsF(font).boundingRect(QRectF(), Qt::AlignCenter, text()).width() > room)
            font.setPointSizeF(font.pointSizeF() * 0.9);
    }
    setFont(font);
    QCPItemText::draw(painter);
}

QRectF HeatmapHiddenNote::drawnRect() const
{
    return QRectF(topLeft->pixelPosition(), bottomRight->pixelPosition()).normalized();
}

} // namespace ae
