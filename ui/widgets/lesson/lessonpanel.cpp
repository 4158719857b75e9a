// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonpanel.h"

#include "language/languagemanager.h"
#include "language/numberformat.h"
#include "lesson/lessoncaptionview.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonplaintext.h"
#include "lesson/lessonplayer.h"
#include "plots/textsize.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// The slider's steps between 0 and 1.
constexpr int weightSteps = 100;

/// @p text (a token, a number) as Markdown that shows it as it is.
QString escapedMarkdown(const QString &text)
{
    QString escaped;
    for (const QChar c : text) {
        if (QStringLiteral("\\`*_{}[]<>()#+-.!|~").contains(c))
            escaped += QLatin1Char('\\');
        escaped += c;
    }
    return escaped;
}

QString directionName(LessonDirection direction)
{
    switch (direction) {
    case LessonDirection::Rises:
        return LessonPanel::tr("rises");
    case LessonDirection::Falls:
        return LessonPanel::tr("falls");
    case LessonDirection::Unchanged:
        break;
    }
    return LessonPanel::tr("stays the same");
}

} // namespace

LessonPanel::LessonPanel(LessonPlayer *player, QWidget *parent)
    : QDockWidget(parent)
    , m_player(player)
    , m_title(new QLabel)
    , m_progress(new QProgressBar)
    , m_caption(new LessonCaptionView)
    , m_questionBox(new QGroupBox)
    , m_guessLabel(new QLabel)
    , m_guessStack(new QStackedWidget)
    , m_keyGuess(new QComboBox)
    , m_weightPage(new QWidget)
    , m_weightGuess(new QSlider(Qt::Horizontal))
    , m_weightValue(new QLabel)
    , m_directionGuess(new QComboBox)
    , m_choiceGuess(new QComboBox)
    , m_reveal(new QPushButton)
    , m_answer(new QLabel)
    , m_play(new QPushButton)
    , m_back(new QPushButton)
    , m_next(new QPushButton)
{
    setObjectName(QStringLiteral("lessonPanel"));
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_title->setFont(titleFont);
    m_progress->setObjectName(QStringLiteral("lessonProgress"));
    m_progress->setTextVisible(true);
    m_caption->setMinimumHeight(60);
    // The caption takes the height the panel has and asks for none: a preferred height (a text
    // view's 192 px) would make the scroll area below size the page by it (the wrapped title
    // gives the page a height for its width) and scroll the caption's last lines out of sight.
    m_caption->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_keyGuess->setObjectName(QStringLiteral("lessonKeyGuess"));
    m_weightGuess->setObjectName(QStringLiteral("lessonWeightGuess"));
    m_weightGuess->setRange(0, weightSteps);
    m_directionGuess->setObjectName(QStringLiteral("lessonDirectionGuess"));
    m_choiceGuess->setObjectName(QStringLiteral("lessonChoiceGuess"));
    // Long options and tokens shrink (whole in the popup) rather than widen the window.
    for (QComboBox *box : { m_keyGuess, m_directionGuess, m_choiceGuess }) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    m_reveal->setObjectName(QStringLiteral("lessonRevealButton"));
    m_answer->setObjectName(QStringLiteral("lessonAnswer"));
    m_answer->setWordWrap(true);
    // Markdown, as the caption: a choice's words may be set in italics.
    m_answer->setTextFormat(Qt::MarkdownText);
    m_play->setObjectName(QStringLiteral("lessonPlayButton"));
    m_back->setObjectName(QStringLiteral("lessonBackButton"));
    m_next->setObjectName(QStringLiteral("lessonNextButton"));
    // Buttons are clicked, never focused: the clicker's keys stay with the lesson.
    for (QPushButton *button : { m_reveal, m_play, m_back, m_next })
        button->setFocusPolicy(Qt::NoFocus);

    auto *weightLayout = new QHBoxLayout(m_weightPage);
    weightLayout->setContentsMargins(0, 0, 0, 0);
    weightLayout->addWidget(m_weightGuess, 1);
    weightLayout->addWidget(m_weightValue);
    m_guessStack->addWidget(m_keyGuess);
    m_guessStack->addWidget(m_weightPage);
    m_guessStack->addWidget(m_directionGuess);
    m_guessStack->addWidget(m_choiceGuess);
    // One row for the guess and Reveal, so that the caption keeps the room.
    m_questionLayout = new QVBoxLayout(m_questionBox);
    auto *guessRow = new QHBoxLayout;
    guessRow->addWidget(m_guessLabel);
    guessRow->addWidget(m_guessStack, 1);
    guessRow->addWidget(m_reveal);
    m_questionLayout->addLayout(guessRow);
    m_questionLayout->addWidget(m_answer);
    m_questionLayout->addStretch(1);
    m_guessStack->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);

    // The title, Back, where the lesson is, and Next on one line: the caption below keeps the
    // height a short projector has.
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_title);
    buttons->addWidget(m_back);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_play);
    buttons->addWidget(m_next);

    auto *host = new QWidget;
    // Wide and short, over the attention settings: the caption on the left, the question on
    // the right while it is asked.
    auto *text = new QVBoxLayout;
    text->setContentsMargins(0, 0, 0, 0);
    text->addLayout(buttons);
    text->addWidget(m_caption, 1);
    auto *layout = new QHBoxLayout(host);
    layout->addLayout(text, 3);
    layout->addWidget(m_questionBox, 2);
    // Beside the heatmap (a question in lesson mode), narrow and tall: the question under the
    // caption, and the title on a line of its own above Back and Next.
    connect(this, &QDockWidget::dockLocationChanged, this,
        [this, layout, text, buttons](Qt::DockWidgetArea area) {
            const bool beside = area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea;
            layout->setDirection(beside ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
            // Beside, the caption (the question's prompt and choices) takes every line the
            // box with the guess and Reveal does not need.
            layout->setStretch(0, beside ? 1 : 3);
            layout->setStretch(1, beside ? 0 : 2);
            if (beside == (text->indexOf(m_title) >= 0))
                return;
            if (beside)
                text->insertWidget(0, m_title);
            else
                buttons->insertWidget(0, m_title);
        });
    // Scrolled rather than pushing the window past a short screen's bottom edge.
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Frameless, it would be a Tab stop with nothing to show the focus; what is in it takes
    // the focus itself, and the area still scrolls to it.
    scroll->setFocusPolicy(Qt::NoFocus);
    scroll->setWidget(host);
    setWidget(scroll);

    connect(m_reveal, &QPushButton::clicked, m_player, &LessonPlayer::reveal);
    connect(m_play, &QPushButton::clicked, m_player, [this] { m_player->start(); });
    connect(m_back, &QPushButton::clicked, m_player, &LessonPlayer::back);
    connect(m_next, &QPushButton::clicked, m_player, &LessonPlayer::next);
    connect(m_keyGuess, &QComboBox::currentIndexChanged, this, &LessonPanel::takeGuess);
    connect(m_directionGuess, &QComboBox::currentIndexChanged, this, &LessonPanel::takeGuess);
    connect(m_choiceGuess, &QComboBox::currentIndexChanged, this, &LessonPanel::takeGuess);
    connect(m_weightGuess, &QSlider::valueChanged, this, &LessonPanel::takeGuess);
    connect(m_player, &LessonPlayer::lessonChanged, this, &LessonPanel::refresh);
    connect(m_player, &LessonPlayer::stepChanged, this, &LessonPanel::refresh);
    connect(m_player, &LessonPlayer::phaseChanged, this, &LessonPanel::refresh);
    connect(m_player, &LessonPlayer::claimsEvaluated, this, &LessonPanel::refresh);
    connect(m_player, &LessonPlayer::playingChanged, this, &LessonPanel::refresh);
    // While a question is open, its prompt and its choices (the caption's end) stay in sight
    // in a caption taller than its room, whatever the panel's height does.
    connect(m_caption->verticalScrollBar(), &QScrollBar::rangeChanged, this,
        &LessonPanel::keepQuestionInSight);
    connect(m_caption->document()->documentLayout(),
        &QAbstractTextDocumentLayout::documentSizeChanged, this, &LessonPanel::neededHeightChanged);
    connect(m_player, &LessonPlayer::guessChanged, this, [this] {
        if (m_player->phase() == LessonPlayer::Phase::Revealed)
            refresh();
        // A guess from elsewhere (the students' majority) shows in the inputs.
        else if (!m_taking && !m_questionBox->isHidden())
            fillGuessInputs();
        m_weightValue->setText(m_player->guess().value
                ? NumberFormat::display(*m_player->guess().value)
                : QStringLiteral("—"));
    });
    retranslate();
}

