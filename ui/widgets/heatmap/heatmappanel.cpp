// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmappanel.h"

#include "compare/alignmentview.h"
#include "document/document.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapplot.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

/// The threshold slider's right end, in hundredths of a weight.
constexpr int sliderHundredths = 50;

} // namespace

HeatmapPanel::HeatmapPanel(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("heatmapPanel"));

    m_displayCombo = new QComboBox(this);
    m_displayCombo->setObjectName(QStringLiteral("displayCombo"));
    m_displayCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_displayCombo->addItem(QString(), int(Display::Heatmap));
    m_displayCombo->addItem(QString(), int(Display::Lines));
    m_thresholdLabel = new QLabel(this);
    // The slider covers the thresholds worth dragging through (0 to 0.5 in hundredths, a few
    // pixels each); the spin box types any threshold up to 1.
    m_thresholdSlider = new QSlider(Qt::Horizontal, this);
    m_thresholdSlider->setObjectName(QStringLiteral("thresholdSlider"));
    m_thresholdSlider->setRange(0, sliderHundredths);
    m_thresholdSlider->setPageStep(5);
    m_thresholdSlider->setValue(5);
    m_thresholdSlider->setMinimumWidth(150);
    m_thresholdSlider->setMaximumWidth(260);
    m_thresholdSpin = new QDoubleSpinBox(this);
    m_thresholdSpin->setObjectName(QStringLiteral("thresholdSpin"));
    m_thresholdSpin->setRange(0.0, 1.0);
    m_thresholdSpin->setDecimals(2);
    m_thresholdSpin->setSingleStep(0.01);
    m_thresholdSpin->setValue(0.05);
    m_thresholdLabel->setBuddy(m_thresholdSpin);
    m_colorMapLabel = new QLabel(this);
    m_colorMapCombo = new QComboBox(this);
    m_colorMapCombo->setObjectName(QStringLiteral("colorMapCombo"));
    // The maps' short names keep the header within a projector's width, whole in both
    // languages; what each map is for is in the item's tooltip (and in View > Colour map).
    m_colorMapCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (ColorMapKind kind : ColorMap::all())
        m_colorMapCombo->addItem(ColorMap::shortName(kind), ColorMap::key(kind));
    m_colorMapLabel->setBuddy(m_colorMapCombo);
    m_valuesCheck = new QCheckBox(this);
    m_valuesCheck->setObjectName(QStringLiteral("showValuesCheck"));
    m_valuesCheck->setChecked(true);
    m_stretchCheck = new QCheckBox(this);
    m_stretchCheck->setObjectName(QStringLiteral("stretchColorsCheck"));
    m_keyLabel = new QLabel(this);
    m_keyLabel->setObjectName(QStringLiteral("heatmapKeyLabel"));
    m_keyLabel->setTextFormat(Qt::RichText);
    m_keyLabel->setWordWrap(true);
    m_keyLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto *header = new QHBoxLayout;
    m_header = header;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_displayCombo);
    header->addWidget(m_thresholdLabel);
    header->addWidget(m_thresholdSlider);
    header->addWidget(m_thresholdSpin);
    header->addWidget(m_colorMapLabel);
    header->addWidget(m_colorMapCombo);
    header->addSpacing(12);
    header->addWidget(m_valuesCheck);
    header->addWidget(m_stretchCheck);
    header->addStretch(1);

    m_large = new HeatmapPlot(this);
    m_large->setObjectName(QStringLiteral("largeHeatmap"));
    connect(m_large, &HeatmapPlot::cellClicked, this,
        [this](int row, int column) { emit cellClicked(m_selectedView, row, column); });
    m_emptyLabel = new QLabel(this);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setWordWrap(true);
    m_largeStack = new QStackedWidget(this);
    m_largeStack->addWidget(m_large);
    m_largeStack->addWidget(m_emptyLabel);
    m_alignment = new AlignmentView(this);
    m_largeStack->addWidget(m_alignment);

    m_tileHost = new QWidget;
    m_tileGrid = new QGridLayout(m_tileHost);
    m_tileGrid->setSpacing(tileGap);
    m_tileGrid->setContentsMargins(tileGap, tileGap, tileGap, tileGap);
    m_tileGrid->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_tileArea = new QScrollArea(this);
    m_tileArea->setObjectName(QStringLiteral("smallMultiplesArea"));
    m_tileArea->setWidget(m_tileHost);
    m_tileArea->setWidgetResizable(true);
    m_tileArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The maps in it take the focus themselves: the area would be a stop Tab makes unseen.
    m_tileArea->setFocusPolicy(Qt::NoFocus);
    m_tileArea->viewport()->installEventFilter(this);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_largeStack);
    m_splitter->addWidget(m_tileArea);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSizedSplitter = true; });

    keepLargeViewReadable();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    m_headerSecond = new QHBoxLayout;
    m_headerSecond->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_headerSecond);
    layout->addWidget(m_keyLabel);
    layout->addWidget(m_splitter, 1);

    connect(m_colorMapCombo, &QComboBox::activated, this, [this](int index) {
        if (const auto kind = ColorMap::fromKey(m_colorMapCombo->itemData(index).toString()))
            setColorMap(*kind);
    });
    connect(m_displayCombo, &QComboBox::activated, this,
        [this](int index) { setDisplay(Display(m_displayCombo->itemData(index).toInt())); });
    connect(m_thresholdSlider, &QSlider::valueChanged, this, [this](int hundredths) {
        // A spin box value past the slider's end keeps the slider pinned there.
        if (hundredths < sliderHundredths || m_thresholdSpin->value() < hundredths / 100.0)
            m_thresholdSpin->setValue(hundredths / 100.0);
    });
    connect(m_thresholdSpin, &QDoubleSpinBox::valueChanged, this, [this](double threshold) {
        m_alignment->setThreshold(threshold);
        const QSignalBlocker blocker(m_thresholdSlider);
        m_thresholdSlider->setValue(
            int(std::lround(std::min(threshold, sliderHundredths / 100.0) * 100.0)));
    });
    connect(m_valuesCheck, &QCheckBox::toggled, this, &HeatmapPanel::setShowValues);
    connect(m_stretchCheck, &QCheckBox::toggled, this, &HeatmapPanel::setStretchColors);
    connect(m_document, &Document::resultChanged, this, &HeatmapPanel::refresh);
    connect(m_document, &Document::errorChanged, this, &HeatmapPanel::updateStale);
    connect(m_document, &Document::sessionChanged, this, &HeatmapPanel::updateStale);
    connect(m_document, &Document::weightsHiddenChanged, this, &HeatmapPanel::updateWeightsHidden);
    connect(m_document, &Document::labelsHiddenChanged, this, &HeatmapPanel::rebuildViews);

    m_alignment->setThreshold(alignmentThreshold());
    retranslate();
    refresh();
    setDisplay(Display::Heatmap);
}

