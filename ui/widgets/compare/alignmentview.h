// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file alignmentview.h
/// The alignment view on screen: the figure of alignmentfigure.h drawn to fit the widget, with
/// the lines of the token under the pointer isolated.

#include "compare/alignmentfigure.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"

#include <QWidget>

namespace ae {

/// Query tokens left, key tokens right, a line per pair whose weight reaches the threshold.
class AlignmentView : public QWidget
{
    Q_OBJECT
public:
    explicit AlignmentView(QWidget *parent = nullptr);

    /// Shows @p data (the weights of the mean or of one head).
    void setData(const HeatmapData &data);
    const HeatmapData &data() const { return m_data; }
    /// Weights below @p threshold (0..1) get no line.
    void setThreshold(double threshold);
    double threshold() const { return m_options.threshold; }
    /// The colour map whose dark end colours the lines.
    void setColorMap(ColorMapKind kind);
    /// Greys the picture out while the settings are invalid (a stale result).
    void setDimmed(bool dimmed);
    /// Draws the tokens without any line (a lesson's question is open).
    void setWeightsHidden(bool hidden);
    bool weightsHidden() const { return m_weightsHidden; }
    /// The query (or, when none, the key) whose lines alone are drawn; -1 for none.
    int focusQuery() const { return m_options.focusQuery; }
    int focusKey() const { return m_options.focusKey; }
    /// Isolates the lines of query @p query or, with @p query < 0, of key @p key.
    void setTokenFocus(int query, int key);
    /// The figure as drawn now (widget size, with the view's title), for tests.
    Figure currentFigure() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    FigureOptions figureOptions() const;

    HeatmapData m_data;
    AlignmentOptions m_options;
    ColorMapKind m_colorMap = ColorMap::defaultKind();
    bool m_dimmed = false;
    bool m_weightsHidden = false;
};

} // namespace ae
