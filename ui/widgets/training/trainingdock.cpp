// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingdock.h"

#include "document/recentfolders.h"
#include "io/atomicfilewriter.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurveplot.h"
#include "training/trainingcurvesfigure.h"
#include "training/trainingfilmstrip.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"
#include "training/trainingtrace.h"
#include "training/trainingtranslatepanel.h"
#include "training/transformerheadgrid.h"
#include "training/transformertranslatepanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

namespace ae {

TrainingDock::TrainingDock(Document *document, QWidget *parent)
    : QDockWidget(parent)
    , m_document(document)
    , m_filmSteps(TrainingFilmStrip::defaultSteps())
{
    setObjectName(QStringLiteral("trainingDock"));
    m_runner = new TrainingRunner(this);
    m_settings = new TrainingSettingsForm;
    for (auto &t : m_traces)
        t = new TrainingTrace;

    m_play = new QPushButton;
    m_play->setObjectName(QStringLiteral("trainingPlay"));
    m_step = new QPushButton;
    m_step->setObjectName(QStringLiteral("trainingStep"));
    m_reset = new QPushButton;
    m_reset->setObjectName(QStringLiteral("trainingReset"));
    m_save = new QPushButton;
    m_save->setObjectName(QStringLiteral("trainingSaveHistory"));
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("trainingExport"));
    m_speed = new QComboBox;
    m_speed->setObjectName(QStringLiteral("trainingSpeed"));
    for (int s : speeds())
        m_speed->addItem(QString(), s);
    m_speed->setCurrentIndex(int(speeds().size()) - 1);
    m_speedLabel = new QLabel;
    m_speedLabel->setBuddy(m_speed);
    // A running mean over the noisy batch values, as TensorBoard offers (its default weight).
    m_smoothing = new QDoubleSpinBox;
    m_smoothing->setObjectName(QStringLiteral("trainingSmoothing"));
    m_smoothing->setRange(0.0, 0.99);
    m_smoothing->setSingleStep(0.1);
    m_smoothing->setDecimals(2);
    m_smoothing->setValue(0.6);
    m_smoothingLabel = new QLabel;
    m_smoothingLabel->setBuddy(m_smoothing);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("trainingStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);

    m_settingsToggle = new QPushButton;
    m_settingsToggle->setObjectName(QStringLiteral("trainingSettingsToggle"));
    m_settingsToggle->setCheckable(true);
    m_settingsToggle->hide();

    auto *controls = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *> {
             m_settingsToggle, m_play, m_step, m_reset, m_speedLabel, m_speed })
        controls->addWidget(w);
    controls->addStretch(1);
    controls->addWidget(m_export);
    controls->addWidget(m_save);

    auto *plots = new QHBoxLayout;
    const TrainingCurvePlot::Kind kinds[] = { TrainingCurvePlot::Kind::LossAccuracy,
        TrainingCurvePlot::Kind::GradientNorms, TrainingCurvePlot::Kind::Saturation };
    for (int i = 0; i < 3; ++i) {
        m_plots[size_t(i)] = new TrainingCurvePlot(kinds[i]);
        m_plots[size_t(i)]->setObjectName(QStringLiteral("trainingCurves%1").arg(i));
        m_plots[size_t(i)]->setSmoothing(m_smoothing->value());
        plots->addWidget(m_plots[size_t(i)], i == 0 ? 4 : 3);
    }

