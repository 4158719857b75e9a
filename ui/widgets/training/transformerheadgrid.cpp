// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformerheadgrid.h"

#include "document/document.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapplot.h"
#include "plots/fittedtextelement.h"
#include "training/trainingcurvesfigure.h"
#include "training/trainingrunner.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTabBar>
#include <QVBoxLayout>

namespace ae {

TransformerHeadGrid::TransformerHeadGrid(
    TrainingRunner *runner, Document *document, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_document(document)
{
    m_kinds = new QTabBar;
    m_kinds->setObjectName(QStringLiteral("transformerKinds"));
    m_kinds->setDrawBase(false);
    for (int k = 0; k < TransformerAttentionMaps::kindCount; ++k)
        m_kinds->addTab(QString());
    m_scrubber = new QSlider(Qt::Horizontal);
    m_scrubber->setObjectName(QStringLiteral("transformerScrubber"));
    m_scrubber->setRange(0, 0);
    m_stepLabel = new QLabel;
    auto *top = new QHBoxLayout;
    top->addWidget(m_kinds);
    top->addWidget(m_scrubber, 1);
    top->addWidget(m_stepLabel);

    auto *sides = new QHBoxLayout;
    for (int run = 0; run < 2; ++run) {
        auto *column = new QVBoxLayout;
        m_runLabels[size_t(run)] = new QLabel;
        m_runLabels[size_t(run)]->setAlignment(Qt::AlignHCenter);
        m_grids[size_t(run)] = new QGridLayout;
        m_grids[size_t(run)]->setSpacing(2);
        column->addWidget(m_runLabels[size_t(run)]);
        column->addLayout(m_grids[size_t(run)], 1);
        auto *open = new QHBoxLayout;
        m_layerLabels[size_t(run)] = new QLabel;
        m_layerBoxes[size_t(run)] = new QComboBox;
        m_layerBoxes[size_t(run)]->setObjectName(QStringLiteral("transformerOpenLayer%1").arg(run));
        m_layerLabels[size_t(run)]->setBuddy(m_layerBoxes[size_t(run)]);
        m_open[size_t(run)] = new QPushButton;
        m_open[size_t(run)]->setObjectName(QStringLiteral("transformerOpen%1").arg(run));
        connect(m_open[size_t(run)], &QPushButton::clicked, this,
            [this, run] { openInExplorer(run, m_layerBoxes[size_t(run)]->currentIndex()); });
        open->addStretch(1);
        open->addWidget(m_layerLabels[size_t(run)]);
        open->addWidget(m_layerBoxes[size_t(run)]);
        open->addWidget(m_open[size_t(run)]);
        open->addStretch(1);
        column->addLayout(open);
        sides->addLayout(column, 1);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // Both runs show the same sentence: its words once, above the two grids.
    m_wordLabel = new QLabel;
    m_wordLabel->setAlignment(Qt::AlignHCenter);
    m_wordLabel->setWordWrap(true);
    layout->addLayout(top);
    layout->addWidget(m_wordLabel);
    layout->addLayout(sides, 1);

    connect(m_kinds, &QTabBar::currentChanged, this, [this] {
        updateLayerChoices();
        updateMaps(false);
    });
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int value) {
        // Only steps whose weights were kept: the maps show the step the scrubber says.
        const int snapped = m_runner->commonSnapshotStep(value);
        if (snapped >= 0 && snapped != value) {
            m_scrubber->setValue(snapped);
            return;
        }
        updateMaps(false);
    });
    retranslate();
}

void TransformerHeadGrid::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TransformerHeadGrid::retranslate()
{
    m_kinds->setTabText(0, tr("Encoder self"));
    m_kinds->setTabText(1, tr("Decoder self (masked)"));
    m_kinds->setTabText(2, tr("Cross"));
    m_kinds->setTabToolTip(0,
        tr("The encoder's self-attention (X, X): each source word looks "
           "at every source word."));
    m_kinds->setTabToolTip(1,
        tr("The decoder's masked self-attention (Y, Y): each target "
           "position looks at itself and the positions before it."));
    m_kinds->setTabToolTip(2,
        tr("The decoder's cross-attention (Y, X): each target position "
           "looks at the source words."));
    m_kinds->setAccessibleName(tr("Kind of attention shown"));
    m_scrubber->setAccessibleName(tr("Training step shown"));
    m_scrubber->setToolTip(tr("Drag to see the attention at an earlier step; at the right end "
                              "the heatmaps follow the training."));
    for (int run = 0; run < 2; ++run) {
        for (QLabel *header : m_headers[size_t(run)])
            header->clear();
        m_layerLabels[size_t(run)]->setText(tr("Layer:"));
        m_layerBoxes[size_t(run)]->setAccessibleName(tr("Layer to open in the explorer"));
        m_open[size_t(run)]->setText(
            tr("Open Run %1 in Explorer")
                .arg(run == 0 ? QStringLiteral("A") : QStringLiteral("B")));
        m_open[size_t(run)]->setToolTip(
            tr("Makes this layer's attention of the kind shown, for the sentence shown at the "
               "step shown, the main window's session, so that the computation view walks the "
               "trained layer (Edit ▸ Undo brings the previous session back). Clicking a "
               "heatmap chooses its layer."));
    }
    rebuild(m_layers, m_heads);
    updateLayerChoices();
    updateMaps(true);
}

TransformerAttentionKind TransformerHeadGrid::kind() const
{
    return TransformerAttentionKind(std::max(0, m_kinds->currentIndex()));
}

void TransformerHeadGrid::setKind(TransformerAttentionKind kind)
{
    m_kinds->setCurrentIndex(int(kind));
}

HeatmapPlot *TransformerHeadGrid::plot(int run, int layer, int head) const
{
    if (run < 0 || run > 1 || layer < 0 || layer >= m_layers || head < 0 || head >= m_heads)
        return nullptr;
    return m_plots[size_t(run)][size_t(layer * m_heads + head)];
}

void TransformerHeadGrid::rebuild(int layers, int heads)
{
    const bool same = layers == m_layers && heads == m_heads;
    for (int run = 0; run < 2; ++run) {
        QGridLayout *grid = m_grids[size_t(run)];
        auto &plots = m_plots[size_t(run)];
        auto &headers = m_headers[size_t(run)];
        if (!same) {
            for (HeatmapPlot *p : plots)
                delete p;
            for (QLabel *l : headers)
                delete l;
            plots.clear();
            headers.clear();
            for (int h = 0; h < heads; ++h) {
                auto *label = new QLabel;
                label->setAlignment(Qt::AlignHCenter);
                grid->addWidget(label, 0, h + 1);
                grid->setColumnStretch(h + 1, 1);
                headers.push_back(label);
            }
            for (int l = 0; l < layers; ++l) {
                auto *label = new QLabel;
                grid->addWidget(label, l + 1, 0);
                grid->setRowStretch(l + 1, 1);
                headers.push_back(label);
                for (int h = 0; h < heads; ++h) {
                    auto *p = new HeatmapPlot;
                    p->setCompact(true);
                    // Small enough for 2 x 4 heads per run side by side at 1024 x 768.
                    p->setMinimumSize(48, 48);
                    // The grid's headers name the layer and head: the map takes the title's
                    // room (its title stays the tile's accessible name).
                    p->titleElement()->setVisible(false);
                    p->setObjectName(
                        QStringLiteral("transformerHead%1_%2_%3").arg(run).arg(l).arg(h));
                    // A click (or Enter) on a tile chooses its layer for Open in Explorer.
                    connect(p, &HeatmapPlot::clicked, this, [this, run, l] {
                        QComboBox *box = m_layerBoxes[size_t(run)];
                        if (l < box->count())
                            box->setCurrentIndex(l);
                    });
                    grid->addWidget(p, l + 1, h + 1);
                    plots.push_back(p);
                }
            }
        }
        for (int h = 0; h < heads; ++h)
            headers[size_t(h)]->setText(tr("head %1").arg(h + 1));
        for (int l = 0; l < layers; ++l)
            headers[size_t(heads + l)]->setText(tr("layer %1").arg(l + 1));
    }
    m_layers = layers;
    m_heads = heads;
}

int TransformerHeadGrid::shownStep() const
{
    return m_scrubber->value();
}

void TransformerHeadGrid::updateLayerChoices()
{
    const bool have
        = m_runner->state() != TrainingRunner::State::Empty && m_runner->isTransformer();
    const TransformerSpec spec = m_runner->transformerSpec(0);
    const int layers = !have                              ? 0
        : kind() == TransformerAttentionKind::EncoderSelf ? spec.encoderLayers
                                                          : spec.decoderLayers;
    for (int run = 0; run < 2; ++run) {
        QComboBox *box = m_layerBoxes[size_t(run)];
        const QSignalBlocker blocker(box);
        const int chosen = std::max(0, box->currentIndex());
        box->clear();
        for (int l = 0; l < layers; ++l)
            box->addItem(tr("layer %1").arg(l + 1));
        box->setCurrentIndex(std::min(chosen, layers - 1));
        box->setEnabled(layers > 0);
        m_open[size_t(run)]->setEnabled(layers > 0);
    }
}

bool TransformerHeadGrid::openInExplorer(int run, int layer)
{
    if (run < 0 || run > 1 || m_runner->state() == TrainingRunner::State::Empty
        || !m_runner->isTransformer())
        return false;
    const TransformerAttentionKind k = kind();
    const TransformerSpec spec = m_runner->transformerSpec(run);
    const int layers
        = k == TransformerAttentionKind::EncoderSelf ? spec.encoderLayers : spec.decoderLayers;
    const auto &[source, target] = m_runner->sentence();
    const int step = m_scrubber->value();
    const auto params = m_runner->transformerParametersAt(run, step);
    if (layer < 0 || layer >= layers || !params || source.empty() || target.empty())
        return false;
    QStringList sourceWords, targetWords;
    for (int id : source)
        sourceWords << spec.sourceVocab.value(id);
    for (int id : target)
        targetWords << spec.targetVocab.value(id);
    const QString kindText = k == TransformerAttentionKind::EncoderSelf
        ? tr("encoder self-attention")
        : k == TransformerAttentionKind::DecoderSelf ? tr("masked decoder self-attention")
                                                     : tr("cross-attention");
    const QString title
        = tr("Trained %1, step %2, layer %3, %4: %5 → %6")
              .arg(TrainingCurvesFigure::runName(run, m_runner->configs()[size_t(run)].scale))
              .arg(m_runner->snapshotStepAt(run, step))
              .arg(layer + 1)
              .arg(
                  kindText, sourceWords.join(QLatin1Char(' ')), targetWords.join(QLatin1Char(' ')));
    const Session session = transformerLayerSession(spec, *params, source, target, layer, k, title);
    m_document->applyEdit([] { return tr("Open Trained Layer"); }, session);
    return true;
}

void TransformerHeadGrid::runsStarted()
{
    const bool transformer
        = m_runner->state() != TrainingRunner::State::Empty && m_runner->isTransformer();
    const TransformerSpec spec = m_runner->transformerSpec(0);
    rebuild(transformer ? std::max(spec.encoderLayers, spec.decoderLayers) : 0,
        transformer ? spec.heads : 0);
    {
        const QSignalBlocker blocker(m_scrubber);
        m_scrubber->setRange(0, 0);
        m_scrubber->setValue(0);
    }
    m_shownSnapshot = { -1, -1 };
    updateLayerChoices();
    runsProgressed();
    updateMaps(true);
}

void TransformerHeadGrid::runsProgressed()
{
    if (m_runner->state() == TrainingRunner::State::Empty || !m_runner->isTransformer())
        return;
    const bool following = m_scrubber->value() >= m_scrubber->maximum();
    const int newest = std::max(
        0, m_runner->commonSnapshotStep(std::max(m_runner->stepsDone(0), m_runner->stepsDone(1))));
    {
        const QSignalBlocker blocker(m_scrubber);
        m_scrubber->setSingleStep(m_runner->snapshotEvery());
        m_scrubber->setPageStep(10 * m_runner->snapshotEvery());
        m_scrubber->setRange(0, newest);
        if (following)
            m_scrubber->setValue(newest);
    }
    updateMaps(false);
}

void TransformerHeadGrid::updateMaps(bool force)
{
    const int step = m_scrubber->value();
    m_stepLabel->setText(tr("step %1 / %2").arg(step).arg(m_scrubber->maximum()));
    const bool have = m_runner->state() != TrainingRunner::State::Empty && m_runner->isTransformer()
        && m_layers > 0;
    const TransformerAttentionKind k = kind();
    if (int(k) != m_shownKind)
        force = true;
    m_shownKind = int(k);
    for (int run = 0; run < 2; ++run) {
        const QString name = have
            ? TrainingCurvesFigure::runName(run, m_runner->configs()[size_t(run)].scale)
            : QString();
        if (!have) {
            m_runLabels[size_t(run)]->clear();
            m_wordLabel->clear();
            continue;
        }
        const int snapshot = m_runner->snapshotStepAt(run, step);
        m_runLabels[size_t(run)]->setText(tr("%1 · step %2").arg(name).arg(snapshot));
        if (!force && snapshot == m_shownSnapshot[size_t(run)])
            continue;
        const TransformerAttentionMaps maps = m_runner->transformerMapsAt(run, step);
        if (maps.empty())
            continue;
        m_shownSnapshot[size_t(run)] = snapshot;
        // The small maps have no tick labels: their rows and columns are named here.
        m_wordLabel->setText(tr("rows: %1   ·   columns: %2")
                                 .arg(maps.queryWords(k).join(QLatin1Char(' ')),
                                     maps.keyWords(k).join(QLatin1Char(' '))));
        const int layers = maps.layers(k);
        for (int l = 0; l < m_layers; ++l) {
            for (int h = 0; h < m_heads; ++h) {
                HeatmapPlot *p = plot(run, l, h);
                // The encoder and decoder may differ in depth: a side's missing layers stay
                // empty and hidden.
                p->setVisible(l < layers && h < maps.heads());
                if (!p->isVisibleTo(this))
                    continue;
                HeatmapData data = maps.heatmap(k, l, h);
                data.shortTitle = tr("L%1 H%2").arg(l + 1).arg(h + 1);
                data.title = tr("%1 · layer %2, head %3").arg(name).arg(l + 1).arg(h + 1);
                p->setData(std::move(data));
            }
        }
    }
    emit shownStepChanged(step);
}

} // namespace ae
