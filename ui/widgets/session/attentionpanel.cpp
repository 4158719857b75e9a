// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/attentionpanel.h"

#include "document/document.h"
#include "language/numberformat.h"
#include "language/retranslator.h"
#include "session/projectioneditor.h"
#include "session/sequencerole.h"
#include "session/sessionlimits.h"
#include "session/temperaturecontrol.h"
#include "window/messagebar.h"
#include "window/undoshortcutfilter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

/// Largest seed the spin box offers (larger seeds from files are kept, shown clamped).
constexpr int maxSeedShown = 999999;

int encodeRoles(SequenceRole queryFrom, SequenceRole keyValueFrom)
{
    return (queryFrom == SequenceRole::Target ? 2 : 0)
        + (keyValueFrom == SequenceRole::Target ? 1 : 0);
}

SequenceRole queryRoleOf(int code)
{
    return (code & 2) ? SequenceRole::Target : SequenceRole::Source;
}

SequenceRole keyValueRoleOf(int code)
{
    return (code & 1) ? SequenceRole::Target : SequenceRole::Source;
}

QFrame *separator(QWidget *parent)
{
    auto *line = new QFrame(parent);
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}

/// A label for @p buddy whose text @p text gives in the language of the moment.
QLabel *buddyLabel(QString (*text)(), QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setBuddy(buddy);
    Retranslator::bind(label, [label, text] { label->setText(text()); });
    return label;
}

} // namespace

AttentionPanel::AttentionPanel(Document *document, QWidget *parent)
    : QDockWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("attentionDock"));
    Retranslator::bind(this, [this] { setWindowTitle(tr("Attention")); });
    buildUi();
    followDocument();
    followError();
    connectUi();
    // The d_k line is written by followDocument() in the language of the moment.
    Retranslator::bind(this, [this] { followDocument(); });
}

AttentionPanel::Wiring AttentionPanel::wiringOf(SequenceRole queryFrom, SequenceRole keyValueFrom)
{
    if (queryFrom == SequenceRole::Source)
        return keyValueFrom == SequenceRole::Source ? Wiring::EncoderSelf : Wiring::ReverseCross;
    return keyValueFrom == SequenceRole::Source ? Wiring::StandardCross : Wiring::DecoderSelf;
}

QString AttentionPanel::wiringName(Wiring wiring)
{
    switch (wiring) {
    case Wiring::EncoderSelf:
        return tr("Encoder self-attention (X, X)");
    case Wiring::ReverseCross:
        return tr("Reverse cross-attention (X, Y)");
    case Wiring::StandardCross:
        return tr("Standard cross-attention (Y, X)");
    case Wiring::DecoderSelf:
        return tr("Decoder self-attention (Y, Y)");
    }
    return {};
}

void AttentionPanel::setPresentationMode(bool on)
{
    QFont font = QWidget::font();
    font.setPointSizeF(on ? QFont().pointSizeF() * 1.5 : QFont().pointSizeF());
    widget()->setFont(font);
    fitGroups();
    // Some size hints settle only after the font change has been processed.
    QTimer::singleShot(0, this, &AttentionPanel::fitGroups);
}

