// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoneditcommand.h
/// The undo command of the lesson editor: a lesson snapshot before and after an edit.

#include "lesson/lessonstate.h"

#include <QUndoCommand>

namespace ae {

class LessonDocument;

/// Replaces the lesson document's state with a snapshot and back, naming the step the edit
/// concerns in each (LessonDocument::editedStep). Consecutive commands with the same merge key
/// (typing in one text field of one step) become one undo step.
class LessonEditCommand : public QUndoCommand
{
public:
    /// @param stepBefore the step the edit concerns in @p before (-1: the title)
    /// @param stepAfter the same in @p after
    /// @param mergeKey empty for an edit that never merges
    LessonEditCommand(LessonDocument *document, const QString &text, LessonState before,
        int stepBefore, LessonState after, int stepAfter, const QString &mergeKey);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    LessonDocument *m_document;
    LessonState m_before;
    int m_stepBefore;
    LessonState m_after;
    int m_stepAfter;
    QString m_mergeKey;
};

} // namespace ae
