// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapplot.h"

#include "heatmap/heatmapaccessible.h"
#include "heatmap/heatmapcellinfo.h"
#include "heatmap/heatmapcelllayer.h"
#include "heatmap/heatmapcursor.h"
#include "heatmap/heatmaphiddennote.h"
#include "heatmap/heatmapticklayout.h"
#include "heatmap/stackedlabels.h"
#include "plots/fittedtextelement.h"
#include "plots/matrixplotadapter.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// Longest token label, in characters, before it is cut with an ellipsis.
constexpr int maxLabelChars = MatrixPlotAdapter::maxLabelChars;
const QString cellsLayer = QStringLiteral("cells");

} // namespace

HeatmapPlot::HeatmapPlot(QWidget *parent)
    : QCustomPlot(parent)
{
    HeatmapAccessible::install(this);
    setFocusPolicy(Qt::StrongFocus);
    setBackground(Qt::white);
    setMinimumSize(120, 120);

    addLayer(cellsLayer, layer(QStringLiteral("main")), QCustomPlot::limAbove);

    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title = new FittedTextElement(this));

    m_map = new QCPColorMap(xAxis, yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setGradient(MatrixPlotAdapter::gradient(m_colorMap));

    m_marginGroup = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, m_marginGroup);

    m_cells = new HeatmapCellLayer(axisRect(), cellsLayer, &m_data);

    m_hiddenNote = new HeatmapHiddenNote(this);

    for (QCPAxis *axis : { xAxis, yAxis }) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 4);
        axis->setPadding(4);
    }
    xAxis2->setVisible(false);
    yAxis2->setVisible(false);
    // Row 0 (the first query) at the top, as in a matrix.
    yAxis->setRangeReversed(true);

    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        m_replotWanted = false; // whoever asked for this replot, it draws every change
        writeCells();
        updateTickLayout();
    });
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        // The margins may have changed the cell size: lay the labels out again if needed.
        const bool labels = updateTickLayout();
        const bool ticks = fitColorScaleTicks();
        if (labels || ticks)
            replot(QCustomPlot::rpQueuedReplot);
    });

    applyStyle();
    dataChanged(true);
}

double HeatmapPlot::fontScale() const
{
    return (m_presentation ? 1.6 : 1.0) * m_zoom;
}

void HeatmapPlot::applyStyle()
{
    const double s = fontScale();
    const double base = m_compact ? 8.0 : 10.0;
    m_title->setFont(MatrixPlotAdapter::plotFont(base * s + 1, true));
    m_title->setText(m_compact && !m_data.shortTitle.isEmpty() ? m_data.shortTitle : m_data.title);
    for (QCPAxis *axis : { xAxis, yAxis }) {
        axis->setTickLabelFont(MatrixPlotAdapter::plotFont(base * s));
        axis->setLabelFont(MatrixPlotAdapter::plotFont(base * s));
        axis->setTickLabels(!m_compact);
        axis->setTicks(!m_compact);
    }
    xAxis->setLabel(m_compact ? QString() : m_data.columnAxisTitle);
    yAxis->setLabel(m_compact ? QString() : m_data.rowAxisTitle);
    m_cells->setValueFont(MatrixPlotAdapter::plotFont((m_compact ? 7.0 : 9.0) * s));
    m_hiddenNote->restyle(m_compact, (m_compact ? 14.0 : 11.0) * s);

    if (m_compact && m_scale) {
        plotLayout()->remove(m_scale);
        plotLayout()->simplify();
        m_scale = nullptr;
    } else if (!m_compact && !m_scale) {
        m_scale = new QCPColorScale(this);
        plotLayout()->addElement(1, 1, m_scale);
        m_scale->setType(QCPAxis::atRight);
        m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, m_marginGroup);
        m_scale->setLabel(tr("attention weight"));
        m_scale->setRangeDrag(false);
        m_scale->setRangeZoom(false);
        // Linking copies the scale's range and gradient onto the map: keep the map's.
        const QCPRange range = m_map->dataRange();
        const QCPColorGradient gradient = m_map->gradient();
        m_map->setColorScale(m_scale);
        m_scale->setGradient(gradient);
        m_scale->setDataRange(range);
        m_scale->setVisible(!m_weightsHidden);
    }
    if (m_scale) {
        m_scale->setBarWidth(m_presentation ? 22 : 14);
        m_scale->axis()->setTickLabelFont(MatrixPlotAdapter::plotFont(base * s));
        m_scale->axis()->setLabelFont(MatrixPlotAdapter::plotFont(base * s));
        m_scale->axis()->setLabel(!m_data.valueName.isEmpty() ? m_data.valueName
                : m_data.imported                             ? tr("weight")
                                                              : tr("attention weight"));
    }
    const int margin = m_compact ? 2 : 6;
    plotLayout()->setMargins(QMargins(margin, margin, margin, margin));
    setCursor(m_compact ? Qt::PointingHandCursor : Qt::ArrowCursor);
    styleMarkers();
    m_rowStep = m_columnStep = 0;
}

