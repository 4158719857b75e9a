// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingattentionpanel.h"

#include "document/document.h"
#include "heatmap/heatmapplot.h"
#include "training/trainingcurveplot.h"
#include "training/trainingcurvesfigure.h"
#include "training/trainingheatmapfonts.h"
#include "training/trainingrunner.h"
#include "training/trainingsession.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

namespace ae {

TrainingAttentionPanel::TrainingAttentionPanel(
    TrainingRunner *runner, Document *document, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_document(document)
{
    m_examples = new QComboBox;
    m_examples->setObjectName(QStringLiteral("trainingExample"));
    m_examples->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_examples->setMinimumContentsLength(12);
    m_exampleLabel = new QLabel;
    m_exampleLabel->setBuddy(m_examples);
    m_scrubber = new QSlider(Qt::Horizontal);
    m_scrubber->setObjectName(QStringLiteral("trainingScrubber"));
    m_scrubber->setRange(0, 0);
    m_stepLabel = new QLabel;
    m_stepLabel->setMinimumWidth(
        m_stepLabel->fontMetrics().horizontalAdvance(QStringLiteral("0000000 / 0000000")));

    auto *top = new QHBoxLayout;
    top->addWidget(m_exampleLabel);
    top->addWidget(m_examples, 1);
    top->addWidget(m_scrubber, 2);
    top->addWidget(m_stepLabel);

    auto *grid = new QGridLayout;
    for (int run = 0; run < 2; ++run) {
        auto *plot = new HeatmapPlot;
        plot->setObjectName(QStringLiteral("trainingHeatmap%1").arg(run));
        plot->setMinimumSize(200, 150);
        TrainingHeatmapFonts::attach(plot);
        m_heatmaps[size_t(run)] = plot;
        auto *open = new QPushButton;
        open->setObjectName(QStringLiteral("trainingOpen%1").arg(run));
        open->setEnabled(false);
        m_open[size_t(run)] = open;
        connect(open, &QPushButton::clicked, this, [this, run] { openInExplorer(run); });
        grid->addWidget(plot, 0, run);
        grid->addWidget(open, 1, run, Qt::AlignHCenter);
        grid->setColumnStretch(run, 1);
    }
    grid->setRowStretch(0, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(grid, 1);

    connect(m_examples, &QComboBox::currentIndexChanged, this, [this] { updateHeatmaps(); });
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int value) {
        // Only steps whose weights were kept: the heatmaps show the step the scrubber says.
        const int snapped = m_runner->commonSnapshotStep(value);
        if (snapped >= 0 && snapped != value) {
            m_scrubber->setValue(snapped);
            return;
        }
        m_following = value >= m_scrubber->maximum();
        updateHeatmaps();
        emit shownStepChanged(value);
    });
    retranslate();
}

void TrainingAttentionPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TrainingAttentionPanel::retranslate()
{
    m_exampleLabel->setText(tr("Example:"));
    m_examples->setToolTip(tr("The sentence whose attention the heatmaps show (held out: the "
                              "runs never train on it)."));
    m_scrubber->setAccessibleName(tr("Training step shown"));
    m_scrubber->setToolTip(tr("Drag to see the attention at an earlier step; at the right end "
                              "the heatmaps follow the training."));
    for (int run = 0; run < 2; ++run) {
        m_open[size_t(run)]->setText(
            tr("Open Run %1 in Explorer")
                .arg(run == 0 ? QStringLiteral("A") : QStringLiteral("B")));
        m_open[size_t(run)]->setToolTip(
            tr("Makes this example with this run's weights at the step shown the main window's "
               "session, so the computation view and the drill-down walk the trained model "
               "(Undo brings the previous session back)."));
    }
    for (int i = 0; i < m_examples->count(); ++i)
        m_examples->setItemText(i, exampleText(i));
    updateHeatmaps(true);
}

QString TrainingAttentionPanel::exampleText(int i) const
{
    if (i < 0 || i >= m_batch.size() || m_runner->state() == TrainingRunner::State::Empty)
        return QString();
    const TrainingModelSpec spec = m_runner->modelSpec(0);
    QStringList source, target;
    for (int c = 0; c < m_batch.sourceLength(); ++c)
        source << spec.sourceVocab.value(m_batch.source(i, c));
    for (int c = 0; c < m_batch.targetLength(); ++c)
        target << spec.targetVocab.value(m_batch.target(i, c));
    return tr("%1 → %2").arg(source.join(QLatin1Char(' ')), target.join(QLatin1Char(' ')));
}

QString TrainingAttentionPanel::runName(int run) const
{
    return TrainingCurvesFigure::runName(run, m_runner->configs()[size_t(run)].scale);
}

void TrainingAttentionPanel::runsStarted()
{
    m_batch = m_runner->heldOutExamples(exampleCount);
    const int keep = std::max(0, m_examples->currentIndex());
    {
        const QSignalBlocker blocker(m_examples);
        m_examples->clear();
        for (int i = 0; i < m_batch.size(); ++i)
            m_examples->addItem(QString());
        for (int i = 0; i < m_examples->count(); ++i)
            m_examples->setItemText(i, exampleText(i));
        m_examples->setCurrentIndex(std::min(keep, m_examples->count() - 1));
    }
    m_following = true;
    m_shownSnapshot = { -1, -1 };
    {
        const QSignalBlocker blocker(m_scrubber);
        m_scrubber->setRange(0, 0);
        m_scrubber->setValue(0);
    }
    runsProgressed();
    updateHeatmaps(true);
}

void TrainingAttentionPanel::runsProgressed()
{
    // The scrubber reaches the newest step whose weights were kept, in steps of the
    // snapshots.
    const int newest = std::max(
        0, m_runner->commonSnapshotStep(std::max(m_runner->stepsDone(0), m_runner->stepsDone(1))));
    {
        const QSignalBlocker blocker(m_scrubber);
        m_scrubber->setSingleStep(m_runner->snapshotEvery());
        m_scrubber->setPageStep(10 * m_runner->snapshotEvery());
        m_scrubber->setRange(0, newest);
        if (m_following)
            m_scrubber->setValue(newest);
    }
    updateHeatmaps();
    if (m_following)
        emit shownStepChanged(newest);
}

int TrainingAttentionPanel::shownStep() const
{
    return m_scrubber->value();
}

void TrainingAttentionPanel::showStep(int step)
{
    m_scrubber->setValue(step);
}

int TrainingAttentionPanel::exampleIndex() const
{
    return m_examples->currentIndex();
}

void TrainingAttentionPanel::setExampleIndex(int index)
{
    m_examples->setCurrentIndex(index);
}

std::vector<int> TrainingAttentionPanel::exampleSource() const
{
    const int i = exampleIndex();
    if (i < 0 || i >= m_batch.size())
        return {};
    const auto row = m_batch.source.row(i);
    return std::vector<int>(row.data(), row.data() + row.size());
}

std::vector<int> TrainingAttentionPanel::exampleTarget() const
{
    const int i = exampleIndex();
    if (i < 0 || i >= m_batch.size())
        return {};
    const auto row = m_batch.target.row(i);
    return std::vector<int>(row.data(), row.data() + row.size());
}

void TrainingAttentionPanel::updateHeatmaps(bool force)
{
    const bool have = m_runner->state() != TrainingRunner::State::Empty && exampleIndex() >= 0;
    const int step = m_scrubber->value();
    m_stepLabel->setText(tr("step %1 / %2").arg(step).arg(m_scrubber->maximum()));
    for (int run = 0; run < 2; ++run) {
        m_open[size_t(run)]->setEnabled(have);
        if (!have)
            continue;
        const int snapshot = m_runner->snapshotStepAt(run, step);
        if (!force && snapshot == m_shownSnapshot[size_t(run)]
            && exampleIndex() == m_shownExample[size_t(run)])
            continue;
        const auto params = m_runner->parametersAt(run, step);
        if (!params)
            continue;
        m_shownSnapshot[size_t(run)] = snapshot;
        m_shownExample[size_t(run)] = exampleIndex();
        const TrainingModelSpec spec = m_runner->modelSpec(run);
        const std::vector<int> source = exampleSource(), target = exampleTarget();
        const Session session = trainedSession(spec, *params, source, target);
        const AttentionResult result = trainedAttention(spec, *params, source, target);
        HeatmapData data = HeatmapDataBuilder::weights(session, result, -1);
        data.title = tr("%1 · step %2").arg(runName(run)).arg(snapshot);
        m_heatmaps[size_t(run)]->setData(std::move(data));
    }
}

bool TrainingAttentionPanel::openInExplorer(int run)
{
    if (m_runner->state() == TrainingRunner::State::Empty || exampleIndex() < 0)
        return false;
    const int step = m_scrubber->value();
    const auto params = m_runner->parametersAt(run, step);
    if (!params)
        return false;
    const int snapshot = m_runner->snapshotStepAt(run, step);
    const QString title = tr("Trained %1, step %2: %3")
                              .arg(runName(run))
                              .arg(snapshot)
                              .arg(exampleText(exampleIndex()));
    const Session session = trainedSession(
        m_runner->modelSpec(run), *params, exampleSource(), exampleTarget(), title);
    m_document->applyEdit([] { return tr("Open Trained Model"); }, session);
    return true;
}

void TrainingAttentionPanel::setPresentationMode(bool on)
{
    for (HeatmapPlot *plot : m_heatmaps) {
        plot->setPresentationMode(on);
        TrainingHeatmapFonts::fit(plot);
    }
}

} // namespace ae
