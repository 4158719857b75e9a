// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/edithistory.h"

#include "document/sessioneditcommand.h"
#include "document/undobudget.h"

#include <QSignalBlocker>
#include <QUndoStack>
#include <vector>

namespace ae {

EditHistory::EditHistory(QUndoStack &stack)
    : m_stack(stack)
{
}

SessionEditCommand *EditHistory::command(int index) const
{
    // The stack hands out const commands only; closing one or renaming it changes no
    // session, and every command on a Document's stack is a SessionEditCommand.
    return static_cast<SessionEditCommand *>(const_cast<QUndoCommand *>(m_stack.command(index)));
}

std::size_t EditHistory::bytes(const Session &current) const
{
    return m_stack.count() > 0 ? bytesFrom(0) : sessionSnapshotBytes(current);
}

std::size_t EditHistory::bytesFrom(int first) const
{
    std::size_t total = 0;
    const Session *previousAfter = nullptr;
    for (int i = first; i < m_stack.count(); ++i) {
        const SessionEditCommand *step = command(i);
        // Neighbours share a snapshot unless a merge that undid itself left two equal copies.
        if (step->before().get() != previousAfter)
            total += step->beforeBytes();
        total += step->afterBytes();
        previousAfter = step->after().get();
    }
    return total;
}

void EditHistory::trim()
{
    const int count = m_stack.count();
    const int index = m_stack.index();
    // The step just pushed (the one below the index) always stays.
    int first = 0;
    while (first < index - 1 && bytesFrom(first) > undoHistoryBudgetBytes)
        ++first;
    if (first == 0)
        return;

    // QUndoStack cannot drop its oldest commands, so it is refilled with copies of the newest
    // ones. The copies share the snapshots, so nothing is copied or recomputed, and the
    // session stays as it is.
    std::vector<SessionEditCommand *> kept;
    for (int i = first; i < count; ++i)
        kept.push_back(command(i)->clone());
    const int cleanIndex = m_stack.cleanIndex();
    const int keptClean = cleanIndex >= first ? cleanIndex - first : -1;
    {
        // Whether the document is modified, what undo and redo say and whether they are
        // possible all stay the same; only the index moves. The signals QUndoStack sends for
        // a new index follow below, once.
        const QSignalBlocker blocker(&m_stack);
        m_rebuilding = true;
        m_stack.clear();
        for (int i = 0; i < static_cast<int>(kept.size()); ++i) {
            m_stack.push(kept[static_cast<std::size_t>(i)]);
            if (i + 1 == keptClean)
                m_stack.setClean();
        }
        // A saved state that was dropped can no longer be reached.
        if (keptClean < 0)
            m_stack.resetClean();
        m_stack.setIndex(index - first);
        m_rebuilding = false;
    }
    emit m_stack.indexChanged(m_stack.index());
    emit m_stack.canUndoChanged(m_stack.canUndo());
    emit m_stack.undoTextChanged(m_stack.undoText());
    emit m_stack.canRedoChanged(m_stack.canRedo());
    emit m_stack.redoTextChanged(m_stack.redoText());
}

void EditHistory::retranslate()
{
    for (int i = 0; i < m_stack.count(); ++i)
        command(i)->retranslate();
    emit m_stack.undoTextChanged(m_stack.undoText());
    emit m_stack.redoTextChanged(m_stack.redoText());
}

const SessionEditCommand *EditHistory::openCommand(int mergeKey) const
{
    const int index = m_stack.index();
    // QUndoStack never merges into the command at the clean index (a saved state).
    if (index <= 0 || index == m_stack.cleanIndex())
        return nullptr;
    const SessionEditCommand *top = command(index - 1);
    return top->isOpen() && top->mergeKey() == mergeKey ? top : nullptr;
}

void EditHistory::closeRun()
{
    const int index = m_stack.index();
    if (index > 0)
        command(index - 1)->close();
}

} // namespace ae
