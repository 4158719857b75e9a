// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonpresenterview.h
/// What only the teacher sees while a lesson plays (on the laptop, when the lesson is on the
/// projector): the step counter, the time since the lesson started, this step's notes and
/// what the next step is about.

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTimer;

namespace ae {

class LessonPlayer;

/// The presenter's window of a LessonPlayer.
class LessonPresenterView : public QWidget
{
    Q_OBJECT
public:
    explicit LessonPresenterView(LessonPlayer *player, QWidget *parent = nullptr);

    /// The heading of a step's caption: its first line that holds text, without Markdown's
    /// heading marks, emphasis stars and code quotes (underscores stay: d_k).
    static QString captionHeading(const QString &markdown);
    /// Minutes and seconds, e.g. "12:05" (hours when it gets that long: "1:02:03").
    static QString elapsedText(qint64 milliseconds);

    /// @name Inspection (tests)
    /// @{
    QString counterText() const;
    QString notesText() const;
    QString nextText() const;
    QString elapsedLabelText() const;
    /// @}

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void updateElapsed();
    void retranslate();

    LessonPlayer *m_player;
    QElapsedTimer m_clock;
    QTimer *m_tick;
    QLabel *m_counter;
    QLabel *m_elapsed;
    QLabel *m_notesLabel;
    QPlainTextEdit *m_notes;
    QLabel *m_next;
};

} // namespace ae
