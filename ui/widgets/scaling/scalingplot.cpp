// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingplot.h"

#include "attention/softmax.h"
#include "heatmap/colormap.h"
#include "language/retranslator.h"
#include "plots/matrixplotadapter.h"
#include "scaling/scalingfigure.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// How far the x axis reaches beyond the outermost d_k, as a factor.
constexpr double xMargin = 1.6;

} // namespace

ScalingPlot::ScalingPlot(QWidget *parent)
    : SeriesPlot(parent)
{
    setMinimumSize(220, 180);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setSubTicks(false);

    m_unscaled = addGraph();
    m_scaled = addGraph();
    m_ceiling = addGraph();
    Retranslator::bind(this, [this] {
        setTitle(tr("Scaling effect on softmax sharpness"));
        xAxis->setLabel(tr("d_k (log\u2082 scale)"));
        yAxis->setLabel(tr("mean entropy (nats)"));
        m_unscaled->setName(tr("unscaled: softmax(q\u00b7k)"));
        m_scaled->setName(tr("scaled: softmax(q·k / √d_k)"));
        m_ceiling->setName(m_keys > 0 ? ceilingName(m_keys) : tr("ceiling ln(keys)"));
        if (!m_dims.empty())
            updateRanges(); // the d_k marker's label
        replot(QCustomPlot::rpQueuedReplot);
    });

    m_dkLine = new QCPItemStraightLine(this);
    m_dkLine->setObjectName(QStringLiteral("currentDkMarker"));
    m_dkLabel = new QCPItemText(this);
    m_dkLabel->setClipToAxisRect(true);
    m_dkLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_dkLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_dkLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_dkLabel->position->setCoords(0.0, 0.02);
    m_dkLabel->setPadding(QMargins(4, 2, 4, 2));
    m_dkLabel->setBrush(QColor(255, 255, 255, 220));
    m_dkLine->setVisible(false);
    m_dkLabel->setVisible(false);

    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        fitTexts();
        updateTicks();
    });
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        const bool texts = fitTexts();
        if (updateTicks() || texts)
            replot(QCustomPlot::rpQueuedReplot);
    });

    applyStyle();
    updateRanges();
}

void ScalingPlot::applyStyle()
{
    SeriesPlot::applyStyle();
    m_dkLabel->setFont(MatrixPlotAdapter::plotFont(9 * fontScale()));
    styleSeries(m_unscaled, ScalingFigure::unscaledColor(), QCPScatterStyle::ssCircle);
    styleSeries(m_scaled, ScalingFigure::scaledColor(), QCPScatterStyle::ssDisc);
    styleGuide(m_ceiling);
    const QColor accent = ColorMap::accent(ColorMapKind::Viridis);
    styleMarker(m_dkLine, accent);
    m_dkLabel->setColor(accent.darker(130));
    m_ticks.clear();
    updateLayoutForSize();
}

QString ScalingPlot::ceilingName(int keys)
{
    return tr("ceiling ln(%1) = %2").arg(keys).arg(entropyCeiling(keys), 0, 'f', 3);
}

void ScalingPlot::setResult(const EntropyExperimentResult &result, int keys)
{
    m_dims = result.dims;
    m_keys = keys;
    MatrixPlotAdapter::setCurve(m_unscaled, result.dims, result.unscaled);
    MatrixPlotAdapter::setCurve(m_scaled, result.dims, result.scaled);
    m_ceiling->setName(ceilingName(keys));
    m_ticks.clear();
    updateRanges();
    replot(QCustomPlot::rpQueuedReplot);
}

void ScalingPlot::setCurrentDk(int dK)
{
    if (dK == m_currentDk)
        return;
    m_currentDk = std::max(0, dK);
    m_ticks.clear();
    updateRanges();
    replot(QCustomPlot::rpQueuedReplot);
}

void ScalingPlot::setDimmed(bool on)
{
    if (m_dimmed == on)
        return;
    m_dimmed = on;
    update();
}

