// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingsettingsform.h"

#include "session/sessionlimits.h"
#include "training/trainingcurvesfigure.h"
#include "training/traininglimits.h"
#include "window/messagebar.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>
#include <limits>

namespace ae {

namespace {

/// The data of a scale box's fixed entries: the command line's words.
const QString sqrtWord = QStringLiteral("sqrt_dk");
const QString noneWord = QStringLiteral("none");

QSpinBox *spin(int lo, int hi, int value)
{
    auto *box = new QSpinBox;
    box->setRange(lo, hi);
    box->setValue(value);
    box->setAccelerated(true);
    return box;
}

} // namespace

TrainingSettingsForm::TrainingSettingsForm(QWidget *parent)
    : QWidget(parent)
{
    const RunConfig defaults;
    m_model = new QComboBox;
    m_model->setObjectName(QStringLiteral("trainingModel"));
    for (ModelKind kind : { ModelKind::OneLayer, ModelKind::Transformer })
        m_model->addItem(QString(), modelName(kind));
    const auto range = [](const char *option) {
        return trainingNumberRange(QLatin1String(option)).value_or(std::make_pair(1, 1));
    };
    m_layers = spin(range("layers").first, range("layers").second, defaults.layers);
    m_layers->setObjectName(QStringLiteral("trainingLayers"));
    m_dFf = spin(range("d-ff").first, range("d-ff").second, defaults.dimFeedforward);
    m_dFf->setObjectName(QStringLiteral("trainingFeedForward"));
    m_task = new QComboBox;
    m_task->setObjectName(QStringLiteral("trainingTask"));
    for (TaskKind kind : { TaskKind::Copy, TaskKind::Reverse, TaskKind::Rotate, TaskKind::Translate,
             TaskKind::TranslateZhEn, TaskKind::TranslateEnZh })
        m_task->addItem(QString(), taskName(kind));
    m_task->setCurrentIndex(m_task->findData(taskName(defaults.task.kind)));
    // The long names (the corpus tasks, the transformer) must not widen the settings column
    // and with it the window past a 1024-pixel screen: the lists open wide enough anyway.
    for (QComboBox *box : { m_task, m_model }) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
    m_length = spin(limits::minTrainLength, limits::maxTrainLength, defaults.task.length);
    m_length->setObjectName(QStringLiteral("trainingLength"));
    m_vocab = spin(limits::minTrainVocab, limits::maxTrainVocab, defaults.task.vocab);
    m_vocab->setObjectName(QStringLiteral("trainingVocab"));
    m_dModel = spin(1, limits::maxTrainModelDim, defaults.dModel);
    m_dModel->setObjectName(QStringLiteral("trainingModelDim"));
    m_heads = spin(1, limits::maxTrainHeads, defaults.heads);
    m_heads->setObjectName(QStringLiteral("trainingHeads"));
    m_optimizer = new QComboBox;
    m_optimizer->setObjectName(QStringLiteral("trainingOptimizer"));
    // The optimisers' own names, the same in every language.
    m_optimizer->addItem(QStringLiteral("Adam"), optimizerName(OptimizerKind::Adam));
    m_optimizer->addItem(QStringLiteral("SGD"), optimizerName(OptimizerKind::Sgd));
    m_lr = new QDoubleSpinBox;
    m_lr->setObjectName(QStringLiteral("trainingLearningRate"));
    m_lr->setDecimals(5);
    m_lr->setRange(0.00001, limits::maxTrainLearningRate);
    m_lr->setSingleStep(0.001);
    m_lr->setValue(defaults.optimizer.lr);
    m_batch = spin(1, limits::maxTrainBatch, defaults.batch);
    m_batch->setObjectName(QStringLiteral("trainingBatch"));
    m_steps = spin(1, limits::maxTrainSteps, defaults.steps);
    m_steps->setObjectName(QStringLiteral("trainingSteps"));
    m_seed = spin(0, std::numeric_limits<int>::max(), 0);
    m_seed->setObjectName(QStringLiteral("trainingSeed"));
    for (int run = 0; run < 2; ++run) {
        auto *box = new QComboBox;
        box->setObjectName(QStringLiteral("trainingScale%1").arg(run));
        box->setEditable(true);
        box->setInsertPolicy(QComboBox::NoInsert);
        box->addItem(QString(), sqrtWord);
        box->addItem(QString(), noneWord);
        box->setCurrentIndex(run);
        m_scales[size_t(run)] = box;
    }
    m_target = new QDoubleSpinBox;
    m_target->setObjectName(QStringLiteral("trainingTarget"));
    m_target->setRange(0.0, 100.0);
    m_target->setDecimals(0);
    m_target->setSuffix(QStringLiteral(" %"));
    m_target->setValue(100.0);

    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (QWidget *w : std::initializer_list<QWidget *> { m_model, m_task, m_length, m_vocab,
             m_dModel, m_heads, m_layers, m_dFf, m_optimizer, m_lr, m_batch, m_steps, m_seed,
             m_scales[0], m_scales[1], m_target })
        m_form->addRow(new QLabel, w);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("trainingSettingsMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_form);
    layout->addWidget(m_message);
    layout->addStretch(1);

    const auto edited = [this] {
        updateEnabled();
        updateMessage();
        emit changed();
    };
    for (QSpinBox *box :
        { m_length, m_vocab, m_dModel, m_heads, m_layers, m_dFf, m_batch, m_steps, m_seed })
        connect(box, &QSpinBox::valueChanged, this, edited);
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, edited);
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, edited);
    connect(m_model, &QComboBox::currentIndexChanged, this, [this, edited] {
        // A picked model brings its own shape (the transformer: issue 29's defaults).
        const RunConfig preset = defaultRunConfig(
            modelFromName(m_model->currentData().toString()).value_or(ModelKind::OneLayer));
        {
            const QSignalBlocker b0(m_dModel), b1(m_heads), b2(m_layers), b3(m_dFf);
            m_dModel->setValue(preset.dModel);
            m_heads->setValue(preset.heads);
            m_layers->setValue(preset.layers);
            m_dFf->setValue(preset.dimFeedforward);
        }
        edited();
    });
    connect(m_task, &QComboBox::currentIndexChanged, this, [this, edited](int index) {
        // Finished runs are not thrown away without asking.
        if (index != m_taskIndex && m_taskGuard && !m_taskGuard()) {
            const QSignalBlocker blocker(m_task);
            m_task->setCurrentIndex(m_taskIndex);
            return;
        }
        m_taskIndex = index;
        // A picked task brings the width, steps and learning rate it trains well with.
        const TaskKind kind
            = taskFromName(m_task->currentData().toString()).value_or(TaskKind::Reverse);
        const RunConfig preset = recommendedRunConfig(kind);
        {
            const QSignalBlocker b0(m_dModel), b1(m_steps), b2(m_lr);
            // The transformer keeps its own width (the presets are the one layer's).
            if (fieldsConfig().model == ModelKind::OneLayer)
                m_dModel->setValue(preset.dModel);
            m_steps->setValue(preset.steps);
            m_lr->setValue(preset.optimizer.lr);
        }
        // Announced (targetChanged) so that the runs stop where the task needs them to.
        m_target->setValue(100.0 * recommendedTargetAccuracy(kind));
        edited();
    });
    for (QComboBox *box : m_scales) {
        connect(box, &QComboBox::currentIndexChanged, this, edited);
        connect(box->lineEdit(), &QLineEdit::editingFinished, this, edited);
    }
    connect(m_target, &QDoubleSpinBox::valueChanged, this,
        [this] { emit targetChanged(targetAccuracy()); });
    retranslate();
    updateEnabled();
    m_taskIndex = m_task->currentIndex();
}

void TrainingSettingsForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TrainingSettingsForm::retranslate()
{
    const QStringList tasks { tr("Copy"), tr("Reverse"), tr("Rotate"),
        tr("Translate (phrase book)"), tr("Translate the corpus, Chinese → English"),
        tr("Translate the corpus, English → Chinese") };
    for (int i = 0; i < m_task->count() && i < tasks.size(); ++i)
        m_task->setItemText(i, tasks[i]);
    for (QComboBox *box : m_scales) {
        box->setItemText(0, tr("÷ √d_k (scaled)"));
        box->setItemText(1, tr("none (unscaled)"));
        box->setToolTip(tr("What the scores q·k are divided by: √d_k, nothing, or a number you "
                           "type."));
    }
    m_model->setItemText(0, tr("One cross-attention layer"));
    m_model->setItemText(1, tr("Transformer (encoder-decoder)"));
    m_model->setToolTip(tr("What learns: one layer of cross-attention, or a whole "
                           "encoder-decoder transformer with attention in three places."));
    m_layers->setToolTip(tr("The transformer's encoder layers, and as many decoder layers."));
    m_dFf->setToolTip(tr("The width of each layer's feed-forward block (dim_feedforward)."));
    const QStringList labels { tr("Model:"), tr("Task:"), tr("Length:"), tr("Vocabulary:"),
        tr("d_model:"), tr("Heads:"), tr("Layers:"), tr("d_ff:"), tr("Optimiser:"),
        tr("Learning rate:"), tr("Batch:"), tr("Steps:"), tr("Seed:"), tr("Run A divides by:"),
        tr("Run B divides by:"), tr("Stop at accuracy:") };
    for (int row = 0; row < m_form->rowCount() && row < labels.size(); ++row) {
        if (auto *label
            = qobject_cast<QLabel *>(m_form->itemAt(row, QFormLayout::LabelRole)->widget())) {
            label->setText(labels[row]);
            label->setBuddy(m_form->itemAt(row, QFormLayout::FieldRole)->widget());
        }
    }
    m_task->setToolTip(tr("What the model learns: copy the source, reverse it, rotate it by "
                          "one, or translate Chinese phrases into English."));
    m_vocab->setToolTip(tr("How many different source words the task uses."));
    m_seed->setToolTip(tr("Draws the initial weights and every batch: the same seed and "
                          "settings give the same run."));
    m_target->setToolTip(tr("A run stops by itself once a batch's accuracy reaches this; 0 % "
                            "never stops early."));
    m_target->setSpecialValueText(tr("never"));
    updateMessage();
}

