// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessioneditcommand.h
/// The one undo command of the application: a whole-session snapshot before and after an edit.

#include "document/undotext.h"
#include "session/session.h"

#include <QUndoCommand>
#include <cstddef>
#include <memory>

namespace ae {

class Document;

/// Replaces the document's session with a snapshot and back. Snapshots are shared between
/// neighbouring commands (one command's "after" is the next one's "before"), so a long history
/// costs about one session per step; the document keeps that under undoHistoryBudgetBytes.
/// Consecutive commands with the same merge key become one step (typing in one cell, pressing a
/// spin box arrow repeatedly, typing a token line).
class SessionEditCommand : public QUndoCommand
{
public:
    /// What an edit changed, the high part of a merge key.
    enum class Field {
        Title = 1,
        Tokens,
        Cell,
        Width,
        RecipeSeed,
        ModelDim,
        Heads,
        ScaleDivisor,
        ProjectionSeed,
        ProjectionCell,
        Scaling,
        ScaleDrag
    };

    /// The merge key of an edit of @p field at (@p a, @p b, @p c), e.g. (role, row, column) of
    /// a cell. Distinct arguments within the documented limits give distinct keys.
    static int mergeKey(Field field, int a = 0, int b = 0, int c = 0);

    /// @param name makes the step's name, now and after every language switch
    /// @param mergeKey -1 for an edit that never merges
    SessionEditCommand(Document *document, UndoText name, std::shared_ptr<const Session> before,
        std::shared_ptr<const Session> after, int mergeKey);

    /// Names the step again in the current interface language.
    void retranslate() { setText(m_text()); }

    /// A new command with the same text, snapshots, key and open state (the document rebuilds
    /// its stack from these when it drops the oldest steps).
    SessionEditCommand *clone() const;

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    /// The session before the first of the merged edits.
    const std::shared_ptr<const Session> &before() const { return m_before; }
    /// The session after the last of the merged edits.
    const std::shared_ptr<const Session> &after() const { return m_after; }
    int mergeKey() const { return m_mergeKey; }
    /// sessionSnapshotBytes() of before() and after(), worked out once.
    std::size_t beforeBytes() const { return m_beforeBytes; }
    std::size_t afterBytes() const { return m_afterBytes; }
    /// True while later edits with the same key may still merge into this one.
    bool isOpen() const { return m_mergeKey >= 0 && m_open; }
    /// Stops later edits from merging into this one (the user left the field).
    void close() { m_open = false; }

private:
    Document *m_document;
    UndoText m_text;
    std::shared_ptr<const Session> m_before;
    std::shared_ptr<const Session> m_after;
    std::size_t m_beforeBytes;
    std::size_t m_afterBytes;
    int m_mergeKey;
    bool m_open = true;
};

} // namespace ae