    m_attention = new TrainingAttentionPanel(m_runner, document);
    m_translate = new TrainingTranslatePanel(m_runner);
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("trainingTabs"));
    m_headGrid = new TransformerHeadGrid(m_runner, document);
    m_headGrid->setObjectName(QStringLiteral("transformerHeadGrid"));
    // The single layer's panel, or for the transformer the grid of every layer and head.
    m_attentionStack = new QStackedWidget;
    m_attentionStack->addWidget(m_attention);
    m_attentionStack->addWidget(m_headGrid);
    m_tabs->addTab(m_attentionStack, QString());
    // Translate for the single layer, or for the transformer with every decoder layer.
    m_transformerTranslate = new TransformerTranslatePanel(m_runner);
    m_translateStack = new QStackedWidget;
    m_translateStack->addWidget(m_translate);
    m_translateStack->addWidget(m_transformerTranslate);
    m_tabs->addTab(m_translateStack, QString());

    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(controls);
    rightLayout->addWidget(m_status);
    auto *plotsBox = m_plotsBox = new QWidget;
    plotsBox->setLayout(plots);
    plots->setContentsMargins(0, 0, 0, 0);
    // The curves keep room for their axis titles however low the window (a lesson's runs
    // share the screen with the caption); the heatmaps below give way first.
    plotsBox->setMinimumHeight(fontMetrics().height() * plotsLeastLines(false));
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(plotsBox);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    rightLayout->addWidget(split, 1);

    // The settings scroll on a small screen rather than squeezing the plots.
    // Under the settings, as TensorBoard has it in its side bar: the curves' smoothing (it
    // changes only what the curves show, not the runs).
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_settings);
    auto *smoothingRow = new QHBoxLayout;
    smoothingRow->setContentsMargins(m_settings->layout()->contentsMargins().left(), 0, 0, 0);
    smoothingRow->addWidget(m_smoothingLabel);
    smoothingRow->addWidget(m_smoothing);
    smoothingRow->addStretch(1);
    leftLayout->addLayout(smoothingRow);
    leftLayout->addStretch(1);
    auto *scroll = m_settingsScroll = new QScrollArea;
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_settings->sizeHint().width() + 24);
    scroll->setMaximumWidth(m_settings->sizeHint().width() + 24);

    auto *body = new QWidget;
    auto *layout = new QHBoxLayout(body);
    layout->addWidget(scroll);
    layout->addWidget(right, 1);
    setWidget(body);

    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_runner->state() == TrainingRunner::State::Running)
            m_runner->pause();
        else
            m_runner->play();
    });
    connect(m_step, &QPushButton::clicked, m_runner, &TrainingRunner::step);
    connect(m_settingsToggle, &QPushButton::toggled, m_settingsScroll, &QWidget::setVisible);
    connect(m_reset, &QPushButton::clicked, this, &TrainingDock::restartRuns);
    // One file per run, each exactly what the train command writes with -o.
    auto *saveMenu = new QMenu(m_save);
    for (int run = 0; run < 2; ++run)
        saveMenu->addAction(QString(), this, [this, run] { saveHistory(run); });
    m_save->setMenu(saveMenu);
    auto *exportMenu = new QMenu(m_export);
    exportMenu->addAction(QString(), this, [this] { exportWithDialog(false); });
    exportMenu->addAction(QString(), this, [this] { exportWithDialog(true); });
    m_export->setMenu(exportMenu);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
        [this] { m_runner->setStepsPerSecond(m_speed->currentData().toInt()); });
    connect(m_smoothing, &QDoubleSpinBox::valueChanged, this, [this](double weight) {
        for (TrainingCurvePlot *plot : m_plots)
            plot->setSmoothing(weight);
    });
    m_settings->setTaskChangeGuard([this] { return maySwitchTask(); });
    connect(m_settings, &TrainingSettingsForm::changed, this, &TrainingDock::restartRuns);
    connect(m_settings, &TrainingSettingsForm::targetChanged, m_runner,
        &TrainingRunner::setTargetAccuracy);
    connect(m_runner, &TrainingRunner::progressed, this, &TrainingDock::showProgress);
    connect(m_runner, &TrainingRunner::stateChanged, this, [this] {
        updateButtons();
        updateStatus();
    });
    connect(m_attention, &TrainingAttentionPanel::shownStepChanged, this, [this](int step) {
        for (TrainingCurvePlot *plot : m_plots)
            plot->setMarkedStep(step);
        m_translate->setStep(step);
    });
    connect(m_headGrid, &TransformerHeadGrid::shownStepChanged, this, [this](int step) {
        if (m_runner->state() == TrainingRunner::State::Empty || !m_runner->isTransformer())
            return;
        for (TrainingCurvePlot *plot : m_plots)
            plot->setMarkedStep(step);
        m_transformerTranslate->setStep(step);
    });
    m_runner->setStepsPerSecond(m_speed->currentData().toInt());
    m_runner->setTargetAccuracy(m_settings->targetAccuracy());
    retranslate();
    updateButtons();
}