void ScalingPlot::updateRanges()
{
    std::vector<int> xs = m_dims;
    if (m_currentDk > 0)
        xs.push_back(m_currentDk);
    double lo = 1.0, hi = 1024.0;
    if (!xs.empty()) {
        lo = *std::min_element(xs.begin(), xs.end());
        hi = *std::max_element(xs.begin(), xs.end());
    }
    const QCPRange xRange(lo / xMargin, hi * xMargin);
    xAxis->setRange(xRange);

    const double ceiling = entropyCeiling(m_keys);
    if (m_keys > 0)
        m_ceiling->setData(
            QVector<double> { xRange.lower, xRange.upper }, QVector<double> { ceiling, ceiling });
    else
        m_ceiling->data()->clear();
    const double top = valueTop({ m_unscaled, m_scaled }, ceiling);
    yAxis->setRange(0.0, top > 0 ? top * 1.12 : 1.0);

    const bool marked = m_currentDk > 0;
    m_dkLine->setVisible(marked);
    m_dkLabel->setVisible(marked);
    if (marked) {
        m_dkLine->point1->setCoords(m_currentDk, 0.0);
        m_dkLine->point2->setCoords(m_currentDk, 1.0);
        m_dkLabel->setText(ScalingFigure::dkLabelText(m_currentDk, false));
        // Keep the label inside the plot when the marker is at the right end; its height is
        // placeDkLabel()'s, once the curves are laid out.
        const bool rightHalf
            = std::log(m_currentDk / xRange.lower) > 0.6 * std::log(xRange.upper / xRange.lower);
        m_dkLabel->position->setCoords(m_currentDk, m_dkLabel->position->coords().y());
        m_dkLabel->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft)
            | (m_dkLabel->positionAlignment() & Qt::AlignVertical_Mask));
    }
}

bool ScalingPlot::updateTicks()
{
    std::vector<int> dims = m_dims;
    if (m_currentDk > 0)
        dims.push_back(m_currentDk);
    std::sort(dims.begin(), dims.end());
    dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
    const QCPRange range = xAxis->range();
    const double width = axisRect()->width() > 0 ? axisRect()->width() : this->width() * 0.8;
    const double pixelsPerUnit = width / std::log(range.upper / range.lower);
    const QFontMetricsF metrics(xAxis->tickLabelFont());
    // Keep a tick only when its label clears the previous kept one.
    std::vector<int> kept;
    double lastX = 0.0, lastHalf = 0.0;
    for (int d : dims) {
        const double x = std::log(static_cast<double>(d)) * pixelsPerUnit;
        const double half = metrics.horizontalAdvance(QString::number(d)) / 2.0;
        if (!kept.empty() && x - lastX < lastHalf + half + 6.0)
            continue;
        kept.push_back(d);
        lastX = x;
        lastHalf = half;
    }
    QList<double> ticks;
    for (int d : kept)
        ticks.append(d);
    if (ticks == m_ticks && !m_ticks.isEmpty())
        return false;
    m_ticks = ticks;
    xAxis->setTicker(MatrixPlotAdapter::dimsTicker(kept));
    return true;
}

QList<double> ScalingPlot::dimTicks() const
{
    return m_ticks;
}

bool ScalingPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return SeriesPlot::event(event);
    auto *help = static_cast<QHelpEvent *>(event);
    if (isOnElidedTitle(help->pos()))
        return SeriesPlot::event(event);
    // The d_k nearest to the pointer, within a few pixels.
    int nearest = -1;
    double best = 12.0;
    for (size_t i = 0; i < m_dims.size(); ++i) {
        const double dx = std::abs(xAxis->coordToPixel(m_dims[i]) - help->pos().x());
        if (dx < best) {
            best = dx;
            nearest = static_cast<int>(i);
        }
    }
    if (nearest < 0 || !axisRect()->rect().contains(help->pos())) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const auto value = [](QCPGraph *g, int i) {
        return i < g->dataCount() ? QString::number(g->data()->at(i)->value, 'f', 4) : QString();
    };
    // The graphs hold their points sorted by d_k; find this one's index there.
    int index = 0;
    while (index < m_unscaled->dataCount()
        && m_unscaled->data()->at(index)->key < m_dims[static_cast<size_t>(nearest)])
        ++index;
    QToolTip::showText(help->globalPos(),
        tr("d_k = %1\nunscaled: %2 nats\nscaled: %3 nats\nceiling ln(%4): %5 nats")
            .arg(m_dims[static_cast<size_t>(nearest)])
            .arg(value(m_unscaled, index), value(m_scaled, index))
            .arg(m_keys)
            .arg(entropyCeiling(m_keys), 0, 'f', 4),
        this);
    return true;
}

