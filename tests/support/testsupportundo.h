// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportundo.h
/// Following a document's undo history from outside: what the session must be at every index
/// of the stack, recorded as each edit is pushed, to check undo and redo against.

#include "session/session.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

class QUndoCommand;

namespace ae {

class Document;

/// Records, for every command on a document's undo stack, the session right after it was
/// pushed or merged into, and the session below the oldest command. A command is known by the
/// snapshot it leads to, which the copies made when the document trims its history share. Commands
/// dropped from the bottom by the undo limit move the bottom up. While checking() is set (a walk of
/// undo and redo), nothing is recorded: the walk is compared with what was recorded before.
class UndoHistoryRecorder : public QObject
{
    Q_OBJECT
public:
    /// Follows @p document from its current session (the bottom of an empty stack).
    explicit UndoHistoryRecorder(Document *document, QObject *parent = nullptr);

    /// The session the stack must show at @p index (0 = every command undone).
    const Session *expectedAt(int index) const;
    /// The session under the oldest command still on the stack.
    const Session &bottom() const { return m_bottom; }
    /// Commands dropped from the bottom of the stack so far (by its limit).
    int dropped() const { return m_dropped; }
    /// Why the history could not be followed (empty while it could).
    QString problem() const { return m_problem; }

    /// While on, undo and redo are compared, not recorded.
    void setChecking(bool on) { m_checking = on; }
    bool checking() const { return m_checking; }

private:
    void onIndexChanged(int index);

    Document *m_document;
    Session m_bottom;
    /// The snapshot a command leads to: what identifies it across a trimmed history.
    static const void *stepOf(const QUndoCommand *command);

    QList<const void *> m_commands; ///< the stack's steps as last seen, oldest first
    QHash<const void *, Session> m_after; ///< the session after each step
    int m_dropped = 0;
    bool m_checking = false;
    QString m_problem;
};

} // namespace ae