TrainingDock::~TrainingDock()
{
    // The runs' threads end before the widgets they report to.
    m_runner->clear();
    for (TrainingTrace *t : m_traces)
        delete t;
}

const std::array<int, 5> &TrainingDock::speeds()
{
    static const std::array<int, 5> s { 5, 20, 60, 200, 0 };
    return s;
}

void TrainingDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void TrainingDock::showEvent(QShowEvent *event)
{
    QDockWidget::showEvent(event);
    if (isFloating()) {
        if (const QScreen *screen = this->screen()) {
            // A floating lab first opens over most of its screen, as a window of its own, and
            // never reaches past the screen (a layout saved on a larger one).
            const QRect area = screen->availableGeometry();
            QRect wanted = geometry();
            if (!m_placed)
                wanted.setSize(QSize(area.width() * 92 / 100, area.height() * 90 / 100));
            wanted.setSize(wanted.size().boundedTo(area.size()));
            if (!m_placed || !area.contains(wanted))
                wanted.moveCenter(area.center());
            m_placed = true;
            if (wanted != geometry())
                setGeometry(wanted);
        }
    }
    // The runs start when the lab is first looked at, not with the program.
    if (m_runner->state() == TrainingRunner::State::Empty)
        restartRuns();
}

void TrainingDock::hideEvent(QHideEvent *event)
{
    // A closed lab does not keep two cores busy.
    m_runner->pause();
    QDockWidget::hideEvent(event);
}

void TrainingDock::retranslate()
{
    setWindowTitle(tr("Training"));
    m_settingsScroll->setAccessibleName(tr("Training settings"));
    m_settingsToggle->setText(tr("Settings"));
    m_settingsToggle->setToolTip(tr("Show or hide the runs' settings (task, model, optimiser, "
                                    "the two runs' scales) beside the curves"));
    m_step->setText(tr("Step"));
    m_step->setToolTip(tr("One more step of both runs."));
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("Both runs start again from the same initial weights."));
    m_save->setText(tr("Save History…"));
    m_save->setToolTip(tr("Saves a run's curves as JSON, the same as the train command's -o "
                          "file."));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Saves the curves, or the example's attention at chosen steps of "
                            "both runs (a film strip), as SVG, PNG or PDF."));
    const auto exportActions = m_export->menu()->actions();
    exportActions[0]->setText(tr("Curves…"));
    exportActions[1]->setText(tr("Film Strip…"));
    m_speedLabel->setText(tr("Speed:"));
    m_smoothingLabel->setText(tr("Smoothing:"));
    m_smoothing->setToolTip(tr("A running mean of the curves (0: the raw values; near 1: very "
                               "smooth). The raw values stay faint behind."));
    const QStringList names { tr("slow (5 steps/s)"), tr("20 steps/s"), tr("60 steps/s"),
        tr("200 steps/s"), tr("as fast as possible") };
    for (int i = 0; i < m_speed->count() && i < names.size(); ++i)
        m_speed->setItemText(i, names[i]);
    m_tabs->setTabText(0, tr("Attention as it learns"));
    m_tabs->setTabText(1, tr("Translate"));
    // The curves' legends name the runs in the new language too.
    for (TrainingCurvePlot *plot : m_plots)
        plot->setTraces({ m_traces[0], m_traces[1] }, runNames());
    updateButtons();
    updateStatus();
    showProgress();
}