void AttentionPanel::buildUi()
{
    auto *body = new QWidget(this);

    // Wiring: the named combination and its two halves.
    m_wiringCombo = new QComboBox(body);
    m_wiringCombo->setObjectName(QStringLiteral("wiringCombo"));
    for (Wiring w :
        { Wiring::EncoderSelf, Wiring::ReverseCross, Wiring::StandardCross, Wiring::DecoderSelf }) {
        const int code = w == Wiring::EncoderSelf
            ? encodeRoles(SequenceRole::Source, SequenceRole::Source)
            : w == Wiring::ReverseCross  ? encodeRoles(SequenceRole::Source, SequenceRole::Target)
            : w == Wiring::StandardCross ? encodeRoles(SequenceRole::Target, SequenceRole::Source)
                                         : encodeRoles(SequenceRole::Target, SequenceRole::Target);
        m_wiringCombo->addItem(QString(), code);
        Retranslator::bind(
            m_wiringCombo, [combo = m_wiringCombo, i = m_wiringCombo->count() - 1, w] {
                combo->setItemText(i, wiringName(w));
            });
    }
    Retranslator::bind(m_wiringCombo, [=] {
        m_wiringCombo->setToolTip(
            tr("Where queries and keys/values come from, written (Q, K/V): the "
               "decoder's queries reading the encoder's keys and values is "
               "standard cross-attention (Y, X)."));
    });
    m_queryCombo = new QComboBox(body);
    m_queryCombo->setObjectName(QStringLiteral("queryCombo"));
    m_keyValueCombo = new QComboBox(body);
    m_keyValueCombo->setObjectName(QStringLiteral("keyValueCombo"));
    for (QComboBox *combo : { m_queryCombo, m_keyValueCombo }) {
        for (SequenceRole role : { SequenceRole::Source, SequenceRole::Target }) {
            combo->addItem(QString(), static_cast<int>(role));
            Retranslator::bind(combo, [combo, role, i = combo->count() - 1] {
                combo->setItemText(i, RoleLabel::text(role, RoleLabel::Case::Sentence));
            });
        }
    }
    Retranslator::bind(m_queryCombo, [=] {
        m_queryCombo->setToolTip(tr("The sequence whose tokens ask (the heatmap's rows)."));
    });
    Retranslator::bind(m_keyValueCombo, [=] {
        m_keyValueCombo->setToolTip(tr("The sequence whose tokens are looked at (the heatmap's "
                                       "columns); keys and values always come from the same "
                                       "sequence."));
    });

    // Sizes.
    m_modelDimSpin = new QSpinBox(body);
    m_modelDimSpin->setObjectName(QStringLiteral("modelDimSpin"));
    m_modelDimSpin->setRange(1, limits::maxModelDim);
    m_modelDimSpin->setKeyboardTracking(false);
    Retranslator::bind(m_modelDimSpin,
        [=] { m_modelDimSpin->setToolTip(tr("Width of Q, K, V and the output.")); });
    m_headsSpin = new QSpinBox(body);
    m_headsSpin->setObjectName(QStringLiteral("headsSpin"));
    m_headsSpin->setRange(1, limits::maxHeads);
    m_headsSpin->setKeyboardTracking(false);
    Retranslator::bind(m_headsSpin,
        [=] { m_headsSpin->setToolTip(tr("Number of attention heads; it must divide d_model.")); });
    m_dkLabel = new QLabel(body);
    m_dkLabel->setObjectName(QStringLiteral("dkLabel"));
    Retranslator::bind(
        m_dkLabel, [=] { m_dkLabel->setToolTip(tr("Each head's width: d_k = d_model / heads.")); });
    // Wide enough for the error text, so that the controls beside it never jump.
    m_dkLabel->setMinimumWidth(
        fontMetrics().horizontalAdvance(tr("d_k: %1 ÷ %2").arg(1024).arg(64)));

    // Scores: scale and mask.
    m_scaleCombo = new QComboBox(body);
    m_scaleCombo->setObjectName(QStringLiteral("scaleCombo"));
    m_scaleCombo->addItem(QString(), static_cast<int>(ScaleMode::SqrtDk));
    Retranslator::bind(m_scaleCombo,
        [=, i = m_scaleCombo->count() - 1] { m_scaleCombo->setItemText(i, tr("÷ √d_k")); });
    m_scaleCombo->addItem(QString(), static_cast<int>(ScaleMode::None));
    Retranslator::bind(m_scaleCombo,
        [=, i = m_scaleCombo->count() - 1] { m_scaleCombo->setItemText(i, tr("none (÷ 1)")); });
    m_scaleCombo->addItem(QString(), static_cast<int>(ScaleMode::Custom));
    Retranslator::bind(m_scaleCombo,
        [=, i = m_scaleCombo->count() - 1] { m_scaleCombo->setItemText(i, tr("÷ custom")); });
    Retranslator::bind(m_scaleCombo,
        [=] { m_scaleCombo->setToolTip(tr("What Q·Kᵀ is divided by before the softmax.")); });
    m_divisorEdit = new QLineEdit(body);
    m_divisorEdit->setObjectName(QStringLiteral("divisorEdit"));
    Retranslator::bind(m_divisorEdit, [=] {
        m_divisorEdit->setPlaceholderText(tr("divisor"));
        m_divisorEdit->setAccessibleName(tr("Custom divisor"));
    });
    Retranslator::bind(m_divisorEdit, [=] {
        m_divisorEdit->setToolTip(tr("A positive number to divide the scores by, e.g. 8 for √64."));
    });
    m_divisorEdit->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0.000000000")));
    // Room for the longest number the field writes itself (NumberFormat::display), whole.
    m_divisorEdit->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("-9999.999"))
        + 2 * fontMetrics().averageCharWidth());
    m_temperature = new TemperatureControl(m_document, body);
    m_causalCheck = new QCheckBox(body);
    Retranslator::bind(m_causalCheck, [=] { m_causalCheck->setText(tr("&Causal mask")); });
    m_causalCheck->setObjectName(QStringLiteral("causalCheck"));
    Retranslator::bind(m_causalCheck, [=] {
        m_causalCheck->setToolTip(tr("Query i sees key j only where j ≤ i: a decoder cannot look "
                                     "ahead."));
    });

    // Projections.
    m_projectionCombo = new QComboBox(body);
    m_projectionCombo->setObjectName(QStringLiteral("projectionCombo"));
    m_projectionCombo->addItem(QString(), static_cast<int>(ProjectionMode::Identity));
    Retranslator::bind(m_projectionCombo, [=, i = m_projectionCombo->count() - 1] {
        m_projectionCombo->setItemText(i, tr("Identity"));
    });
    m_projectionCombo->addItem(QString(), static_cast<int>(ProjectionMode::Random));
    Retranslator::bind(m_projectionCombo, [=, i = m_projectionCombo->count() - 1] {
        m_projectionCombo->setItemText(i, tr("Random"));
    });
    m_projectionCombo->addItem(QString(), static_cast<int>(ProjectionMode::Explicit));
    Retranslator::bind(m_projectionCombo, [=, i = m_projectionCombo->count() - 1] {
        m_projectionCombo->setItemText(i, tr("Explicit"));
    });
    Retranslator::bind(m_projectionCombo, [=] {
        m_projectionCombo->setToolTip(tr("W_q, W_k, W_v, W_o: identity (needs both widths equal to "
                                         "d_model), random from a seed, or typed in the editor."));
    });
    m_projectionSeedSpin = new QSpinBox(body);
    m_projectionSeedSpin->setObjectName(QStringLiteral("projectionSeedSpin"));
    m_projectionSeedSpin->setRange(0, maxSeedShown);
    m_projectionSeedSpin->setKeyboardTracking(false);
    Retranslator::bind(m_projectionSeedSpin, [=] {
        m_projectionSeedSpin->setToolTip(
            tr("The seed of the random projections: the same seed gives "
               "the same matrices on every computer."));
    });
    m_editProjectionsButton = new QPushButton(body);
    Retranslator::bind(
        m_editProjectionsButton, [=] { m_editProjectionsButton->setText(tr("&Matrices…")); });
    m_editProjectionsButton->setObjectName(QStringLiteral("editProjectionsButton"));
    Retranslator::bind(m_editProjectionsButton, [=] {
        m_editProjectionsButton->setToolTip(tr("Show and edit W_q, W_k, W_v, W_o and the biases."));
    });

    m_message = new MessageBar(body);

    // Four groups (wiring, sizes, scores, projections), side by side when they fit, else two
    // by two, else one above another; see arrangeGroups().
    const auto makeGroup = [body](int index) {
        auto *group = new QWidget(body);
        auto *grid = new QGridLayout(group);
        grid->setContentsMargins(0, 0, 0, 0);
        grid->setHorizontalSpacing(6);
        grid->setVerticalSpacing(4);
        if (index > 0) {
            // The line before the group shows only when another group is to its left.
            auto *line = separator(group);
            line->setObjectName(QStringLiteral("groupSeparator"));
            grid->addWidget(line, 0, 0, 3, 1);
        }
        return std::make_pair(group, grid);
    };
    auto [wiring, wiringGrid] = makeGroup(0);
    wiringGrid->addWidget(buddyLabel([] { return tr("&Wiring:"); }, m_wiringCombo, body), 0, 1);
    wiringGrid->addWidget(m_wiringCombo, 0, 2, 1, 3);
    wiringGrid->addWidget(buddyLabel([] { return tr("&Q from:"); }, m_queryCombo, body), 1, 1);
    wiringGrid->addWidget(m_queryCombo, 1, 2);
    wiringGrid->addWidget(buddyLabel([] { return tr("&K/V from:"); }, m_keyValueCombo, body), 1, 3);
    wiringGrid->addWidget(m_keyValueCombo, 1, 4);

    auto [sizes, sizesGrid] = makeGroup(1);
    sizesGrid->addWidget(buddyLabel([] { return tr("&d_model:"); }, m_modelDimSpin, body), 0, 1);
    sizesGrid->addWidget(m_modelDimSpin, 0, 2);
    sizesGrid->addWidget(buddyLabel([] { return tr("He&ads:"); }, m_headsSpin, body), 1, 1);
    sizesGrid->addWidget(m_headsSpin, 1, 2);
    sizesGrid->addWidget(m_dkLabel, 0, 3, 2, 1);

    auto [scores, scoresGrid] = makeGroup(2);
    auto *scaleRow = new QHBoxLayout;
    scaleRow->addWidget(m_scaleCombo);
    scaleRow->addWidget(m_divisorEdit);
    scoresGrid->addWidget(buddyLabel([] { return tr("Sca&le:"); }, m_scaleCombo, body), 0, 1);
    scoresGrid->addLayout(scaleRow, 0, 2);
    scoresGrid->addWidget(
        buddyLabel([] { return tr("&Temperature:"); }, m_temperature->slider(), body), 1, 1);
    scoresGrid->addWidget(m_temperature, 1, 2);
    auto *maskRow = new QHBoxLayout;
    maskRow->addWidget(m_causalCheck);
    maskRow->addStretch(1);
    maskRow->addWidget(m_temperature->sweepButton());
    scoresGrid->addLayout(maskRow, 2, 1, 1, 2);

    auto [projections, projectionsGrid] = makeGroup(3);
    auto *seedRow = new QHBoxLayout;
    seedRow->addWidget(m_projectionSeedSpin, 1);
    seedRow->addWidget(m_editProjectionsButton);
    projectionsGrid->addWidget(
        buddyLabel([] { return tr("&Projections:"); }, m_projectionCombo, body), 0, 1);
    projectionsGrid->addWidget(m_projectionCombo, 0, 2);
    projectionsGrid->addWidget(
        buddyLabel([] { return tr("Seed:"); }, m_projectionSeedSpin, body), 1, 1);
    projectionsGrid->addLayout(seedRow, 1, 2);

    m_groups = { wiring, sizes, scores, projections };
    m_groupGrid = new QGridLayout;
    m_groupGrid->setHorizontalSpacing(8);
    m_groupGrid->setVerticalSpacing(6);

    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(m_groupGrid);
    layout->addWidget(m_message);
    // A taller dock (a column of tabs, the room a lesson's caption had) keeps the controls
    // together at its top.
    layout->addStretch(1);
    // The groups rearrange to fit; the panel never forces the window wider than the screen.
    body->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    arrangeGroups(4);
    setWidget(body);
}

