// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessoneditcommand.h"

#include "lesson/lessondocument.h"

namespace ae {

LessonEditCommand::LessonEditCommand(LessonDocument *document, const QString &text,
    LessonState before, int stepBefore, LessonState after, int stepAfter, const QString &mergeKey)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(std::move(before))
    , m_stepBefore(stepBefore)
    , m_after(std::move(after))
    , m_stepAfter(stepAfter)
    , m_mergeKey(mergeKey)
{
}

void LessonEditCommand::undo()
{
    m_document->install(m_before, m_stepBefore);
}

void LessonEditCommand::redo()
{
    m_document->install(m_after, m_stepAfter);
}

int LessonEditCommand::id() const
{
    // One id for every lesson edit; mergeWith() compares the keys.
    return m_mergeKey.isEmpty() ? -1 : 0x4c45;
}

bool LessonEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const LessonEditCommand *>(other);
    if (!next || next->m_mergeKey != m_mergeKey)
        return false;
    m_after = next->m_after;
    m_stepAfter = next->m_stepAfter;
    return true;
}

} // namespace ae
