// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/figureview.h"

#include "export/painterfigurerenderer.h"

#include <QPainter>
#include <algorithm>

namespace ae {

FigureView::FigureView(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(240, 160);
}

void FigureView::setFigure(const Figure &figure)
{
    m_figure = figure;
    m_placeholder.clear();
    update();
}

void FigureView::setPlaceholder(const QString &text)
{
    m_placeholder = text;
    update();
}

void FigureView::setZoom(double zoom)
{
    m_zoom = zoom;
    update();
}

double FigureView::drawScale() const
{
    if (m_figure.size.isEmpty())
        return 0.0;
    // Fit the whole figure, never enlarged past twice its size (or the zoom, when larger).
    return std::min({ width() / m_figure.size.width(), height() / m_figure.size.height(),
        std::max(2.0, m_zoom) });
}

QSize FigureView::sizeHint() const
{
    return { 1000, 420 };
}

void FigureView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    if (!m_placeholder.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(
            rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    if (m_figure.size.isEmpty())
        return;
    const double scale = drawScale();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.translate((width() - m_figure.size.width() * scale) / 2.0,
        (height() - m_figure.size.height() * scale) / 2.0);
    painter.scale(scale, scale);
    PainterFigureRenderer::render(m_figure, painter);
}

} // namespace ae