void AttentionPanel::arrangeGroups(int columns)
{
    if (m_columns == columns && m_groupGrid->count() == 4)
        return;
    m_columns = columns;
    for (QWidget *group : m_groups)
        m_groupGrid->removeWidget(group);
    for (int i = 0; i < 4; ++i) {
        const int row = i / columns;
        const int column = i % columns;
        m_groupGrid->addWidget(m_groups[i], row, column, Qt::AlignLeft | Qt::AlignVCenter);
        if (auto *line = m_groups[i]->findChild<QFrame *>(QStringLiteral("groupSeparator")))
            line->setVisible(column > 0);
    }
    for (int column = 0; column < 5; ++column)
        m_groupGrid->setColumnStretch(column, 0);
    m_groupGrid->setColumnStretch(columns, 1);
}

void AttentionPanel::fitGroups()
{
    // Side by side needs the four groups' widths plus the gaps and margins; two by two the
    // wider pair of each column (large text in a narrow dock: one above another).
    // A group's width with or without the line before it (shown only right of another group),
    // whatever the arrangement now.
    const auto width = [this](int i, bool withLine) {
        int w = m_groups[i]->sizeHint().width();
        const auto *line = m_groups[i]->findChild<QFrame *>(QStringLiteral("groupSeparator"));
        if (line && line->isHidden() == withLine)
            w += (withLine ? 1 : -1) * (line->sizeHint().width() + 6);
        return w;
    };
    const int margins = 12;
    const int gap = m_groupGrid->horizontalSpacing();
    const int needed
        = margins + 3 * gap + width(0, false) + width(1, true) + width(2, true) + width(3, true);
    const int twoByTwo = margins + gap + std::max(width(0, false), width(2, false))
        + std::max(width(1, true), width(3, true));
    const int available = widget()->width();
    arrangeGroups(available >= needed ? 4 : available >= twoByTwo ? 2 : 1);
}

