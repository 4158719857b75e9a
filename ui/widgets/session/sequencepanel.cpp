// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sequencepanel.h"

#include "document/document.h"
#include "document/sessionerrortext.h"
#include "io/textfield.h"
#include "language/retranslator.h"
#include "session/cjkscript.h"
#include "session/embeddingtablemodel.h"
#include "session/embeddingtableview.h"
#include "session/sessionedit.h"
#include "session/sessionlimits.h"
#include "session/sessionvalidator.h"
#include "window/messagebar.h"
#include "window/undoshortcutfilter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace ae {

namespace {

/// Largest seed the spin box offers (larger seeds from files are kept, shown clamped).
constexpr int maxSeedShown = 999999;

/// True for code points that Chinese, Japanese and Korean text writes without spaces.
bool isCjk(char32_t cp)
{
    return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFFEF) || cp == 0x30FC
        || isCjkScript(cp);
}

} // namespace

SequencePanel::SequencePanel(Document *document, SequenceRole role, QWidget *parent)
    : QDockWidget(parent)
    , m_document(document)
    , m_role(role)
{
    setObjectName(
        role == SequenceRole::Source ? QStringLiteral("sourceDock") : QStringLiteral("targetDock"));
    Retranslator::bind(this, [this, role] {
        setWindowTitle(role == SequenceRole::Source ? tr("Source X (encoder side)")
                                                    : tr("Target Y (decoder side)"));
    });
    buildUi();
    followDocument();
    followError();
    connectUi();
    // The padding ticks' tooltips and the note name their tokens in the language of the moment.
    Retranslator::bind(this, [this] {
        updatePaddingList();
        updateBlankRowsNote();
    });
}

QStringList SequencePanel::splitTokens(const QString &text, bool splitCjk)
{
    QStringList tokens;
    QString word;
    const auto flush = [&] {
        if (!word.isEmpty())
            tokens << word;
        word.clear();
    };
    const QList<uint> codePoints = text.toUcs4();
    for (uint cp : codePoints) {
        const char32_t c = static_cast<char32_t>(cp);
        if (QChar::isSpace(c)) {
            flush();
        } else if (splitCjk && isCjk(c)) {
            flush();
            tokens << QString::fromUcs4(&c, 1);
        } else {
            word += QString::fromUcs4(&c, 1);
        }
    }
    flush();
    return tokens;
}

