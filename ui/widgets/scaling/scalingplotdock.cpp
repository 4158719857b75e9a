// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingplotdock.h"

#include "document/document.h"
#include "scaling/scalingdims.h"
#include "scaling/scalingplot.h"
#include "scaling/scalingrunner.h"
#include "scaling/scalingseriesplot.h"
#include "scaling/scorehistogramplot.h"
#include "session/sessionlimits.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace ae {

namespace {

/// Milliseconds of quiet after a keystroke before the parameters go to the document.
constexpr int commitDelayMs = 300;
/// Milliseconds of quiet after a change of parameters before a run starts.
constexpr int runDelayMs = 120;

/// Sets @p box to @p value without emitting valueChanged.
void setQuietly(QSpinBox *box, int value)
{
    if (box->value() == value)
        return;
    const QSignalBlocker blocker(box);
    box->setValue(value);
}

/// The control a validateExperiment() path refers to, as the user sees it.
QString fieldName(const QString &path)
{
    if (path.startsWith(QLatin1String("dims")))
        return ScalingPlotDock::tr("d_k values");
    if (path == QLatin1String("queries"))
        return ScalingPlotDock::tr("Queries");
    if (path == QLatin1String("keys"))
        return ScalingPlotDock::tr("Keys");
    if (path == QLatin1String("repeats"))
        return ScalingPlotDock::tr("Repeats");
    return QString();
}

} // namespace