void LessonPanel::setClassAnswersView(QWidget *view)
{
    // Under the guess and Reveal, above the answer.
    m_questionLayout->insertWidget(1, view);
    m_classAnswers = view;
    setZoom(m_zoom);
}

void LessonPanel::setZoom(double factor)
{
    m_zoom = factor;
    if (m_classAnswers) {
        QFont counts = m_classAnswers->font();
        counts.setPointSizeF(TextSize::points(10.0 * factor));
        m_classAnswers->setFont(counts);
    }
    QFont f = m_caption->font();
    f.setPointSizeF(TextSize::points(11.0 * factor));
    m_caption->setFont(f);
    m_caption->document()->setDefaultFont(f);
    QFont answer = m_answer->font();
    answer.setPointSizeF(TextSize::points(10.0 * factor));
    answer.setBold(true);
    m_answer->setFont(answer);
}

QString LessonPanel::titleText() const
{
    return m_title->text();
}

QString LessonPanel::progressText() const
{
    return m_progress->text();
}

QString LessonPanel::captionText() const
{
    return m_caption->toPlainText();
}

QString LessonPanel::answerText() const
{
    if (m_answer->isHidden())
        return QString();
    // As shown: the label's Markdown rendered.
    QTextDocument shown;
    shown.setMarkdown(m_answer->text(), QTextDocument::MarkdownDialectGitHub);
    return shown.toPlainText();
}