bool HeatmapPlot::fitColorScaleTicks()
{
    if (!m_scale || !m_scale->axis()->axisRect())
        return false;
    const int height = m_scale->axis()->axisRect()->height();
    const int line = QFontMetrics(m_scale->axis()->tickLabelFont()).height();
    const int count = std::clamp(height / std::max(1, 2 * line), 1, 5);
    if (m_scale->axis()->ticker()->tickCount() == count)
        return false;
    m_scale->axis()->ticker()->setTickCount(count);
    return true;
}

void HeatmapPlot::setData(const HeatmapData &data)
{
    const bool relabel = !sameLabels(m_data, data);
    const bool redraw = relabel || !samePicture(m_data, data);
    m_data = data;
    if (redraw)
        dataChanged(relabel);
}

void HeatmapPlot::setData(HeatmapData &&data)
{
    const bool relabel = !sameLabels(m_data, data);
    const bool redraw = relabel || !samePicture(m_data, data);
    m_data = std::move(data);
    if (redraw)
        dataChanged(relabel);
}

void HeatmapPlot::swapData(HeatmapData &data)
{
    const bool relabel = !sameLabels(m_data, data);
    const bool redraw = relabel || !samePicture(m_data, data);
    std::swap(m_data, data);
    if (redraw)
        dataChanged(relabel);
}

bool HeatmapPlot::samePicture(const HeatmapData &a, const HeatmapData &b)
{
    // Exact comparisons: the first differing weight ends them, so a real edit costs little.
    return a.minimum == b.minimum && a.maximum == b.maximum && a.valueName == b.valueName
        && a.visible.rows() == b.visible.rows() && a.visible.cols() == b.visible.cols()
        && a.visible == b.visible && a.values.rows() == b.values.rows()
        && a.values.cols() == b.values.cols() && a.values == b.values;
}

bool HeatmapPlot::sameLabels(const HeatmapData &a, const HeatmapData &b)
{
    return a.rows() == b.rows() && a.columns() == b.columns() && a.title == b.title
        && a.shortTitle == b.shortTitle && a.rowAxisTitle == b.rowAxisTitle
        && a.columnAxisTitle == b.columnAxisTitle && a.imported == b.imported
        && a.rowLabels == b.rowLabels && a.columnLabels == b.columnLabels;
}

void HeatmapPlot::dataChanged(bool relabel)
{
    // The colour map's cells are written when the map is drawn (or inspected): a small
    // multiple scrolled out of view skips them.
    m_cellsStale = true;
    if (!isOffScreen())
        writeCells();
    m_cells->dataChanged();
    xAxis->setRange(-0.5, std::max(1, m_data.columns()) - 0.5);
    yAxis->setRange(-0.5, std::max(1, m_data.rows()) - 0.5);
    m_hiddenNote->place(m_data.rows(), m_marked);
    // A new value under the same labels (every keystroke) keeps fonts, tickers and layout:
    // restyling would lay every tick label out again.
    if (relabel) {
        applyStyle();
        if (m_cursor.x() >= 0) {
            if (m_data.rows() == 0 || m_data.columns() == 0)
                m_cursor = QPoint(-1, -1);
            else
                m_cursor = QPoint(std::min(m_cursor.x(), m_data.columns() - 1),
                    std::min(m_cursor.y(), m_data.rows() - 1));
        }
        HeatmapAccessible::shapeChanged(this);
    }
    requestReplot();
}

