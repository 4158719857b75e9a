// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmaphiddennote.h
/// The words a heatmap shows in place of its cells while a lesson's question keeps the weights
/// back: an empty frame with axes would look broken in front of a class.

#include <qcustomplot.h>

namespace ae {

/// A centred note in a heatmap's axis rectangle, placed clear of the outlined cells.
class HeatmapHiddenNote : public QCPItemText
{
    Q_OBJECT
public:
    /// Adds the (hidden) note to @p plot.
    explicit HeatmapHiddenNote(QCustomPlot *plot);

    /// Sets the words and their size: a sign on a small map (@p compact), a sentence on a
    /// large one, at @p points.
    void restyle(bool compact, double points);
    /// Centres the note on the widest band of the @p rows that holds no cell of @p marked
    /// (x = column, y = row), so that the outlines showing what is asked stay clear of it.
    void place(int rows, const QList<QPoint> &marked);
    /// Where the note was last drawn, in widget pixels (empty before a replot).
    QRectF drawnRect() const;

protected:
    /// Draws the note, its sentence made smaller (down to half its size) when the map is
    /// narrower than the words: square cells beside the small multiples leave a narrow map.
    void draw(QCPPainter *painter) override;

private:
    QFont m_font; ///< the size restyle() chose
    bool m_compact = false;
};

} // namespace ae