void HeatmapPanel::setDisplay(Display display)
{
    const bool changed = display != m_display;
    m_display = display;
    m_displayCombo->setCurrentIndex(m_displayCombo->findData(int(display)));
    const bool lines = display == Display::Lines;
    // Values in cells mean nothing to lines; the threshold means nothing to cells.
    m_valuesCheck->setVisible(!lines);
    m_keyLabel->setVisible(!lines); // the key explains cells
    for (QWidget *w : { static_cast<QWidget *>(m_thresholdLabel),
             static_cast<QWidget *>(m_thresholdSlider), static_cast<QWidget *>(m_thresholdSpin) })
        w->setVisible(lines);
    if (m_largeStack->currentWidget() != m_emptyLabel)
        m_largeStack->setCurrentWidget(lines ? static_cast<QWidget *>(m_alignment) : m_large);
    if (changed)
        emit displayChanged(display);
}

double HeatmapPanel::alignmentThreshold() const
{
    return m_thresholdSpin->value();
}

void HeatmapPanel::setAlignmentThreshold(double threshold)
{
    m_thresholdSpin->setValue(std::clamp(threshold, 0.0, 1.0));
}

bool HeatmapPanel::smallMultiplesShown() const
{
    return !m_tiles.isEmpty() && !m_tileArea->isHidden();
}

void HeatmapPanel::setSelectedView(int view)
{
    const int heads = m_document->hasResult() ? static_cast<int>(m_document->result().heads.size())
                                              : std::numeric_limits<int>::max();
    if (view < -1 || view >= heads)
        view = -1;
    if (view == m_selectedView)
        return;
    m_selectedView = view;
    showSelected();
    emit selectedViewChanged(view);
}

void HeatmapPanel::setColorMap(ColorMapKind kind)
{
    const int index = m_colorMapCombo->findData(ColorMap::key(kind));
    if (index >= 0)
        m_colorMapCombo->setCurrentIndex(index);
    if (kind == m_colorMap)
        return;
    m_colorMap = kind;
    m_large->setColorMap(kind);
    m_alignment->setColorMap(kind);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setColorMap(kind);
    retranslate(); // the key shows the marker colour
    emit colorMapChanged(kind);
}

void HeatmapPanel::setPresentationMode(bool on)
{
    if (m_presentation == on)
        return;
    m_presentation = on;
    m_large->setPresentationMode(on);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setPresentationMode(on);
    m_tileColumns = 0; // the minimum tile size changed
    layoutTiles();
}

