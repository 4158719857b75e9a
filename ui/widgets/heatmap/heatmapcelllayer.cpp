// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapcelllayer.h"

#include "heatmap/heatmapcellinfo.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

HeatmapCellLayer::HeatmapCellLayer(
    QCPAxisRect *axisRect, const QString &layerName, const HeatmapData *data)
    : QCPLayerable(axisRect->parentPlot(), layerName)
    , m_axisRect(axisRect)
    , m_data(data)
{
}

void HeatmapCellLayer::dataChanged()
{
    m_alignmentStale = true;
    m_alignment.clear();
}

const QList<QPoint> &HeatmapCellLayer::alignmentCells() const
{
    if (m_alignmentStale) {
        m_alignment = m_data->alignedCells();
        m_alignmentStale = false;
    }
    return m_alignment;
}

void HeatmapCellLayer::setAlignmentPen(const QPen &pen)
{
    m_alignmentPen = pen;
}

void HeatmapCellLayer::setColorMap(ColorMapKind kind)
{
    m_colorMap = kind;
}

void HeatmapCellLayer::setShowValues(bool on)
{
    m_showValues = on;
}

void HeatmapCellLayer::setValueFont(const QFont &font)
{
    m_valueFont = font;
}

QRectF HeatmapCellLayer::cellRect(int row, int column) const
{
    if (!m_axisRect)
        return QRectF();
    const QCPAxis *x = m_axisRect->axis(QCPAxis::atBottom);
    const QCPAxis *y = m_axisRect->axis(QCPAxis::atLeft);
    const QPointF a(x->coordToPixel(column - 0.5), y->coordToPixel(row - 0.5));
    const QPointF b(x->coordToPixel(column + 0.5), y->coordToPixel(row + 0.5));
    return QRectF(a, b).normalized();
}

QPoint HeatmapCellLayer::cellAt(const QPointF &pos) const
{
    if (!m_axisRect || !m_axisRect->rect().contains(pos.toPoint()))
        return QPoint(-1, -1);
    const double cx = m_axisRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    const double cy = m_axisRect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y());
    const int column = static_cast<int>(std::floor(cx + 0.5));
    const int row = static_cast<int>(std::floor(cy + 0.5));
    if (row < 0 || row >= m_data->rows() || column < 0 || column >= m_data->columns())
        return QPoint(-1, -1);
    return QPoint(column, row);
}

int HeatmapCellLayer::valueDecimals() const
{
    if (!m_showValues || m_data->rows() == 0 || m_data->columns() == 0)
        return 0;
    const QRectF cell = cellRect(0, 0);
    const QFontMetricsF metrics(m_valueFont);
    // Room for the text plus a little padding on each side, so values never touch.
    const double padding = 4.0;
    if (metrics.height() + 2.0 > cell.height())
        return 0;
    for (int decimals : { HeatmapCellInfo::labelDecimals, 2 }) {
        const double widest = std::max(
            metrics.horizontalAdvance(HeatmapCellInfo::cellLabel(m_data->minimum, decimals)),
            metrics.horizontalAdvance(HeatmapCellInfo::cellLabel(m_data->maximum, decimals)));
        if (widest + padding <= cell.width())
            return decimals;
    }
    return 0;
}

QString HeatmapCellLayer::cellText(int row, int column) const
{
    const int decimals = valueDecimals();
    if (decimals == 0 || !m_data->isVisible(row, column))
        return QString();
    return HeatmapCellInfo::cellLabel(m_data->values(row, column), decimals);
}

QColor HeatmapCellLayer::cellColor(double value) const
{
    const double span = m_data->maximum - m_data->minimum;
    const double t = span > 0 ? (value - m_data->minimum) / span : 0.0;
    return ColorMap::at(m_colorMap, t);
}

void HeatmapCellLayer::applyDefaultAntialiasingHint(QCPPainter *painter) const
{
    applyAntialiasingHint(painter, true, QCP::aeOther);
}

QRect HeatmapCellLayer::clipRect() const
{
    return m_axisRect ? m_axisRect->rect() : QCPLayerable::clipRect();
}

void HeatmapCellLayer::draw(QCPPainter *painter)
{
    if (!m_axisRect || m_data->rows() == 0 || m_data->columns() == 0)
        return;
    drawMasked(painter);
    const int decimals = valueDecimals();
    if (decimals > 0)
        drawValues(painter, decimals);
    drawAlignment(painter);
}

