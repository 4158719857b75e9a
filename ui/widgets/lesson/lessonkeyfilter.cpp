// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonkeyfilter.h"

#include "classroom/classanswersdialog.h"

#include <QApplication>
#include <QKeyEvent>
#include <QWidget>

namespace ae {

LessonKeyFilter::LessonKeyFilter(QObject *parent)
    : QObject(parent)
{
}

LessonKeyFilter::Command LessonKeyFilter::command(int key, Qt::KeyboardModifiers modifiers)
{
    // Clickers send plain keys; Shift only matters for Space. Other modifiers mean another
    // shortcut (Ctrl+Right in an editor), which stays with its widget.
    const Qt::KeyboardModifiers other
        = modifiers & ~Qt::KeyboardModifiers(Qt::ShiftModifier | Qt::KeypadModifier);
    if (other != Qt::NoModifier)
        return Command::None;
    const bool shift = modifiers.testFlag(Qt::ShiftModifier);
    switch (key) {
    case Qt::Key_PageDown:
    case Qt::Key_Right:
        return Command::Next;
    case Qt::Key_Space:
        return shift ? Command::Back : Command::Next;
    case Qt::Key_PageUp:
    case Qt::Key_Left:
        return Command::Back;
    case Qt::Key_Period:
    case Qt::Key_B:
        return Command::Blank;
    case Qt::Key_F5:
        return Command::Start;
    case Qt::Key_Escape:
        return Command::Leave;
    default:
        break;
    }
    return Command::None;
}

LessonKeyFilter::Command LessonKeyFilter::commandFor(const QKeyEvent *event) const
{
    // A modal dialog (save changes?, a file dialog) and an open menu or list keep every key
    // they are sent.
    if (QApplication::activeModalWidget() || QApplication::activePopupWidget())
        return Command::None;
    const Command c = command(event->key(), event->modifiers());
    if (c == Command::Start)
        return m_startable ? c : Command::None;
    return m_active ? c : Command::None;
}

bool LessonKeyFilter::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if ((type != QEvent::KeyPress && type != QEvent::ShortcutOverride) || !watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    if (m_blanked && m_active && !QApplication::activeModalWidget()) {
        // Any key brings the picture back, and only that.
        if (type == QEvent::KeyPress && !key->isAutoRepeat())
            emit unblankRequested();
        event->accept();
        return true;
    }
    // Lesson ▸ Class Answers… keeps the keys that type in its fields or close it (Space,
    // arrows, B, Esc, which would leave the lesson and close the room): only the clicker's
    // Page Up and Page Down step on.
    if (qobject_cast<const ClassAnswersDialog *>(static_cast<QWidget *>(watched)->window())
        && key->key() != Qt::Key_PageUp && key->key() != Qt::Key_PageDown)
        return QObject::eventFilter(watched, event);
    const Command c = commandFor(key);
    if (c == Command::None)
        return QObject::eventFilter(watched, event);
    if (type == QEvent::ShortcutOverride) {
        // Claimed as a key press, so that no shortcut of the window (Esc leaving lesson mode)
        // takes it first; the press then comes here.
        event->accept();
        return true;
    }
    switch (c) {
    case Command::Next:
        emit nextRequested();
        break;
    case Command::Back:
        emit backRequested();
        break;
    case Command::Blank:
        emit blankRequested();
        break;
    case Command::Start:
        emit startRequested();
        break;
    case Command::Leave:
        emit leaveRequested();
        break;
    case Command::None:
        break;
    }
    return true;
}

} // namespace ae