void AttentionPanel::resizeEvent(QResizeEvent *event)
{
    QDockWidget::resizeEvent(event);
    fitGroups();
}

void AttentionPanel::connectUi()
{
    connect(m_document, &Document::sessionChanged, this, &AttentionPanel::followDocument);
    connect(m_document, &Document::errorChanged, this, &AttentionPanel::followError);
    UndoShortcutFilter::install(
        this, { m_modelDimSpin, m_headsSpin, m_divisorEdit, m_projectionSeedSpin });

    connect(m_wiringCombo, &QComboBox::currentIndexChanged, this, [this] {
        const int code = m_wiringCombo->currentData().toInt();
        m_document->setWiring(queryRoleOf(code), keyValueRoleOf(code));
    });
    const auto applyHalves = [this] {
        m_document->setWiring(static_cast<SequenceRole>(m_queryCombo->currentData().toInt()),
            static_cast<SequenceRole>(m_keyValueCombo->currentData().toInt()));
    };
    connect(m_queryCombo, &QComboBox::currentIndexChanged, this, applyHalves);
    connect(m_keyValueCombo, &QComboBox::currentIndexChanged, this, applyHalves);

    connect(m_modelDimSpin, &QSpinBox::valueChanged, m_document, &Document::setModelDim);
    connect(m_modelDimSpin, &QSpinBox::editingFinished, m_document, &Document::finishEditRun);
    connect(m_headsSpin, &QSpinBox::valueChanged, m_document, &Document::setHeads);
    connect(m_headsSpin, &QSpinBox::editingFinished, m_document, &Document::finishEditRun);

    connect(m_scaleCombo, &QComboBox::currentIndexChanged, this, [this] {
        const auto mode = static_cast<ScaleMode>(m_scaleCombo->currentData().toInt());
        if (mode != ScaleMode::Custom) {
            m_divisorError = false;
            m_message->clearMessage();
            m_document->setScale(
                ScaleSpec { mode, m_document->session().attention.config.scale.divisor });
            return;
        }
        // Start from the divisor in use, so that switching alone changes nothing on screen.
        const auto typed = NumberFormat::parse(m_divisorEdit->text());
        double divisor = typed.value_or(1.0);
        if (m_document->hasResult() && !m_document->isResultStale())
            divisor = m_document->result().scale;
        m_document->setScale(ScaleSpec { ScaleMode::Custom, divisor });
        m_divisorEdit->setFocus();
        m_divisorEdit->selectAll();
    });
    connect(m_divisorEdit, &QLineEdit::textEdited, this, &AttentionPanel::applyScale);
    connect(m_divisorEdit, &QLineEdit::editingFinished, m_document, &Document::finishEditRun);
    connect(m_causalCheck, &QCheckBox::toggled, m_document, &Document::setCausal);

    connect(m_projectionCombo, &QComboBox::currentIndexChanged, this, [this] {
        const auto mode = static_cast<ProjectionMode>(m_projectionCombo->currentData().toInt());
        m_document->setProjectionMode(mode);
        if (mode == ProjectionMode::Explicit)
            openProjectionEditor();
    });
    connect(m_projectionSeedSpin, &QSpinBox::valueChanged, this,
        [this](int seed) { m_document->setProjectionSeed(static_cast<std::uint64_t>(seed)); });
    connect(m_projectionSeedSpin, &QSpinBox::editingFinished, m_document, &Document::finishEditRun);
    connect(m_editProjectionsButton, &QPushButton::clicked, this,
        &AttentionPanel::openProjectionEditor);
}

