// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingtranslatepanel.h"

#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapplot.h"
#include "training/trainingcurvesfigure.h"
#include "training/trainingheatmapfonts.h"
#include "training/trainingrunner.h"
#include "training/trainingtask.h"
#include "training/wordreveal.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ae {

TrainingTranslatePanel::TrainingTranslatePanel(TrainingRunner *runner, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
{
    m_sentence = new QLineEdit;
    m_sentence->setObjectName(QStringLiteral("trainingSentence"));
    m_sentenceLabel = new QLabel;
    m_sentenceLabel->setBuddy(m_sentence);
    m_run = new QComboBox;
    m_run->setObjectName(QStringLiteral("trainingTranslateRun"));
    m_run->addItem(QString());
    m_run->addItem(QString());
    m_translate = new QPushButton;
    m_translate->setObjectName(QStringLiteral("trainingTranslate"));
    m_words = new QLabel;
    m_words->setObjectName(QStringLiteral("trainingDecodedWords"));
    m_words->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_words->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_words->setFont(big);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("trainingTranslateMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    m_vocabulary = new QLabel;
    m_vocabulary->setWordWrap(true);
    m_vocabulary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_weights = new QLabel;
    m_weights->setObjectName(QStringLiteral("trainingTranslateWeights"));
    m_weights->setWordWrap(true);
    m_plot = new HeatmapPlot;
    m_plot->setObjectName(QStringLiteral("trainingTranslateHeatmap"));
    m_plot->setMinimumSize(200, 140);
    TrainingHeatmapFonts::attach(m_plot);
    m_reveal = new WordReveal(this);

    auto *row = new QGridLayout;
    row->addWidget(m_sentenceLabel, 0, 0);
    row->addWidget(m_sentence, 0, 1);
    row->addWidget(m_run, 0, 2);
    row->addWidget(m_translate, 0, 3);
    row->setColumnStretch(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_weights);
    layout->addWidget(m_vocabulary);
    layout->addWidget(m_message);
    layout->addWidget(m_words);
    layout->addWidget(m_plot, 1);

    connect(m_translate, &QPushButton::clicked, this, &TrainingTranslatePanel::translate);
    connect(m_sentence, &QLineEdit::returnPressed, this, &TrainingTranslatePanel::translate);
    connect(m_reveal, &WordReveal::shownChanged, this, &TrainingTranslatePanel::showWords);
    connect(
        m_run, &QComboBox::currentIndexChanged, this, &TrainingTranslatePanel::updateWeightsLabel);
    retranslate();
}

void TrainingTranslatePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TrainingTranslatePanel::retranslate()
{
    m_sentenceLabel->setText(tr("Sentence:"));
    m_translate->setText(tr("Translate"));
    m_sentence->setPlaceholderText(tr("type source words separated by spaces"));
    m_translate->setToolTip(tr("The model writes its output one word at a time, each time "
                               "choosing its most likely word; the row under each word shows "
                               "where it looked in the source."));
    for (int run = 0; run < 2; ++run)
        m_run->setItemText(run, runName(run));
    if (m_runner->state() != TrainingRunner::State::Empty) {
        const TrainingModelSpec spec = m_runner->modelSpec(0);
        m_vocabulary->setText(
            tr("Words you can use: %1").arg(spec.sourceVocab.join(QLatin1Char(' '))));
    }
    updateWeightsLabel();
    showWords();
}

void TrainingTranslatePanel::setStep(int step)
{
    m_step = step;
    updateWeightsLabel();
}

void TrainingTranslatePanel::updateWeightsLabel()
{
    const int run = std::max(0, m_run->currentIndex());
    const int at = m_runner->state() == TrainingRunner::State::Empty
        ? -1
        : m_runner->snapshotStepAt(run, m_step);
    m_weights->setVisible(at >= 0);
    if (at >= 0)
        m_weights->setText(
            tr("Translates with the weights of %1 at step %2 (the scrubber on the other "
               "tab picks the step).")
                .arg(runName(run))
                .arg(at));
}

QString TrainingTranslatePanel::runName(int run) const
{
    return TrainingCurvesFigure::runName(run, m_runner->configs()[size_t(run)].scale);
}

void TrainingTranslatePanel::runsStarted()
{
    m_reveal->clear();
    m_decoded.clear();
    m_message->hide();
    // Offer a sentence of the task's words to start from.
    const TrainingTask task(m_runner->configs()[0].task);
    if (task.config().kind == TaskKind::Translate)
        m_sentence->setText(QStringLiteral("我 爱 深度 学习"));
    else
        m_sentence->setText(task.sourceVocab().mid(0, task.length()).join(QLatin1Char(' ')));
    retranslate();
}

bool TrainingTranslatePanel::translate()
{
    m_reveal->clear();
    m_message->hide();
    if (m_runner->state() == TrainingRunner::State::Empty)
        return false;
    const int run = std::max(0, m_run->currentIndex());
    const TrainingTask task(m_runner->configs()[size_t(run)].task);
    QString unknown;
    const std::optional<std::vector<int>> ids = task.sourceIds(m_sentence->text(), &unknown);
    if (!ids || ids->empty()) {
        // Name the first piece that is neither a word the model knows nor made of such words.
        m_message->setText(unknown.isEmpty()
                ? tr("Type at least one word of the source vocabulary.")
                : tr("“%1” is not a word this model knows, nor made of such words: use the "
                     "words listed above, separated by spaces.")
                      .arg(unknown));
        m_message->show();
        m_decoded.clear();
        m_reveal->clear();
        showWords();
        return false;
    }
    const auto params = m_runner->parametersAt(run, m_step);
    if (!params)
        return false;
    m_sourceWords.clear();
    for (int id : *ids)
        m_sourceWords << task.sourceVocab().value(id);
    m_decoded = greedyDecode(m_runner->modelSpec(run), *params, *ids);
    m_decodedRun = run;
    m_decodedStep = m_runner->snapshotStepAt(run, m_step);
    m_reveal->start(static_cast<int>(m_decoded.size()));
    return true;
}

void TrainingTranslatePanel::finishAnimation()
{
    m_reveal->finish();
}

QStringList TrainingTranslatePanel::shownWords() const
{
    QStringList words;
    for (int i = 0; i < m_reveal->shown() && i < static_cast<int>(m_decoded.size()); ++i)
        words << m_decoded[size_t(i)].word;
    return words;
}

void TrainingTranslatePanel::showWords()
{
    const int shown = std::min(m_reveal->shown(), static_cast<int>(m_decoded.size()));
    m_words->setText(shownWords().join(QLatin1Char(' ')));
    HeatmapData data;
    if (shown > 0) {
        const int ls = static_cast<int>(m_decoded.front().attention.size());
        data.values.resize(shown, ls);
        for (int i = 0; i < shown; ++i) {
            data.values.row(i) = m_decoded[size_t(i)].attention;
            data.rowLabels << m_decoded[size_t(i)].word;
        }
        data.columnLabels = m_sourceWords;
    } else {
        data.values.resize(0, 0);
    }
    data.title = m_decodedStep < 0 ? tr("Where each output word looked")
                                   : tr("Where each output word looked (%1, step %2)")
                                         .arg(runName(m_decodedRun))
                                         .arg(m_decodedStep);
    data.rowAxisTitle = tr("output words");
    data.columnAxisTitle = tr("source words");
    m_plot->setData(std::move(data));
    // Nothing decoded yet: no empty axes.
    m_plot->setVisible(shown > 0);
}

void TrainingTranslatePanel::setPresentationMode(bool on)
{
    m_plot->setPresentationMode(on);
    TrainingHeatmapFonts::fit(m_plot);
}

} // namespace ae
