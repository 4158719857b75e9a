// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file edithistory.h
/// The rules of a document's undo history that QUndoStack does not know: edits that merge
/// while a run of them is open, a budget of bytes the snapshots may hold, and step names that
/// follow the interface language.

#include "session/session.h"

#include <cstddef>

class QUndoStack;

namespace ae {

class SessionEditCommand;

/// Works on the Document's QUndoStack of SessionEditCommands (the Document owns the stack).
class EditHistory
{
public:
    /// Works on @p stack, which outlives this object.
    explicit EditHistory(QUndoStack &stack);

    /// The bytes of the session snapshots the history holds (each counted once, @p current
    /// included when the history is empty).
    std::size_t bytes(const Session &current) const;
    /// Drops the oldest steps until the history fits undoHistoryBudgetBytes, keeping at least
    /// the newest; whether the document is modified and what undo and redo say stay the same.
    void trim();
    /// Names every step again in the interface language (after a language switch).
    void retranslate();
    /// The open command at the top of the stack with @p mergeKey, or null.
    const SessionEditCommand *openCommand(int mergeKey) const;
    /// Closes the command at the top of the stack: the next edit is a step of its own.
    void closeRun();
    /// True while trim() refills the stack: commands then neither apply nor merge.
    bool isRebuilding() const { return m_rebuilding; }

private:
    /// bytes() of the commands from @p first on.
    std::size_t bytesFrom(int first) const;
    /// The command at @p index of the stack.
    SessionEditCommand *command(int index) const;

    QUndoStack &m_stack;
    bool m_rebuilding = false;
};

} // namespace ae
