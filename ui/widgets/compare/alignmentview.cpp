// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/alignmentview.h"

#include "export/painterfigurerenderer.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace ae {

AlignmentView::AlignmentView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("alignmentView"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void AlignmentView::setData(const HeatmapData &data)
{
    m_data = data;
    // A token index may not exist in the new data.
    m_options.focusQuery = -1;
    m_options.focusKey = -1;
    update();
}

void AlignmentView::setThreshold(double threshold)
{
    m_options.threshold = std::clamp(threshold, 0.0, 1.0);
    update();
}

void AlignmentView::setColorMap(ColorMapKind kind)
{
    m_colorMap = kind;
    update();
}

void AlignmentView::setDimmed(bool dimmed)
{
    m_dimmed = dimmed;
    update();
}

void AlignmentView::setWeightsHidden(bool hidden)
{
    m_weightsHidden = hidden;
    update();
}

void AlignmentView::setTokenFocus(int query, int key)
{
    query = query < m_data.rows() ? query : -1;
    key = query < 0 && key < m_data.columns() ? key : -1;
    if (query == m_options.focusQuery && key == m_options.focusKey)
        return;
    m_options.focusQuery = query;
    m_options.focusKey = key;
    update();
}

FigureOptions AlignmentView::figureOptions() const
{
    FigureOptions o;
    o.size = size();
    o.includeTitle = true; // named like the heatmap of the same view
    o.colorMap = m_colorMap;
    return o;
}

Figure AlignmentView::currentFigure() const
{
    if (m_weightsHidden) {
        // The tokens and legend as usual, but no pair has a weight to draw a line for.
        HeatmapData blank = m_data;
        blank.values.setZero();
        return AlignmentFigure::make(blank, figureOptions(), m_options);
    }
    return AlignmentFigure::make(m_data, figureOptions(), m_options);
}

QSize AlignmentView::sizeHint() const
{
    return { 480, 400 };
}

QSize AlignmentView::minimumSizeHint() const
{
    return { 200, 120 };
}

void AlignmentView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    if (m_data.rows() == 0 || m_data.columns() == 0)
        return;
    painter.setRenderHint(QPainter::Antialiasing);
    PainterFigureRenderer::render(currentFigure(), painter);
    if (m_dimmed)
        painter.fillRect(rect(), QColor(255, 255, 255, 150));
}

void AlignmentView::mouseMoveEvent(QMouseEvent *event)
{
    const AlignmentFigure::Layout l = AlignmentFigure::layout(m_data, figureOptions());
    const QPointF at = event->position();
    const int query = l.queryAt(at);
    setTokenFocus(query, query < 0 ? l.keyAt(at) : -1);
    QWidget::mouseMoveEvent(event);
}

void AlignmentView::leaveEvent(QEvent *event)
{
    setTokenFocus(-1, -1);
    QWidget::leaveEvent(event);
}

void AlignmentView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        update(); // the legend is translated when drawn
    QWidget::changeEvent(event);
}

} // namespace ae
