// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/computationdock.h"

#include "computation/matrixtablewidget.h"
#include "computation/queryrowview.h"
#include "document/document.h"
#include "heatmap/heatmapdata.h"
#include "plots/textsize.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace ae {

ComputationDock::ComputationDock(Document *document, QWidget *parent)
    : QDockWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("computationDock"));
    auto *body = new QWidget(this);
    m_headLabel = new QLabel(body);
    m_headBox = new QComboBox(body);
    m_headBox->setObjectName(QStringLiteral("computationHeadBox"));
    m_headLabel->setBuddy(m_headBox);
    m_decimalsLabel = new QLabel(body);
    m_decimalsBox = new QSpinBox(body);
    m_decimalsBox->setObjectName(QStringLiteral("computationDecimalsBox"));
    m_decimalsBox->setRange(0, 10);
    m_decimalsBox->setValue(m_decimals);
    m_decimalsLabel->setBuddy(m_decimalsBox);
    m_backButton = new QPushButton(body);
    m_backButton->setObjectName(QStringLiteral("computationBackButton"));
    m_forwardButton = new QPushButton(body);
    m_forwardButton->setObjectName(QStringLiteral("computationForwardButton"));
    m_positionLabel = new QLabel(body);
    m_rowButton = new QPushButton(body);
    m_rowButton->setObjectName(QStringLiteral("computationRowButton"));
    m_rowButton->setCheckable(true);

    // Two groups that share a line when there is room and take two lines when not, so the
    // dock never widens the window (a projector, Chinese labels, lesson zoom).
    m_settingsGroup = new QWidget(body);
    auto *settings = new QHBoxLayout(m_settingsGroup);
    settings->setContentsMargins(0, 0, 0, 0);
    settings->addWidget(m_headLabel);
    settings->addWidget(m_headBox);
    settings->addSpacing(8);
    settings->addWidget(m_decimalsLabel);
    settings->addWidget(m_decimalsBox);
    settings->addSpacing(8);
    settings->addWidget(m_rowButton);
    m_navigationGroup = new QWidget(body);
    auto *navigation = new QHBoxLayout(m_navigationGroup);
    navigation->setContentsMargins(0, 0, 0, 0);
    navigation->addWidget(m_backButton);
    navigation->addWidget(m_positionLabel);
    navigation->addWidget(m_forwardButton);
    m_controlsHost = new QWidget(body);
    m_controls = new QGridLayout(m_controlsHost);
    m_controls->setContentsMargins(0, 0, 0, 0);

    m_stepList = new QListWidget(body);
    m_stepList->setObjectName(QStringLiteral("computationStepList"));
    for (int i = 0; i < ComputationSteps::count(); ++i)
        m_stepList->addItem(QString());
    m_stepList->setMinimumWidth(120);

    m_formulaLabel = new QLabel(body);
    m_formulaLabel->setObjectName(QStringLiteral("computationFormula"));
    m_formulaLabel->setTextFormat(Qt::PlainText);
    m_formulaLabel->setWordWrap(true);
    m_explanationLabel = new QLabel(body);
    m_explanationLabel->setTextFormat(Qt::PlainText);
    m_explanationLabel->setWordWrap(true);
    auto *matrixHost = new QWidget;
    // Side by side: Q_h, K_h and V_h (or W_o and b_o) are read together.
    m_matrixLayout = new QHBoxLayout(matrixHost);
    m_matrixLayout->setContentsMargins(0, 0, 0, 0);
    m_matrixLayout->addStretch(1);
    m_matrixArea = new QScrollArea(body);
    m_matrixArea->setWidget(matrixHost);
    m_matrixArea->setWidgetResizable(true);
    m_matrixArea->setFocusPolicy(Qt::NoFocus);

    auto *stepPane = new QWidget(body);
    auto *stepLayout = new QVBoxLayout(stepPane);
    stepLayout->setContentsMargins(0, 0, 0, 0);
    stepLayout->addWidget(m_formulaLabel);
    stepLayout->addWidget(m_explanationLabel);
    stepLayout->addWidget(m_matrixArea, 1);
    auto *splitter = new QSplitter(Qt::Horizontal, body);
    splitter->addWidget(m_stepList);
    splitter->addWidget(stepPane);
    splitter->setStretchFactor(1, 1);

    m_rowView = new QueryRowView(document, body);
    m_pages = new QStackedWidget(body);
    m_pages->addWidget(splitter);
    m_pages->addWidget(m_rowView);

    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_controlsHost);
    layout->addWidget(m_pages, 1);
    setWidget(body);
    arrangeControls();

    // The stepping keys work wherever the focus is inside the dock.
    for (QWidget *w : std::initializer_list<QWidget *> { body, m_stepList, m_headBox, m_decimalsBox,
             m_backButton, m_forwardButton, m_matrixArea, m_rowButton })
        w->installEventFilter(this);
    setFocusPolicy(Qt::StrongFocus);

    connect(m_backButton, &QPushButton::clicked, this, &ComputationDock::stepBack);
    connect(m_forwardButton, &QPushButton::clicked, this, &ComputationDock::stepForward);
    connect(m_stepList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != m_step)
            setStep(row);
    });
    connect(m_decimalsBox, &QSpinBox::valueChanged, this, &ComputationDock::setDecimals);
    connect(m_rowButton, &QPushButton::toggled, this, &ComputationDock::setRowMode);
    connect(m_headBox, &QComboBox::activated, this, [this](int index) {
        setHead(index);
        emit headChanged(m_head);
    });
    connect(m_document, &Document::weightsHiddenChanged, this, [this] {
        for (MatrixTableWidget *table : std::as_const(m_tables))
            table->setNumbersShown(m_revealed && !m_document->weightsHidden());
    });
    connect(m_document, &Document::labelsHiddenChanged, this, &ComputationDock::refreshTables);
    connect(m_document, &Document::resultChanged, this, [this] {
        updateHeads();
        refresh();
        emit resultShown(); // the heatmap's state is made from the new result
    });
    retranslate();
    updateHeads();
    refresh();
    setZoom(m_zoom); // the formula in bold from the start
}

