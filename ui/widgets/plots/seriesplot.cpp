// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/seriesplot.h"

#include "export/figure.h"
#include "plots/matrixplotadapter.h"
#include "plots/plottextalternative.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QTextLayout>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// The colour of the grid lines: light, so the data stands out.
QColor gridColor()
{
    return QColor(0xe4, 0xe4, 0xe4);
}

} // namespace

SeriesPlot::SeriesPlot(QWidget *parent)
    : QCustomPlot(parent)
{
    setBackground(Qt::white);
    setMinimumSize(220, 160);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, QString());
    plotLayout()->addElement(0, 0, m_title);
    xAxis->grid()->setPen(QPen(gridColor()));
    yAxis->grid()->setPen(QPen(gridColor()));
    // The legend in a row of its own under the title: inside the axes it would cover data in
    // a plot this small.
    legend->setVisible(true);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, legend);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);
    SeriesPlot::applyStyle();
    connect(this, &QCustomPlot::beforeReplot, this, &SeriesPlot::fitTitle);
    connect(this, &QCustomPlot::beforeReplot, this, &SeriesPlot::fitTickCount);
    connect(this, &QCustomPlot::afterLayout, this, &SeriesPlot::refitTickCount);
    // A screen reader reads the plot in words: its title, axes and values at the ticks.
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        const QString text = PlotTextAlternative::describe(this, m_titleText);
        if (text != accessibleDescription())
            setAccessibleDescription(text);
    });
}

double SeriesPlot::presentationFontScale(const QSize &size)
{
    const double room = std::min(size.width() / 400.0, size.height() / 320.0);
    return std::clamp(fullPresentationScale * room, 1.0, fullPresentationScale);
}

void SeriesPlot::setTitle(const QString &title)
{
    m_titleText = title;
    setAccessibleName(title);
    fitTitle();
}

void SeriesPlot::fitTitle()
{
    // The width the title row has, less a little air at the edges.
    const double room = std::max(40, width() - 12);
    const QFont font = m_title->font();
    QTextLayout layout(m_titleText, font);
    QTextOption option;
    // Between words, or between any two characters where a word (or a line of Chinese, which
    // has no spaces) is too long.
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    QStringList lines;
    int secondStart = 0;
    bool cut = false;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(room);
        if (lines.size() == 2) {
            cut = true;
            break;
        }
        if (lines.size() == 1)
            secondStart = line.textStart();
        lines << m_titleText.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    // What two lines cannot hold ends the second one, cut short.
    if (cut)
        lines[1] = QFontMetricsF(font).elidedText(
            m_titleText.mid(secondStart).trimmed(), Qt::ElideRight, room);
    m_titleElided = cut;
    const QString shown = lines.join(QLatin1Char('\n'));
    if (m_title->text() != shown)
        m_title->setText(shown);
}

void SeriesPlot::resizeEvent(QResizeEvent *event)
{
    // Restyled only when the scale really changes, not at every pixel of a drag.
    const double scale = presentationFontScale(event->size());
    if (std::abs(scale - m_presentationScale) > 0.02) {
        m_presentationScale = scale;
        if (m_presentation)
            applyStyle();
    }
    // Its replot fits the title to the new width (beforeReplot).
    QCustomPlot::resizeEvent(event);
}

bool SeriesPlot::isOnElidedTitle(const QPoint &pos) const
{
    return m_titleElided && m_title->visible() && m_title->outerRect().contains(pos);
}

bool SeriesPlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (isOnElidedTitle(help->pos())) {
            QToolTip::showText(help->globalPos(), m_titleText, this);
            return true;
        }
    }
    return QCustomPlot::event(event);
}

int SeriesPlot::xAxisPixels() const
{
    const QMargins m = axisRect()->margins();
    const QMargins outer = plotLayout()->margins();
    return std::max(1, viewport().width() - m.left() - m.right() - outer.left() - outer.right());
}

