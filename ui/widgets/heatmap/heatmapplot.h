// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmapplot.h
/// One attention heatmap on QCustomPlot: coloured cells, token labels, values, the marked
/// alignment of each row, hatched masked cells, a colour bar and explanatory tooltips.

#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"
#include "plots/fittedtextelement.h"

#include <QList>
#include <qcustomplot.h>

namespace ae {

class HeatmapCellLayer;
class HeatmapHiddenNote;

/// A heatmap widget. Rows are queries (top to bottom), columns keys (left to right).
class HeatmapPlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit HeatmapPlot(QWidget *parent = nullptr);

    /// Shows @p data (copied).
    void setData(const HeatmapData &data);
    /// Shows @p data (moved: no copy of the matrices).
    void setData(HeatmapData &&data);
    /// Shows @p data and hands back in it what was shown before, whose matrices the caller
    /// refills next time: no copy of the values and no allocation from one edit to the next.
    void swapData(HeatmapData &data);
    const HeatmapData &data() const { return m_data; }
    /// Recolours the cells with @p kind.
    void setColorMap(ColorMapKind kind);
    ColorMapKind colorMap() const { return m_colorMap; }
    /// Whether cells show their values (when the cells are large enough).
    void setShowValues(bool on);
    bool showValues() const { return m_showValues; }
    /// The small-multiple look: a short title, no colour bar, no axis labels, hand cursor.
    void setCompact(bool on);
    bool isCompact() const { return m_compact; }
    /// Larger fonts and thicker markers, readable from the back of a classroom.
    void setPresentationMode(bool on);
    /// Scales the labels, titles and values by @p zoom (1 = the mode's own sizes): lesson
    /// mode's zoom.
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    bool isPresentationMode() const { return m_presentation; }
    /// Draws the picture faded (it belongs to an older, still valid session).
    void setDimmed(bool on);
    bool isDimmed() const { return m_dimmed; }
    /// Leaves every cell blank, without colour, value, mark or tooltip (a lesson's question is
    /// open); the labels stay, so the class sees what is asked.
    void setWeightsHidden(bool hidden);
    bool weightsHidden() const { return m_weightsHidden; }
    /// Outlines the cells @p cells (x = column, y = row) that a lesson points at; they stay
    /// outlined while the weights are hidden, so the class sees which weight is asked.
    void setMarkedCells(const QList<QPoint> &cells);
    QList<QPoint> markedCells() const { return m_marked; }
    /// The cell the keyboard cursor is on (x = column, y = row), or (-1, -1) when none.
    QPoint cursorCell() const { return m_cursor; }
    /// Puts the keyboard cursor on cell (@p row, @p column), clamped into the map, and tells
    /// assistive technology (the cell is selected, and focused while the plot has the focus).
    void setCursorCell(int row, int column);
    /// Frames the plot as the selected small multiple.
    void setHighlighted(bool on);
    bool isHighlighted() const { return m_highlighted; }

    /// @name Inspection (tests, exports)
    /// @{
    /// The colour map, its cells written.
    QCPColorMap *colorMapPlottable() const;
    /// The colour bar; null in compact mode.
    QCPColorScale *colorScale() const { return m_scale; }
    FittedTextElement *titleElement() const { return m_title; }
    /// The cells outlined as their row's largest weight (x = column, y = row).
    QList<QPoint> alignmentCells() const;
    /// The pen of those outlines.
    QPen alignmentPen() const;
    /// The decimals the cell values are written with now, 0 when they are hidden.
    int valueDecimals() const;
    /// The text written in cell (@p row, @p column) now; empty when none.
    QString cellText(int row, int column) const;
    /// The note drawn in place of the cells while the weights are hidden, else empty.
    QString hiddenNote() const;
    /// Where that note was last drawn, in widget pixels (empty before a replot).
    QRectF hiddenNoteRect() const;
    /// The tooltip of cell (@p row, @p column).
    QString cellToolTip(int row, int column) const;
    /// The decimals of the numbers in the cells' tooltips (the user's choice, default 4).
    void setToolTipDecimals(int decimals) { m_toolTipDecimals = decimals; }
    int toolTipDecimals() const { return m_toolTipDecimals; }
    /// The cell's rectangle in widget pixels (valid after a replot).
    QRectF cellRect(int row, int column) const;
    /// The cell under @p pos (x = column, y = row), or (-1, -1).
    QPoint cellAt(const QPoint &pos) const;
    /// The tick labels on the row (left) and column (bottom) axes, by position.
    QMap<double, QString> rowTickLabels() const;
    QMap<double, QString> columnTickLabels() const;
    /// How the column labels are set when they are wider than their cells.
    enum class ColumnLabelStyle { Level, Stacked, Rotated };
    ColumnLabelStyle columnLabelStyle() const
    {
        return m_stackColumns ? ColumnLabelStyle::Stacked
            : m_rotateColumns ? ColumnLabelStyle::Rotated
                              : ColumnLabelStyle::Level;
    }
    /// @}