ComputationStep ComputationDock::currentStep() const
{
    return ComputationSteps::all()[static_cast<size_t>(m_step)];
}

void ComputationDock::setHead(int head)
{
    const int heads
        = m_document->hasResult() ? static_cast<int>(m_document->result().heads.size()) : 1;
    head = std::clamp(head, 0, std::max(0, heads - 1));
    if (head == m_head)
        return;
    m_head = head;
    m_headBox->setCurrentIndex(head);
    m_rowView->setHead(head);
    refresh();
    emit stepChanged(m_step);
}

void ComputationDock::setStep(int step)
{
    step = std::clamp(step, 0, ComputationSteps::count() - 1);
    if (step == m_step && m_revealed)
        return;
    m_step = step;
    m_revealed = true;
    refresh();
    emit stepChanged(m_step);
}

void ComputationDock::startFromWeights()
{
    const std::vector<ComputationStep> steps = ComputationSteps::all();
    const auto softmax = std::find(steps.begin(), steps.end(), ComputationStep::Softmax);
    setStep(static_cast<int>(softmax - steps.begin()));
}

void ComputationDock::stepForward()
{
    if (!m_revealed) {
        m_revealed = true;
        refresh();
        emit stepChanged(m_step);
        return;
    }
    if (m_step + 1 >= ComputationSteps::count())
        return;
    ++m_step;
    m_revealed = !m_reveal;
    refresh();
    emit stepChanged(m_step);
}

void ComputationDock::stepBack()
{
    if (m_step == 0 && m_revealed)
        return;
    m_step = std::max(0, m_step - 1);
    m_revealed = true;
    refresh();
    emit stepChanged(m_step);
}

void ComputationDock::setDecimals(int decimals)
{
    decimals = std::clamp(decimals, 0, 10);
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    if (m_decimalsBox->value() != decimals)
        m_decimalsBox->setValue(decimals);
    for (MatrixTableWidget *t : std::as_const(m_tables))
        t->setDecimals(decimals);
    m_rowView->setDecimals(decimals);
    emit decimalsChanged(decimals);
}

void ComputationDock::setRevealMode(bool on)
{
    m_reveal = on;
    if (!on && !m_revealed) {
        m_revealed = true;
        refresh();
        emit stepChanged(m_step);
    }
}

void ComputationDock::setZoom(double factor)
{
    m_zoom = factor;
    QFont f = m_formulaLabel->font();
    f.setPointSizeF(TextSize::points(11.0 * factor));
    f.setBold(true);
    m_formulaLabel->setFont(f);
    QFont e = m_explanationLabel->font();
    e.setPointSizeF(TextSize::points(9.0 * factor));
    m_explanationLabel->setFont(e);
    m_stepList->setFont(e);
    for (MatrixTableWidget *t : std::as_const(m_tables))
        t->setZoom(factor);
    m_rowView->setZoom(factor);
}