void HeatmapPlot::writeCells() const
{
    if (!m_cellsStale)
        return;
    m_cellsStale = false;
    MatrixPlotAdapter::setHeatmap(m_map, m_data);
    // New data shows the map again; hidden weights stay hidden whatever arrives.
    if (m_weightsHidden)
        m_map->setVisible(false);
    if (m_scale)
        m_scale->setDataRange(m_map->dataRange());
}

QCPColorMap *HeatmapPlot::colorMapPlottable() const
{
    writeCells();
    return m_map;
}

void HeatmapPlot::requestReplot()
{
    m_replotWanted = true;
    if (m_replotPosted)
        return;
    m_replotPosted = true;
    // Queued like QCustomPlot's own rpQueuedReplot, so that several changes make one replot.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_replotPosted = false;
            if (m_replotWanted && !isOffScreen())
                replot();
        },
        Qt::QueuedConnection);
}

bool HeatmapPlot::isOffScreen() const
{
    // A small multiple scrolled out of its area, or a plot hidden in a window on screen (the
    // large map behind the lines view): replotted when it is painted again. A plot in no
    // window on screen (a test's, an export's) replots at once, as before.
    if (isVisible())
        return visibleRegion().isEmpty();
    return window()->isVisible();
}

void HeatmapPlot::setColorMap(ColorMapKind kind)
{
    m_colorMap = kind;
    m_map->setGradient(MatrixPlotAdapter::gradient(kind));
    m_cells->setColorMap(kind);
    styleMarkers();
    requestReplot();
}

void HeatmapPlot::setWeightsHidden(bool hidden)
{
    if (hidden == m_weightsHidden)
        return;
    m_weightsHidden = hidden;
    // The cells' colours and the layer with the values and marks are simply not drawn.
    m_map->setVisible(!hidden);
    m_cells->setVisible(!hidden);
    if (m_scale)
        m_scale->setVisible(!hidden);
    m_hiddenNote->setVisible(hidden);
    requestReplot();
}

void HeatmapPlot::setMarkedCells(const QList<QPoint> &cells)
{
    for (QCPItemRect *item : std::as_const(m_markItems))
        removeItem(item);
    m_markItems.clear();
    m_marked = cells;
    for (const QPoint &cell : cells) {
        // In plot coordinates, so that the outline follows the cell through every relayout.
        auto *item = new QCPItemRect(this);
        item->setLayer(QStringLiteral("overlay"));
        item->topLeft->setCoords(cell.x() - 0.5, cell.y() - 0.5);
        item->bottomRight->setCoords(cell.x() + 0.5, cell.y() + 0.5);
        item->setPen(QPen(QColor(230, 120, 0), 4));
        item->setBrush(Qt::NoBrush);
        item->setSelectable(false);
        m_markItems.append(item);
    }
    m_hiddenNote->place(m_data.rows(), m_marked);
    requestReplot();
}

QRectF HeatmapPlot::hiddenNoteRect() const
{
    return m_hiddenNote->drawnRect();
}

void HeatmapPlot::setShowValues(bool on)
{
    m_showValues = on;
    m_cells->setShowValues(on);
    requestReplot();
}

void HeatmapPlot::setCompact(bool on)
{
    if (m_compact == on)
        return;
    m_compact = on;
    applyStyle();
    requestReplot();
}

void HeatmapPlot::setPresentationMode(bool on)
{
    if (m_presentation == on)
        return;
    m_presentation = on;
    applyStyle();
    requestReplot();
}

void HeatmapPlot::setZoom(double zoom)
{
    if (std::abs(zoom - m_zoom) < 1e-9 || zoom <= 0.0)
        return;
    m_zoom = zoom;
    applyStyle();
    requestReplot();
}

void HeatmapPlot::setDimmed(bool on)
{
    if (m_dimmed == on)
        return;
    m_dimmed = on;
    update();
}

