// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapPanel's small multiples: making the tiles, arranging them in their area and turning
// the area beside or below the large map (the rest of the class: heatmappanel.cpp).
#include "heatmap/heatmappanel.h"

#include "document/document.h"
#include "heatmap/heatmapplot.h"

#include <QGridLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <algorithm>

namespace ae {

void HeatmapPanel::ensureTiles(int count)
{
    if (count == m_tiles.size())
        return;
    while (m_tiles.size() > count)
        delete m_tiles.takeLast();
    while (m_tiles.size() < count) {
        const int index = static_cast<int>(m_tiles.size());
        auto *tile = new HeatmapPlot(m_tileHost);
        tile->setObjectName(QStringLiteral("smallMultiple%1").arg(index));
        tile->setCompact(true);
        tile->setColorMap(m_colorMap);
        tile->setShowValues(m_showValues);
        tile->setToolTipDecimals(m_decimals);
        tile->setPresentationMode(m_presentation);
        tile->setZoom(m_zoom);
        tile->setToolTip(QString());
        tile->setWeightsHidden(m_document->weightsHidden());
        connect(tile, &HeatmapPlot::clicked, this, [this, index] { setSelectedView(index - 1); });
        m_tiles.append(tile);
    }
    m_tileColumns = 0; // force a new arrangement
}

int HeatmapPanel::minimumTileSize() const
{
    return m_presentation ? 160 : 100;
}

HeatmapPanel::TileArrangement HeatmapPanel::arrange(int count, int width, int height)
{
    // The column count that makes the tiles largest while all of them fit.
    TileArrangement best;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        const int size = std::min(width / columns, height / rows) - tileGap;
        if (size > best.size) {
            best.size = size;
            best.columns = columns;
        }
    }
    return best;
}

void HeatmapPanel::layoutTiles()
{
    const int n = static_cast<int>(m_tiles.size());
    if (n == 0)
        return;
    const QSize room = m_tileArea->viewport()->size();
    const int w = std::max(1, room.width() - tileGap);
    const int h = std::max(1, room.height() - tileGap);
    const int minimum = minimumTileSize();
    TileArrangement best = arrange(n, w, h);
    if (best.size < minimum) {
        // Not all fit at a readable size: as many columns of the minimum size as fit, and
        // the area scrolls.
        best.columns = std::clamp(w / (minimum + tileGap), 1, n);
        best.size = std::max(minimum, w / best.columns - tileGap);
    }
    if (best.columns == m_tileColumns && best.size == m_tileSize)
        return;
    m_tileColumns = best.columns;
    m_tileSize = best.size;
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        m_tileGrid->removeWidget(tile);
    for (int i = 0; i < n; ++i) {
        m_tiles[i]->setFixedSize(best.size, best.size);
        m_tileGrid->addWidget(m_tiles[i], i / best.columns, i % best.columns);
    }
}

void HeatmapPanel::updateOrientation()
{
    const int n = std::max(2, static_cast<int>(m_tiles.size()));
    const QSize room = m_splitter->size();
    if (room.isEmpty())
        return;
    // Beside the large map or below it, whichever gives the small multiples more room, the
    // large map keeping three quarters of the panel either way.
    const int beside = arrange(n, room.width() / 4, room.height()).size;
    const int below = arrange(n, room.width(), room.height() / 4).size;
    const Qt::Orientation wanted = beside >= below ? Qt::Horizontal : Qt::Vertical;
    // Keep the sizes the user dragged the splitter to, until the orientation changes.
    if (m_splitter->orientation() == wanted && m_userSizedSplitter)
        return;
    if (m_splitter->orientation() != wanted)
        m_userSizedSplitter = false;
    m_splitter->setOrientation(wanted);
    const int scrollBar = m_tileArea->verticalScrollBar()->sizeHint().width();
    const int least = minimumTileSize() + 2 * tileGap + scrollBar;
    if (wanted == Qt::Horizontal) {
        m_tileArea->setMinimumSize(least, 0);
    } else {
        m_tileArea->setMinimumSize(0, minimumTileSize() + 2 * tileGap);
    }
    const int total = wanted == Qt::Horizontal ? room.width() : room.height();
    const int tiles = std::max(least, total / 4);
    m_splitter->setSizes({ total - tiles, tiles });
}

} // namespace ae