ScalingPlotDock::ScalingPlotDock(Document *document, QWidget *parent)
    : QDockWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("scalingPlotDock"));
    m_runner = new ScalingRunner(this);
    m_plot = new ScalingPlot;
    m_plot->setObjectName(QStringLiteral("scalingPlot"));
    // Switchable panels rather than small multiples: the dock shares a tab at 1024 x 768, so
    // a drop-down (not a row of tabs) chooses the panel.
    m_panels = new QComboBox;
    m_panels->setObjectName(QStringLiteral("scalingPanelChooser"));
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_plot);
    for (const auto panel : { ScalingLabFigure::Panel::Spread, ScalingLabFigure::Panel::Gradient,
             ScalingLabFigure::Panel::Saturation }) {
        auto *plot = new ScalingSeriesPlot(panel);
        plot->setObjectName(QStringLiteral("scalingPlot-") + ScalingLabFigure::viewName(panel));
        m_series << plot;
        m_stack->addWidget(plot);
    }
    m_histogram = new ScoreHistogramPlot;
    m_histogram->setObjectName(QStringLiteral("scalingHistogram"));
    m_histogramDk = new QComboBox;
    m_histogramDk->setObjectName(QStringLiteral("scalingHistogramDk"));
    m_histogramDkLabel = new QLabel;
    m_histogramDkLabel->setBuddy(m_histogramDk);
    m_stack->addWidget(m_histogram);
    for (int i = 0; i < int(ScalingLabFigure::panels().size()); ++i)
        m_panels->addItem(QString());
    connect(m_panels, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_stack->setCurrentIndex(index);
        // The histogram's d_k chooser shares the tabs' row and shows with its panel.
        const bool histogram = index == m_stack->indexOf(m_histogram);
        m_histogramDkLabel->setVisible(histogram);
        m_histogramDk->setVisible(histogram);
    });
    m_histogramDkLabel->hide();
    m_histogramDk->hide();
    connect(m_histogramDk, &QComboBox::activated, this, [this](int index) {
        m_chosenHistogramDk = m_histogramDk->itemData(index).toInt();
        if (m_result)
            m_histogram->setHistogram(*m_result, index);
    });

    m_keysLabel = new QLabel;
    m_queriesLabel = new QLabel;
    m_repeatsLabel = new QLabel;
    m_dimsLabel = new QLabel;
    m_seedLabel = new QLabel;
    m_keys = new QSpinBox;
    m_keys->setObjectName(QStringLiteral("scalingKeys"));
    m_keys->setRange(1, limits::maxExperimentKeys);
    m_queries = new QSpinBox;
    m_queries->setObjectName(QStringLiteral("scalingQueries"));
    m_queries->setRange(1, limits::maxExperimentQueries);
    m_queries->setSingleStep(256);
    m_repeats = new QSpinBox;
    m_repeats->setObjectName(QStringLiteral("scalingRepeats"));
    m_repeats->setRange(1, limits::maxExperimentRepeats);
    m_dims = new QLineEdit;
    m_dims->setObjectName(QStringLiteral("scalingDims"));
    m_seed = new QLineEdit;
    m_seed->setObjectName(QStringLiteral("scalingSeed"));
    m_seed->setMaximumWidth(m_seed->fontMetrics().horizontalAdvance(QLatin1Char('9')) * 22);
    m_keysLabel->setBuddy(m_keys);
    m_queriesLabel->setBuddy(m_queries);
    m_repeatsLabel->setBuddy(m_repeats);
    m_dimsLabel->setBuddy(m_dims);
    m_seedLabel->setBuddy(m_seed);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("scalingMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    m_busyLabel = new QLabel;
    m_busyBar = new QProgressBar;
    m_busyBar->setRange(0, 0);
    m_busyBar->setTextVisible(false);
    m_busyBar->setFixedSize(60, 10);
    for (QWidget *w : { static_cast<QWidget *>(m_busyLabel), static_cast<QWidget *>(m_busyBar) }) {
        QSizePolicy policy = w->sizePolicy();
        policy.setRetainSizeWhenHidden(true);
        w->setSizePolicy(policy);
        w->hide();
    }

    m_settingsHost = new QWidget;
    auto *grid = new QGridLayout(m_settingsHost);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_keysLabel, 0, 0);
    grid->addWidget(m_keys, 0, 1);
    grid->addWidget(m_queriesLabel, 0, 2);
    grid->addWidget(m_queries, 0, 3);
    grid->addWidget(m_repeatsLabel, 0, 4);
    grid->addWidget(m_repeats, 0, 5);
    grid->addWidget(m_dimsLabel, 1, 0);
    grid->addWidget(m_dims, 1, 1, 1, 3);
    grid->addWidget(m_seedLabel, 1, 4);
    grid->addWidget(m_seed, 1, 5);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    grid->setColumnStretch(5, 1);

    auto *status = new QHBoxLayout;
    status->setContentsMargins(0, 0, 0, 0);
    status->addWidget(m_message, 1);
    status->addWidget(m_busyLabel);
    status->addWidget(m_busyBar);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *panelRow = new QHBoxLayout;
    panelRow->setContentsMargins(0, 0, 0, 0);
    panelRow->addWidget(m_panels);
    panelRow->addWidget(m_histogramDkLabel);
    panelRow->addWidget(m_histogramDk);
    panelRow->addStretch(1);
    layout->addLayout(panelRow);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_settingsHost);
    layout->addLayout(status);
    setWidget(content);

    m_commitTimer.setSingleShot(true);
    m_commitTimer.setInterval(commitDelayMs);
    m_runTimer.setSingleShot(true);
    m_runTimer.setInterval(runDelayMs);
    connect(&m_commitTimer, &QTimer::timeout, this, &ScalingPlotDock::commitControls);
    connect(&m_runTimer, &QTimer::timeout, this, &ScalingPlotDock::startRun);

    for (QSpinBox *box : { m_keys, m_queries, m_repeats }) {
        connect(box, &QSpinBox::valueChanged, this, &ScalingPlotDock::controlsEdited);
        connect(box, &QSpinBox::editingFinished, this, [this] {
            commitControls();
            m_document->finishEditRun();
        });
    }
    for (QLineEdit *edit : { m_dims, m_seed }) {
        connect(edit, &QLineEdit::textEdited, this, &ScalingPlotDock::controlsEdited);
        connect(edit, &QLineEdit::editingFinished, this, [this] {
            commitControls();
            m_document->finishEditRun();
        });
    }

    connect(m_runner, &ScalingRunner::finished, this, &ScalingPlotDock::showResult);
    connect(m_runner, &ScalingRunner::failed, this, [this](const QString &error) {
        m_requested.reset();
        showMessage(error);
    });
    connect(m_runner, &ScalingRunner::busyChanged, this, [this](bool busy) {
        m_busyLabel->setVisible(busy);
        m_busyBar->setVisible(busy);
    });

    connect(m_document, &Document::scalingConfigChanged, this, &ScalingPlotDock::syncFromDocument);
    connect(m_document, &Document::sessionChanged, this, &ScalingPlotDock::syncFromDocument);
    connect(m_document, &Document::resultChanged, this, &ScalingPlotDock::updateCurrentDk);
    connect(m_document, &Document::sessionChanged, this, &ScalingPlotDock::updateCurrentDk);

    retranslate();
    syncFromDocument();
    updateCurrentDk();
}

void ScalingPlotDock::setPresentationMode(bool on)
{
    // In lesson mode the panel shows its plot; the experiment's settings wait for the
    // everyday window (they would take the lines a caption beside it needs).
    m_settingsHost->setVisible(!on);
    m_plot->setPresentationMode(on);
    for (ScalingSeriesPlot *plot : std::as_const(m_series))
        plot->setPresentationMode(on);
    m_histogram->setPresentationMode(on);
}

