// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportundo.h"

#include "document/document.h"
#include "document/sessioneditcommand.h"

#include <QUndoStack>

namespace ae {

UndoHistoryRecorder::UndoHistoryRecorder(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_bottom(document->session())
{
    QUndoStack *stack = m_document->undoStack();
    for (int i = 0; i < stack->count(); ++i)
        m_commands << stepOf(stack->command(i));
    if (!m_commands.isEmpty())
        m_problem = QStringLiteral("the stack was not empty when the recording began");
    connect(stack, &QUndoStack::indexChanged, this, &UndoHistoryRecorder::onIndexChanged);
}

const Session *UndoHistoryRecorder::expectedAt(int index) const
{
    if (index == 0)
        return &m_bottom;
    if (index < 0 || index > m_commands.size())
        return nullptr;
    const auto it = m_after.constFind(m_commands.at(index - 1));
    return it == m_after.constEnd() ? nullptr : &it.value();
}

const void *UndoHistoryRecorder::stepOf(const QUndoCommand *command)
{
    return static_cast<const SessionEditCommand *>(command)->after().get();
}

void UndoHistoryRecorder::onIndexChanged(int index)
{
    if (m_checking)
        return;
    const QUndoStack *stack = m_document->undoStack();
    QList<const void *> now;
    for (int i = 0; i < stack->count(); ++i)
        now << stepOf(stack->command(i));
    // Commands dropped from the bottom: the new oldest command was somewhere above the old one,
    // and the session after the last dropped command is the new bottom. (A pointer still on
    // the stack cannot have been reused, so the search is exact.) An oldest command that was
    // not on the stack before replaced every command after an undo to the bottom, which
    // leaves the bottom as it was.
    if (!m_commands.isEmpty() && !now.isEmpty() && now.constFirst() != m_commands.constFirst()) {
        const qsizetype first = m_commands.indexOf(now.constFirst());
        if (first > 0) {
            m_bottom = m_after.value(m_commands.at(first - 1));
            m_dropped += static_cast<int>(first);
        }
    }
    // Forget commands no longer on the stack, before their addresses can be reused.
    for (const void *command : std::as_const(m_commands)) {
        if (!now.contains(command))
            m_after.remove(command);
    }
    m_commands = now;
    if (index > 0)
        m_after.insert(m_commands.at(index - 1), m_document->session());
    else if (m_commands.isEmpty())
        m_bottom = m_document->session(); // cleared: a new history starts here
}

} // namespace ae