void AttentionPanel::openProjectionEditor()
{
    if (!m_projectionEditor)
        m_projectionEditor = new ProjectionEditor(m_document, this);
    m_projectionEditor->show();
    m_projectionEditor->raise();
    m_projectionEditor->activateWindow();
}

void AttentionPanel::followDocument()
{
    const AttentionSettings &a = m_document->session().attention;
    const int code = encodeRoles(a.queryFrom, a.keyValueFrom);
    {
        const QSignalBlocker b1(m_wiringCombo), b2(m_queryCombo), b3(m_keyValueCombo);
        m_wiringCombo->setCurrentIndex(m_wiringCombo->findData(code));
        m_queryCombo->setCurrentIndex(m_queryCombo->findData(static_cast<int>(a.queryFrom)));
        m_keyValueCombo->setCurrentIndex(
            m_keyValueCombo->findData(static_cast<int>(a.keyValueFrom)));
    }
    {
        const QSignalBlocker b1(m_modelDimSpin), b2(m_headsSpin);
        m_modelDimSpin->setValue(a.config.dModel);
        m_headsSpin->setValue(a.config.heads);
    }
    const int dModel = a.config.dModel;
    const int heads = a.config.heads;
    if (const int dK = headWidth(dModel, heads)) {
        m_dkLabel->setText(tr("d_k = %1").arg(dK));
        m_dkLabel->setPalette(QPalette());
    } else {
        m_dkLabel->setText(tr("d_k: %1 ÷ %2\nis not whole").arg(dModel).arg(heads));
        QPalette palette = m_dkLabel->palette();
        palette.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
        m_dkLabel->setPalette(palette);
    }
    {
        const QSignalBlocker b1(m_scaleCombo);
        m_scaleCombo->setCurrentIndex(
            m_scaleCombo->findData(static_cast<int>(a.config.scale.mode)));
    }
    const bool custom = a.config.scale.mode == ScaleMode::Custom;
    m_divisorEdit->setEnabled(custom);
    if (!custom) {
        m_divisorEdit->clear();
        if (m_divisorError) {
            m_divisorError = false;
            m_message->clearMessage();
            MessageBar::markInvalid(m_divisorEdit, false);
        }
    } else if (!m_divisorError) {
        // Rewrite the field only when it does not already say this divisor (keeps "8.0").
        const auto typed = NumberFormat::parse(m_divisorEdit->text());
        // A divisor the slider or a file set is shown as short as a table cell, from its
        // start: the field is narrow.
        if (!typed || *typed != a.config.scale.divisor) {
            m_divisorEdit->setText(NumberFormat::display(a.config.scale.divisor));
            m_divisorEdit->setCursorPosition(0);
        }
    }
    {
        const QSignalBlocker b1(m_causalCheck);
        m_causalCheck->setChecked(a.config.causal);
    }
    {
        const QSignalBlocker b1(m_projectionCombo), b2(m_projectionSeedSpin);
        m_projectionCombo->setCurrentIndex(
            m_projectionCombo->findData(static_cast<int>(a.projections.mode)));
        m_projectionSeedSpin->setValue(
            static_cast<int>(std::min<std::uint64_t>(a.projections.seed, maxSeedShown)));
        m_projectionSeedSpin->setEnabled(a.projections.mode == ProjectionMode::Random);
    }
}