std::array<QString, 2> TrainingDock::runNames() const
{
    // The runs that exist are named by their own settings (the form may have changed since).
    if (m_runner->state() != TrainingRunner::State::Empty) {
        const auto &configs = m_runner->configs();
        return { TrainingCurvesFigure::runName(0, configs[0].scale),
            TrainingCurvesFigure::runName(1, configs[1].scale) };
    }
    return { m_settings->runName(0), m_settings->runName(1) };
}

void TrainingDock::restartRuns()
{
    const auto configs = m_settings->configs();
    for (TrainingTrace *t : m_traces)
        t->clear();
    if (!configs) {
        m_runner->clear();
    } else {
        m_runner->start(*configs);
        m_attention->runsStarted();
        m_translate->runsStarted();
    }
    m_transformerTranslate->runsStarted();
    showModel();
    showProgress();
    updateButtons();
}

void TrainingDock::showModel()
{
    m_headGrid->runsStarted();
    const bool transformer
        = m_runner->state() != TrainingRunner::State::Empty && m_runner->isTransformer();
    m_attentionStack->setCurrentWidget(
        transformer ? static_cast<QWidget *>(m_headGrid) : static_cast<QWidget *>(m_attention));
    m_translateStack->setCurrentWidget(transformer ? static_cast<QWidget *>(m_transformerTranslate)
                                                   : static_cast<QWidget *>(m_translate));
    for (TrainingCurvePlot *plot : m_plots)
        plot->setTransformer(transformer);
}

void TrainingDock::showProgress()
{
    for (int run = 0; run < 2; ++run) {
        TrainingTrace &trace = *m_traces[size_t(run)];
        const auto &metrics = m_runner->metrics(run);
        if (m_runner->state() == TrainingRunner::State::Empty)
            trace.clear();
        for (size_t i = size_t(trace.size()); i < metrics.size(); ++i)
            trace.append(metrics[i]);
    }
    for (TrainingCurvePlot *plot : m_plots)
        plot->setTraces({ m_traces[0], m_traces[1] }, runNames());
    if (m_runner->state() != TrainingRunner::State::Empty) {
        m_attention->runsProgressed();
        m_headGrid->runsProgressed();
    }
    updateStatus();
}

void TrainingDock::updateButtons()
{
    const TrainingRunner::State state = m_runner->state();
    const bool running = state == TrainingRunner::State::Running;
    m_play->setText(running ? tr("Pause") : tr("Play"));
    m_play->setToolTip(running
            ? tr("Stops both runs after their current step.")
            : tr("Trains both runs side by side until they stop by themselves."));
    m_play->setEnabled(state == TrainingRunner::State::Paused || running);
    m_step->setEnabled(state == TrainingRunner::State::Paused);
    m_reset->setEnabled(state != TrainingRunner::State::Empty);
    m_save->setEnabled(state != TrainingRunner::State::Empty && !running);
    m_export->setEnabled(state != TrainingRunner::State::Empty);
    const auto actions = m_save->menu()->actions();
    for (int run = 0; run < 2 && run < actions.size(); ++run)
        actions[run]->setText(runNames()[size_t(run)]);
}