bool ScalingPlot::fitTexts()
{
    bool changed = false;
    // The longest y axis title that fits along the axis.
    const QFontMetricsF metrics(yAxis->labelFont());
    const double room = axisRect()->height() > 0 ? axisRect()->height() : height() * 0.6;
    QString label = tr("nats");
    for (const QString &candidate : { tr("mean entropy (nats)"), tr("entropy (nats)") }) {
        if (metrics.horizontalAdvance(candidate) + 8 <= room) {
            label = candidate;
            break;
        }
    }
    if (yAxis->label() != label) {
        yAxis->setLabel(label);
        changed = true;
    }
    // The legend is one row when that fits, else it wraps.
    const auto arrangeLegend = [this](int columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    };
    int wrap = 1;
    for (int columns : { 0, 2 }) {
        arrangeLegend(columns);
        if (legend->minimumOuterSizeHint().width() <= width() - 8) {
            wrap = columns;
            break;
        }
    }
    if (wrap == 1)
        arrangeLegend(1);
    changed = changed || wrap != m_legendWrap;
    m_legendWrap = wrap;
    return placeDkLabel() || changed;
}

bool ScalingPlot::placeDkLabel()
{
    if (!m_dkLabel->visible() || axisRect()->height() <= 0)
        return false;
    const QFontMetricsF metrics(m_dkLabel->font());
    const QMargins padding = m_dkLabel->padding();
    QList<QPolygonF> curves;
    for (const QCPGraph *graph : { m_unscaled, m_scaled, m_ceiling }) {
        QPolygonF line;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
            line << QPointF(xAxis->coordToPixel(it->key), yAxis->coordToPixel(it->value));
        curves << line;
    }
    const QRect area = axisRect()->rect();
    const Qt::Alignment horizontal = m_dkLabel->positionAlignment() & Qt::AlignHorizontal_Mask;
    // The exported figure's rule: the longer text unless only the shorter one clears the
    // curves.
    QString text;
    ScalingFigure::LabelPlace place;
    for (const bool brief : { false, true }) {
        const QString candidate = ScalingFigure::dkLabelText(m_currentDk, brief);
        // Measured as the item draws it (a fallback font's Chinese glyphs included).
        const QSizeF size
            = metrics
                  .boundingRect(QRectF(), Qt::TextDontClip | m_dkLabel->textAlignment(), candidate)
                  .size()
            + QSizeF(padding.left() + padding.right(), padding.top() + padding.bottom());
        const ScalingFigure::LabelPlace found = ScalingFigure::dkLabelPlace(
            area, xAxis->coordToPixel(m_currentDk), horizontal == Qt::AlignRight, size, curves);
        if (text.isEmpty() || found.crossedPixels < place.crossedPixels) {
            text = candidate;
            place = found;
        }
    }
    const double ratio = (place.box.top() - area.top()) / area.height();
    if (std::abs(m_dkLabel->position->coords().y() - ratio) < 1e-9 && m_dkLabel->text() == text
        && (m_dkLabel->positionAlignment() & Qt::AlignTop))
        return false;
    m_dkLabel->setText(text);
    m_dkLabel->position->setCoords(m_currentDk, ratio);
    m_dkLabel->setPositionAlignment(horizontal | Qt::AlignTop);
    return true;
}

void ScalingPlot::resizeEvent(QResizeEvent *event)
{
    updateLayoutForSize();
    SeriesPlot::resizeEvent(event);
}

void ScalingPlot::updateLayoutForSize()
{
    const int shortHeight = isPresentationMode() ? 420 : 300;
    const bool isShort = height() < shortHeight;
    if (isShort == m_short)
        return;
    m_short = isShort;
    // A short plot drops its title (the dock's title says the same) to keep room for the axes.
    if (isShort) {
        plotLayout()->take(titleElement());
        plotLayout()->simplify();
    } else {
        plotLayout()->insertRow(0);
        plotLayout()->addElement(0, 0, titleElement());
    }
    titleElement()->setVisible(!isShort);
    for (int row = 0; row + 1 < plotLayout()->rowCount(); ++row)
        plotLayout()->setRowStretchFactor(row, 0.001);
    replot(QCustomPlot::rpQueuedReplot);
}

void ScalingPlot::paintEvent(QPaintEvent *event)
{
    SeriesPlot::paintEvent(event);
    if (!m_dimmed)
        return;
    QPainter painter(this);
    painter.fillRect(rect(), QColor(255, 255, 255, 150));
}

} // namespace ae