void TrainingSettingsForm::updateEnabled()
{
    // The phrase book fixes its own sentences and words.
    const bool synthetic = !taskFixesShape(
        taskFromName(m_task->currentData().toString()).value_or(TaskKind::Reverse));
    m_length->setEnabled(synthetic);
    m_vocab->setEnabled(synthetic);
    const bool transformer = m_model->currentData().toString() == modelName(ModelKind::Transformer);
    m_form->setRowVisible(m_layers, transformer);
    m_form->setRowVisible(m_dFf, transformer);
}

RunConfig TrainingSettingsForm::fieldsConfig() const
{
    RunConfig c;
    c.model = modelFromName(m_model->currentData().toString()).value_or(ModelKind::OneLayer);
    c.layers = m_layers->value();
    c.dimFeedforward = m_dFf->value();
    c.task.kind = taskFromName(m_task->currentData().toString()).value_or(TaskKind::Reverse);
    c.task.length = m_length->value();
    c.task.vocab = m_vocab->value();
    c.dModel = m_dModel->value();
    c.heads = m_heads->value();
    c.optimizer.kind
        = optimizerFromName(m_optimizer->currentData().toString()).value_or(OptimizerKind::Adam);
    c.optimizer.lr = m_lr->value();
    c.batch = m_batch->value();
    c.steps = m_steps->value();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    return c;
}

std::optional<ScaleSpec> TrainingSettingsForm::scale(int run) const
{
    const QComboBox *box = m_scales[size_t(run)];
    const int index = box->findText(box->currentText());
    if (index >= 0)
        return scaleFromName(box->itemData(index).toString());
    // Typed: a number, or the command line's words.
    QString text = box->currentText().trimmed();
    text.replace(QChar(0x00f7), QString()); // a typed "÷ 4"
    return scaleFromName(text.trimmed());
}

std::optional<std::array<RunConfig, 2>> TrainingSettingsForm::configs() const
{
    const RunConfig c = fieldsConfig();
    std::array<RunConfig, 2> out { c, c };
    for (int run = 0; run < 2; ++run) {
        const std::optional<ScaleSpec> s = scale(run);
        if (!s)
            return std::nullopt;
        out[size_t(run)].scale = *s;
        if (checkRunConfig(out[size_t(run)]))
            return std::nullopt;
    }
    return out;
}