void SequencePanel::buildUi()
{
    auto *body = new QWidget(this);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setContentsMargins(0, 0, 0, 0);

    m_tokenEdit = new QLineEdit(body);
    m_tokenEdit->setObjectName(QStringLiteral("tokenEdit"));
    Retranslator::bind(m_tokenEdit,
        [=] { m_tokenEdit->setPlaceholderText(tr("Type or paste words, separated by spaces")); });
    Retranslator::bind(m_tokenEdit, [=] {
        m_tokenEdit->setToolTip(
            tr("The tokens of this sequence, separated by spaces. Each token gets "
               "one row in the table below."));
    });
    m_tokenEdit->setClearButtonEnabled(true);
    auto *tokensLabel = new QLabel(body);
    // Alt+X and Alt+Y: each sequence's tokens have a letter of their own, as the two docks may
    // share a place as tabs and one letter would reach the field of the tab not shown.
    Retranslator::bind(tokensLabel, [=] {
        tokensLabel->setText(m_role == SequenceRole::Source ? tr("&X tokens:") : tr("&Y tokens:"));
    });
    tokensLabel->setBuddy(m_tokenEdit);
    form->addRow(tokensLabel, m_tokenEdit);

    m_splitCjk = new QCheckBox(body);
    Retranslator::bind(m_splitCjk, [=] { m_splitCjk->setText(tr("Split CJK into characters")); });
    m_splitCjk->setObjectName(QStringLiteral("splitCjkCheck"));
    Retranslator::bind(m_splitCjk, [=] {
        m_splitCjk->setToolTip(
            tr("Make every Chinese, Japanese or Korean character a token of its own "
               "(“我爱你” gives 我, 爱, 你), as text in these languages has no "
               "spaces between words."));
    });
    form->addRow(QString(), m_splitCjk);

    m_paddingList = new QListWidget(body);
    m_paddingList->setObjectName(QStringLiteral("paddingList"));
    m_paddingList->setFlow(QListView::LeftToRight);
    m_paddingList->setWrapping(false);
    m_paddingList->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_paddingList->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_paddingList->setSelectionMode(QAbstractItemView::NoSelection);
    m_paddingList->setSpacing(1);
    Retranslator::bind(m_paddingList, [=] {
        m_paddingList->setAccessibleName(tr("Padding tokens"));
        m_paddingList->setToolTip(tr("Tick a token to mark it as padding: no query attends to it "
                                     "(its column in the heatmap is masked)."));
    });
    m_paddingList->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_paddingList->setFixedHeight(
        fontMetrics().height() + 10 + style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    auto *paddingLabel = new QLabel(body);
    Retranslator::bind(paddingLabel, [paddingLabel] { paddingLabel->setText(tr("Padding:")); });
    form->addRow(paddingLabel, m_paddingList);

    m_recipeCombo = new QComboBox(body);
    m_recipeCombo->setObjectName(QStringLiteral("recipeCombo"));
    m_recipeCombo->addItem(QString(), static_cast<int>(EmbeddingMode::Manual));
    Retranslator::bind(m_recipeCombo, [=, i = m_recipeCombo->count() - 1] {
        m_recipeCombo->setItemText(i, tr("Typed by hand"));
    });
    m_recipeCombo->addItem(QString(), static_cast<int>(EmbeddingMode::Hashed));
    Retranslator::bind(m_recipeCombo, [=, i = m_recipeCombo->count() - 1] {
        m_recipeCombo->setItemText(i, tr("Hashed random"));
    });
    m_recipeCombo->addItem(QString(), static_cast<int>(EmbeddingMode::OneHot));
    Retranslator::bind(m_recipeCombo,
        [=, i = m_recipeCombo->count() - 1] { m_recipeCombo->setItemText(i, tr("One-hot")); });
    m_recipeCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_recipeCombo->setMinimumContentsLength(9);
    Retranslator::bind(m_recipeCombo, [=] {
        m_recipeCombo->setToolTip(
            tr("How the vectors are made: typed by hand (or pasted), a random "
               "vector per distinct token from a seed, or one-hot over the "
               "sequence's vocabulary. Typing a number switches to “typed by "
               "hand”."));
    });
    m_seedSpin = new QSpinBox(body);
    m_seedSpin->setObjectName(QStringLiteral("recipeSeedSpin"));
    m_seedSpin->setRange(0, maxSeedShown);
    m_seedSpin->setKeyboardTracking(false);
    Retranslator::bind(m_seedSpin, [=] {
        m_seedSpin->setToolTip(tr("The seed of the hashed random vectors: the same token and seed "
                                  "always give the same vector."));
    });
    auto *seedLabel = new QLabel(body);
    Retranslator::bind(seedLabel, [=] { seedLabel->setText(tr("Seed:")); });
    seedLabel->setBuddy(m_seedSpin);
    auto *recipeRow = new QHBoxLayout;
    recipeRow->addWidget(m_recipeCombo, 1);
    recipeRow->addWidget(seedLabel);
    recipeRow->addWidget(m_seedSpin);
    auto *vectorsLabel = new QLabel(body);
    Retranslator::bind(vectorsLabel, [=] { vectorsLabel->setText(tr("Vectors:")); });
    vectorsLabel->setBuddy(m_recipeCombo);
    form->addRow(vectorsLabel, recipeRow);

    m_widthSpin = new QSpinBox(body);
    m_widthSpin->setObjectName(QStringLiteral("widthSpin"));
    m_widthSpin->setRange(1, limits::maxEmbeddingWidth);
    m_widthSpin->setKeyboardTracking(false);
    Retranslator::bind(m_widthSpin, [=] {
        m_widthSpin->setToolTip(
            tr("Numbers per vector. Typed numbers are kept where they still fit."));
    });
    auto *widthLabel = new QLabel(body);
    Retranslator::bind(widthLabel, [=] { widthLabel->setText(tr("Width:")); });
    widthLabel->setBuddy(m_widthSpin);
    m_positionalCheck = new QCheckBox(body);
    Retranslator::bind(
        m_positionalCheck, [=] { m_positionalCheck->setText(tr("Add sinusoidal positions")); });
    m_positionalCheck->setObjectName(QStringLiteral("positionalCheck"));
    Retranslator::bind(m_positionalCheck, [=] {
        m_positionalCheck->setToolTip(
            tr("Add the Transformer's sinusoidal position encoding to every "
               "vector; the table shows the sums."));
    });
    auto *widthRow = new QHBoxLayout;
    widthRow->addWidget(m_widthSpin);
    widthRow->addSpacing(8);
    widthRow->addWidget(m_positionalCheck, 1);
    form->addRow(widthLabel, widthRow);

    m_model = new EmbeddingTableModel(m_document, m_role, this);
    m_table = new EmbeddingTableView(body);
    m_table->setObjectName(QStringLiteral("embeddingTable"));
    m_table->setModel(m_model);
    Retranslator::bind(m_table, [=] {
        m_table->setAccessibleName(tr("Embeddings"));
        m_table->setToolTip(
            tr("One row per token, one column per dimension. Double-click or type to "
               "edit; paste a block from a spreadsheet or CSV with Ctrl+V."));
    });

    m_message = new MessageBar(body);
    // Right under the tokens, where the user is typing the words that have no vector yet.
    m_blankNote = new MessageBar(body);
    m_blankNote->setObjectName(QStringLiteral("blankRowsNote"));

    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    layout->addLayout(form);
    layout->addWidget(m_blankNote);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_message);
    setWidget(body);
}

