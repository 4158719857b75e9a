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

/// A QCustomPlot laid out as title, legend, axes; subclasses add their graphs and data. Its
/// accessible name is the title, its accessible description the plot in words
/// (PlotTextAlternative), renewed after every replot.
class SeriesPlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit SeriesPlot(QWidget *parent = nullptr);

    /// Larger fonts and thicker lines (lesson mode, projector); restyles and replots.
    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    /// Sets the title above the legend. It is shown whole, wrapped onto a second line when the
    /// plot is too narrow for one; only what two lines cannot hold is cut short with "…", and
    /// then the title's tooltip has it whole.
    void setTitle(const QString &title);
    /// The title as set (titleElement() holds it as shown).
    QString title() const { return m_titleText; }
    /// The title element above the legend.
    QCPTextElement *titleElement() const { return m_title; }
    /// True when the title shown is cut short (its tooltip then has it whole).
    bool isTitleElided() const { return m_titleElided; }
    /// Small: the plot squeezes its margins rather than forcing a wide window.
    QSize minimumSizeHint() const override;

    /// The x axis's length in pixels as the next replot lays it out: the widget's width less
    /// the margins of the last layout (the tick-count rule's input).
    int xAxisPixels() const;

    /// The highest value any of @p graphs holds, or @p floor when higher or they are empty.
    static double valueTop(std::initializer_list<QCPGraph *> graphs, double floor = 0.0);

    /// The presentation fonts' scale on a plot with room enough (the heatmaps' too).
    static constexpr double fullPresentationScale = 1.6;
    /// The font scale of a plot @p size large in presentation mode: fullPresentationScale from
    /// 400 × 320 pixels up, smaller on a smaller plot (a lab's window on a projector) so that
    /// its titles and labels keep their room, never below the everyday 1.
    static double presentationFontScale(const QSize &size);

protected:
    /// presentationFontScale() of the plot's size in presentation mode, else 1.
    double fontScale() const { return m_presentation ? m_presentationScale : 1.0; }
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
    /// plot, and a short value axis for fewer than five by its height. Text tickers (a d_k
    /// axis) keep their ticks. Returns true when a count changed.
    bool fitTickCount();
    /// Once a replot has laid the plot out: the counts fitted to the sizes it has now (after a
    /// resize, the ones before the layout were fitted to the old size), and one more replot
    /// when they changed.
    void refitTickCount();
    /// Keeps the paint buffers at the screen's pixel ratio.
    void paintEvent(QPaintEvent *event) override;
    /// Refits the title and the presentation fonts to the new size.
    void resizeEvent(QResizeEvent *event) override;
    /// The whole title as the tooltip of a title cut short.
    bool event(QEvent *event) override;
    /// True when @p pos lies on a title cut short (event() shows it whole there).
    bool isOnElidedTitle(const QPoint &pos) const;

private:
    /// Breaks the title into the lines the plot's width holds (at most two).
    void fitTitle();

    QCPTextElement *m_title;
    QString m_titleText;
    bool m_titleElided = false;
    bool m_presentation = false;
    bool m_refitting = false; ///< true during the replot refitTickCount() asked for
    double m_presentationScale = fullPresentationScale;
    QSize m_everydayMinimum; ///< the minimum size outside lesson mode
};

} // namespace ae