void ComputationDock::setRowMode(bool on)
{
    if (m_rowButton->isChecked() != on)
        m_rowButton->setChecked(on);
    if (on == isRowMode())
        return;
    m_rowView->setHead(m_head);
    m_pages->setCurrentWidget(on ? static_cast<QWidget *>(m_rowView) : m_pages->widget(0));
    // The steps' own controls mean nothing to the row.
    for (QWidget *w :
        std::initializer_list<QWidget *> { m_backButton, m_positionLabel, m_forwardButton })
        w->setVisible(!on);
    emit stepChanged(m_step); // the heatmap shows the weights while the row is on show
}

bool ComputationDock::isRowMode() const
{
    return m_pages->currentWidget() == m_rowView;
}

std::optional<HeatmapData> ComputationDock::heatmapState() const
{
    if (!m_document->hasResult() || m_head >= static_cast<int>(m_document->result().heads.size())
        || isRowMode())
        return std::nullopt;
    // Until a hidden step is revealed the heatmap keeps the state of the step before it.
    const int shown = m_revealed ? m_step : std::max(0, m_step - 1);
    return ComputationSteps::heatmapState(m_document->resultSession(), m_document->result(), m_head,
        ComputationSteps::all()[static_cast<size_t>(shown)]);
}

QString ComputationDock::formulaText() const
{
    return m_formulaLabel->text();
}

void ComputationDock::updateHeads()
{
    const int heads
        = m_document->hasResult() ? static_cast<int>(m_document->result().heads.size()) : 0;
    if (m_headBox->count() != heads) {
        const QSignalBlocker blocker(m_headBox);
        m_headBox->clear();
        for (int h = 0; h < heads; ++h)
            m_headBox->addItem(tr("Head %1").arg(h + 1));
    }
    m_head = std::clamp(m_head, 0, std::max(0, heads - 1));
    m_headBox->setCurrentIndex(m_head);
}

void ComputationDock::refresh()
{
    updateStepText();
    // A hidden view fills no tables: at large sizes that is most of an edit's work on the GUI
    // thread. They catch up when the view is shown.
    if (isHidden()) {
        m_tablesStale = true;
        return;
    }
    refreshTables();
}

void ComputationDock::refreshTables()
{
    m_tablesStale = false;
    const bool has
        = m_document->hasResult() && m_head < static_cast<int>(m_document->result().heads.size());
    std::vector<LabelledMatrix> matrices;
    const ComputationStep step = currentStep();
    if (has)
        matrices = ComputationSteps::matrices(
            m_document->resultSession(), m_document->result(), m_head, step);
    while (m_tables.size() > static_cast<int>(matrices.size()))
        delete m_tables.takeLast();
    while (m_tables.size() < static_cast<int>(matrices.size())) {
        auto *table = new MatrixTableWidget;
        table->setObjectName(QStringLiteral("computationMatrix%1").arg(m_tables.size()));
        table->setDecimals(m_decimals);
        table->setZoom(m_zoom);
        const int index = static_cast<int>(m_tables.size());
        connect(table, &MatrixTableWidget::cellClicked, this, [this, index](int row, int column) {
            // Cells of Lq x Lk matrices are weights (or their scores); explain that weight.
            if (index == 0 && ComputationSteps::hasWeightCells(currentStep()))
                emit cellChosen(m_head, row, column);
        });
        m_matrixLayout->insertWidget(m_matrixLayout->count() - 1, table);
        m_tables.append(table);
    }
    const int dK = has ? m_document->result().dK : 0;
    for (size_t i = 0; i < matrices.size(); ++i) {
        // Head-wide matrices carry the head's tint; the concatenation tints every other head.
        std::vector<int> columnHead;
        if (step == ComputationStep::Split || step == ComputationStep::HeadOutput)
            columnHead.assign(static_cast<size_t>(dK), m_head);
        else if (step == ComputationStep::Concat && dK > 0)
            for (Eigen::Index c = 0; c < matrices[i].values.cols(); ++c)
                columnHead.push_back(static_cast<int>(c) / dK);
        MatrixTableWidget *table = m_tables[static_cast<int>(i)];
        // While a lesson's question is open no number shows: each step's numbers lead to the
        // weights.
        table->setNumbersShown(m_revealed && !m_document->weightsHidden());
        // A question about the roles: rows and columns numbered, no token named.
        if (m_document->labelsHidden()) {
            LabelledMatrix &m = matrices[i];
            m.rowLabels = HeatmapDataBuilder::positionLabels(int(m.values.rows()));
            m.columnLabels = HeatmapDataBuilder::positionLabels(int(m.values.cols()));
        }
        table->setMatrix(matrices[i], columnHead);
    }
}

