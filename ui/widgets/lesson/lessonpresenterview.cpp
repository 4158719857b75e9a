// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonpresenterview.h"

#include "language/languagemanager.h"
#include "lesson/lessonplayer.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTimer>
#include <QVBoxLayout>

namespace ae {

LessonPresenterView::LessonPresenterView(LessonPlayer *player, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_player(player)
    , m_tick(new QTimer(this))
    , m_counter(new QLabel)
    , m_elapsed(new QLabel)
    , m_notesLabel(new QLabel)
    , m_notes(new QPlainTextEdit)
    , m_next(new QLabel)
{
    setObjectName(QStringLiteral("lessonPresenterView"));
    m_counter->setObjectName(QStringLiteral("presenterCounter"));
    m_elapsed->setObjectName(QStringLiteral("presenterElapsed"));
    m_notes->setObjectName(QStringLiteral("presenterNotes"));
    m_notes->setReadOnly(true);
    m_notes->setFocusPolicy(Qt::NoFocus);
    m_next->setObjectName(QStringLiteral("presenterNext"));
    m_next->setWordWrap(true);
    m_next->setTextFormat(Qt::PlainText);
    // Read at a glance, from a step away.
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    big.setBold(true);
    m_counter->setFont(big);
    m_elapsed->setFont(big);
    QFont text = font();
    text.setPointSizeF(text.pointSizeF() * 1.4);
    m_notes->setFont(text);
    m_next->setFont(text);

    auto *top = new QHBoxLayout;
    top->addWidget(m_counter, 1);
    top->addWidget(m_elapsed);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_notesLabel);
    layout->addWidget(m_notes, 1);
    layout->addWidget(m_next);

    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &LessonPresenterView::updateElapsed);
    connect(m_player, &LessonPlayer::stepChanged, this, &LessonPresenterView::refresh);
    connect(m_player, &LessonPlayer::phaseChanged, this, &LessonPresenterView::refresh);
    connect(m_player, &LessonPlayer::lessonChanged, this, [this] {
        m_clock.invalidate();
        refresh();
    });
    connect(m_player, &LessonPlayer::playingChanged, this, [this](bool playing) {
        // The clock runs from the lesson's first start, through pauses, until another lesson.
        if (playing && !m_clock.isValid())
            m_clock.start();
        if (playing)
            m_tick->start();
        else
            m_tick->stop();
        updateElapsed();
    });
    resize(640, 480);
    retranslate();
}

QString LessonPresenterView::captionHeading(const QString &markdown)
{
    static const QRegularExpression marks(QStringLiteral("^#+\\s*|[*`]"));
    for (const QString &line : markdown.split(QLatin1Char('\n'))) {
        const QString text = QString(line).remove(marks).trimmed();
        if (!text.isEmpty())
            return text;
    }
    return QString();
}

QString LessonPresenterView::elapsedText(qint64 milliseconds)
{
    const qint64 seconds = std::max<qint64>(0, milliseconds / 1000);
    const auto two = [](qint64 n) { return QStringLiteral("%1").arg(n, 2, 10, QLatin1Char('0')); };
    if (seconds >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(seconds / 3600)
            .arg(two(seconds / 60 % 60), two(seconds % 60));
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(two(seconds % 60));
}

QString LessonPresenterView::counterText() const
{
    return m_counter->text();
}

QString LessonPresenterView::notesText() const
{
    return m_notes->toPlainText();
}

QString LessonPresenterView::nextText() const
{
    return m_next->text();
}

QString LessonPresenterView::elapsedLabelText() const
{
    return m_elapsed->text();
}

void LessonPresenterView::refresh()
{
    if (!m_player->hasLesson()) {
        m_counter->clear();
        m_notes->clear();
        m_next->clear();
        return;
    }
    const bool chinese = LanguageManager::isChinese();
    const int step = m_player->stepIndex();
    QString counter = tr("Step %1 of %2").arg(step + 1).arg(m_player->stepCount());
    if (m_player->hasQuestion()) {
        switch (m_player->phase()) {
        case LessonPlayer::Phase::Step:
            counter = tr("%1 · question next").arg(counter);
            break;
        case LessonPlayer::Phase::Question:
            counter = tr("%1 · question open").arg(counter);
            break;
        case LessonPlayer::Phase::Revealed:
            counter = tr("%1 · answer shown").arg(counter);
            break;
        }
    }
    m_counter->setText(counter);
    const QString notes = m_player->currentStep().notes.in(chinese);
    m_notes->setPlainText(notes.isEmpty() ? tr("No notes for this step.") : notes);
    if (step + 1 < m_player->stepCount()) {
        const auto &next = m_player->lesson().steps[static_cast<size_t>(step + 1)];
        m_next->setText(tr("Next: %1").arg(captionHeading(next.caption.in(chinese))));
    } else {
        m_next->setText(tr("Next: the end of the lesson"));
    }
}

void LessonPresenterView::updateElapsed()
{
    m_elapsed->setText(elapsedText(m_clock.isValid() ? m_clock.elapsed() : 0));
}

void LessonPresenterView::retranslate()
{
    setWindowTitle(tr("Presenter View"));
    m_notesLabel->setText(tr("Notes:"));
    updateElapsed();
    refresh();
}

void LessonPresenterView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace ae
