// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapcelllayer.h
/// What a heatmap draws over its colour map: hatching on masked cells, a note on fully masked
/// rows, each cell's value when it fits, and the outline on each row's largest weight.

#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"

#include <QFont>
#include <qcustomplot.h>

namespace ae {

/// A QCustomPlot layerable drawing the cell decorations of one heatmap in the cells' axes.
class HeatmapCellLayer : public QCPLayerable
{
    Q_OBJECT
public:
    /// Draws @p data (owned by the caller, which outlives the layer) in @p axisRect's bottom
    /// and left axes, on @p layerName.
    HeatmapCellLayer(QCPAxisRect *axisRect, const QString &layerName, const HeatmapData *data);

    /// The data changed: the aligned cells are found again when next needed.
    void dataChanged();
    /// The cells holding each row's largest weight (x = column, y = row), row by row.
    const QList<QPoint> &alignmentCells() const;
    /// The pen of the alignment outlines.
    void setAlignmentPen(const QPen &pen);
    QPen alignmentPen() const { return m_alignmentPen; }
    /// The colour map, which decides the text colour on each cell.
    void setColorMap(ColorMapKind kind);
    /// Whether values are written into cells that are large enough.
    void setShowValues(bool on);
    /// The font of the cell values.
    void setValueFont(const QFont &font);

    /// The decimals cell values are written with at the current cell size (3 when that fits,
    /// else 2), or 0 when values are hidden (turned off, or cells too small for them).
    int valueDecimals() const;
    /// The text drawn in cell (@p row, @p column) at the current size; empty when none.
    QString cellText(int row, int column) const;
    /// The cell's rectangle in widget pixels.
    QRectF cellRect(int row, int column) const;
    /// The cell under the widget pixel @p pos, or (-1, -1); x = column, y = row.
    QPoint cellAt(const QPointF &pos) const;

protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;
    QRect clipRect() const override;

private:
    /// The colour a cell with @p value is filled with.
    QColor cellColor(double value) const;
    void drawMasked(QCPPainter *painter) const;
    void drawValues(QCPPainter *painter, int decimals) const;
    void drawAlignment(QCPPainter *painter) const;
    /// The value font grown to suit the current cell size.
    QFont drawingFont(int decimals) const;

    QPointer<QCPAxisRect> m_axisRect;
    const HeatmapData *m_data;
    /// Found on first use after dataChanged(): a tile scrolled out of view never needs them.
    mutable QList<QPoint> m_alignment;
    mutable bool m_alignmentStale = true;
    QPen m_alignmentPen;
    ColorMapKind m_colorMap = ColorMap::defaultKind();
    bool m_showValues = true;
    QFont m_valueFont;
};

} // namespace ae