void ComputationDock::updateStepText()
{
    const ComputationStep step = currentStep();
    {
        const QSignalBlocker blocker(m_stepList);
        m_stepList->setCurrentRow(m_step);
    }
    m_formulaLabel->setText(ComputationSteps::formula(step));
    m_explanationLabel->setText(m_revealed ? ComputationSteps::explanation(step)
                                           : ComputationSteps::explanation(step) + QLatin1Char(' ')
                + tr("(Numbers hidden: next click shows them.)"));
    m_positionLabel->setText(tr("Step %1 of %2").arg(m_step + 1).arg(ComputationSteps::count()));
    m_backButton->setEnabled(m_step > 0 || !m_revealed);
    m_forwardButton->setEnabled(m_step + 1 < ComputationSteps::count() || !m_revealed);
}

void ComputationDock::retranslate()
{
    setWindowTitle(tr("Computation"));
    m_stepList->setAccessibleName(tr("Computation steps"));
    m_headLabel->setText(tr("Head:"));
    m_decimalsLabel->setText(tr("Dec&imals:"));
    m_rowButton->setText(tr("One Query's Row"));
    m_rowButton->setToolTip(tr("One query's row, whole: each key's q·k, scaled score and "
                               "softmax weight beside V and the output row they make"));
    m_backButton->setText(tr("◀ Back"));
    m_backButton->setToolTip(tr("Previous step (Left, Page Up)"));
    m_forwardButton->setText(tr("Next ▶"));
    m_forwardButton->setToolTip(tr("Next step (Right, Page Down, Space)"));
    const std::vector<ComputationStep> steps = ComputationSteps::all();
    for (size_t i = 0; i < steps.size(); ++i)
        m_stepList->item(static_cast<int>(i))
            ->setText(QStringLiteral("%1. %2").arg(i + 1).arg(ComputationSteps::title(steps[i])));
    for (int h = 0; h < m_headBox->count(); ++h)
        m_headBox->setItemText(h, tr("Head %1").arg(h + 1));
    updateStepText();
}

bool ComputationDock::handleKey(int key)
{
    switch (key) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        stepForward();
        return true;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
        stepBack();
        return true;
    default:
        return false;
    }
}

bool ComputationDock::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        // The spin box keeps its own keys for typing; Space still presses a focused button.
        const bool typing = watched == m_decimalsBox || watched == m_headBox;
        const bool button
            = watched == m_backButton || watched == m_forwardButton || watched == m_rowButton;
        if (key->modifiers() == Qt::NoModifier
            && !(typing && key->key() != Qt::Key_PageDown && key->key() != Qt::Key_PageUp)
            && !(button && key->key() == Qt::Key_Space) && handleKey(key->key()))
            return true;
    }
    return QDockWidget::eventFilter(watched, event);
}

void ComputationDock::showEvent(QShowEvent *event)
{
    if (m_tablesStale)
        refreshTables();
    QDockWidget::showEvent(event);
    // While hidden the controls were put on one line; shown, they fit the width they now have
    // (once the window's layout has given it).
    arrangeControls();
    QTimer::singleShot(0, this, &ComputationDock::arrangeControls);
}

void ComputationDock::arrangeControls()
{
    const int settingsWidth = m_settingsGroup->sizeHint().width();
    const int navigationWidth = m_navigationGroup->sizeHint().width();
    const int spacing = m_controls->horizontalSpacing() + 16;
    const bool oneLine
        = m_controlsHost->width() >= settingsWidth + spacing + navigationWidth || !isVisible();
    // The host's own minimum is the wider group alone, whichever arrangement is shown.
    m_controlsHost->setMinimumWidth(std::max(
        m_settingsGroup->minimumSizeHint().width(), m_navigationGroup->minimumSizeHint().width()));
    if (oneLine == m_controlsOnOneLine && m_controls->count() == 2)
        return;
    m_controlsOnOneLine = oneLine;
    m_controls->removeWidget(m_settingsGroup);
    m_controls->removeWidget(m_navigationGroup);
    m_controls->addWidget(m_settingsGroup, 0, 0, Qt::AlignLeft);
    if (oneLine)
        m_controls->addWidget(m_navigationGroup, 0, 1, Qt::AlignRight);
    else
        m_controls->addWidget(m_navigationGroup, 1, 0, 1, 2, Qt::AlignRight);
    m_controls->setColumnStretch(1, 1);
}

void ComputationDock::resizeEvent(QResizeEvent *event)
{
    QDockWidget::resizeEvent(event);
    arrangeControls();
}

void ComputationDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        arrangeControls();
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The matrices' names and the heatmap's state are made in the language of the moment.
        refresh();
        emit stepChanged(m_step);
        arrangeControls();
    }
    QDockWidget::changeEvent(event);
}

} // namespace ae