void HeatmapCellLayer::drawAlignment(QCPPainter *painter) const
{
    const QList<QPoint> &aligned = alignmentCells();
    if (aligned.isEmpty())
        return;
    const QRectF cell = cellRect(0, 0);
    // Cells too small for an outline get a filled mark, so a long sequence still shows its
    // alignment as a path of dots.
    const bool outline = cell.width() >= 3 * m_alignmentPen.widthF() + 4
        && cell.height() >= 3 * m_alignmentPen.widthF() + 4;
    const double insetX = outline ? std::max(m_alignmentPen.widthF() / 2, cell.width() * 0.06) : 0;
    const double insetY = outline ? std::max(m_alignmentPen.widthF() / 2, cell.height() * 0.06) : 0;
    if (outline) {
        painter->setPen(m_alignmentPen);
        painter->setBrush(Qt::NoBrush);
    } else {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_alignmentPen.color());
    }
    const QRect visibleArea = m_axisRect->rect();
    for (const QPoint &p : aligned) {
        const QRectF r = cellRect(p.y(), p.x()).adjusted(insetX, insetY, -insetX, -insetY);
        if (visibleArea.intersects(r.toAlignedRect()))
            painter->drawRect(r);
    }
}

void HeatmapCellLayer::drawMasked(QCPPainter *painter) const
{
    if (m_data->visible.size() == 0)
        return;
    const QColor hatch(0x80, 0x80, 0x80);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QBrush(hatch, Qt::BDiagPattern));
    // One rectangle per run of masked cells in a row: fast for long causal masks and the
    // hatching stays continuous across a run.
    for (int r = 0; r < m_data->rows(); ++r) {
        int c = 0;
        while (c < m_data->columns()) {
            if (m_data->isVisible(r, c)) {
                ++c;
                continue;
            }
            const int start = c;
            while (c < m_data->columns() && !m_data->isVisible(r, c))
                ++c;
            painter->drawRect(cellRect(r, start).united(cellRect(r, c - 1)));
        }
    }

    // A fully masked row gets a frame and, when it fits, says so.
    const QFontMetricsF metrics(m_valueFont);
    for (int r = 0; r < m_data->rows(); ++r) {
        if (!m_data->isRowFullyMasked(r))
            continue;
        const QRectF band = cellRect(r, 0).united(cellRect(r, m_data->columns() - 1));
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.5, Qt::DashLine));
        painter->drawRect(band.adjusted(1, 1, -1, -1));
        const QString note = tr("fully masked: sees no key");
        if (metrics.height() + 2 <= band.height()
            && metrics.horizontalAdvance(note) + 8 <= band.width()) {
            painter->setFont(m_valueFont);
            const QRectF textRect(band.center()
                    - QPointF(metrics.horizontalAdvance(note) / 2 + 4, metrics.height() / 2),
                QSizeF(metrics.horizontalAdvance(note) + 8, metrics.height()));
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(255, 255, 255, 220));
            painter->drawRect(textRect);
            painter->setPen(QColor(0x20, 0x20, 0x20));
            painter->drawText(textRect, Qt::AlignCenter, note);
        }
    }
}

QFont HeatmapCellLayer::drawingFont(int decimals) const
{
    // Large cells get larger numbers (up to twice the base size), so a map on a projector
    // reads from the back of the room; the text stays within half the cell.
    const QRectF cell = cellRect(0, 0);
    const QString widest = HeatmapCellInfo::cellLabel(
        std::abs(m_data->minimum) > std::abs(m_data->maximum) ? m_data->minimum : m_data->maximum,
        decimals);
    const QFontMetricsF base(m_valueFont);
    const double byWidth = 0.5 * cell.width() / std::max(1.0, base.horizontalAdvance(widest));
    const double byHeight = 0.4 * cell.height() / std::max(1.0, base.height());
    const double grow = std::clamp(std::min(byWidth, byHeight), 1.0, 2.0);
    QFont font = m_valueFont;
    font.setPointSizeF(m_valueFont.pointSizeF() * grow);
    return font;
}

void HeatmapCellLayer::drawValues(QCPPainter *painter, int decimals) const
{
    painter->setFont(drawingFont(decimals));
    const QRect visibleArea = m_axisRect->rect();
    for (int r = 0; r < m_data->rows(); ++r) {
        for (int c = 0; c < m_data->columns(); ++c) {
            if (!m_data->isVisible(r, c))
                continue;
            const QRectF cell = cellRect(r, c);
            if (!visibleArea.intersects(cell.toAlignedRect()))
                continue;
            const double v = m_data->values(r, c);
            painter->setPen(ColorMap::textColorOn(cellColor(v)));
            painter->drawText(cell, Qt::AlignCenter, HeatmapCellInfo::cellLabel(v, decimals));
        }
    }
}

} // namespace ae