void TrainingDock::updateStatus()
{
    if (m_runner->state() == TrainingRunner::State::Empty) {
        m_status->setText(m_settings->problem().isEmpty()
                ? QString()
                : tr("Fix the settings to train (see the message under them)."));
        return;
    }
    QStringList parts;
    const std::array<QString, 2> names = runNames();
    const int steps = m_runner->configs()[0].steps;
    for (int run = 0; run < 2; ++run) {
        const auto &metrics = m_runner->metrics(run);
        // The run's name in its curves' colour: the status line doubles as the legend.
        const QString name
            = QStringLiteral("<b style=\"color:%1\">%2</b>")
                  .arg(TrainingCurvePlot::runColor(run).name(), names[size_t(run)].toHtmlEscaped());
        QString part = tr("%1 — step %2 of %3").arg(name).arg(metrics.size()).arg(steps);
        if (!metrics.empty())
            part += tr(", accuracy %1 %").arg(metrics.back().accuracy * 100.0, 0, 'f', 0);
        if (m_runner->divergedAt(run) >= 0)
            part += tr(", diverged at step %1 (the loss became infinite; lower the learning rate)")
                        .arg(m_runner->divergedAt(run));
        else if (m_runner->reachedTargetAt(run) >= 0)
            part += tr(", reached the target at step %1").arg(m_runner->reachedTargetAt(run));
        parts << part;
    }
    m_status->setText(parts.join(QStringLiteral("   ·   ")));
}

bool TrainingDock::maySwitchTask()
{
    if (m_runner->state() == TrainingRunner::State::Empty
        || (m_runner->stepsDone(0) == 0 && m_runner->stepsDone(1) == 0))
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Another Task"),
        tr("Another task starts new runs: the runs so far (%1 and %2 steps) will be lost.")
            .arg(m_runner->stepsDone(0))
            .arg(m_runner->stepsDone(1)),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("trainingDiscardRunsBox"));
    box.setInformativeText(tr("Save their histories first?"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save:
        return saveHistory(0) && saveHistory(1);
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool TrainingDock::saveHistory(int run)
{
    const QString file = QFileDialog::getSaveFileName(this, tr("Save Training History"),
        RecentFolders::suggestion(RecentFolders::trainingHistory,
            run == 0 ? QStringLiteral("history-a.json") : QStringLiteral("history-b.json")),
        tr("JSON (*.json)"));
    if (file.isEmpty())
        return false;
    RecentFolders::remember(RecentFolders::trainingHistory, file);
    QString error;
    const QByteArray bytes
        = QJsonDocument(m_runner->historyJson(run)).toJson(QJsonDocument::Indented);
    if (!AtomicFileWriter::write(file, bytes, &error)) {
        QMessageBox::warning(this, tr("Save Training History"),
            tr("Could not save %1: %2").arg(QDir::toNativeSeparators(file), error));
        return false;
    }
    return true;
}

void TrainingDock::startLessonRuns(const RunConfig &config)
{
    std::array<RunConfig, 2> configs { config, config };
    configs[0].scale = ScaleSpec();
    configs[1].scale = ScaleSpec();
    configs[1].scale.mode = ScaleMode::None;
    m_tabs->setCurrentWidget(m_attentionStack);
    const bool same = m_runner->state() != TrainingRunner::State::Empty
        && sameRun(m_runner->configs()[0], configs[0])
        && sameRun(m_runner->configs()[1], configs[1]);
    // Else the form announces the change, which restarts the runs from step 0 (restartRuns()).
    if (!same)
        m_settings->setConfigs(configs);
    if (m_runner->state() == TrainingRunner::State::Paused)
        m_runner->play();
}

void TrainingDock::setPresentationMode(bool on)
{
    for (TrainingCurvePlot *plot : m_plots)
        plot->setPresentationMode(on);
    m_attention->setPresentationMode(on);
    m_translate->setPresentationMode(on);
    m_transformerTranslate->setPresentationMode(on);
    // In front of a class the curves and maps get the width; the settings wait behind a
    // button, as the attention settings do above the heatmap.
    {
        const QSignalBlocker blocker(m_settingsToggle);
        m_settingsToggle->setChecked(false);
    }
    m_settingsToggle->setVisible(on);
    m_settingsScroll->setVisible(!on);
    // Below a lesson's caption on a projector, the curves and the maps share a short window.
    m_plotsBox->setMinimumHeight(fontMetrics().height() * plotsLeastLines(on));
}

} // namespace ae