void AttentionPanel::followError()
{
    const auto &error = m_document->error();
    const QString reason = error ? error->toString() : QString();
    const auto concerns = [&](const QString &path) {
        return error && (error->path == path || error->path.startsWith(path + QLatin1Char('.')));
    };
    MessageBar::markInvalid(m_headsSpin, concerns(QStringLiteral("attention.heads")), reason);
    MessageBar::markInvalid(m_modelDimSpin, concerns(QStringLiteral("attention.d_model")), reason);
    if (!m_divisorError)
        MessageBar::markInvalid(m_divisorEdit, concerns(QStringLiteral("attention.scale")), reason);
    MessageBar::markInvalid(
        m_projectionCombo, concerns(QStringLiteral("attention.projections")), reason);
}

void AttentionPanel::applyScale()
{
    const QString text = m_divisorEdit->text();
    const auto divisor = NumberFormat::parse(text);
    if (!divisor) {
        // Not a number: say so here and keep the last divisor in the session.
        m_divisorError = true;
        const QString message = text.trimmed().isEmpty()
            ? tr("Scale divisor: the field is empty. Type a positive number, such as 8.")
            : tr("Scale divisor: “%1” is not a number. Type a positive number with a decimal "
                 "point, such as 8 or 2.83.")
                  .arg(text.trimmed().left(40));
        m_message->showMessage(MessageBar::Kind::Error, message);
        MessageBar::markInvalid(m_divisorEdit, true, message);
        return;
    }
    if (!limits::isAllowedDivisor(*divisor)) {
        // Past the limits: refused here, as a file with it would be; the session keeps the
        // last usable divisor.
        m_divisorError = true;
        const QString message
            = tr("Scale divisor: %1 is outside the allowed range. Type a positive number from %2 "
                 "to %3.")
                  .arg(*divisor, 0, 'g', 6)
                  .arg(limits::minScaleDivisor, 0, 'g', 3)
                  .arg(limits::maxAbsValue, 0, 'g', 3);
        m_message->showMessage(MessageBar::Kind::Error, message);
        MessageBar::markInvalid(m_divisorEdit, true, message);
        return;
    }
    if (m_divisorError) {
        m_divisorError = false;
        m_message->clearMessage();
        MessageBar::markInvalid(m_divisorEdit, false);
    }
    m_document->setScale(ScaleSpec { ScaleMode::Custom, *divisor });
    followError();
}

} // namespace ae