int LessonPanel::neededHeight() const
{
    // The caption's text laid out at its present width (a short one in the caption's least
    // height).
    QTextDocument *text = m_caption->document();
    text->setTextWidth(m_caption->viewport()->width());
    const int caption = std::max(m_caption->minimumHeight(),
        static_cast<int>(std::ceil(text->size().height())) + 2 * m_caption->frameWidth());
    // Around it, measured as the panel is laid out now rather than guessed from the style: the
    // dock's title bar and frame, the page's margins, and above the caption the row of buttons
    // (as tall as the title, which may wrap) with the spacing under it.
    const auto *scroll = static_cast<const QScrollArea *>(widget());
    const QMargins margins = scroll->widget()->layout()->contentsMargins();
    int content = m_caption->y() + caption + margins.bottom();
    if (m_questionBox->isVisible()) {
        // The answer wraps: the box's height at its width.
        const int box = m_questionBox->hasHeightForWidth()
            ? m_questionBox->heightForWidth(m_questionBox->width())
            : m_questionBox->sizeHint().height();
        // Beside the caption the taller of the two counts; under it (the panel beside the
        // heatmap), both.
        const bool under = m_questionBox->y() > m_caption->y();
        content = under ? content + scroll->widget()->layout()->spacing() + box
                        : std::max(content, margins.top() + box + margins.bottom());
    }
    return height() - scroll->viewport()->height() + content;
}