ScalingSeriesPlot *ScalingPlotDock::seriesPlot(ScalingLabFigure::Panel panel) const
{
    for (ScalingSeriesPlot *plot : m_series)
        if (plot->panel() == panel)
            return plot;
    return nullptr;
}

void ScalingPlotDock::showResult(
    const EntropyExperimentConfig &config, const EntropyExperimentResult &result)
{
    m_shown = config;
    m_result = result;
    m_plot->setResult(result, config.keys);
    m_plot->setDimmed(!message().isEmpty());
    for (ScalingSeriesPlot *plot : std::as_const(m_series))
        plot->setResult(result);
    updateHistogramChoices();
}

void ScalingPlotDock::updateHistogramChoices()
{
    const QSignalBlocker blocker(m_histogramDk);
    m_histogramDk->clear();
    if (!m_result) {
        m_histogram->setHistogram(EntropyExperimentResult(), -1);
        return;
    }
    int chosen = -1;
    for (size_t i = 0; i < m_result->dims.size(); ++i) {
        const int dk = m_result->dims[i];
        if (m_histogramDk->findData(dk) >= 0)
            continue; // a d_k listed twice has the same histogram
        m_histogramDk->addItem(QString::number(dk), dk);
        if (dk == m_chosenHistogramDk)
            chosen = m_histogramDk->count() - 1;
    }
    if (chosen < 0) {
        // Not chosen yet (or gone from the list): the one nearest the model's d_k.
        const int best = ScalingLabFigure::histogramIndex(*m_result, m_plot->currentDk());
        chosen = best < 0 ? -1 : m_histogramDk->findData(m_result->dims[size_t(best)]);
    }
    m_histogramDk->setCurrentIndex(chosen);
    const int dk = chosen < 0 ? 0 : m_histogramDk->itemData(chosen).toInt();
    const auto at = std::find(m_result->dims.begin(), m_result->dims.end(), dk);
    m_histogram->setHistogram(*m_result, chosen < 0 ? -1 : int(at - m_result->dims.begin()));
}

QString ScalingPlotDock::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

bool ScalingPlotDock::isComputing() const
{
    return m_runner->isBusy();
}

std::optional<EntropyExperimentConfig> ScalingPlotDock::readControls(QString *error) const
{
    EntropyExperimentConfig c;
    c.keys = m_keys->value();
    c.queries = m_queries->value();
    c.repeats = m_repeats->value();
    QString dimsError;
    const auto dims = ScalingDims::parse(m_dims->text(), &dimsError);
    if (!dims) {
        *error = tr("d_k values: %1").arg(dimsError);
        return std::nullopt;
    }
    c.dims = *dims;
    bool ok = false;
    const QString seedText = m_seed->text().trimmed();
    c.seed = seedText.toULongLong(&ok);
    if (!ok) {
        *error = seedText.isEmpty()
            ? tr("Seed: enter a whole number, e.g. 0")
            : tr("Seed: \u201c%1\u201d is not a whole number from 0 to 18446744073709551615")
                  .arg(seedText);
        return std::nullopt;
    }
    if (const auto e = validateExperiment(c)) {
        const QString field = fieldName(e->path);
        QString where = field;
        if (e->path.startsWith(QLatin1String("dims["))) {
            const int index = e->path.mid(5).chopped(1).toInt();
            where = tr("d_k values, entry %1").arg(index + 1);
        }
        *error = where.isEmpty() ? e->message : tr("%1: %2").arg(where, e->message);
        return std::nullopt;
    }
    if (const auto heavy = ScalingRunner::checkWorkload(c)) {
        *error = *heavy;
        return std::nullopt;
    }
    return c;
}

void ScalingPlotDock::controlsEdited()
{
    if (m_syncing)
        return;
    // Say at once what is wrong; hand the parameters to the document after a short pause.
    QString error;
    showMessage(readControls(&error) ? QString() : error);
    m_commitTimer.start();
}

void ScalingPlotDock::commitControls()
{
    m_commitTimer.stop();
    QString error;
    const auto config = readControls(&error);
    if (!config) {
        showMessage(error);
        return;
    }
    showMessage(QString());
    if (*config != m_document->session().scaling)
        m_document->setScalingConfig(*config);
}

