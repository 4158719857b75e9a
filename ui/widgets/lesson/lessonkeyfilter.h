// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonkeyfilter.h
/// The keys a presenter's clicker sends, taken application-wide while a lesson plays, before
/// any focused widget (a table, a spin box, a line edit) can use them.

#include <QObject>

class QKeyEvent;

namespace ae {

/// Watches every key of the application (installed on the QApplication). While active()
/// returns true: Page Down, Right and Space go on; Page Up, Left and Shift+Space go back;
/// "." and B blank the screen; Esc leaves. F5 starts whenever startable() is true. While the
/// screen is blanked any key only brings it back. Keys meant for a modal dialog or an open
/// menu or list are left alone, and so are those meant for the Class Answers dialog but Page
/// Up and Page Down.
class LessonKeyFilter : public QObject
{
    Q_OBJECT
public:
    explicit LessonKeyFilter(QObject *parent = nullptr);

    /// What a key does in a lesson.
    enum class Command { None, Next, Back, Blank, Start, Leave };
    /// The command of @p key with @p modifiers (whatever the state).
    static Command command(int key, Qt::KeyboardModifiers modifiers);

    /// The lesson plays: its keys are taken.
    void setActive(bool active) { m_active = active; }
    bool isActive() const { return m_active; }
    /// A lesson is loaded: F5 starts or resumes it.
    void setStartable(bool startable) { m_startable = startable; }
    /// The screen is blanked: the next key unblanks it and does nothing else.
    void setBlanked(bool blanked) { m_blanked = blanked; }
    bool isBlanked() const { return m_blanked; }

signals:
    void nextRequested();
    void backRequested();
    void blankRequested();
    void unblankRequested();
    void startRequested();
    void leaveRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The command @p event stands for now, given the state.
    Command commandFor(const QKeyEvent *event) const;

    bool m_active = false;
    bool m_startable = false;
    bool m_blanked = false;
};

} // namespace ae