void SequencePanel::connectUi()
{
    connect(m_document, &Document::sessionChanged, this, &SequencePanel::followDocument);
    connect(m_document, &Document::sessionChanged, this, [this] {
        // A refused input is old news once the session changes; a line with too many tokens
        // is still there, and so is its message.
        if (!m_tokenLineError)
            m_message->clearMessage();
    });
    connect(m_blankNote, &MessageBar::actionTriggered, this, [this] {
        m_document->finishEditRun();
        m_document->fillBlankRows(m_role);
    });
    connect(m_document, &Document::errorChanged, this, &SequencePanel::followError);
    UndoShortcutFilter::install(this, { m_tokenEdit, m_seedSpin, m_widthSpin });

    connect(m_tokenEdit, &QLineEdit::textEdited, this, &SequencePanel::applyTokenLine);
    connect(m_tokenEdit, &QLineEdit::editingFinished, m_document, &Document::finishEditRun);
    connect(m_splitCjk, &QCheckBox::toggled, this, [this] {
        m_document->finishEditRun();
        applyTokenLine();
        m_document->finishEditRun();
    });
    connect(m_paddingList, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_paddingList->row(item);
        m_document->setPadding(m_role, row, item->checkState() == Qt::Checked);
    });
    connect(m_recipeCombo, &QComboBox::currentIndexChanged, this, &SequencePanel::applyRecipe);
    connect(m_seedSpin, &QSpinBox::valueChanged, this, &SequencePanel::applyRecipe);
    connect(m_seedSpin, &QSpinBox::editingFinished, m_document, &Document::finishEditRun);
    connect(m_positionalCheck, &QCheckBox::toggled, this, &SequencePanel::applyRecipe);
    connect(m_widthSpin, &QSpinBox::valueChanged, this,
        [this](int width) { m_document->setEmbeddingWidth(m_role, width); });
    connect(m_widthSpin, &QSpinBox::editingFinished, m_document, &Document::finishEditRun);

    connect(m_model, &EmbeddingTableModel::inputRejected, this, &SequencePanel::showInputError);
    connect(m_model, &EmbeddingTableModel::inputAccepted, this, &SequencePanel::clearInputError);
    connect(m_model, &EmbeddingTableModel::inputNote, this, [this](const QString &note) {
        m_message->showMessage(MessageBar::Kind::Information, note, true);
    });
}

void SequencePanel::followDocument()
{
    const SequenceData &seq = m_document->session().sequence(m_role);

    // Leave the line alone while it already says the same tokens: the user's spacing and
    // cursor survive their own edits; undo, redo and opening a file rewrite it.
    if (splitTokens(m_tokenEdit->text(), m_splitCjk->isChecked()) != seq.tokens) {
        const QSignalBlocker blocker(m_tokenEdit);
        m_tokenEdit->setText(seq.tokens.join(QLatin1Char(' ')));
        // Show the beginning of a long sentence unless the user is typing in it.
        if (!m_tokenEdit->hasFocus())
            m_tokenEdit->setCursorPosition(0);
        if (m_tokenLineError) {
            m_tokenLineError = false;
            clearInputError();
        }
    }
    updatePaddingList();
    updateBlankRowsNote();
    {
        const QSignalBlocker blocker(m_recipeCombo);
        m_recipeCombo->setCurrentIndex(m_recipeCombo->findData(static_cast<int>(seq.recipe.mode)));
    }
    {
        const QSignalBlocker blocker(m_seedSpin);
        m_seedSpin->setValue(
            static_cast<int>(std::min<std::uint64_t>(seq.recipe.seed, maxSeedShown)));
        m_seedSpin->setEnabled(seq.recipe.mode == EmbeddingMode::Hashed);
    }
    {
        const QSignalBlocker blocker(m_positionalCheck);
        m_positionalCheck->setChecked(seq.recipe.positional);
    }
    {
        const QSignalBlocker blocker(m_widthSpin);
        m_widthSpin->setValue(seq.width());
    }
}