void ScalingPlotDock::syncFromDocument()
{
    const EntropyExperimentConfig &c = m_document->session().scaling;
    // Another part of the session changed: leave the controls (and any text being typed).
    if (m_lastSynced && *m_lastSynced == c)
        return;
    m_lastSynced = c;
    QString error;
    const auto fromControls = readControls(&error);
    if (!fromControls || *fromControls != c) {
        // The parameters changed from elsewhere (undo, redo, a file): show them.
        m_commitTimer.stop();
        m_syncing = true;
        setQuietly(m_keys, c.keys);
        setQuietly(m_queries, c.queries);
        setQuietly(m_repeats, c.repeats);
        const auto dims = ScalingDims::parse(m_dims->text());
        if (!dims || *dims != c.dims)
            m_dims->setText(ScalingDims::format(c.dims));
        bool ok = false;
        if (m_seed->text().trimmed().toULongLong(&ok) != c.seed || !ok)
            m_seed->setText(QString::number(c.seed));
        m_syncing = false;
    }
    showMessage(readControls(&error) ? QString() : error);
    m_runTimer.start();
}

void ScalingPlotDock::startRun()
{
    const EntropyExperimentConfig &c = m_document->session().scaling;
    if (validateExperiment(c) || ScalingRunner::checkWorkload(c)) {
        // The document holds parameters the live plot cannot run (e.g. from a file): the
        // controls show them with the message; the last curves stay, dimmed.
        m_runner->cancel();
        m_requested.reset();
        return;
    }
    if (!isVisible()) {
        m_runPending = true;
        return;
    }
    m_runPending = false;
    if (m_shown && *m_shown == c) {
        // Back to the parameters on show (e.g. an undo): drop a run of other parameters.
        if (m_runner->isBusy())
            m_runner->cancel();
        m_requested.reset();
        return;
    }
    if (m_requested && *m_requested == c && m_runner->isBusy())
        return;
    m_requested = c;
    m_runner->request(c);
}

void ScalingPlotDock::updateCurrentDk()
{
    int dK = 0;
    if (m_document->hasResult()) {
        dK = m_document->result().dK;
    } else {
        dK = headWidth(m_document->session().attention.config);
    }
    const bool changed = dK != m_plot->currentDk();
    m_plot->setCurrentDk(dK);
    for (ScalingSeriesPlot *plot : std::as_const(m_series))
        plot->setCurrentDk(dK);
    if (changed && m_chosenHistogramDk == 0)
        updateHistogramChoices();
}

void ScalingPlotDock::showMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    m_plot->setDimmed(!message.isEmpty() && m_shown.has_value());
}

void ScalingPlotDock::showEvent(QShowEvent *event)
{
    QDockWidget::showEvent(event);
    if (m_runPending)
        m_runTimer.start(0);
}

void ScalingPlotDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void ScalingPlotDock::retranslate()
{
    setWindowTitle(tr("Scaling: why divide by √d_k"));
    m_plot->setAccessibleName(tr("Scaling plot"));
    for (int i = 0; i < m_panels->count(); ++i) {
        const ScalingLabFigure::Panel panel = ScalingLabFigure::panels()[size_t(i)];
        m_panels->setItemText(i, ScalingLabFigure::title(panel));
        m_panels->setItemData(i, ScalingLabFigure::explanation(panel), Qt::ToolTipRole);
    }
    m_panels->setToolTip(tr("The figure to show: each tells one step of why attention divides "
                            "by √d_k"));
    for (ScalingSeriesPlot *plot : std::as_const(m_series))
        plot->retranslate();
    m_histogram->retranslate();
    m_histogramDkLabel->setText(tr("at d_k:"));
    m_keysLabel->setText(tr("Keys:"));
    m_queriesLabel->setText(tr("Queries:"));
    m_repeatsLabel->setText(tr("Repeats:"));
    m_dimsLabel->setText(tr("d_k values:"));
    m_seedLabel->setText(tr("Seed:"));
    m_busyLabel->setText(tr("Computing\u2026"));
    m_keys->setToolTip(tr("Keys per draw; the entropy can be at most ln(keys)"));
    m_queries->setToolTip(tr("Random queries per draw; the entropy is averaged over them"));
    m_repeats->setToolTip(tr("Independent draws averaged for each d_k (more gives a smoother "
                             "curve)"));
    m_dims->setToolTip(tr("The d_k values: a range of powers of two such as 8..512, or a list "
                          "such as 8, 32, 128, 512"));
    m_dims->setPlaceholderText(tr("e.g. 8..512 or 8, 32, 128, 512"));
    m_seed->setToolTip(tr("The same seed always gives the same curves"));
}

} // namespace ae