void HeatmapPanel::setZoom(double zoom)
{
    m_zoom = zoom;
    m_large->setZoom(zoom);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setZoom(zoom);
}

void HeatmapPanel::addHeaderWidget(QWidget *widget)
{
    widget->setParent(this);
    m_header->insertWidget(0, widget);
}

void HeatmapPanel::setHeaderWrapped(bool wrapped)
{
    if (wrapped == m_headerWrapped)
        return;
    m_headerWrapped = wrapped;
    QHBoxLayout *from = wrapped ? m_header : m_headerSecond;
    QHBoxLayout *to = wrapped ? m_headerSecond : m_header;
    from->removeWidget(m_valuesCheck);
    from->removeWidget(m_stretchCheck);
    if (wrapped) {
        to->addWidget(m_valuesCheck);
        to->addWidget(m_stretchCheck);
        to->addStretch(1);
    } else {
        // The second line's stretch goes; the first line's stays last.
        while (QLayoutItem *item = m_headerSecond->takeAt(0))
            delete item;
        const int end = m_header->count() - 1;
        m_header->insertWidget(end, m_stretchCheck);
        m_header->insertWidget(end, m_valuesCheck);
    }
}

void HeatmapPanel::setShowValues(bool on)
{
    m_showValues = on;
    if (m_valuesCheck->isChecked() != on)
        m_valuesCheck->setChecked(on);
    m_large->setShowValues(on);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setShowValues(on);
}

void HeatmapPanel::setDecimals(int decimals)
{
    m_decimals = decimals;
    m_large->setToolTipDecimals(decimals);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setToolTipDecimals(decimals);
}

void HeatmapPanel::setStretchColors(bool on)
{
    if (m_stretchCheck->isChecked() != on)
        m_stretchCheck->setChecked(on);
    if (m_stretch == on)
        return;
    m_stretch = on;
    if (m_document->hasResult())
        rebuildViews();
}

void HeatmapPanel::refresh()
{
    if (!m_document->hasResult()) {
        m_largeStack->setCurrentWidget(m_emptyLabel);
        m_views.clear();
        m_largeView = HeatmapData(); // lets the old result go
        ensureTiles(0);
        m_tileArea->hide();
        return;
    }
    m_largeStack->setCurrentWidget(
        m_display == Display::Lines ? static_cast<QWidget *>(m_alignment) : m_large);
    const AttentionResult &result = m_document->result();
    const int heads = static_cast<int>(result.heads.size());
    const bool selectionLost = m_selectedView >= heads;
    if (selectionLost)
        m_selectedView = -1;

    // With one head the mean is that head: the small multiples would repeat the large map.
    ensureTiles(heads > 1 ? heads + 1 : 0);
    m_tileArea->setVisible(!m_tiles.isEmpty());
    updateOrientation();
    rebuildViews();
    updateStale();
    layoutTiles();
    if (selectionLost)
        emit selectedViewChanged(m_selectedView);
}

void HeatmapPanel::applyColorRange()
{
    HeatmapDataBuilder::applyColorRange(m_views, m_stretch);
}

void HeatmapPanel::rebuildViews()
{
    HeatmapDataBuilder::allViews(m_document->resultSession(), m_document->result(), m_views);
    if (m_document->labelsHidden()) {
        for (HeatmapData &view : m_views)
            HeatmapDataBuilder::withoutLabels(view);
    }
    applyColorRange();
    pushViews();
}

void HeatmapPanel::pushViews()
{
    for (int i = 0; i < m_tiles.size() && i < static_cast<int>(m_views.size()); ++i)
        m_tiles[i]->swapData(m_views[static_cast<size_t>(i)]);
    showSelected();
}

const HeatmapData &HeatmapPanel::view(size_t index) const
{
    return index < static_cast<size_t>(m_tiles.size()) ? m_tiles[static_cast<int>(index)]->data()
                                                       : m_views[index];
}

void HeatmapPanel::showSelected()
{
    const size_t index = static_cast<size_t>(m_selectedView + 1);
    if (index >= m_views.size() || !m_document->hasResult())
        return;
    // The small multiples hold the weights only; the large map also explains every cell,
    // with q·k and head weights shared with the result. Copied into kept storage: no
    // allocation from one edit to the next.
    m_largeView = view(index);
    HeatmapDataBuilder::shareDetails(m_largeView, m_document->sharedResult());
    m_alignment->setData(view(index));
    if (m_stepState && m_document->labelsHidden()) {
        HeatmapData state = *m_stepState; // kept whole for the reveal
        HeatmapDataBuilder::withoutLabels(state);
        m_large->setData(state);
    } else {
        m_large->setData(m_stepState ? *m_stepState : m_largeView);
    }
    for (int i = 0; i < m_tiles.size(); ++i)
        m_tiles[i]->setHighlighted(static_cast<size_t>(i) == index);
}