QString TrainingSettingsForm::problem() const
{
    for (int run = 0; run < 2; ++run) {
        if (!scale(run))
            return tr("Run %1 divides by “%2”, which is not a scale: choose √d_k or none, or "
                      "type a number from %3 to %4.")
                .arg(run == 0 ? QStringLiteral("A") : QStringLiteral("B"),
                    m_scales[size_t(run)]->currentText())
                .arg(limits::minScaleDivisor)
                .arg(limits::maxAbsValue);
    }
    RunConfig c = fieldsConfig();
    c.scale = *scale(0);
    const std::optional<SessionError> error = checkRunConfig(c);
    if (!error)
        return QString();
    if (error->path == QStringLiteral("heads") && c.heads >= 1 && c.dModel % c.heads != 0)
        return tr("%1 heads do not divide d_model %2: each head needs an equal share of the "
                  "width. Choose a number of heads that divides %2, or change d_model.")
            .arg(c.heads)
            .arg(c.dModel);
    if (error->path == QStringLiteral("batch"))
        return tr("Batch × length × d_model is too large for one step (at most %1): lower the "
                  "batch, the length or d_model.")
            .arg(limits::maxTrainActivations, 0, 'g', 6);
    if (c.model == ModelKind::OneLayer && isCorpusTask(c.task.kind))
        return tr("The corpus translation tasks are trained by the transformer only: choose "
                  "the transformer as the model, or another task.");
    // The spin boxes keep every other value within its limit; name the field all the same.
    return tr("The setting “%1” is out of range: %2").arg(error->path, error->message);
}

void TrainingSettingsForm::updateMessage()
{
    const QString text = problem();
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    const bool headsWrong = !text.isEmpty() && m_dModel->value() % m_heads->value() != 0;
    MessageBar::markInvalid(m_heads, headsWrong, headsWrong ? text : QString());
    for (int run = 0; run < 2; ++run) {
        const bool bad = !scale(run);
        MessageBar::markInvalid(m_scales[size_t(run)], bad, bad ? text : QString());
    }
}

void TrainingSettingsForm::setConfigs(const std::array<RunConfig, 2> &configs)
{
    const RunConfig &c = configs[0];
    const QSignalBlocker b0(m_task), b1(m_length), b2(m_vocab), b3(m_dModel), b4(m_heads),
        b5(m_optimizer), b6(m_lr), b7(m_batch), b8(m_steps), b9(m_seed), b10(m_model),
        b11(m_layers), b12(m_dFf);
    m_model->setCurrentIndex(m_model->findData(modelName(c.model)));
    m_layers->setValue(c.layers);
    m_dFf->setValue(c.dimFeedforward);
    m_task->setCurrentIndex(m_task->findData(taskName(c.task.kind)));
    m_taskIndex = m_task->currentIndex();
    m_length->setValue(c.task.length);
    m_vocab->setValue(c.task.vocab);
    m_dModel->setValue(c.dModel);
    m_heads->setValue(c.heads);
    m_optimizer->setCurrentIndex(m_optimizer->findData(optimizerName(c.optimizer.kind)));
    m_lr->setValue(c.optimizer.lr);
    m_batch->setValue(c.batch);
    m_steps->setValue(c.steps);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(
        c.seed, static_cast<std::uint64_t>(std::numeric_limits<int>::max()))));
    for (int run = 0; run < 2; ++run) {
        QComboBox *box = m_scales[size_t(run)];
        const QSignalBlocker blocker(box);
        const QString word = scaleName(configs[size_t(run)].scale);
        const int index = box->findData(word);
        if (index >= 0)
            box->setCurrentIndex(index);
        else
            box->setEditText(word);
    }
    updateEnabled();
    updateMessage();
    emit changed();
}

double TrainingSettingsForm::targetAccuracy() const
{
    return m_target->value() / 100.0;
}

QString TrainingSettingsForm::runName(int run) const
{
    const std::optional<ScaleSpec> s = scale(run);
    if (!s)
        return run == 0 ? QStringLiteral("A") : QStringLiteral("B");
    return TrainingCurvesFigure::runName(run, *s);
}

} // namespace ae
