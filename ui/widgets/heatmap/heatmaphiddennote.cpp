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
    m_styledFont = MatrixPlotAdapter::plotFont(points);
    setFont(m_styledFont);
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
    QFont font = m_styledFont;
    const QString words = text();
    const double room = clipRect().width() - padding().left() - padding().right() - 4.0;
    const double wide
        = QFontMetricsF(font).boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignCenter, words).width();
    // Too narrow a map even for half the size: a sign, as on a small map.
    const bool sign = room > 0 && wide * 0.5 > room;
    if (room > 0 && wide > room && !sign && font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * room / wide * 0.98);
    setFont(font);
    if (sign)
        setText(QStringLiteral("?"));
    QCPItemText::draw(painter);
    m_drawn = QRectF(topLeft->pixelPosition(), bottomRight->pixelPosition()).normalized();
    setText(words);
}

QRectF HeatmapHiddenNote::drawnRect() const
{
    return m_drawn;
}

} // namespace ae