int LessonPanel::questionNeededHeight() const
{
    const int all = neededHeight();
    if (m_questionBox->isHidden() || !m_player->hasQuestion())
        return all;
    // The prompt's paragraph and the choices' one after it, out of the whole text.
    QTextDocument *text = m_caption->document();
    const QTextCursor question = text->find(tr("Question:"));
    if (question.isNull())
        return all;
    // Measured at the width the text has once its scroll bar shows (the rest scrolls): a
    // narrower text may wrap a choice onto one more line.
    const QScrollBar *bar = m_caption->verticalScrollBar();
    const int viewport = m_caption->viewport()->width();
    text->setTextWidth(viewport - (bar->isVisible() ? 0 : bar->sizeHint().width()));
    QAbstractTextDocumentLayout *layout = text->documentLayout();
    const QTextBlock prompt = question.block();
    // The last choice's line, found by its letter after the prompt (the choices are written
    // as refresh() writes them).
    const auto &options = m_player->currentStep().question->options;
    QTextBlock last = prompt;
    if (!options.empty()) {
        const QString letter = tr("%1. %2").arg(
            LessonHandout::optionLetter(static_cast<int>(options.size()) - 1), QString());
        const QTextCursor choice = text->find(letter, question);
        if (!choice.isNull())
            last = choice.block();
    }
    const double shown
        = layout->blockBoundingRect(last).bottom() - layout->blockBoundingRect(prompt).top();
    const int rest = static_cast<int>(std::floor(text->size().height() - shown));
    const int wider = static_cast<int>(std::ceil(text->size().height()));
    text->setTextWidth(viewport);
    // The whole text's height at the narrower width, less what may scroll.
    return all + std::max(0, wider - static_cast<int>(std::ceil(text->size().height())))
        - std::max(0, rest);
}

int LessonPanel::neededWidth() const
{
    // Arranged beside the heatmap, whatever the arrangement now: the widest of the row of
    // buttons (the title above it wraps) and the question's box.
    int buttons = 0;
    for (const QWidget *w :
        std::initializer_list<const QWidget *> { m_back, m_progress, m_play, m_next }) {
        if (!w->isHidden())
            buttons += w->minimumSizeHint().width() + 6;
    }
    const auto *scroll = static_cast<const QScrollArea *>(widget());
    const QMargins margins = scroll->widget()->layout()->contentsMargins();
    return std::max(buttons, m_questionBox->minimumSizeHint().width()) + margins.left()
        + margins.right() + scroll->verticalScrollBar()->sizeHint().width()
        + (width() - scroll->width());
}