bool SeriesPlot::fitTickCount()
{
    bool changed = false;
    const auto ask = [&changed](QCPAxisTicker *ticker, int count) {
        changed = changed || ticker->tickCount() != count;
        ticker->setTickCount(count);
    };
    // A short value axis (a lab's window on a projector) asks for fewer than QCustomPlot's five
    // ticks, so that its labels never run together; each gets the room of its height. Two at
    // the least: one tick asks for a step as long as the axis, which leaves only 0 numbered.
    for (QCPAxis *axis : { yAxis, yAxis2 }) {
        const QSharedPointer<QCPAxisTicker> values = axis->ticker();
        if (!axis->visible() || !values || values.dynamicCast<QCPAxisTickerText>())
            continue;
        const QFontMetricsF fm(axis->tickLabelFont());
        ask(values.data(),
            std::clamp(Figure::tickCountForWidth(axisRect()->height(), fm.height()), 2, 5));
    }
    const QSharedPointer<QCPAxisTicker> ticker = xAxis->ticker();
    if (!ticker || ticker.dynamicCast<QCPAxisTickerText>())
        return changed;
    // The widest label is that of the end farthest from zero (one more character for a sign).
    const QCPRange range = xAxis->range();
    const double far = std::max(std::abs(range.lower), std::abs(range.upper));
    QString widest = QString::number(far, 'g', xAxis->numberPrecision());
    if (range.lower < 0.0)
        widest.prepend(QLatin1Char('-'));
    const QFontMetricsF fm(xAxis->tickLabelFont());
    const int count = Figure::tickCountForWidth(xAxisPixels(), fm.horizontalAdvance(widest));
    ask(ticker.data(), count);
    // Room for one label only: a readable step rounds up past the axis's end (432 steps ask for
    // 500) and leaves only 0 numbered; a step rounded down keeps a second number in sight.
    const auto strategy
        = count < 2 ? QCPAxisTicker::tssMeetTickCount : QCPAxisTicker::tssReadability;
    changed = changed || ticker->tickStepStrategy() != strategy;
    ticker->setTickStepStrategy(strategy);
    return changed;
}

void SeriesPlot::refitTickCount()
{
    if (m_refitting) {
        // The replot asked for below: what it fits now stands (no back and forth between two
        // layouts).
        m_refitting = false;
        return;
    }
    if (fitTickCount()) {
        m_refitting = true;
        replot(QCustomPlot::rpQueuedReplot);
    }
}

QSize SeriesPlot::minimumSizeHint() const
{
    return QSize(220, 160);
}

void SeriesPlot::setPresentationMode(bool on)
{
    if (m_presentation == on)
        return;
    m_presentation = on;
    // In lesson mode a plot shares a column with the lesson's caption: it may be shorter.
    if (on) {
        m_everydayMinimum = minimumSize();
        setMinimumSize(m_everydayMinimum.width(), std::min(m_everydayMinimum.height(), 110));
    } else if (m_everydayMinimum.isValid()) {
        setMinimumSize(m_everydayMinimum);
    }
    m_presentationScale = presentationFontScale(size());
    applyStyle();
    replot(QCustomPlot::rpQueuedReplot);
}

void SeriesPlot::applyStyle()
{
    const double s = fontScale();
    m_title->setFont(MatrixPlotAdapter::plotFont(11 * s, true));
    fitTitle();
    for (QCPAxis *axis : { xAxis, yAxis, yAxis2 }) {
        axis->setTickLabelFont(MatrixPlotAdapter::plotFont(9.5 * s));
        axis->setLabelFont(MatrixPlotAdapter::plotFont(10 * s));
    }
    legend->setFont(MatrixPlotAdapter::plotFont(9 * s));
}

void SeriesPlot::styleSeries(
    QCPGraph *graph, const QColor &color, QCPScatterStyle::ScatterShape shape) const
{
    graph->setPen(QPen(color, lineWidth()));
    if (shape == QCPScatterStyle::ssNone) {
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
        return;
    }
    const QColor fill = shape == QCPScatterStyle::ssCircle ? QColor(Qt::white) : color;
    graph->setScatterStyle(QCPScatterStyle(shape, color, fill, 7 * fontScale()));
}

void SeriesPlot::styleGuide(QCPGraph *graph) const
{
    graph->setPen(QPen(QColor(0x55, 0x55, 0x55), lineWidth() * 0.75, Qt::DashLine));
}

void SeriesPlot::styleMarker(QCPItemStraightLine *line, const QColor &color) const
{
    line->setPen(QPen(color, lineWidth() * 0.75, Qt::DotLine));
}

double SeriesPlot::valueTop(std::initializer_list<QCPGraph *> graphs, double floor)
{
    double top = floor;
    for (QCPGraph *g : graphs) {
        bool found = false;
        const QCPRange r = g->getValueRange(found);
        if (found)
            top = std::max(top, r.upper);
    }
    return top;
}

void SeriesPlot::paintEvent(QPaintEvent *event)
{
    // Shown on a screen of another scale than the buffers were made for: redraw them first.
    if (MatrixPlotAdapter::matchScreenPixels(this))
        replot(QCustomPlot::rpQueuedRefresh);
    QCustomPlot::paintEvent(event);
}

} // namespace ae
