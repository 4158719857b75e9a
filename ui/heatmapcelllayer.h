#pragma once

/// @file heatmapcelllayer.h
/// What a heatmap draws over its colour map: hatching on masked cells, a note on fully masked
/// rows, and each cell's value when it fits.

#include "colormap.h"
#include "heatmapdata.h"

#include <QFont>
#include <qcustomplot.h>

namespace ae {

/// A QCustomPlot layerable drawing the cell decorations of one heatmap in the cells' axes.
class HeatmapCellLayer : public QCPLayerable
{
    Q_OBJECT
public:
    /// Draws in @p axisRect's bottom and left axes, on @p layerName.
    HeatmapCellLayer(QCPAxisRect *axisRect, const QString &layerName);

    /// The heatmap to decorate (copied).
    void setData(const HeatmapData &data);
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
    /// The value font grown to suit the current cell size.
    QFont drawingFont(int decimals) const;

    QPointer<QCPAxisRect> m_axisRect;
    HeatmapData m_data;
    ColorMapKind m_colorMap = ColorMapKind::Blues;
    bool m_showValues = true;
    QFont m_valueFont;
};

} // namespace ae
