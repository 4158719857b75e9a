// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/sessioneditcommand.h"

#include "document/document.h"
#include "document/undobudget.h"

namespace ae {

namespace {
/// The id shared by every mergeable command; mergeWith() then compares the keys.
constexpr int mergeableId = 0x4145;
} // namespace

int SessionEditCommand::mergeKey(Field field, int a, int b, int c)
{
    // Bits 26-30 hold the field, 22-24 the first argument (a role or a projection part, 0..7),
    // 11-21 the row and 0-10 the column. The limits keep rows and columns below 2048 (11 bits),
    // so keys never collide.
    const int fieldBits = static_cast<int>(field) << 26;
    return fieldBits | ((a & 0x7) << 22) | ((b & 0x7ff) << 11) | (c & 0x7ff);
}

SessionEditCommand::SessionEditCommand(Document *document, UndoText name,
    std::shared_ptr<const Session> before, std::shared_ptr<const Session> after, int mergeKey)
    : QUndoCommand(name())
    , m_document(document)
    , m_text(std::move(name))
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_beforeBytes(sessionSnapshotBytes(*m_before))
    , m_afterBytes(sessionSnapshotBytes(*m_after))
    , m_mergeKey(mergeKey)
{
}

SessionEditCommand *SessionEditCommand::clone() const
{
    auto *copy = new SessionEditCommand(m_document, m_text, m_before, m_after, m_mergeKey);
    copy->m_open = m_open;
    return copy;
}

void SessionEditCommand::undo()
{
    // While the document rebuilds its stack the session stays as it is.
    if (!m_document->m_history.isRebuilding())
        m_document->installSession(m_before);
}

void SessionEditCommand::redo()
{
    if (!m_document->m_history.isRebuilding())
        m_document->installSession(m_after);
}

int SessionEditCommand::id() const
{
    return isOpen() ? mergeableId : -1;
}

bool SessionEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *edit = dynamic_cast<const SessionEditCommand *>(other);
    if (!edit || !isOpen() || edit->m_mergeKey != m_mergeKey
        || m_document->m_history.isRebuilding())
        return false;
    m_after = edit->m_after;
    m_afterBytes = edit->m_afterBytes;
    // Typing a value and then the old one again leaves nothing to undo.
    if (*m_before == *m_after)
        setObsolete(true);
    return true;
}

} // namespace ae
