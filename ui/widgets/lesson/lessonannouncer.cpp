// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonannouncer.h"

#include "language/languagemanager.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonplayer.h"

#include <QTextDocument>

namespace ae {

namespace {

/// @p markdown as one line of plain text.
QString plainText(const QString &markdown)
{
    QTextDocument document;
    document.setMarkdown(markdown, QTextDocument::MarkdownDialectGitHub);
    return document.toPlainText().simplified();
}

/// @p first and @p second as two sentences (either may be empty): a space between, unless
/// the first ends with a full-width mark (Chinese punctuation, which has its own room).
QString joined(const QString &first, const QString &second)
{
    if (first.isEmpty() || second.isEmpty())
        return first + second;
    const char16_t last = first.back().unicode();
    const bool fullWidth = (last >= 0x3000 && last <= 0x303f) || (last >= 0xff00 && last <= 0xffef);
    return fullWidth ? first + second : first + QLatin1Char(' ') + second;
}

} // namespace

LessonAnnouncer::LessonAnnouncer(LessonPlayer *player, QObject *parent)
    : QObject(parent)
    , m_player(player)
{
    // A new lesson is announced from its first step, whatever step the last one was on.
    connect(m_player, &LessonPlayer::lessonChanged, this, [this] {
        m_step = -1;
        m_phase = -1;
        update();
    });
    connect(m_player, &LessonPlayer::stepChanged, this, &LessonAnnouncer::update);
    connect(m_player, &LessonPlayer::phaseChanged, this, &LessonAnnouncer::update);
}

void LessonAnnouncer::update()
{
    if (!m_player->hasLesson()) {
        m_step = -1;
        m_phase = -1;
        return;
    }
    const int step = m_player->stepIndex();
    const LessonPlayer::Phase phase = m_player->phase();
    if (step == m_step && static_cast<int>(phase) == m_phase)
        return;
    const bool newStep = step != m_step;
    m_step = step;
    m_phase = static_cast<int>(phase);
    const bool asking = m_player->hasQuestion() && phase != LessonPlayer::Phase::Step;
    const bool revealed = asking && phase == LessonPlayer::Phase::Revealed;
    if (newStep) {
        const ResolvedLessonStep &current = m_player->currentStep();
        QString text = joined(tr("Step %1 of %2.").arg(step + 1).arg(m_player->stepCount()),
            plainText(m_player->shownText(current.caption).in(LanguageManager::isChinese())));
        if (asking)
            text = joined(text, questionText());
        if (revealed)
            text = joined(text, answerText());
        announce(text);
    } else if (revealed) {
        announce(answerText());
    } else if (asking) {
        announce(questionText());
    }
}

QString LessonAnnouncer::questionText() const
{
    const bool chinese = LanguageManager::isChinese();
    const LessonQuestion &question = *m_player->currentStep().question;
    QString text = tr("Question: %1").arg(plainText(question.prompt.in(chinese)));
    for (int i = 0; i < static_cast<int>(question.options.size()); ++i)
        text = joined(text,
            tr("%1. %2").arg(LessonHandout::optionLetter(i),
                plainText(question.options[static_cast<size_t>(i)].in(chinese))));
    return text;
}

QString LessonAnnouncer::answerText() const
{
    const bool chinese = LanguageManager::isChinese();
    const ResolvedLessonStep &step = m_player->currentStep();
    QString answer = LessonHandout::answerText(step);
    if (step.question->kind == LessonQuestionKind::Choice)
        answer = tr("%1. %2").arg(answer,
            plainText(
                step.question->options.at(static_cast<size_t>(step.answer.index)).in(chinese)));
    return joined(tr("Answer: %1.").arg(answer),
        plainText(m_player->shownText(step.question->explanation).in(chinese)));
}

void LessonAnnouncer::announce(const QString &text)
{
    m_last = text;
    emit announcement(text);
}

} // namespace ae