void SequencePanel::updateBlankRowsNote()
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    const std::vector<int> rows = blankEmbeddingRows(seq);
    if (rows.empty()) {
        m_blankNote->clearMessage();
        m_blankNote->setAction(QString());
        return;
    }
    constexpr size_t namedAtMost = 5;
    QStringList names;
    for (size_t i = 0; i < rows.size() && i < namedAtMost; ++i)
        names << tr("“%1”").arg(seq.tokens[rows[i]]);
    if (rows.size() > namedAtMost)
        names << QStringLiteral("…");
    const int count = static_cast<int>(rows.size());
    m_blankNote->showMessage(MessageBar::Kind::Warning,
        tr("%n token(s) have no vector yet (%1): their rows are all zeros, which makes flat, "
           "meaningless weights. Type their numbers, or fill them from the hashed generator.",
            nullptr, count)
            .arg(SessionErrorText::list(names)));
    m_blankNote->setAction(tr("Fill %n Row(s)", nullptr, count));
}

void SequencePanel::followError()
{
    const auto &error = m_document->error();
    const QString prefix = roleName(m_role);
    const auto concerns = [&](const char *field) {
        return error && error->path.startsWith(prefix + QLatin1Char('.') + QLatin1String(field));
    };
    const QString reason = error ? error->toString() : QString();
    MessageBar::markInvalid(m_tokenEdit, concerns("tokens"), reason);
    MessageBar::markInvalid(m_recipeCombo, concerns("generator"), reason);
    MessageBar::markInvalid(m_table, concerns("embeddings"), reason);
}

void SequencePanel::updatePaddingList()
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    const QSignalBlocker blocker(m_paddingList);
    bool sameTokens = m_paddingList->count() == seq.length();
    for (int i = 0; sameTokens && i < seq.length(); ++i)
        sameTokens = m_paddingList->item(i)->text() == seq.tokens[i];
    if (!sameTokens) {
        m_paddingList->clear();
        for (const QString &token : seq.tokens) {
            auto *item = new QListWidgetItem(token, m_paddingList);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        }
    }
    for (int i = 0; i < seq.length(); ++i) {
        QListWidgetItem *item = m_paddingList->item(i);
        item->setCheckState(seq.isPadding(i) ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(seq.isPadding(i)
                ? tr("“%1” is padding: no query attends to it").arg(seq.tokens[i])
                : tr("Tick to mark “%1” as padding").arg(seq.tokens[i]));
    }
}

void SequencePanel::applyTokenLine()
{
    const QStringList tokens = splitTokens(m_tokenEdit->text(), m_splitCjk->isChecked());
    if (tokens.size() > limits::maxTokens) {
        m_tokenLineError = true;
        showInputError(tr("This line has %1 tokens; a sequence holds at most %2. Shorten the text; "
                          "until then the table keeps the previous %3 tokens.")
                           .arg(tokens.size())
                           .arg(limits::maxTokens)
                           .arg(m_document->session().sequence(m_role).length()));
        MessageBar::markInvalid(m_tokenEdit, true, m_message->text());
        return;
    }
    for (int i = 0; i < tokens.size(); ++i) {
        if (const auto problem = textFieldProblem(tokens[i], TextLines::Single)) {
            m_tokenLineError = true;
            showInputError(tr("Token %1 of this line: %2. Remove the character; until then the "
                              "table keeps the previous tokens.")
                               .arg(i + 1)
                               .arg(*problem));
            MessageBar::markInvalid(m_tokenEdit, true, m_message->text());
            return;
        }
    }
    if (m_tokenLineError) {
        m_tokenLineError = false;
        clearInputError();
        followError();
    }
    m_document->setTokens(m_role, tokens);
}

void SequencePanel::applyRecipe()
{
    // Start from the stored recipe so that nothing the widgets cannot show (a seed past their
    // range) changes by accident.
    EmbeddingRecipe recipe = m_document->session().sequence(m_role).recipe;
    recipe.mode = static_cast<EmbeddingMode>(m_recipeCombo->currentData().toInt());
    if (m_seedSpin->value() != static_cast<int>(std::min<std::uint64_t>(recipe.seed, maxSeedShown)))
        recipe.seed = static_cast<std::uint64_t>(m_seedSpin->value());
    recipe.positional = m_positionalCheck->isChecked();
    m_document->setEmbeddingRecipe(m_role, recipe);
}

void SequencePanel::showInputError(const QString &message)
{
    m_message->showMessage(MessageBar::Kind::Error, message, true);
}

void SequencePanel::clearInputError()
{
    if (m_message->kind() == MessageBar::Kind::Error)
        m_message->clearMessage();
}

} // namespace ae
