// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file seriesplot.h
/// The common frame of the program's curve plots (the scaling lab's panels, the training lab's
/// curves): a white plot with a title row, a legend row under it, light grids, fonts and line
/// widths that grow in presentation mode, and the styles of a series and a guide.

#include <QColor>
#include <initializer_list>
#include <qcustomplot.h>

namespace ae {

/// A QCustomPlot laid out as title, legend, axes; subclasses add their graphs and data.
class SeriesPlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit SeriesPlot(QWidget *parent = nullptr);

    /// Larger fonts and thicker lines (lesson mode, projector); restyles and replots.
    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    /// The title element above the legend.
    QCPTextElement *titleElement() const { return m_title; }
    /// Small: the plot squeezes its margins rather than forcing a wide window.
    QSize minimumSizeHint() const override;

    /// The x axis's length in pixels as the next replot lays it out: the widget's width less
    /// the margins of the last layout (the tick-count rule's input).
    int xAxisPixels() const;

    /// The highest value any of @p graphs holds, or @p floor when higher or they are empty.
    static double valueTop(std::initializer_list<QCPGraph *> graphs, double floor = 0.0);

protected:
    /// 1.6 in presentation mode, else 1.
    double fontScale() const { return m_presentation ? 1.6 : 1.0; }
    /// The width of a data line in the current mode.
    double lineWidth() const { return m_presentation ? 3.5 : 2.0; }
    /// Sets the fonts of the title, the axes and the legend for the current mode; subclasses
    /// extend it with their pens and call it at the end of their constructor.
    virtual void applyStyle();
    /// A data series in @p color: a line with @p shape markers (hollow circles or filled discs;
    /// QCPScatterStyle::ssNone for none).
    void styleSeries(QCPGraph *graph, const QColor &color,
        QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssNone) const;
    /// A guide line: dashed, grey, thinner than the data.
    void styleGuide(QCPGraph *graph) const;
    /// A marker line (e.g. the current d_k or step) in @p color: dotted.
    void styleMarker(QCPItemStraightLine *line, const QColor &color) const;
    /// Before every replot: asks a numeric x axis for as many ticks as its width gives room
    /// for (Figure::tickCountForWidth), so that step labels never run together on a narrow
    /// plot. Text tickers (a d_k axis) keep their ticks.
    void fitTickCount();
    /// Keeps the paint buffers at the screen's pixel ratio.
    void paintEvent(QPaintEvent *event) override;

private:
    QCPTextElement *m_title;
    bool m_presentation = false;
};

} // namespace ae
