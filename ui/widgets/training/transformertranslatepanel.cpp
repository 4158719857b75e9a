// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformertranslatepanel.h"

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
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ae {

namespace {

/// Layer heatmaps in one row of the panel.
constexpr int plotsPerRow = 3;

} // namespace

TransformerTranslatePanel::TransformerTranslatePanel(TrainingRunner *runner, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
{
    m_sentence = new QLineEdit;
    m_sentence->setObjectName(QStringLiteral("transformerSentence"));
    m_sentenceLabel = new QLabel;
    m_sentenceLabel->setBuddy(m_sentence);
    m_run = new QComboBox;
    m_run->setObjectName(QStringLiteral("transformerTranslateRun"));
    m_run->addItem(QString());
    m_run->addItem(QString());
    m_head = new QComboBox;
    m_head->setObjectName(QStringLiteral("transformerTranslateHead"));
    m_head->addItem(QString());
    m_headLabel = new QLabel;
    m_headLabel->setBuddy(m_head);
    m_translate = new QPushButton;
    m_translate->setObjectName(QStringLiteral("transformerTranslate"));
    m_words = new QLabel;
    m_words->setObjectName(QStringLiteral("transformerDecodedWords"));
    m_words->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_words->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_words->setFont(big);
    m_decodedBy = new QLabel;
    m_decodedBy->setObjectName(QStringLiteral("transformerDecodedBy"));
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("transformerTranslateMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    m_vocabulary = new QLabel;
    m_vocabulary->setWordWrap(true);
    m_vocabulary->setForegroundRole(QPalette::PlaceholderText);
    QFont small = m_vocabulary->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_vocabulary->setFont(small);
    m_vocabulary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long vocabulary scrolls within two lines, so that the maps keep their height.
    m_vocabularyArea = new QScrollArea;
    m_vocabularyArea->setObjectName(QStringLiteral("transformerTranslateVocabulary"));
    m_vocabularyArea->setWidget(m_vocabulary);
    m_vocabularyArea->setWidgetResizable(true);
    m_vocabularyArea->setFrameShape(QFrame::NoFrame);
    m_vocabularyArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_weights = new QLabel;
    m_weights->setObjectName(QStringLiteral("transformerTranslateWeights"));
    m_reveal = new WordReveal(this);

    auto *row = new QHBoxLayout;
    row->addWidget(m_sentenceLabel);
    row->addWidget(m_sentence, 1);
    row->addWidget(m_run);
    row->addWidget(m_weights);
    row->addWidget(m_translate);
    auto *wordsRow = new QHBoxLayout;
    wordsRow->addWidget(m_words);
    wordsRow->addWidget(m_decodedBy, 1);
    wordsRow->addWidget(m_headLabel);
    wordsRow->addWidget(m_head);
    // The maps keep their room while nothing is decoded (no labels spread over it).
    auto *plots = new QWidget;
    m_plotGrid = new QGridLayout(plots);
    m_plotGrid->setContentsMargins(0, 0, 0, 0);
    m_plotGrid->setSpacing(4);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_vocabularyArea);
    layout->addWidget(m_message);
    layout->addLayout(wordsRow);
    layout->addWidget(plots, 1);

    connect(m_translate, &QPushButton::clicked, this, &TransformerTranslatePanel::translate);
    connect(m_sentence, &QLineEdit::returnPressed, this, &TransformerTranslatePanel::translate);
    connect(m_reveal, &WordReveal::shownChanged, this, &TransformerTranslatePanel::showWords);
    connect(m_run, &QComboBox::currentIndexChanged, this,
        &TransformerTranslatePanel::updateWeightsLabel);
    connect(m_head, &QComboBox::currentIndexChanged, this, [this] { showWords(); });
    retranslate();
}

void TransformerTranslatePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TransformerTranslatePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitVocabulary();
}

void TransformerTranslatePanel::fitVocabulary()
{
    const int width = std::max(1, m_vocabularyArea->viewport()->width());
    const int lines = QFontMetrics(m_vocabulary->font()).lineSpacing();
    const int whole = m_vocabulary->heightForWidth(width);
    // Whole when it fits in two lines; else two lines and a scroll bar.
    const int height = whole <= 2 * lines + 4 ? whole : 2 * lines + 4;
    m_vocabularyArea->setFixedHeight(std::max(0, height));
    m_vocabularyArea->setVerticalScrollBarPolicy(
        whole > height ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
}

void TransformerTranslatePanel::retranslate()
{
    m_sentenceLabel->setText(tr("Sentence:"));
    m_translate->setText(tr("Translate"));
    m_sentence->setPlaceholderText(tr("type source words separated by spaces"));
    m_translate->setToolTip(tr("The transformer writes its output one word at a time, each time "
                               "choosing its most likely word; under each decoder layer, the "
                               "row of each word shows where that layer looked in the source."));
    m_headLabel->setText(tr("Heads:"));
    m_head->setToolTip(tr("Show the mean of each layer's heads, or one head of every layer."));
    m_head->setItemText(0, tr("mean of the heads"));
    for (int h = 1; h < m_head->count(); ++h)
        m_head->setItemText(h, tr("head %1").arg(h));
    const QString explain = tr("One map per decoder layer: each row is a word the decoder "
                               "wrote, each column a source word; the cells are that layer's "
                               "cross-attention when the word was chosen.");
    m_words->setToolTip(explain);
    for (HeatmapPlot *p : m_plots)
        p->setToolTip(explain);
    for (int run = 0; run < 2; ++run)
        m_run->setItemText(run, runName(run));
    if (m_runner->state() != TrainingRunner::State::Empty && m_runner->isTransformer())
        m_vocabulary->setText(
            tr("Words you can use: %1")
                .arg(m_runner->transformerSpec(0).sourceVocab.join(QLatin1Char(' '))));
    m_vocabularyArea->setAccessibleName(tr("Words you can use"));
    fitVocabulary();
    updateWeightsLabel();
    showWords();
}

int TransformerTranslatePanel::maxWords(int endId, int taskLength, int sourceWords)
{
    return endId < 0 ? sourceWords : std::max(taskLength, 2 * sourceWords) + 1;
}

void TransformerTranslatePanel::setStep(int step)
{
    m_step = step;
    updateWeightsLabel();
}

void TransformerTranslatePanel::updateWeightsLabel()
{
    const int run = std::max(0, m_run->currentIndex());
    const int at = m_runner->state() == TrainingRunner::State::Empty || !m_runner->isTransformer()
        ? -1
        : m_runner->snapshotStepAt(run, m_step);
    m_weights->setVisible(at >= 0);
    if (at >= 0) {
        m_weights->setText(tr("at step %1").arg(at));
        m_weights->setToolTip(tr("Translates with the weights of %1 at step %2 (the head "
                                 "grid's scrubber picks the step).")
                                  .arg(runName(run))
                                  .arg(at));
    }
}

QString TransformerTranslatePanel::runName(int run) const
{
    return TrainingCurvesFigure::runName(run, m_runner->configs()[size_t(run)].scale);
}

HeatmapPlot *TransformerTranslatePanel::layerPlot(int layer) const
{
    return layer >= 0 && layer < layerCount() ? m_plots[size_t(layer)] : nullptr;
}

void TransformerTranslatePanel::rebuildPlots(int layers, int heads)
{
    if (layers != layerCount()) {
        for (HeatmapPlot *p : m_plots)
            delete p;
        m_plots.clear();
        for (int l = 0; l < layers; ++l) {
            auto *p = new HeatmapPlot;
            p->setObjectName(QStringLiteral("transformerTranslateLayer%1").arg(l));
            p->setMinimumSize(120, 90);
            p->setPresentationMode(m_presenting);
            TrainingHeatmapFonts::attach(p);
            m_plotGrid->addWidget(p, l / plotsPerRow, l % plotsPerRow);
            m_plots.push_back(p);
        }
    }
    const QSignalBlocker blocker(m_head);
    const int chosen = m_head->currentIndex();
    while (m_head->count() > heads + 1)
        m_head->removeItem(m_head->count() - 1);
    while (m_head->count() < heads + 1)
        m_head->addItem(QString());
    m_head->setCurrentIndex(chosen < m_head->count() ? std::max(0, chosen) : 0);
}

void TransformerTranslatePanel::runsStarted()
{
    m_reveal->clear();
    m_decoded.clear();
    m_message->hide();
    if (m_runner->state() == TrainingRunner::State::Empty || !m_runner->isTransformer()) {
        rebuildPlots(0, 0);
        retranslate();
        return;
    }
    const TransformerSpec spec = m_runner->transformerSpec(0);
    rebuildPlots(spec.decoderLayers, spec.heads);
    // Offer a sentence of the task's words to start from.
    const TrainingTask task(m_runner->configs()[0].task);
    QString offer;
    switch (task.config().kind) {
    case TaskKind::Translate:
        offer = QStringLiteral("我 爱 深度 学习");
        break;
    case TaskKind::TranslateZhEn:
        offer = QStringLiteral("我 在 学校 学习");
        break;
    case TaskKind::TranslateEnZh:
        offer = QStringLiteral("i study at school");
        break;
    default:
        break;
    }
    if (offer.isEmpty() || !task.sourceIds(offer))
        offer = task.sourceVocab().mid(0, task.length()).join(QLatin1Char(' '));
    m_sentence->setText(offer);
    retranslate();
}

bool TransformerTranslatePanel::translate()
{
    m_reveal->clear();
    m_message->hide();
    if (m_runner->state() == TrainingRunner::State::Empty || !m_runner->isTransformer())
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
    const auto params = m_runner->transformerParametersAt(run, m_step);
    if (!params)
        return false;
    const TransformerSpec spec = m_runner->transformerSpec(run);
    m_sourceWords.clear();
    for (int id : *ids)
        m_sourceWords << spec.sourceVocab.value(id);
    m_decoded = transformerTranslate(spec, *params, *ids, task.endId(),
        maxWords(task.endId(), task.length(), static_cast<int>(ids->size())));
    m_decodedRun = run;
    m_decodedStep = m_runner->snapshotStepAt(run, m_step);
    m_reveal->start(static_cast<int>(m_decoded.size()));
    return true;
}

void TransformerTranslatePanel::finishAnimation()
{
    m_reveal->finish();
}

QStringList TransformerTranslatePanel::shownWords() const
{
    QStringList words;
    for (int i = 0; i < m_reveal->shown() && i < static_cast<int>(m_decoded.size()); ++i)
        words << m_decoded[size_t(i)].word;
    return words;
}

void TransformerTranslatePanel::showWords()
{
    const int shown = std::min(m_reveal->shown(), static_cast<int>(m_decoded.size()));
    m_words->setText(shownWords().join(QLatin1Char(' ')));
    // Whose weights wrote them, and at which step.
    m_decodedBy->setText(shown > 0 && m_decodedStep >= 0
            ? tr("(%1, step %2)").arg(runName(m_decodedRun)).arg(m_decodedStep)
            : QString());
    const int head = std::max(0, m_head->currentIndex()) - 1; // -1: the mean
    for (int l = 0; l < layerCount(); ++l) {
        HeatmapData data;
        data.head = head;
        if (shown > 0) {
            const int ls = static_cast<int>(m_sourceWords.size());
            data.values.resize(shown, ls);
            for (int i = 0; i < shown; ++i) {
                const Eigen::MatrixXd &rows = m_decoded[size_t(i)].crossAttention[size_t(l)];
                data.values.row(i) = head < 0 ? Eigen::RowVectorXd(rows.colwise().mean())
                                              : Eigen::RowVectorXd(rows.row(head));
                data.rowLabels << m_decoded[size_t(i)].word;
            }
            data.columnLabels = m_sourceWords;
        }
        const QString which = head < 0 ? tr("mean of the heads") : tr("head %1").arg(head + 1);
        data.shortTitle = tr("Layer %1").arg(l + 1);
        data.title = tr("Decoder layer %1 · %2").arg(l + 1).arg(which);
        // The columns are the typed sentence's words, named by their labels: no axis title
        // under them, whose line the rows need more (a Chinese row wants its whole height).
        data.rowAxisTitle = tr("output words");
        HeatmapPlot *p = m_plots[size_t(l)];
        p->setData(std::move(data));
        // Nothing decoded yet: no empty axes.
        p->setVisible(shown > 0);
    }
}

void TransformerTranslatePanel::setPresentationMode(bool on)
{
    m_presenting = on;
    for (HeatmapPlot *p : m_plots) {
        p->setPresentationMode(on);
        TrainingHeatmapFonts::fit(p);
    }
}

} // namespace ae