void HeatmapPlot::setCursorCell(int row, int column)
{
    if (m_data.rows() == 0 || m_data.columns() == 0)
        return;
    const QPoint cell(
        std::clamp(column, 0, m_data.columns() - 1), std::clamp(row, 0, m_data.rows() - 1));
    if (cell == m_cursor)
        return;
    m_cursor = cell;
    update();
    HeatmapAccessible::announceCell(this, m_cursor.y(), m_cursor.x());
}

void HeatmapPlot::setHighlighted(bool on)
{
    if (m_highlighted == on)
        return;
    m_highlighted = on;
    update();
}

QList<QPoint> HeatmapPlot::alignmentCells() const
{
    return m_cells->alignmentCells();
}

QPen HeatmapPlot::alignmentPen() const
{
    return m_cells->alignmentPen();
}

void HeatmapPlot::styleMarkers()
{
    const double width = (m_compact ? 1.5 : 2.5) * (m_presentation ? 1.5 : 1.0);
    m_cells->setAlignmentPen(
        QPen(ColorMap::accent(m_colorMap), width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
}

bool HeatmapPlot::updateTickLayout()
{
    if (m_compact || m_data.rows() == 0 || m_data.columns() == 0) {
        const bool changed = m_rowStep != 1 || m_columnStep != 1 || m_stackColumns;
        if (changed) {
            xAxis->setTicker(MatrixPlotAdapter::labelTicker(m_data.columnLabels, 1, maxLabelChars));
            yAxis->setTicker(MatrixPlotAdapter::labelTicker(m_data.rowLabels, 1, maxLabelChars));
        }
        m_rowStep = m_columnStep = 1;
        m_stackColumns = false; // the tickers above hold the tokens as typed
        return changed;
    }
    const HeatmapTickLayout layout
        = HeatmapTickLayout::fit(m_data, axisRect()->rect(), xAxis->tickLabelFont(), maxLabelChars);
    const int rowStep = layout.rowStep;
    const int columnStep = layout.columnStep;
    const bool rotate = layout.rotateColumns;
    if (rowStep == m_rowStep && columnStep == m_columnStep && rotate == m_rotateColumns
        && layout.stackColumns == m_stackColumns && layout.rowTitle == yAxis->label())
        return false;
    yAxis->setLabel(layout.rowTitle); // a short axis breaks a long title in two
    m_rowStep = rowStep;
    m_columnStep = columnStep;
    m_rotateColumns = rotate;
    m_stackColumns = layout.stackColumns;
    auto columnTicker
        = MatrixPlotAdapter::labelTicker(m_data.columnLabels, columnStep, maxLabelChars);
    if (layout.stackColumns) {
        QMap<double, QString> ticks = columnTicker->ticks();
        for (QString &label : ticks)
            label = stackedLabel(label);
        columnTicker->setTicks(ticks);
    }
    xAxis->setTicker(columnTicker);
    yAxis->setTicker(MatrixPlotAdapter::labelTicker(m_data.rowLabels, rowStep, maxLabelChars));
    xAxis->setTickLabelRotation(rotate ? -90 : 0);
    return true;
}

int HeatmapPlot::valueDecimals() const
{
    return m_cells->valueDecimals();
}

QString HeatmapPlot::hiddenNote() const
{
    return m_weightsHidden ? m_hiddenNote->text() : QString();
}

QString HeatmapPlot::cellText(int row, int column) const
{
    return m_weightsHidden ? QString() : m_cells->cellText(row, column);
}

QString HeatmapPlot::cellToolTip(int row, int column) const
{
    if (m_weightsHidden)
        return QString();
    QString tip = HeatmapCellInfo::toolTip(m_data, row, column, m_toolTipDecimals);
    if (m_compact && tip.endsWith(QLatin1String("</qt>"))) {
        tip.insert(tip.size() - 5,
            QStringLiteral("<p><i>%1</i></p>")
                .arg(tr("Click to show this map large, with how each weight was computed.")));
    }
    return tip;
}

QRectF HeatmapPlot::cellRect(int row, int column) const
{
    return m_cells->cellRect(row, column);
}

QPoint HeatmapPlot::cellAt(const QPoint &pos) const
{
    return m_cells->cellAt(pos);
}

QMap<double, QString> HeatmapPlot::rowTickLabels() const
{
    const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(yAxis->ticker());
    return ticker ? ticker->ticks() : QMap<double, QString>();
}

QMap<double, QString> HeatmapPlot::columnTickLabels() const
{
    const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(xAxis->ticker());
    QMap<double, QString> ticks = ticker ? ticker->ticks() : QMap<double, QString>();
    // The tokens as typed, whether or not they are drawn stacked.
    if (m_stackColumns) {
        for (QString &label : ticks)
            label.remove(QLatin1Char('\n'));
    }
    return ticks;
}

QSize HeatmapPlot::minimumSizeHint() const
{
    return QSize(120, 120);
}

bool HeatmapPlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() < 0 || m_weightsHidden) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), cellToolTip(cell.y(), cell.x()), this,
                cellRect(cell.y(), cell.x()).toAlignedRect());
        }
        return true;
    }
    return QCustomPlot::event(event);
}