void HeatmapPanel::setStepState(std::optional<HeatmapData> state)
{
    if (!state && !m_stepState)
        return;
    m_stepState = std::move(state);
    showSelected();
}

void HeatmapPanel::updateStale()
{
    const bool stale = m_document->isResultStale();
    m_large->setDimmed(stale);
    m_alignment->setDimmed(stale);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setDimmed(stale);
}

void HeatmapPanel::setMarkedCells(const QList<QPoint> &cells)
{
    m_large->setMarkedCells(cells);
}

QList<QPoint> HeatmapPanel::markedCells() const
{
    return m_large->markedCells();
}

void HeatmapPanel::updateWeightsHidden()
{
    const bool hidden = m_document->weightsHidden();
    m_large->setWeightsHidden(hidden);
    m_alignment->setWeightsHidden(hidden);
    for (HeatmapPlot *tile : std::as_const(m_tiles))
        tile->setWeightsHidden(hidden);
}

bool HeatmapPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tileArea->viewport() && event->type() == QEvent::Resize)
        layoutTiles();
    return QWidget::eventFilter(watched, event);
}

void HeatmapPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateOrientation();
}

void HeatmapPanel::keepLargeViewReadable()
{
    // Title, tokens and axis titles take about six lines; the cells keep as much again, so
    // docks opened beside the heatmap (the computation view on a projector) never squeeze it
    // to a strip. Lines of the everyday font: lesson mode's larger one would make the window
    // taller than a projector's screen, and the presenter layout shares that height itself.
    m_largeStack->setMinimumHeight(12 * QFontMetrics(QApplication::font()).height());
}

void HeatmapPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The views' titles and axis titles are made in the language of the moment.
        refresh();
    } else if (event->type() == QEvent::ApplicationFontChange) {
        keepLargeViewReadable();
    }
    QWidget::changeEvent(event);
}

void HeatmapPanel::retranslate()
{
    m_tileArea->setAccessibleName(tr("Small multiples: the mean and every head"));
    m_displayCombo->setItemText(m_displayCombo->findData(int(Display::Heatmap)), tr("Heatmap"));
    m_displayCombo->setItemText(m_displayCombo->findData(int(Display::Lines)), tr("Lines"));
    m_displayCombo->setToolTip(tr("Draw the large view as a heatmap, or as lines from each query "
                                  "token to the key tokens it attends to"));
    m_thresholdLabel->setText(tr("Thresh&old:"));
    m_thresholdSlider->setToolTip(
        tr("Weights below this get no line; hover a token to see only its lines"));
    m_thresholdSpin->setToolTip(m_thresholdSlider->toolTip());
    m_colorMapLabel->setText(tr("Colo&ur map:"));
    for (int i = 0; i < m_colorMapCombo->count(); ++i) {
        if (const auto kind = ColorMap::fromKey(m_colorMapCombo->itemData(i).toString())) {
            m_colorMapCombo->setItemText(i, ColorMap::shortName(*kind));
            m_colorMapCombo->setItemData(i, ColorMap::displayName(*kind), Qt::ToolTipRole);
        }
    }
    m_colorMapCombo->setToolTip(ColorMap::displayName(m_colorMap));
    m_valuesCheck->setText(tr("Values i&n cells"));
    m_valuesCheck->setToolTip(tr("Write each weight into its cell when the cell is large enough"));
    m_stretchCheck->setText(tr("Stretch colours"));
    m_stretchCheck->setToolTip(tr("End the colour scale at the largest weight shown instead of at "
                                  "1, so that small differences between weights show"));
    const QString accent = ColorMap::accent(m_colorMap).name();
    m_keyLabel->setText(QStringLiteral("<span style=\"color:%1; font-weight:bold\">\u25a2</span> %2"
                                       "&nbsp;&nbsp; <span style=\"color:#808080\">\u25a8</span> %3"
                                       "&nbsp;&nbsp; <span style=\"color:#606060\">%4</span>")
                            .arg(accent, tr("largest weight in its row").toHtmlEscaped(),
                                tr("masked").toHtmlEscaped(),
                                tr("hover a cell to see how it was computed; click a small map to "
                                   "enlarge it")
                                    .toHtmlEscaped()));
    m_emptyLabel->setText(tr("No attention weights yet.\nGive both sequences at least one token "
                             "and valid settings; the heatmaps appear at once."));
}

} // namespace ae
