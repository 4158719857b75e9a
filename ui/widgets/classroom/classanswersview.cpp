// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classanswersview.h"

#include "classroom/classroomlessonlink.h"
#include "classroom/classroomserver.h"
#include "language/languagemanager.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonplayer.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace ae {

namespace {
/// The longest bar, in blocks.
constexpr int barBlocks = 16;
/// The longest choice name shown before the bar.
constexpr int nameChars = 16;
} // namespace

ClassAnswersView::ClassAnswersView(ClassroomLessonLink *link, QWidget *parent)
    : QWidget(parent)
    , m_link(link)
    , m_answered(new QLabel)
    , m_show(new QPushButton)
    , m_histogram(new QLabel)
{
    setObjectName(QStringLiteral("classAnswersView"));
    m_answered->setObjectName(QStringLiteral("classAnswersAnswered"));
    m_show->setObjectName(QStringLiteral("classAnswersShowButton"));
    m_histogram->setObjectName(QStringLiteral("classAnswersHistogram"));
    m_histogram->setTextFormat(Qt::RichText);
    m_histogram->setWordWrap(false);
    // A click, never the focus: the clicker's keys stay with the lesson.
    m_show->setFocusPolicy(Qt::NoFocus);
    QFont bold = m_answered->font();
    bold.setBold(true);
    m_answered->setFont(bold);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_answered, 1);
    row->addWidget(m_show);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_histogram);

    connect(m_show, &QPushButton::clicked, this, [this] {
        const auto q = m_link->question();
        if (!q)
            return;
        m_step = q->step;
        m_link->server()->showCounts();
        refresh();
    });
    connect(m_link, &ClassroomLessonLink::changed, this, &ClassAnswersView::refresh);
    retranslate();
}

QString ClassAnswersView::answeredText() const
{
    return isHidden() ? QString() : m_answered->text();
}

QString ClassAnswersView::histogramText() const
{
    return m_histogram->isHidden() ? QString() : m_histogramPlain;
}

void ClassAnswersView::refresh()
{
    const auto q = m_link->question();
    setVisible(q.has_value());
    if (!q) {
        m_step = -1;
        m_shownCounts.clear();
        m_histogram->hide();
        return;
    }
    m_answered->setText(
        tr("%1 of %2 answered").arg(m_link->answeredCount()).arg(m_link->studentCount()));
    const bool revealed = m_link->player()->phase() == LessonPlayer::Phase::Revealed;
    // After the reveal the counts are no secret: shown without a click.
    const bool shown = m_step == q->step || revealed;
    m_show->setVisible(!shown);
    m_histogram->setVisible(shown);
    if (!shown) {
        m_shownCounts.clear();
        return;
    }
    m_shownCounts = m_link->counts();
    const int most = m_shownCounts.isEmpty()
        ? 1
        : std::max(1, *std::max_element(m_shownCounts.cbegin(), m_shownCounts.cend()));
    const bool chinese = LanguageManager::isChinese();
    const bool lettered = m_link->player()->hasQuestion()
        && m_link->player()->currentStep().question->kind == LessonQuestionKind::Choice;
    // A table, so that the bars start in one column; the plain lines for inspection.
    QStringList lines;
    QString rows;
    const QString bar = palette().color(QPalette::Highlight).name();
    for (int i = 0; i < m_shownCounts.size(); ++i) {
        // A choice question's options stand in the caption by their letters: the letter
        // keeps the histogram narrow beside it (a wider box would push the projector's
        // layout around). Keys, directions and weight bands are short, and plain text
        // already (ClassroomQuestion).
        QString name = lettered ? LessonHandout::optionLetter(i) : q->choices.value(i).in(chinese);
        if (name.size() > nameChars)
            name = name.left(nameChars - 1) + QChar(0x2026);
        const int blocks = (m_shownCounts[i] * barBlocks + most - 1) / most;
        const QString blocksText(blocks, QChar(0x2588));
        lines.append(QStringLiteral("%1  %2 %3").arg(name, blocksText).arg(m_shownCounts[i]));
        rows += QStringLiteral("<tr><td>%1&nbsp;&nbsp;</td><td><span style=\"color:%2\">%3</span>"
                               "&nbsp;%4</td></tr>")
                    .arg(name.toHtmlEscaped(), bar, blocksText)
                    .arg(m_shownCounts[i]);
    }
    m_histogramPlain = lines.join(QLatin1Char('\n'));
    m_histogram->setText(QStringLiteral("<table cellspacing=\"0\">%1</table>").arg(rows));
}

void ClassAnswersView::retranslate()
{
    m_show->setText(tr("Show the Choices"));
    m_show->setToolTip(tr("Shows how many students picked each choice, here and on their "
                          "phones (the right one stays hidden until the reveal)."));
    refresh();
}

void ClassAnswersView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace ae