void LessonPanel::refresh()
{
    const bool chinese = LanguageManager::isChinese();
    if (!m_player->hasLesson()) {
        m_play->hide();
        m_title->clear();
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progress->setFormat(QString());
        m_caption->setCaption(QString());
        m_shownCaption.clear();
        m_questionBox->hide();
        return;
    }
    const ResolvedLessonStep &step = m_player->currentStep();
    const int index = m_player->stepIndex();
    const bool playing = m_player->isPlaying();
    m_play->setVisible(!playing);
    m_back->setEnabled(playing);
    m_next->setEnabled(playing);
    m_reveal->setEnabled(playing);
    const int count = m_player->stepCount();
    m_title->setText(m_player->lesson().title.in(chinese));
    m_progress->setRange(0, count);
    m_progress->setValue(index + 1);
    m_progress->setFormat(tr("Step %1 of %2").arg(index + 1).arg(count));

    const LessonPlayer::Phase phase = m_player->phase();
    const bool asking = step.question && phase != LessonPlayer::Phase::Step;
    QString markdown = m_player->shownText(step.caption).in(chinese);
    if (asking) {
        // The question under the caption, in the same large text the class reads, and its
        // choices under it, one a line: the class reads them with the question.
        markdown += QStringLiteral("\n\n---\n\n**%1** %2")
                        .arg(tr("Question:"), step.question->prompt.in(chinese));
        const auto &options = step.question->options;
        for (int i = 0; i < static_cast<int>(options.size()); ++i)
            markdown += (i == 0 ? QStringLiteral("\n\n") : QStringLiteral("  \n"))
                + tr("%1. %2").arg(
                    LessonHandout::optionLetter(i), options[static_cast<size_t>(i)].in(chinese));
        // What the caption could not say before the reveal comes with the answer.
        if (phase == LessonPlayer::Phase::Revealed && !step.question->explanation.isEmpty())
            markdown += QStringLiteral("\n\n")
                + m_player->shownText(step.question->explanation).in(chinese);
    }
    m_questionBox->setVisible(asking);
    // The same text again (the reveal, a guess) keeps the caption where it was scrolled to.
    if (markdown != m_shownCaption) {
        m_shownCaption = markdown;
        m_caption->setCaption(markdown);
        keepQuestionInSight();
    }

    if (!asking)
        return;
    const bool revealed = phase == LessonPlayer::Phase::Revealed;
    // The guess and Reveal, where the keyboard was, go out of use on the reveal: the focus
    // goes on to Next rather than nowhere to be seen.
    const QWidget *focus = QApplication::focusWidget();
    const bool focusInQuestion = focus && m_questionBox->isAncestorOf(focus);
    fillGuessInputs();
    m_guessStack->setEnabled(!revealed);
    m_reveal->setVisible(!revealed);
    m_answer->setVisible(revealed);
    if (revealed && focusInQuestion && m_next->isEnabled())
        m_next->setFocus(Qt::OtherFocusReason);
    if (revealed) {
        QString answer = escapedMarkdown(LessonHandout::answerText(step));
        if (step.question->kind == LessonQuestionKind::Choice)
            answer = tr("%1. %2").arg(answer,
                step.question->options.at(static_cast<size_t>(step.answer.index)).in(chinese));
        // Two lines in Markdown: a line break is two spaces before the newline.
        m_answer->setText(tr("Answer: %1\nThe class guessed: %2")
                              .arg(answer, guessText())
                              .replace(QLatin1Char('\n'), QStringLiteral("  \n")));
    }
}

void LessonPanel::fillGuessInputs()
{
    const ResolvedLessonStep &step = m_player->currentStep();
    const LessonQuestion &q = *step.question;
    const LessonGuess &guess = m_player->guess();
    const bool chinese = LanguageManager::isChinese();
    m_filling = true;
    switch (q.kind) {
    case LessonQuestionKind::Argmax: {
        m_guessLabel->setText(tr("The class’s key:"));
        m_keyGuess->clear();
        m_keyGuess->addItem(QStringLiteral("—"));
        const QStringList &keys = step.session.keyValueSequence().tokens;
        for (int k = 0; k < keys.size(); ++k)
            m_keyGuess->addItem(tr("%1 “%2”").arg(k + 1).arg(keys[k]));
        m_keyGuess->setCurrentIndex(guess.index ? *guess.index + 1 : 0);
        m_guessStack->setCurrentWidget(m_keyGuess);
        break;
    }
    case LessonQuestionKind::Weight:
        m_guessLabel->setText(tr("The class’s weight:"));
        m_weightGuess->setValue(guess.value ? qRound(*guess.value * weightSteps) : 0);
        m_weightValue->setText(
            guess.value ? NumberFormat::display(*guess.value) : QStringLiteral("—"));
        m_guessStack->setCurrentWidget(m_weightPage);
        break;
    case LessonQuestionKind::Direction:
        m_guessLabel->setText(tr("The class says it:"));
        m_directionGuess->clear();
        m_directionGuess->addItem(QStringLiteral("—"));
        for (LessonDirection d :
            { LessonDirection::Rises, LessonDirection::Falls, LessonDirection::Unchanged })
            m_directionGuess->addItem(directionName(d), int(d));
        m_directionGuess->setCurrentIndex(
            guess.direction ? m_directionGuess->findData(int(*guess.direction)) : 0);
        m_guessStack->setCurrentWidget(m_directionGuess);
        break;
    case LessonQuestionKind::Choice:
        m_guessLabel->setText(tr("The class’s choice:"));
        m_choiceGuess->clear();
        m_choiceGuess->addItem(QStringLiteral("—"));
        for (int i = 0; i < static_cast<int>(q.options.size()); ++i)
            m_choiceGuess->addItem(tr("%1. %2").arg(LessonHandout::optionLetter(i),
                LessonPlainText::fromMarkdown(q.options[static_cast<size_t>(i)].in(chinese))));
        m_choiceGuess->setCurrentIndex(guess.index ? *guess.index + 1 : 0);
        m_guessStack->setCurrentWidget(m_choiceGuess);
        break;
    }
    m_filling = false;
}