    /// Small: the plot squeezes its margins rather than forcing a wide window.
    QSize minimumSizeHint() const override;

signals:
    /// The user clicked the plot (left button, without dragging).
    void clicked();
    /// The user clicked cell (@p row, @p column) (left button, without dragging).
    void cellClicked(int row, int column);

protected:
    bool event(QEvent *event) override;
    /// Arrows move the cursor cell, Home and End to the row's ends (with Ctrl to the map's
    /// corners), Page Up and Page Down to the column's ends; Enter or Return opens the cell as
    /// a click does (clicked() and cellClicked()).
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    /// Replots soon (queued, one replot for many changes), or, while the plot is off screen,
    /// when it is next painted: the colours and marks of a map nobody sees are not drawn.
    void requestReplot();
    /// Writes m_data into the colour map if it changed since the last write.
    void writeCells() const;
    /// True when the plot cannot be seen though its window is on screen.
    bool isOffScreen() const;
    /// Re-applies fonts, visibility of the colour bar and labels after a mode change.
    void applyStyle();
    /// Pushes m_data to the cell layer and the map (at once, or when next drawn if the plot is
    /// off screen); @p relabel restyles titles and tick labels.
    void dataChanged(bool relabel);
    /// True when @p a and @p b share shape, titles and labels (only values may differ).
    static bool sameLabels(const HeatmapData &a, const HeatmapData &b);
    /// True when @p a and @p b colour every cell alike (same values, mask and colour range):
    /// such new data is kept for the tooltips, but nothing is drawn again.
    static bool samePicture(const HeatmapData &a, const HeatmapData &b);
    /// Styles the alignment outlines for the colour map and mode.
    void styleMarkers();
    /// Chooses label thinning and rotation for the current axis rectangle; true if changed.
    bool updateTickLayout();
    /// Asks the colour bar for as many ticks as its height holds with a line between their
    /// labels (one to five); true when that changed the count.
    bool fitColorScaleTicks();
    /// Points of the fonts for the current mode.
    double fontScale() const;

    HeatmapData m_data;
    ColorMapKind m_colorMap = ColorMap::defaultKind();
    bool m_showValues = true;
    bool m_compact = false;
    int m_toolTipDecimals = 4;
    bool m_presentation = false;
    double m_zoom = 1.0;
    bool m_dimmed = false;
    bool m_weightsHidden = false;
    QList<QPoint> m_marked;
    QList<QCPItemRect *> m_markItems;
    bool m_highlighted = false;
    QPoint m_cursor { -1, -1 }; ///< the keyboard cursor's cell (x = column, y = row)
    QPoint m_pressPos;
    bool m_pressed = false;
    bool m_replotWanted = false; ///< a change is not drawn yet
    bool m_replotPosted = false; ///< a queued requestReplot() call is on its way
    mutable bool m_cellsStale = true; ///< m_data is not in the colour map yet

    QCPColorMap *m_map = nullptr;
    QCPColorScale *m_scale = nullptr;
    /// Says, in the empty plot, why there are no cells while a question is open.
    HeatmapHiddenNote *m_hiddenNote = nullptr;
    QCPMarginGroup *m_marginGroup = nullptr;
    FittedTextElement *m_title = nullptr;
    HeatmapCellLayer *m_cells = nullptr;
    int m_rowStep = 0; ///< label every m_rowStep-th row (0 before the first layout)
    int m_columnStep = 0;
    bool m_rotateColumns = false;
    bool m_stackColumns = false; ///< short CJK column labels drawn upright, one character a line
};

} // namespace ae