void HeatmapPlot::mousePressEvent(QMouseEvent *event)
{
    m_pressed = event->button() == Qt::LeftButton;
    m_pressPos = event->pos();
    QCustomPlot::mousePressEvent(event);
}

void HeatmapPlot::mouseReleaseEvent(QMouseEvent *event)
{
    QCustomPlot::mouseReleaseEvent(event);
    const bool click = m_pressed && event->button() == Qt::LeftButton
        && (event->pos() - m_pressPos).manhattanLength() <= QApplication::startDragDistance();
    m_pressed = false;
    if (!click)
        return;
    const QPoint cell = cellAt(event->pos());
    if (cell.x() >= 0 && cell.y() >= 0)
        setCursorCell(cell.y(), cell.x());
    emit clicked();
    if (cell.x() >= 0 && cell.y() >= 0)
        emit cellClicked(cell.y(), cell.x());
}

void HeatmapPlot::keyPressEvent(QKeyEvent *event)
{
    const int key = event->key();
    if ((key == Qt::Key_Return || key == Qt::Key_Enter) && m_data.rows() > 0
        && m_data.columns() > 0) {
        // Opens the cell as a click does.
        setCursorCell(std::max(0, m_cursor.y()), std::max(0, m_cursor.x()));
        emit clicked();
        emit cellClicked(m_cursor.y(), m_cursor.x());
        event->accept();
        return;
    }
    const std::optional<QPoint> to
        = HeatmapCursor::moved(m_cursor, key, event->modifiers(), m_data.rows(), m_data.columns());
    if (!to) {
        QCustomPlot::keyPressEvent(event);
        return;
    }
    setCursorCell(to->y(), to->x());
    event->accept();
}

void HeatmapPlot::focusInEvent(QFocusEvent *event)
{
    QCustomPlot::focusInEvent(event);
    if (m_cursor.x() < 0)
        setCursorCell(0, 0);
    else
        HeatmapAccessible::announceCell(this, m_cursor.y(), m_cursor.x());
    update();
}

void HeatmapPlot::focusOutEvent(QFocusEvent *event)
{
    QCustomPlot::focusOutEvent(event);
    update();
}

void HeatmapPlot::paintEvent(QPaintEvent *event)
{
    // Shown on a screen of another scale than the buffers were made for: redraw them first.
    // Also when a change arrived while the plot was off screen.
    if (MatrixPlotAdapter::matchScreenPixels(this) || m_replotWanted)
        replot(QCustomPlot::rpQueuedRefresh);
    QCustomPlot::paintEvent(event);
    QPainter painter(this);
    if (m_dimmed)
        painter.fillRect(rect(), QColor(255, 255, 255, 150));
    if (m_highlighted) {
        const int width = m_presentation ? 4 : 3;
        painter.setPen(QPen(ColorMap::accent(m_colorMap), width));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(
            QRectF(rect()).adjusted(width / 2.0, width / 2.0, -width / 2.0, -width / 2.0));
    }
    if (hasFocus() && m_cursor.x() >= 0)
        HeatmapCursor::drawRing(painter, cellRect(m_cursor.y(), m_cursor.x()));
}

} // namespace ae