void LessonPanel::takeGuess()
{
    if (m_filling || !m_player->hasQuestion())
        return;
    LessonGuess guess;
    switch (m_player->currentStep().question->kind) {
    case LessonQuestionKind::Argmax:
        if (m_keyGuess->currentIndex() > 0)
            guess.index = m_keyGuess->currentIndex() - 1;
        break;
    case LessonQuestionKind::Weight:
        guess.value = double(m_weightGuess->value()) / weightSteps;
        break;
    case LessonQuestionKind::Direction:
        if (m_directionGuess->currentIndex() > 0)
            guess.direction = LessonDirection(m_directionGuess->currentData().toInt());
        break;
    case LessonQuestionKind::Choice:
        if (m_choiceGuess->currentIndex() > 0)
            guess.index = m_choiceGuess->currentIndex() - 1;
        break;
    }
    m_taking = true;
    m_player->setGuess(guess);
    m_taking = false;
}

QString LessonPanel::guessText() const
{
    // Markdown: the guess stands beside the answer (escapedMarkdown() for what is not).
    const LessonGuess &guess = m_player->guess();
    if (guess.isEmpty() || !m_player->hasQuestion())
        return QStringLiteral("—");
    const ResolvedLessonStep &step = m_player->currentStep();
    switch (step.question->kind) {
    case LessonQuestionKind::Argmax:
        return guess.index
            ? escapedMarkdown(tr("key %1 (“%2”)")
                                  .arg(*guess.index + 1)
                                  .arg(step.session.keyValueSequence().tokens.value(*guess.index)))
            : QStringLiteral("—");
    case LessonQuestionKind::Weight:
        return guess.value ? escapedMarkdown(NumberFormat::display(*guess.value))
                           : QStringLiteral("—");
    case LessonQuestionKind::Direction:
        return guess.direction ? escapedMarkdown(directionName(*guess.direction))
                               : QStringLiteral("—");
    case LessonQuestionKind::Choice:
        break;
    }
    if (!guess.index)
        return QStringLiteral("—");
    return tr("%1. %2").arg(LessonHandout::optionLetter(*guess.index),
        step.question->options.at(static_cast<size_t>(*guess.index))
            .in(LanguageManager::isChinese()));
}

void LessonPanel::retranslate()
{
    setWindowTitle(tr("Lesson"));
    widget()->setAccessibleName(tr("Lesson step"));
    m_questionBox->setTitle(tr("Question"));
    m_reveal->setText(tr("&Reveal"));
    m_reveal->setToolTip(tr("Shows the answer and the weights (Page Down does the same)."));
    m_play->setText(tr("Play (F5)"));
    m_play->setToolTip(tr("Plays the lesson from where it was left; Esc leaves it again."));
    m_back->setText(tr("Back"));
    m_next->setText(tr("Next"));
    refresh();
}

void LessonPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void LessonPanel::keepQuestionInSight()
{
    if (m_questionBox->isHidden())
        return;
    QScrollBar *bar = m_caption->verticalScrollBar();
    // The question's first line on top (or the caption's end when it fits): before the
    // reveal the choices follow it, after it the explanation.
    const QTextCursor question = m_caption->document()->find(tr("Question:"));
    if (question.isNull()) {
        bar->setValue(bar->maximum());
        return;
    }
    const QRectF block
        = m_caption->document()->documentLayout()->blockBoundingRect(question.block());
    bar->setValue(std::min(bar->maximum(), static_cast<int>(block.top())));
}

} // namespace ae
